import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews
import Testing

@testable import DaybookShell

@Suite struct ParserTests {
    let parser = Parser(table: .standard)

    func parse(_ line: String) throws -> Invocation { try parser.parse(Tokenizer.tokenize(line)) }

    @Test func restOfLineKeepsSpacingAndDropsOptions() throws {
        let i = try parse("mood 3 long  day, #tired --on yesterday")
        #expect(i.command.name == "mood")
        #expect(i.argument("RATING") == "3")
        #expect(i.text == "long  day, #tired")
        #expect(i.day?.text == "yesterday")

        let j = try parse("note before --on=fri later")
        #expect(j.text == "before later")
        #expect(j.day?.text == "fri")

        // `after` goes on the date (`fri after next`), which the command then refuses whole.
        let k = try parse("note before --on=fri after")
        #expect(k.text == "before")
        #expect(k.day?.text == "fri after")
    }

    @Test func quotedOptionsAreText() throws {
        let i = try parse(#"note "--on" is a flag"#)
        #expect(i.text == "--on is a flag")
        #expect(i.day?.text == nil)
    }

    @Test func unknownDashWordsInNotesAreText() throws {
        #expect(try parse("note pros -- and --cons").text == "pros -- and --cons")
    }

    @Test func repeatingPairs() throws {
        #expect(try parse("log steps 8200 sleep 7h30m").positionals == ["steps", "8200", "sleep", "7h30m"])
        let error = #expect(throws: UsageError.self) { try parse("log steps 8200 sleep") }
        #expect(error?.description == "log needs VALUE after sleep; usage: log ATTR VALUE [ATTR VALUE]...")
        #expect(throws: UsageError.self) { try parse("log") }
    }

    @Test func usageErrors() {
        let cases: [(String, String)] = [
            ("moood 4", "unknown command 'moood'; did you mean 'mood'? Type 'help' for the list"),
            ("xyzzy", "unknown command 'xyzzy'; type 'help' for the list of commands"),
            ("mood", "mood needs RATING; usage: mood RATING [NOTE...]"),
            ("note", "note needs TEXT; usage: note TEXT..."),
            ("show today extra", "too many arguments for show ('extra'); usage: show [DATE]"),
            ("show --jsn", "unknown option --jsn for show; options: --json, --history, --on-this-day"),
            ("undo --now", "unknown option --now for undo; undo takes no options"),
            ("mood 4 --on", "--on needs a DATE; usage: mood RATING [NOTE...] [--on DATE]"),
            ("mood 4 --on fri --on sat", "--on is given twice; give it once"),
            ("show --json=yes", "--json takes no value"),
        ]
        for (line, message) in cases {
            let error = #expect(throws: UsageError.self, "\(line)") { try parse(line) }
            #expect(error?.description == message, "\(line)")
        }
    }

    @Test func aliasesAndCase() throws {
        #expect(try parse("EXIT").command.name == "quit")
        #expect(try parse("? log").command.name == "help")
    }

    @Test func nearestWord() {
        #expect(nearest("wek", in: ["week", "mood"]) == "week")
        #expect(nearest("sho", in: ["show", "mood"]) == "show")
        #expect(nearest("zzzzzz", in: ["show", "mood"]) == nil)
        #expect(editDistance("kitten", "sitting") == 3)
        #expect(editDistance("wlaked", "walked") == 2)
        #expect(editDistance("wlaked", "walked", swaps: true) == 1)
        #expect(editDistance("kitten", "sitting", swaps: true) == 3)
    }
}
