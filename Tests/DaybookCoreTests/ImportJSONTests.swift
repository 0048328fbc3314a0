import DaybookCore
import DaybookStore
import Testing

@Suite struct ImportJSONTests {
    @Test func values() throws {
        let value = try JSONReader.read(
            "\u{FEFF}{\"a\": [1, -2.5e3, true, false, null, \"x\\n\\u00e9\\ud83d\\ude00\\\"\"], \"b\": {}, \"c\": []}")
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.members.map(\.key) == ["a", "b", "c"])
        #expect(
            object["a"]?.array?.items == [
                .number("1"), .number("-2.5e3"), .bool(true), .bool(false), .null, .string("x\né😀\""),
            ])
        #expect(object["a"]?.array?.items[1].double == -2500)
        #expect(object["b"]?.object?.members.isEmpty == true)
        #expect(object["missing"] == nil)
    }

    @Test func linesOfObjectsAndMembers() throws {
        let object = try JSONReader.read("{\n\"a\": 1,\n\n\"b\": {\n}\n}").object!
        #expect(object.line == 1)
        #expect(object.line(of: "a") == 2)
        #expect(object.line(of: "b") == 4)
        #expect(object["b"]?.object?.line == 4)
    }

    @Test(arguments: [
        ("", "line 1: the JSON document ends where a value was expected"),
        ("{\"a\": 1,}", "line 1: expected a name in quotes in an object"),
        ("[1 2]", "line 1: expected , or ] in a list"),
        ("[1,\n2", "line 2: a list that starts on line 1 is not closed with ]"),
        ("{\"a\" 1}", "line 1: expected : after \"a\""),
        ("\"abc", "line 1: a string is not closed with \""),
        ("\"a\nb\"", "line 1: a string holds a line break or control character; JSON writes it as \\n or \\u00XX"),
        ("\"\\x\"", "line 1: unknown escape \\x in a string"),
        ("\"\\ud83d\"", "line 1: a \\u escape holds half of a character (a lone surrogate)"),
        ("01", "line 1: text after the end of the JSON document"),
        ("1.", "line 1: expected digits after the decimal point"),
        ("-", "line 1: a number ends too soon"),
        ("tru", "line 1: expected a JSON value"),
        ("{} {}", "line 1: text after the end of the JSON document"),
    ])
    func errors(_ text: String, _ message: String) {
        do {
            _ = try JSONReader.read(text)
            Issue.record("read without an error")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func deepNestingIsRefused() {
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(throws: ImportError(line: 1, "the JSON is nested too deeply")) { try JSONReader.read(deep) }
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(throws: Never.self) { try JSONReader.read(fine) }
    }
}
