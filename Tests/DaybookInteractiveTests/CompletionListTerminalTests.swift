import Foundation
import Testing

/// TAB's list of choices as the terminal shows it (`Screen` replays what was drawn): the
/// whole list under the whole line, then the prompt and the line again, however many rows the
/// line takes.
@Suite struct CompletionListTerminalTests {
    func home() throws -> Home {
        let home = try Home()
        try home.script("note a day out #family #friends #outdoors #reading #work --on 2026-11-10\n")
        return home
    }

    /// The rows from the first that starts with `first` to the end of the screen.
    func screen(_ t: Terminal, columns: Int, from first: String) throws -> [String] {
        try t.settle()
        let screen = Screen(t.raw, columns: columns)
        #expect(screen.unknown.isEmpty, "sequences the screen model does not know: \(screen.unknown)")
        let lines = screen.lines
        let start = try #require(lines.firstIndex { $0.hasPrefix(first) }, "no row starts with '\(first)':\n\(lines.joined(separator: "\n"))")
        return Array(lines[start...])
    }

    /// TAB twice on the line typed so far, each time waiting for the list (down to
    /// `lastCandidate`) and the line drawn again (down to `lineEnd`); the screen from the
    /// line's first row then reads the line, the list, the line, the list and the line.
    func tabTwiceShows(
        _ t: Terminal, line: [String], list: [String], columns: Int, lastCandidate: String, lineEnd: String
    ) throws {
        for _ in 0..<2 {
            t.type(Terminal.tab)
            try t.expect(lastCandidate)
            try t.expect(lineEnd)
        }
        #expect(try screen(t, columns: columns, from: line[0]) == line + list + line + list + line)
    }

    @Test func theListShowsUnderALineThatWraps() throws {
        let home = try home()
        let t = try Terminal(home)
        try t.prompt()
        t.type("note this is a fairly long note that I type in the shell so that it wraps past #")
        try tabTwiceShows(
            t, line: ["daybook Sat 21 Nov> note this is a fairly long note that I type in the shell so", "that it wraps past #"],
            list: ["#family    #friends   #outdoors  #reading   #work"], columns: 80, lastCandidate: "#work",
            lineEnd: "wraps past #")
        // The line is still the one being edited.
        t.type("fr" + Terminal.tab)
        try t.expect("iends ")
        t.type(Terminal.enter)
        try t.expect("noted for today, tagged #friends")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(
            try home.sql("SELECT text FROM note WHERE day = '2026-11-21'")
                == "this is a fairly long note that I type in the shell so that it wraps past #friends")
    }

    /// A line that fills the terminal's last column exactly: libedit has moved on to the next
    /// row, and the list starts there, with no blank row and no row of it lost.
    @Test func theListShowsWholeUnderALineThatFillsTheWidth() throws {
        let home = try home()
        let t = try Terminal(home, columns: 40)
        try t.prompt()
        t.type("note hello thereee #")
        try tabTwiceShows(
            t, line: ["daybook Sat 21 Nov> note hello thereee #"], list: ["#family    #outdoors  #work", "#friends   #reading"],
            columns: 40, lastCandidate: "#work", lineEnd: "thereee #")
        t.type(Terminal.ctrlU + Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }

    @Test func theListShowsUnderALongPrompt() throws {
        let home = try home()
        let t = try Terminal(home, columns: 40)
        try t.prompt()
        t.type("day yesterday" + Terminal.enter)
        try t.prompt("daybook Fri 20 Nov (not today)> ")
        t.type("show 3 d")
        try tabTwiceShows(
            t, line: ["daybook Fri 20 Nov (not today)> show 3 d"], list: ["days  3 days ago: Wed 18 Nov", "dec   Wed 3 Dec"],
            columns: 40, lastCandidate: "Wed 3 Dec", lineEnd: "show 3 d")
        t.type(Terminal.ctrlU + Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }

    /// TAB with the cursor on the first row of a line that goes on below it: the list comes
    /// under the last row of the line, never over it.
    @Test func theListShowsUnderTheRestOfTheLine() throws {
        let home = try home()
        let t = try Terminal(home, columns: 40)
        try t.prompt()
        t.type("note # then a long tail that wraps past the edge of the screen")
        try t.expect("the scre")
        try t.expect("en")
        // To just after the #.
        t.type("\u{01}" + String(repeating: "\u{06}", count: 6) + Terminal.tab)
        try t.expect("#work")
        let line = ["daybook Sat 21 Nov> note # then a long t", "ail that wraps past the edge of the scre", "en"]
        let list = ["#family    #outdoors  #work", "#friends   #reading"]
        let shown = try screen(t, columns: 40, from: "daybook Sat 21 Nov> note")
        #expect(shown == line + list + line)
        t.type(Terminal.ctrlU + Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }
}

extension Terminal {
    /// Waits until the program has written nothing more for `quiet` seconds: a redraw is over.
    func settle(quiet: Double = 0.3, timeout: Double = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        var last = raw
        var since = Date()
        while Date().timeIntervalSince(since) < quiet {
            if Date() > deadline { throw TimedOut(description: "the output never settled; screen so far:\n\(text)") }
            usleep(20_000)
            let now = raw
            if now != last {
                last = now
                since = Date()
            }
        }
    }
}
