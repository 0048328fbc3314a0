import DaybookCommands
import DaybookViews
import Testing

@testable import DaybookShell

/// Completion on `log` lines in phrases: it never fails, and after a comma the next attribute
/// completes as after a pair.
@Suite struct PhraseCompletionTests {
    @Test func completesAfterAPhrase() throws {
        let store = try TempJournal()
        func complete(_ line: String) -> Completion {
            Completer(table: .standard).complete(
                line, cursor: line.unicodeScalars.count, source: JournalCompletionSource(context: store.context))
        }
        #expect(complete("log slept 7h, walked 9k steps, co").texts == ["coffee"])
        #expect(complete("log slept 7 and a half hours, wat").texts == ["water"])
        for line in [
            "log 3 coffees ", "log slept 7h, 3 coff", "log walked 9k steps ", "log sleep 7 hours 3 days a",
            "log slept 7h, 3 coffees yes", "log drank 3 glasses of ", "log \"slept 7h, ",
        ] {
            _ = complete(line).texts
        }
    }
}
