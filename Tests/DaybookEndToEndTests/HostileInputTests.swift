import Foundation
import Testing

/// Bad and hostile input, end to end through the real binary. Each case is either refused
/// (one clear error line, exit status 1, the journal unchanged) or legitimate (stored exactly,
/// and shown without any control character reaching the terminal).
@Suite struct HostileInputTests {
    enum Expect: Sendable {
        /// Refused with one error line holding this text.
        case refused(String)
        /// Accepted; the check reads the journal back.
        case stored(@Sendable (Daybook) throws -> Void)
        /// A read that must work and print only printable text.
        case shown
    }

    struct Case: CustomStringConvertible, Sendable {
        let name: String
        /// Standard input for a script, or nil for a one-shot command.
        var input: Data? = nil
        var arguments: [String] = []
        /// A shell command instead (for argument bytes Foundation cannot pass).
        var shell: String? = nil
        let expect: Expect
        var description: String { name }
    }

    static let escapes = "\u{1B}[31mred\u{1B}[0m \u{1B}]0;owned\u{07} \u{1B}[2J \u{9B}6n \u{7F} done"
    /// Bidirectional controls and zero-width characters, which could make a note read in
    /// another order or hide words, and an emoji sequence held together by a zero-width joiner.
    static let hiddenFormats =
        "pay \u{202E}001$\u{202C} \u{2066}x\u{2069} \u{200E}\u{200F}\u{061C}\u{202A}\u{202B}\u{202D}\u{2067}\u{2068}"
        + " in\u{200B}vis\u{200C}ible\u{200D} \u{2060}\u{FEFF} coder 👩\u{200D}💻 #bidi"
    static let sqlText = "Robert'); DROP TABLE note; -- 100% _under_ O'Brien's a;b %s %n"
    static let megabyte = String(repeating: "abcdefghi ", count: 104_858) + "end"
    static let manyTags = (1...10_000).map { "#t\($0)" }.joined(separator: " ")

    static func script(_ text: String) -> Data { Data(text.utf8) }

    static let cases: [Case] = [
        Case(
            name: "invalid UTF-8 in a script", input: Data("note caf".utf8) + Data([0xE9]) + Data(" au lait\n".utf8),
            expect: .refused("<stdin>:1: error: the line is not valid UTF-8 text, or holds a NUL byte; nothing was written")),
        Case(
            name: "invalid UTF-8 in an argument", shell: #""$DAYBOOK" --journal "$J" note "caf$(printf '\351')""#,
            expect: .refused("error: argument 4 is not valid UTF-8 text; nothing was written")),
        Case(
            name: "a NUL byte", input: Data("note a".utf8) + Data([0]) + Data("b\n".utf8),
            expect: .refused("<stdin>:1: error: the line is not valid UTF-8 text, or holds a NUL byte; nothing was written")),
        Case(
            name: "a 1 MB note", input: script("note \(megabyte)\n"),
            expect: .stored { (d: Daybook) throws in
                #expect(try d.sql("SELECT length(text) FROM note") == "\(megabyte.count)")
                #expect(try d.sql("SELECT text FROM note") == megabyte)
            }),
        Case(
            name: "a 1 MB unknown command", input: script(String(repeating: "x", count: 1 << 20) + "\n"),
            expect: .refused("<stdin>:1: error: unknown command 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")),
        Case(
            name: "a line over 4 MB", input: script("note " + String(repeating: "y", count: 5 << 20) + "\n"),
            expect: .refused("<stdin>:1: error: the line is longer than 4 MB; it was skipped and nothing was written")),
        Case(
            name: "a note full of escape sequences", input: script("note \(escapes)\n"),
            expect: .stored { (d: Daybook) throws in
                #expect(try d.sql("SELECT hex(text) FROM note") == hex(escapes))
                let json = try d.run(["show", "--json"])
                #expect(json.stdout.contains(#""text": "\u001b[31mred\u001b[0m \u001b]0;owned\u0007 \u001b[2J \u009b6n \u007f done""#))
            }),
        Case(
            name: "escape sequences in a bad value", input: script("log steps \u{1B}[2J\u{07}\n"),
            expect: .refused("steps: '␛[2J␇' is not a count")),
        Case(
            name: "escape sequences where a mood's rating goes", input: script("mood \u{1B}[2J\u{07}\n"),
            expect: .refused("the first word is not a rating")),
        Case(
            name: "a control sequence as a unit", input: script("track pages count unit \u{9B}2J\n"),
            expect: .refused("a unit is a short word of at most 20 characters, like km or cups")),
        Case(
            name: "bidirectional controls and zero-width characters in notes",
            input: script("note \(hiddenFormats)\nmood 4 \(hiddenFormats)\n"),
            expect: .stored { (d: Daybook) throws in
                #expect(try d.sql("SELECT hex(text) FROM note") == hex(hiddenFormats))
                #expect(try d.sql("SELECT hex(note) FROM mood WHERE removed_by IS NULL") == hex(hiddenFormats))
                let visible =
                    "pay <U+202E>001$<U+202C> <U+2066>x<U+2069> <U+200E><U+200F><U+061C><U+202A><U+202B><U+202D><U+2067><U+2068>"
                    + " in<U+200B>vis<U+200C>ible<U+200D> <U+2060><U+FEFF> coder 👩\u{200D}💻 #bidi"
                // Wide enough for the week table to show the whole note.
                d.environment["COLUMNS"] = "400"
                for view in [["show"], ["week"]] {
                    let shown = try d.run(view).stdout
                    // show lists the mood's note and the note; the week table the day's first note.
                    let times = view == ["show"] ? 2 : 1
                    #expect(shown.components(separatedBy: visible).count == times + 1, "\(view): \(shown)")
                    // Only the joiner inside the emoji (once for the note, once for the mood) reaches the terminal.
                    let raw = shown.unicodeScalars.filter { scalar in
                        [0x202A...0x202E, 0x2066...0x2069, 0x200B...0x200F, 0x061C...0x061C, 0x2060...0x2060, 0xFEFF...0xFEFF]
                            .contains { $0.contains(scalar.value) }
                    }
                    #expect(raw.map(\.value) == Array(repeating: 0x200D, count: times), "\(view)")
                }
                let json = try d.run(["show", "--json"]).stdout
                #expect(json.contains(#""text": "pay \u202e001$\u202c \u2066x\u2069 \u200e\u200f\u061c"#), "\(json)")
                #expect(!json.unicodeScalars.contains { $0 == "\u{202E}" || $0 == "\u{200B}" || $0 == "\u{FEFF}" })
            }),
        Case(
            name: "SQL metacharacters", input: script("note \(sqlText)\n"),
            expect: .stored { (d: Daybook) throws in
                #expect(try d.sql("SELECT text FROM note") == sqlText)
                #expect(try d.sql("SELECT count(*) FROM sqlite_schema WHERE name = 'note'") == "1")
            }),
        Case(
            name: "SQL metacharacters as an attribute", input: script("log steps'); 5\n"),
            expect: .refused("unknown attribute 'steps');'")),
        Case(name: "a count of 1e308", input: script("log steps 1e308\n"), expect: .refused("steps: '1e308' is not a count")),
        Case(
            name: "a count of 10^308 in digits", input: script("log steps 1" + String(repeating: "0", count: 308) + "\n"),
            expect: .refused("is too large; counts go up to 1,000,000,000,000")),
        Case(name: "a number of 1e308", input: script("log weight 1e308\n"), expect: .refused("weight: '1e308' is not a number")),
        Case(name: "a count of -1", input: script("log steps -1\n"), expect: .refused("steps: '-1' is not a count")),
        Case(name: "a count of −1 (minus sign)", input: script("log steps −1\n"), expect: .refused("steps: '−1' is not a count")),
        Case(name: "a duration of -1h", input: script("log sleep -1h\n"), expect: .refused("sleep: '-1h' is not a duration")),
        Case(
            name: "a weight of -1 is a number", input: script("log weight -1 --force\n"),
            expect: .stored { (d: Daybook) throws in #expect(try d.sql("SELECT value FROM entry") == "-1.0") }),
        Case(
            name: "a weight of -1 is not a weight", input: script("log weight -1\n"),
            expect: .refused("weight: -1 kg is outside its plausible range, 1..650 kg; add --force to log it anyway")),
        Case(
            name: "the date 0000-01-01", input: script("mood 3 --on 0000-01-01\n"),
            expect: .refused("'0000-01-01' is not a date; use today, yesterday, a weekday (monday or mon), last monday, 3 days ago, a week ago, 21 nov, nov 21, 21/11, or YYYY-MM-DD")),
        Case(
            name: "the date 9999-12-31", input: script("note far away --on 9999-12-31\n"),
            expect: .refused("9999-12-31 is in the future; entries are written for today (2026-11-21) or earlier")),
        Case(name: "showing 0000-01-01", arguments: ["show", "0000-01-01"], expect: .refused("'0000-01-01' is not a date")),
        Case(name: "showing 9999-12-31", arguments: ["show", "9999-12-31"], expect: .shown),
        Case(name: "the week ending 9999-12-31", arguments: ["week", "9999-12-31"], expect: .shown),
        Case(name: "the week ending 0001-01-03", arguments: ["week", "0001-01-03"], expect: .shown),
        Case(
            name: "10,000 tags in one note", input: script("note \(manyTags)\n"),
            expect: .stored { (d: Daybook) throws in
                #expect(try d.sql("SELECT count(*), count(DISTINCT name) FROM tag") == "10000|10000")
                #expect(try d.sql("SELECT text FROM note") == manyTags)
                let shown = try d.run(["show"])
                #expect(shown.stdout.contains("#t1 #t2 #t3"))
                #expect(shown.stdout.contains("#t9999 #t10000\n"))
            }),
    ]

    static func hex(_ text: String) -> String { text.utf8.map { String(format: "%02X", $0) }.joined() }

    /// True when the text holds a control character other than newline: something that could
    /// move a terminal's cursor, change its colours or answer back.
    static func hasControl(_ text: String) -> Bool {
        text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    @Test(arguments: cases) func badInput(_ c: Case) throws {
        let d = try Daybook()
        try d.run(["mood", "3", "before"])
        let before = try d.dump(Self.snapshot)
        let r: RunResult
        if let shell = c.shell {
            r = try d.shell(shell)
        } else if let input = c.input {
            r = try d.run([], inputData: input)
        } else {
            r = try d.run(c.arguments)
        }
        #expect(!Self.hasControl(r.stderr), "\(c): standard error holds a control character")
        #expect(!Self.hasControl(r.stdout), "\(c): standard output holds a control character")
        switch c.expect {
        case .refused(let message):
            #expect(r.status == 1, "\(c)")
            #expect(r.stderr.contains(message), "\(c): \(r.stderr.prefix(300))")
            #expect(r.stderr.filter { $0 == "\n" }.count == 1, "\(c): not one line")
            #expect(r.stderr.count < 400, "\(c): the error line is \(r.stderr.count) characters long")
            #expect(try d.dump(Self.snapshot) == before, "\(c): the journal changed")
        case .stored(let check):
            #expect(r.status == 0, "\(c): \(r.stderr.prefix(300))")
            #expect(r.stderr == "", "\(c)")
            try check(d)
            for view in [["show"], ["week"], ["show", "--json"], ["week", "--json"]] {
                let shown = try d.run(view)
                #expect(shown.status == 0, "\(c): \(view)")
                #expect(!Self.hasControl(shown.stdout), "\(c): \(view) prints a control character")
            }
        case .shown:
            #expect(r.status == 0, "\(c): \(r.stderr)")
            #expect(r.stdout.contains("nothing recorded") || r.stdout.contains("—"), "\(c): \(r.stdout)")
        }
        #expect(try d.sql("PRAGMA integrity_check") == "ok")
    }

    static let snapshot: [(String, String)] = [
        ("changes", "SELECT id, command, summary FROM change ORDER BY id"),
        ("notes", "SELECT count(*) FROM note"),
        ("moods", "SELECT group_concat(rating || note) FROM mood"),
        ("entries", "SELECT count(*) FROM entry"),
        ("tags", "SELECT count(*) FROM tag"),
    ]

    /// daybook accepts the days of years 1 to 9999, and never prints one outside them: a week
    /// at the start of the calendar begins on 0001-01-01, and a date word that would lead out
    /// of the range (`yesterday` on 0001-01-01) is refused.
    @Test func printedDatesStayInsideTheAcceptedRange() throws {
        let d = try Daybook()
        // Reads need a journal; a setting makes one with nothing recorded.
        #expect(try d.run(["set", "color", "never"]).status == 0)
        let json = try d.run(["week", "0001-01-01", "--json"])
        #expect(json.status == 0)
        #expect(json.stdout == #"{"days": [{"date": "0001-01-01", "mood": null, "notes": [], "tags": [], "values": {}}]}"# + "\n")
        let week = try d.run(["week", "0001-01-03"])
        let rows = week.stdout.split(separator: "\n").filter { $0.hasSuffix("—") }
        #expect(rows.map { $0.prefix(9) } == ["Mon 1 Jan", "Tue 2 Jan", "Wed 3 Jan"], "\(week.stdout)")
        #expect(week.stdout.hasPrefix("3 days to Wednesday 3 January 1\n"), "\(week.stdout)")
        let full = try d.run(["week", "0001-01-07", "--json"])
        #expect(full.stdout.components(separatedBy: #""date": "0001-01-"#).count == 8)

        d.now = "0001-01-01T09:00"
        for (arguments, word) in [(["show", "yesterday"], "yesterday"), (["log", "steps", "5", "--on", "sunday"], "sunday")] {
            let r = try d.run(arguments)
            #expect(r.status == 1)
            #expect(r.stderr == "error: '\(word)' falls outside the days daybook accepts, 0001-01-01 to 9999-12-31\n")
        }
        let first = try d.run(["week"]).stdout
        #expect(first.hasPrefix("1 day: Monday 1 January 1\n"), "\(first)")
        #expect(first.split(separator: "\n").filter { $0.hasSuffix("—") }.map { $0.prefix(9) } == ["Mon 1 Jan"])
        d.now = "9999-12-31T09:00"
        let tomorrow = try d.run(["show", "tomorrow"])
        #expect(tomorrow.stderr == "error: 'tomorrow' falls outside the days daybook accepts, 0001-01-01 to 9999-12-31\n")
        #expect(try d.sql("SELECT count(*) FROM entry") == "0")
    }

    /// One script holding every kind of bad line: each is reported on its own, by number, and
    /// the good lines around them are written.
    @Test func badLinesAmongGoodOnes() throws {
        let d = try Daybook()
        var input = Data("note one\n".utf8)
        input += Data("note caf".utf8) + Data([0xFF, 0xFE]) + Data("\n".utf8)
        input += Data("note two\n".utf8)
        input += Data("note x".utf8) + Data([0]) + Data("\n".utf8)
        input += Data("log steps 1e308\n".utf8)
        input += Data(("note " + String(repeating: "z", count: 5 << 20) + "\n").utf8)
        input += Data("note three\n".utf8)
        let r = try d.run([], inputData: input)
        #expect(r.status == 1)
        #expect(
            r.stderr == """
                <stdin>:2: error: the line is not valid UTF-8 text, or holds a NUL byte; nothing was written
                <stdin>:4: error: the line is not valid UTF-8 text, or holds a NUL byte; nothing was written
                <stdin>:5: error: steps: '1e308' is not a count; use a whole number 0 or more, like 8200, 8,200 or 8.2k
                <stdin>:6: error: the line is longer than 4 MB; it was skipped and nothing was written

                """)
        #expect(try d.sql("SELECT group_concat(text, ',') FROM note") == "one,two,three")
    }

    /// Output closed early (`daybook ... | head -1`) does not stop a script half way.
    @Test func aClosedOutputDoesNotStopAScript() throws {
        let d = try Daybook()
        var script = ""
        for i in 1...300 { script += "note n\(i)\nhelp\n" }  // about 300 KB of output
        try script.write(toFile: d.directory + "/s.daybook", atomically: true, encoding: .utf8)
        // With SIGPIPE at its default action, as a shell gives it (the test runner ignores it).
        let r = try d.shell(#"env --default-signal=PIPE "$DAYBOOK" --journal "$J" -f "$D/s.daybook" | head -c 10"#)  // "Commands:\n"
        #expect(r.stdout == "Commands:\n")
        #expect(try d.sql("SELECT count(*) FROM note") == "300")
        // A reader that stops reading is not an error.
        #expect(r.stderr == "")
    }

    /// Output that cannot be written (`> /dev/full`) is said in one line, with exit status 1,
    /// for one-shot reads, JSON and a script's reads; the script's writes are still made.
    @Test func outputThatCannotBeWrittenIsReported() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "kept"]).status == 0)
        let message =
            "error: standard output could not be written (No space left on device); what was to be shown is lost\n"
        for command in ["show", "week --json", "goals --json", "help"] {
            let r = try d.shell(#""$DAYBOOK" --journal "$J" "# + command + " > /dev/full")
            #expect(r.status == 1, "\(command)")
            #expect(r.stderr == message, "\(command)")
        }
        let script = try d.shell(#""$DAYBOOK" --journal "$J" > /dev/full"#, input: "note one\nshow\nnote two\nweek\n")
        #expect(script.status == 1)
        #expect(script.stderr == message)
        #expect(try d.sql("SELECT group_concat(text, ',') FROM note") == "kept,one,two")
    }
}
