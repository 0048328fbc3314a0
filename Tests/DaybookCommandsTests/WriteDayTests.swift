import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookShell
import Testing

/// The day a line writes to, however the line names it: `--on`, a date after the last value,
/// or a date a line of phrases ends with. Today is Saturday 2026-11-21 (`TempJournal`).
@Suite struct WriteDayTests {
    let parser = Parser(table: .standard)

    /// Parses and runs `line`; the error it was refused with, if it was.
    func run(_ line: String, _ store: TempJournal) -> Error? {
        do {
            let invocation = try parser.parse(Tokenizer.tokenize(line))
            _ = try invocation.command.run(invocation, store.context)
            return nil
        } catch {
            return error
        }
    }

    func steps(_ store: TempJournal, _ iso: String) throws -> Double? {
        try store.journal.dailyValues("steps", from: store.day(iso), through: store.day(iso)).first?.1
    }

    @Test func threeWaysOfNamingADayWriteToIt() throws {
        for line in ["log steps 9000 --on yesterday", "log steps 9000 yesterday", "log walked 9k steps yesterday"] {
            let store = try TempJournal()
            #expect(run(line, store) == nil, "\(line)")
            #expect(try steps(store, "2026-11-20") == 9000, "\(line)")
            #expect(try steps(store, "2026-11-21") == nil, "\(line)")
        }
    }

    @Test func theParsedLineNamesTheDayOnce() throws {
        let on = try parser.parse(Tokenizer.tokenize("log steps 9000 --on yesterday"))
        #expect(on.day == NamedDay(text: "yesterday", source: .option("--on")))
        let after = try parser.parse(Tokenizer.tokenize("log steps 9000 last monday"))
        #expect(after.day == NamedDay(text: "last monday", source: .afterValues(2)))
        #expect(after.dateWords == 2)
        // A line of phrases names its day as `log` reads it.
        #expect(try parser.parse(Tokenizer.tokenize("log walked 9k steps yesterday")).day == nil)
        #expect(try parser.parse(Tokenizer.tokenize("log steps 9000")).day == nil)
    }

    @Test func aDayGivenTwiceIsRefusedInOneLine() throws {
        let lines = [
            "log steps 9000 yesterday --on today", "log steps 9000 --on today yesterday",
            "log walked 9k steps yesterday --on today", "log --on today walked 9k steps yesterday",
        ]
        for line in lines {
            let store = try TempJournal()
            let error = run(line, store)
            #expect(error is UsageError, "\(line)")
            #expect("\(error.map { "\($0)" } ?? "")" == "the day is given twice, --on today and yesterday; give it once", "\(line)")
            #expect(try steps(store, "2026-11-20") == nil, "\(line)")
            #expect(try steps(store, "2026-11-21") == nil, "\(line)")
        }
    }
}
