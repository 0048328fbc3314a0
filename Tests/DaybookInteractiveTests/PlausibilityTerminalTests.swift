import Foundation
import Testing

/// The check-in's value answers meet the same plausible ranges as `log`.
@Suite struct PlausibilityTerminalTests {
    @Test func anImplausibleAnswerIsAskedAgain() throws {
        let home = try Home()
        try home.script("log resting_hr 58 --on 2026-11-19\n")
        let t = try Terminal(home)
        try t.checkInPastMoodAndNote()
        try t.prompt("What was your resting heart rate? (e.g. 58 bpm; Enter skips) ")
        t.type("1" + Terminal.enter)
        try t.expect(
            "resting_hr: 1 bpm is outside its plausible range, 20..250 bpm; answer again, -\nto skip, or log it with --force")
        try t.prompt("What was your resting heart rate? (e.g. 58 bpm; Enter skips) ")
        t.type("56" + Terminal.enter)
        try t.expect("Done. Here is today:")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT group_concat(value, ',') FROM entry WHERE day = '2026-11-21'") == "56.0")
        #expect(try home.sql("SELECT count(*) FROM change WHERE command = 'log'") == "2")
    }
}
