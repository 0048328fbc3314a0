import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookShell
import Testing

/// TAB after `chart ATTR`: the words the command reads there, on a real journal.
@Suite struct ChartCompletionTests {
    let store: TempJournal

    init() throws { store = try TempJournal() }

    func complete(_ line: String) -> Completion {
        Completer(table: .standard).complete(
            line, cursor: line.unicodeScalars.count, source: JournalCompletionSource(context: store.context))
    }

    /// After `chart A`, a second attribute (or the mood) and the words of a period, never A
    /// again; after a second one, the period; after `last` or a number, its unit.
    @Test func chartOffersASecondAttributeThenThePeriod() {
        let second = complete("chart steps ").texts
        #expect(second.first == "mood")
        #expect(second.contains("sleep") && !second.contains("steps"))
        #expect(second.suffix(3) == ["all", "last", "this"])
        #expect(complete("chart steps sl").texts == ["sleep"])
        #expect(complete("chart steps st").texts == ["stand_hours"])
        #expect(Set(complete("chart sleep st").texts) == ["stand_hours", "steps"])
        #expect(complete("chart steps la").texts == ["last"])
        let afterMood = complete("chart mood ").texts
        #expect(!afterMood.contains("mood") && afterMood.contains("steps") && afterMood.contains("all"))
        #expect(complete("chart steps sleep ").texts == ["all", "last", "this"])
        #expect(complete("chart steps mood ").texts == ["all", "last", "this"])
        #expect(complete("chart steps sleep last ").texts == ["week", "month", "year"])
        #expect(complete("chart steps this m").texts == ["month"])
        #expect(complete("chart steps 3 ").texts == ["days", "weeks", "months", "years"])
        #expect(complete("chart steps sleep 1 w").texts == ["week"])
        #expect(complete("chart steps --ascii 2 y").texts == ["years"])
        // Nothing more after a whole period: what the argument takes, as a hint.
        let done = complete("chart steps all ")
        #expect(done.texts.isEmpty)
        #expect(done.hint?.hasPrefix("PERIOD: ") == true)
        // A note's free text is still completed as before: tags, never attributes.
        #expect(!complete("note walked ").texts.contains("steps"))
    }
}
