import Foundation
import Testing

/// What daybook reads of a real terminal at start-up: that output goes to one (colour under
/// `auto`), its width, and NO_COLOR.
@Suite struct TerminalFactsTerminalTests {
    @Test func onATerminalAutoIsColourUnlessNoColorIsSet() throws {
        let home = try Home()
        try home.script("note on another day --on yesterday\n")  // a journal to read: reads create none
        let t = try Terminal(home, arguments: ["--journal", home.journal, "show"])
        try t.expect("nothing recorded\n")
        #expect(try t.waitForExit() == 0)
        #expect(t.raw.contains("\u{1B}[1mSaturday 21 November 2026\u{1B}[0m"))
        #expect(t.raw.contains("\u{1B}[2mnothing recorded\u{1B}[0m"))

        let plain = try Home()
        plain.environment["NO_COLOR"] = "1"
        try plain.script("note on another day --on yesterday\n")
        let u = try Terminal(plain, arguments: ["--journal", plain.journal, "show"])
        try u.expect("nothing recorded\n")
        #expect(try u.waitForExit() == 0)
        #expect(u.raw.contains("Saturday 21 November 2026"))
        #expect(!u.raw.contains("\u{1B}"))
    }

    @Test func helpWrapsToTheTerminalsWidth() throws {
        let home = try Home()
        home.environment["COLUMNS"] = "120"  // the window's own width wins
        let t = try Terminal(home, arguments: ["--journal", home.journal, "help", "mood"], columns: 50)
        try t.expect("mood 3 long day --on yesterday\n")
        #expect(try t.waitForExit() == 0)
        let lines = t.text.split(separator: "\n")
        #expect(lines.contains("Rates the day: 1 terrible, 2 bad, 3 okay, 4"))
        #expect(lines.allSatisfy { $0.count <= 48 }, "\(lines)")
    }

    /// The shell's views fit the window as it is when the line is run, after a resize.
    @Test func theShellFollowsAResizedWindow() throws {
        let home = try Home()
        try home.script("note a note long enough to need two lines in a window forty columns wide\n")
        let t = try Terminal(home, columns: 80)
        try t.prompt()
        t.resize(columns: 40)
        usleep(100_000)
        t.type("show" + Terminal.enter)
        try t.expect("  09:30   a note long enough to need two\n")
        try t.expect("          lines in a window forty\n")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }
}
