import DaybookCore
import DaybookViews
import Testing

/// The export's JSON and CSV read back to the same records, whatever the text holds; Markdown
/// keeps text from reading as structure.
@Suite struct ExportViewTests {
    /// A deterministic generator (xorshift), so that a failure can be run again.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    /// Text made of what breaks formats: delimiters, quotes, line breaks of every kind, NUL and
    /// other control characters, bidirectional and zero-width characters, emoji sequences,
    /// letters of other scripts, and lines that look like Markdown or CSV structure.
    static func awkwardText(_ g: inout Generator) -> String {
        let pieces = [
            ",", ";", "\"", "\"\"", "'", "\n", "\r\n", "\r", "\t", "\u{0}", "\u{1B}[2J", "\u{7F}", "\u{85}", "\u{202E}",
            "\u{2066}", "\u{200B}", "\u{FEFF}", "\u{2028}", "👩\u{200D}💻", "🏳️\u{200D}🌈", "é", "e\u{301}", "ß", "Ωμέγα",
            "日本語", "עברית", "#tag", "#Tag-2", "@home", "# heading", "- item", "1. one", "> quote", "```", "---", "\\",
            "\\n", "\\u0041", "kind,date", "format", " ", "  ", "word", "&amp;", "<br>", "{\"a\": 1}", "]", "[",
        ]
        var text = ""
        for _ in 0..<g.below(12) { text += pieces[g.below(pieces.count)] }
        return text
    }

    static func randomExport(seed: UInt64) -> JournalExport {
        var g = Generator(state: seed | 1)
        var data = JournalExport()
        data.settings = [JournalExport.Setting(name: "color", value: "never")]
        data.attributes = [
            JournalExport.Definition(
                Attribute(
                    name: "steps", type: .count, aggregation: .sum, unit: "steps", group: "activity", builtin: true)),
            JournalExport.Definition(
                Attribute(
                    name: "weight", type: .decimal, aggregation: .last, unit: "kg", group: "health", builtin: true)),
            JournalExport.Definition(
                Attribute(name: "odd", type: .decimal, aggregation: .average, unit: "", group: "other")),
        ]
        data.goals = [
            JournalExport.GoalChange(
                attribute: "steps", since: Day(year: 2026, month: 1, day: 1)!, period: .daily, min: 8000, max: nil),
            JournalExport.GoalChange(
                attribute: "weight", since: Day(year: 2026, month: 2, day: 1)!, period: .monthly, min: 70.25, max: 72.5),
            JournalExport.GoalChange(
                attribute: "weight", since: Day(year: 2026, month: 3, day: 1)!, period: nil, min: nil, max: nil),
        ]
        var day = Day(year: 2025, month: 12, day: 1)!
        for i in 0..<40 {
            day = day.adding(days: 1 + g.below(2))
            let at = day.iso + "T\(10 + g.below(10)):0\(g.below(10)):1\(g.below(10))+0\(g.below(10)):30"
            if g.below(2) == 0 {
                data.moods.append(
                    JournalExport.MoodRecord(
                        day: day, recordedAt: at, rating: 1 + g.below(5), note: awkwardText(&g), tags: ["a", "b-c"]))
            }
            for k in 0..<g.below(3) {
                data.notes.append(
                    JournalExport.NoteRecord(
                        id: g.below(3) == 0 ? nil : Int64(i * 10 + k + 1), day: day, recordedAt: at,
                        at: k == 1 ? (i * 37) % 1440 : nil, text: awkwardText(&g),
                        tags: g.below(2) == 0 ? [] : ["x", "ü"]))
            }
            let value = Double(bitPattern: g.next() >> 2)
            data.values.append(
                JournalExport.ValueRecord(
                    day: day, recordedAt: at, attribute: "odd",
                    value: value.isFinite ? value : 1.0 / Double(1 + g.below(1000))))
            data.values.append(
                JournalExport.ValueRecord(day: day, recordedAt: at, attribute: "steps", value: Double(g.below(30000))))
        }
        return data
    }

    @Test(arguments: [1, 2, 3, 42, 1234, 99999] as [UInt64])
    func jsonAndCSVReadBackTheSameRecords(seed: UInt64) throws {
        let data = Self.randomExport(seed: seed)
        let json = ExportView.json(data)
        #expect(try DaybookExportReader.read(json) == data)
        let csv = ExportView.csv(data)
        #expect(try DaybookExportReader.read(csv) == data)
        // Written again, the same bytes.
        #expect(ExportView.json(try DaybookExportReader.read(csv)) == json)
        #expect(ExportView.csv(try DaybookExportReader.read(json)) == csv)
        // The JSON holds no raw control or bidirectional character; the CSV on a terminal neither.
        #expect(!json.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0 == "\u{202E}" || $0 == "\u{7F}" })
        let shown = ExportView.csv(data, printable: true)
        #expect(
            !shown.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{202E}" || $0 == "\u{0}" || $0 == "\u{FEFF}" })
        #expect(csv.hasPrefix("\u{FEFF}kind,"))
    }

    /// Attributes' plausible ranges came within version 1: a file without them states none,
    /// and one with them is checked as `track ... range` checks a range.
    @Test func anAttributeRangeIsOptionalAndChecked() throws {
        let head = #"{"format": "daybook", "version": 1, "attributes": ["#
        let attribute =
            #"{"name": "pages", "type": "count", "aggregation": "sum", "unit": "pages", "group": "other", "builtin": false"#
        let old = try DaybookExportReader.read(head + attribute + "}]}")
        #expect(old.attributes.map(\.rangeStated) == [false])
        #expect(old.attributes.map(\.attribute.range) == [nil])
        let given = try DaybookExportReader.read(head + attribute + #", "range_min": null, "range_max": 2000}]}"#)
        #expect(given.attributes.map(\.rangeStated) == [true])
        #expect(given.attributes.map(\.attribute.range) == [GoalRange(min: nil, max: 2000)])
        let none = try DaybookExportReader.read(head + attribute + #", "range_min": null, "range_max": null}]}"#)
        #expect(none.attributes.map(\.rangeStated) == [true])
        #expect(none.attributes.map(\.attribute.range) == [nil])
        let csvHead = "kind,name,value,type,aggregation,unit,group,builtin,range_min,range_max\nformat,daybook,1\n"
        let csv = try DaybookExportReader.read(csvHead + "attribute,pages,,count,sum,pages,other,false,,2000\n")
        #expect(csv.attributes == given.attributes)
        let oldCSV = try DaybookExportReader.read(
            "kind,name,value,type,aggregation,unit,group,builtin\nformat,daybook,1\nattribute,pages,,count,sum,pages,other,false\n")
        #expect(oldCSV.attributes == old.attributes)

        for (fields, message) in [
            (
                #""range_min": 5000, "range_max": 10"#,
                "pages's plausible range runs from 5000 down to 10; range_min must not be above range_max"
            ),
            (#""range_min": 2.5"#, "pages's plausible range bound 2.5 is not a count (a whole number from 0 to 1,000,000,000,000)"),
            (#""range_min": "10""#, #""range_min" is a string, not a finite number or null"#),
        ] {
            #expect(throws: ImportError(line: 1, message)) {
                try DaybookExportReader.read(head + attribute + ", " + fields + "}]}")
            }
        }
        // A time of day's range may run across midnight; yes/no takes none.
        let bedtime =
            #"{"name": "bedtime", "type": "time", "aggregation": "last", "unit": "", "group": "sleep", "builtin": true, "range_min": 1080, "range_max": 240}"#
        #expect(try DaybookExportReader.read(head + bedtime + "]}").attributes.map(\.attribute.range) == [GoalRange(min: 1080, max: 240)])
        let sauna =
            #"{"name": "sauna", "type": "yesno", "aggregation": "last", "unit": "", "group": "health", "builtin": false, "range_min": 0}"#
        #expect(
            throws: ImportError(
                line: 1, "sauna is yes/no, which takes no plausible range; leave range_min and range_max empty")
        ) { try DaybookExportReader.read(head + sauna + "]}") }
    }

    /// A note's `at` came within version 1: files without it read as notes without one.
    @Test func aNoteTimeOfDayIsOptional() throws {
        let day = Day(year: 2026, month: 11, day: 21)!
        let note = JournalExport.NoteRecord(id: 4, day: day, recordedAt: "2026-11-21T09:30:00+00:00", text: "hi", tags: [])
        var withAt = note
        withAt.at = 8 * 60 + 15
        let head = #"{"format": "daybook", "version": 1, "notes": ["#
        let old = #"{"id": 4, "date": "2026-11-21", "time": "2026-11-21T09:30:00+00:00", "text": "hi", "tags": []}"#
        #expect(try DaybookExportReader.read(head + old + "]}").notes == [note])
        let given = #"{"id": 4, "date": "2026-11-21", "time": "2026-11-21T09:30:00+00:00", "at": "08:15", "text": "hi"}"#
        #expect(try DaybookExportReader.read(head + given + "]}").notes == [withAt])
        #expect(
            try DaybookExportReader.read("kind,date,time,id,name,value,text\nformat,,,,daybook,1,\nnote,2026-11-21,2026-11-21T09:30:00+00:00,4,,,hi\n").notes
                == [note])
        #expect(
            try DaybookExportReader.read(
                "kind,date,time,id,name,value,text,at\nformat,,,,daybook,1,,\nnote,2026-11-21,2026-11-21T09:30:00+00:00,4,,,hi,08:15\n"
            ).notes == [withAt])
        #expect(ExportView.json(JournalExport(notes: [withAt])).contains(#""at": "08:15", "text": "hi""#))
        #expect(ExportView.json(JournalExport(notes: [note])).contains(#""at": null, "text": "hi""#))
        for bad in ["8:15", "24:00", "08:60", "0815", "08:15:00", " 08:15"] {
            let json = #"{"id": 4, "date": "2026-11-21", "time": "2026-11-21T09:30:00+00:00", "at": "\#(bad)", "text": "hi"}"#
            #expect(
                throws: ImportError(line: 1, "a note's at '\(bad)' is not a time of day written HH:MM, 00:00 to 23:59")
            ) { try DaybookExportReader.read(head + json + "]}") }
            #expect(
                throws: ImportError(line: 3, "a note's at '\(bad)' is not a time of day written HH:MM, 00:00 to 23:59")
            ) {
                try DaybookExportReader.read(
                    "kind,date,time,id,name,value,text,at\nformat,,,,daybook,1,,\nnote,2026-11-21,2026-11-21T09:30:00+00:00,4,,,hi,\(bad)\n")
            }
        }
        let number = #"{"id": 4, "date": "2026-11-21", "time": "2026-11-21T09:30:00+00:00", "at": 495, "text": "hi"}"#
        #expect(
            throws: ImportError(line: 1, #"a note's "at" is a number; it is a time of day written HH:MM, 00:00 to 23:59, or null"#)
        ) { try DaybookExportReader.read(head + number + "]}") }
    }

    @Test func numbersReadBackExactly() {
        var g = Generator(state: 7)
        var checked = 0
        while checked < 5000 {
            let value = Double(bitPattern: g.next())
            guard value.isFinite else { continue }
            #expect(parseExportNumber(exportNumber(value)) == value, "\(value)")
            checked += 1
        }
        #expect(exportNumber(8200) == "8200")
        #expect(exportNumber(72.4) == "72.4")
        #expect(exportNumber(-0.5) == "-0.5")
        #expect(exportNumber(439.98) == "439.98")
        for bad in ["", "-", "8,200", "0x10", "inf", "nan", "1e", "1.", ".5", "+1", "1e999", " 1"] {
            #expect(parseExportNumber(bad) == nil, "\(bad)")
        }
        #expect(parseExportNumber("1e-05") == 0.00001)
        #expect(parseExportNumber("-12") == -12)
    }

    @Test func instantsAreWhatTheJournalWrites() {
        #expect(isJournalInstant("2026-11-21T09:30:00+00:00"))
        #expect(isJournalInstant("2026-11-21T23:59:59-09:30"))
        for bad in [
            "2026-11-21T09:30:00Z", "2026-11-21 09:30:00+00:00", "2026-11-21T24:00:00+00:00",
            "2026-02-30T09:30:00+00:00",
            "2026-11-21T09:30+00:00", "2026-11-21T09:30:00+0000", "", "2026-11-21T09:30:00+19:00",
        ] {
            #expect(!isJournalInstant(bad), "\(bad)")
        }
    }

    @Test func markdownKeepsTextFromReadingAsStructure() {
        var data = JournalExport()
        let day = Day(year: 2026, month: 11, day: 21)!
        let at = "2026-11-21T21:40:00+00:00"
        data.notes = [
            JournalExport.NoteRecord(
                id: 1, day: day, recordedAt: at,
                text: "# not a heading\n- not a list\n1. not a list\n> not a quote\n---\n#tag stays",
                tags: ["tag"]),
            JournalExport.NoteRecord(id: 2, day: day, recordedAt: at, text: "\u{1B}[2Jclear\u{202E}", tags: []),
        ]
        #expect(
            ExportView.markdown(data) == """
                # Journal

                ## Saturday 21 November 2026

                - **21:40** \\# not a heading  
                  \\- not a list  
                  1\\. not a list  
                  \\> not a quote  
                  \\---  
                  #tag stays
                - **21:40** ␛[2Jclear<U+202E>

                """)
    }

    @Test func markdownKeepsHTMLAndScriptLinksFromWorking() {
        var data = JournalExport()
        let day = Day(year: 2026, month: 11, day: 21)!
        let at = "2026-11-21T21:40:00+00:00"
        let texts = [
            "<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "[x](javascript:alert(1))",
            "[y]( JavaScript\\:alert(1))", "[z]: vbscript:msgbox\n[z]", "![i](data:text/html,x)",
            "<javascript:alert(1)>", "[a](&#106;avascript:alert(1))", "[ok](https://example.org) & more",
        ]
        data.notes = texts.enumerated().map {
            JournalExport.NoteRecord(id: Int64($0.offset + 1), day: day, recordedAt: at, text: $0.element, tags: [])
        }
        #expect(
            ExportView.markdown(data) == #"""
                # Journal

                ## Saturday 21 November 2026

                - **21:40** &lt;script>alert(1)&lt;/script>
                - **21:40** &lt;img src=x onerror=alert(1)>
                - **21:40** [x]\(javascript:alert(1))
                - **21:40** [y]\( JavaScript\:alert(1))
                - **21:40** [z]\: vbscript:msgbox  
                  [z]
                - **21:40** ![i]\(data:text/html,x)
                - **21:40** &lt;javascript:alert(1)>
                - **21:40** [a](&amp;#106;avascript:alert(1))
                - **21:40** [ok](https://example.org) &amp; more

                """#)
    }

    @Test func theFormatComesFromTheFileName() {
        #expect(ExportView.Format.forFile("a.CSV") == .csv)
        #expect(ExportView.Format.forFile("notes.md") == .markdown)
        #expect(ExportView.Format.forFile("notes.markdown") == .markdown)
        #expect(ExportView.Format.forFile("backup") == .json)
        #expect(ExportView.Format.forFile("backup.json") == .json)
    }
}
