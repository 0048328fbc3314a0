import Foundation
import Testing

/// `undo` in the shell right after a line that failed, or a file that ran.
@Suite struct UndoTerminalTests {
    /// A `source` stopped by Ctrl-C wrote the lines before it: `undo` right after it reverts
    /// all of them at once, and says how many, instead of saying the line wrote nothing.
    @Test func undoAfterAnInterruptedSourceRevertsAllItKept() throws {
        let home = try Home()
        let script = home.directory + "/long.daybook"
        try (1...200_000).map { "note s \($0)\n" }.joined().write(toFile: script, atomically: true, encoding: .utf8)
        let t = try Terminal(home)
        try t.prompt()
        t.type("note mine" + Terminal.enter)
        try t.expect("noted for today")
        try t.prompt()
        t.type("source \(script)" + Terminal.enter)
        let deadline = Date().addingTimeInterval(30)
        while (Int(try home.sql("SELECT count(*) FROM note")) ?? 0) < 2 {
            if Date() > deadline { throw TimedOut(description: "no line of the file was written in 30 s") }
            usleep(20_000)
        }
        usleep(100_000)
        t.type(Terminal.ctrlC)
        try t.expect("what the lines before it wrote is kept\n", timeout: 30)
        try t.prompt(timeout: 30)
        let kept = (Int(try home.sql("SELECT count(*) FROM note")) ?? 0) - 1
        #expect(kept > 0 && kept < 200_000)
        t.type("undo" + Terminal.enter)
        // With its thousands separated, as counts are shown: 44,379.
        var count = String(kept)
        for index in stride(from: count.count - 3, to: 0, by: -3) {
            count.insert(",", at: count.index(count.startIndex, offsetBy: index))
        }
        try t.expect("undid: source \(script): its \(count) line\(kept == 1 ? "" : "s") that wrote\n", timeout: 30)
        try t.prompt(timeout: 30)
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT group_concat(text) FROM note WHERE removed_by IS NULL") == "mine")
    }

    /// The person means the line that failed, which wrote nothing: `undo` names the older
    /// change it would revert instead, reverts nothing, and asks for `undo` again.
    @Test func undoAfterAFailedLineAsksToBeTypedAgain() throws {
        let home = try Home()
        let t = try Terminal(home)
        try t.prompt()
        t.type("goal steps 8000" + Terminal.enter)
        try t.expect("goal for steps")
        try t.prompt()
        t.type("log sleep 7" + Terminal.enter)
        try t.expect("is not a duration")
        try t.prompt()
        t.type("undo" + Terminal.enter)
        let asked = try t.expect("daybook Sat 21 Nov> ")
        #expect(
            asked.contains(
                "the line before wrote nothing, so nothing was undone; undo would revert: goal steps >= 8,000 steps daily from 2026-11-21. Type 'undo' again to revert it\n"
            ), "\(asked)")
        #expect(!asked.contains("undid"))
        #expect(try home.sql("SELECT count(*) FROM goal WHERE removed_by IS NULL") == "1")
        try t.waitForRawMode()
        t.type("undo" + Terminal.enter)
        try t.expect("undid: goal steps >= 8,000 steps daily from 2026-11-21\n")
        try t.prompt()
        #expect(try home.sql("SELECT count(*) FROM goal WHERE removed_by IS NULL") == "0")

        // After a line that worked, even one that only read, undo reverts at once.
        t.type("note kept" + Terminal.enter)
        try t.expect("noted for today")
        try t.prompt()
        t.type("mood 9" + Terminal.enter)
        try t.expect("mood is rated 1 to 5")
        try t.prompt()
        t.type("show" + Terminal.enter)
        try t.expect("kept")
        try t.prompt()
        t.type("undo" + Terminal.enter)
        try t.expect("undid: a note on 2026-11-21\n")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }

    /// A script sourced from the shell keeps a script's behaviour: its undo reverts at once.
    @Test func undoInASourcedScriptRevertsAtOnce() throws {
        let home = try Home()
        let script = home.directory + "/undo.daybook"
        try "undo\n".write(toFile: script, atomically: true, encoding: .utf8)
        let t = try Terminal(home)
        try t.prompt()
        t.type("note one" + Terminal.enter)
        try t.expect("noted for today")
        try t.prompt()
        t.type("mood 9" + Terminal.enter)
        try t.expect("mood is rated 1 to 5")
        try t.prompt()
        t.type("source \(script)" + Terminal.enter)
        try t.expect("undid: a note on 2026-11-21\n")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }
}
