import DaybookCore
import DaybookStore
import Testing

@Suite struct ImportCSVTests {
    func read(_ text: String, delimiter: UInt8 = UInt8(ascii: ",")) throws -> [CSVRecord] {
        try CSVReader.records(Array(text.utf8), delimiter: delimiter)
    }

    func fields(_ text: String) throws -> [[String]] { try read(text).map(\.fields) }

    @Test func plainRecordsWithLFAndCRLF() throws {
        #expect(try fields("a,b,c\n1,2,3\n") == [["a", "b", "c"], ["1", "2", "3"]])
        #expect(try fields("a,b,c\r\n1,2,3\r\n") == [["a", "b", "c"], ["1", "2", "3"]])
        #expect(try fields("a,b\r1,2") == [["a", "b"], ["1", "2"]])
        // No line break after the last record.
        #expect(try fields("a,b\n1,2") == [["a", "b"], ["1", "2"]])
    }

    @Test func quotedFieldsWithCommasQuotesAndLineBreaks() throws {
        let text = "note,n\n\"Went out, then \"\"home\"\"\",1\n\"two\nlines\",2\n\"crlf\r\ninside\",3\n"
        let records = try read(text)
        #expect(
            records.map(\.fields) == [
                ["note", "n"], ["Went out, then \"home\"", "1"], ["two\nlines", "2"], ["crlf\r\ninside", "3"],
            ])
        // Each record says the physical line it starts on.
        #expect(records.map(\.line) == [1, 2, 3, 5])
    }

    @Test func emptyFieldsAndShortRows() throws {
        #expect(try fields("a,,c,\n,,\n\"\",x") == [["a", "", "c", ""], ["", "", ""], ["", "x"]])
        #expect(try fields("a,b,c\n1\n") == [["a", "b", "c"], ["1"]])
    }

    @Test func byteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("year,date\n2018,18 May\n".utf8)
        let records = try CSVReader.records(bytes)
        #expect(records.map(\.fields) == [["year", "date"], ["2018", "18 May"]])
        #expect(records[0].line == 1)
    }

    @Test func emptyLinesAreSkippedAndCounted() throws {
        let records = try read("a\n\n\r\nb\n\n")
        #expect(records.map(\.fields) == [["a"], ["b"]])
        #expect(records.map(\.line) == [1, 4])
    }

    @Test func otherDelimiters() throws {
        #expect(try read("a;b;\"c;d\"\n", delimiter: UInt8(ascii: ";")).map(\.fields) == [["a", "b", "c;d"]])
        #expect(try read("a\tb\t\n", delimiter: 9).map(\.fields) == [["a", "b", ""]])
    }

    @Test func lenientWhereItIsSafe() throws {
        // A quote inside an unquoted field is an ordinary character; spaces after a closing quote are ignored.
        #expect(try fields("5\" screen,\"x\"  ,y") == [["5\" screen", "x", "y"]])
        // Unicode text stays as it is.
        #expect(try fields("7 września,7 сентября,😀") == [["7 września", "7 сентября", "😀"]])
    }

    @Test func errorsNameTheLine() {
        #expect(throws: ImportError(line: 2, "a quoted field that starts here has no closing quote")) {
            try read("a,b\n1,\"open\nstill open\n")
        }
        #expect(
            throws: ImportError(
                line: 3,
                "text after the closing quote of a field; a quote inside a quoted field is written twice (\"\")")
        ) {
            try read("a\nb\n\"x\"y\n")
        }
        let latin1: [UInt8] = Array("a,b\n".utf8) + [0x63, 0x61, 0x66, 0xE9] + Array("\n".utf8)
        #expect(throws: ImportError(line: 2, "the text is not UTF-8; save the file as UTF-8 and import it again")) {
            try CSVReader.records(latin1)
        }
        let oldMac: [UInt8] = Array("a\rb\r\"x\ny\"\r".utf8) + [0x63, 0xE9] + Array("\rz\r".utf8)
        #expect(throws: ImportError(line: 5, "the text is not UTF-8; save the file as UTF-8 and import it again")) {
            try CSVReader.records(oldMac)
        }
        #expect(throws: ImportError(line: nil, "the file is UTF-16 text; save it as UTF-8 and import it again")) {
            try CSVReader.records([0xFF, 0xFE, 0x61, 0x00])
        }
    }

    @Test func writerQuotesOnlyWhenNeeded() {
        #expect(CSVWriter.field("plain") == "plain")
        #expect(CSVWriter.field("a, b") == "\"a, b\"")
        #expect(CSVWriter.field("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(CSVWriter.field("two\nlines") == "\"two\nlines\"")
        #expect(CSVWriter.field("a;b") == "a;b")
        #expect(CSVWriter.field("a;b", delimiter: ";") == "\"a;b\"")
        var writer = CSVWriter()
        writer.writeRow(["kind", "text"])
        writer.writeRow(["note", "x, \"y\""])
        writer.writeRow([""])
        #expect(writer.text == "kind,text\r\nnote,\"x, \"\"y\"\"\"\r\n\"\"\r\n")
        var bom = CSVWriter(lineEnding: "\n", byteOrderMark: true)
        bom.writeRow(["a"])
        #expect(Array(bom.text.utf8) == [0xEF, 0xBB, 0xBF, 0x61, 0x0A])
    }

    @Test func writerAndReaderRoundTrip() throws {
        let rows: [[String]] = [
            ["kind", "day", "text"],
            ["note", "2026-11-21", "A note, with \"quotes\"\nand two lines"],
            ["", "", ""],
            [""],
            ["x", " leading and trailing spaces ", "\r\n"],
            ["emoji 😀", "ünïcödé", "tab\there"],
        ]
        for ending in ["\r\n", "\n"] {
            var writer = CSVWriter(lineEnding: ending, byteOrderMark: true)
            for row in rows { writer.writeRow(row) }
            #expect(try fields(writer.text) == rows)
        }
    }
}
