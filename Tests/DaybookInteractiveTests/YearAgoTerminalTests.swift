import Foundation
import Testing

/// The shell's greeting on a terminal says what the journal held a year ago today.
@Suite struct YearAgoTerminalTests {
    /// The lines the shell shows up to its first prompt, on a terminal, on a journal that
    /// `script` filled at `now`; the shell is then ended with Ctrl-D.
    func greeting(at now: String, after script: String) throws -> [String] {
        let home = try Home()
        home.now = now
        try home.script(script)
        let t = try Terminal(home)
        let start = try t.expect("daybook Sat 21 Nov> ")
        try t.waitForRawMode()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        return start.split(separator: "\n").map(String.init)
    }

    @Test func theGreetingRemembersAYearAgo() throws {
        let shown = try greeting(
            at: "2026-11-21T19:30", after: "mood 4 walked by the sea --on 2025-11-21\nmood 3 --on yesterday\n")
        #expect(shown.count == 4, "\(shown)")
        #expect(shown[1] == "Good evening. Yesterday: mood 3. You haven't checked in today.", "\(shown)")
        #expect(shown[2] == "A year ago, Fri 21 Nov 2025: 4 good · walked by the sea", "\(shown)")
    }

    /// With nothing else to say, the greeting is that line alone.
    @Test func aMonthAgoAlone() throws {
        let shown = try greeting(at: "2026-11-21T09:30", after: "note first frost --on 2026-10-21\n")
        #expect(shown.contains("A month ago, Wed 21 Oct 2026: first frost"), "\(shown)")
    }
}
