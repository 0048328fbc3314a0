import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookShell
import DaybookViews
import Testing

/// Completion reads a line as the parser does: where the two once disagreed, the parser's
/// reading wins.
@Suite struct CompletionReadingTests {
    let store: TempJournal

    init() throws { store = try TempJournal() }

    func complete(_ line: String, cursor: Int? = nil) -> Completion {
        Completer(table: .standard).complete(
            line, cursor: cursor ?? line.unicodeScalars.count, source: JournalCompletionSource(context: store.context))
    }

    @Test func theWordThatEndsARangeIsThePeriod() {
        let weekly = complete("goal steps 8000 weekly")
        #expect(weekly.texts == ["weekly"])
        #expect(weekly.hint?.hasPrefix("PERIOD: ") == true)
        #expect(complete("goal steps at least 8000 weekly --").texts == ["--on", "--total"])
    }

    @Test func aFlagWithAValueIsStillTheFlag() {
        // `--json=yes` is the option --json (which the command then refuses), not a date.
        #expect(complete("show --json=yes ").texts == Day.dateWords)
        #expect(complete("show --json ").texts == Day.dateWords)
    }

    @Test func theDateOfTheLineComesFromTheParser() throws {
        try store.log("sleep", "5h", on: "2026-11-13")
        try store.log("sleep", "4h", on: "2026-11-06")
        try store.log("sleep", "4h30m", on: "2026-10-30")
        // A quoted `--on` is a word of the line, not the date option.
        #expect(complete("log sleep ").texts != ["4h30m"])
        #expect(complete("log sleep  \"--on\" \"yesterday\"", cursor: 10).texts != ["4h30m"])
        // A date after the last value is the day the line writes to.
        #expect(complete("log sleep  \"--on\" yesterday", cursor: 10).texts == ["4h30m"])
        #expect(complete("log sleep  --on yesterday", cursor: 10).texts == ["4h30m"])
    }
}
