import Foundation
import Testing

/// `undo`, in one-shot commands and scripts: what it reverts, what it says, and that a failing undo leaves
/// the journal as it was.
@Suite struct UndoTests {
    /// An undo with nothing to revert fails, and writes nothing: not even a row in the change log.
    @Test func aFailingUndoWritesNothing() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "x"]).status == 0)
        #expect(try d.run(["undo"]).status == 0)
        let changes = try d.sql("SELECT count(*) FROM change")
        let before = try #require(d.journalBytes())
        for _ in 1...6 {
            let r = try d.run(["undo"])
            #expect(r.status == 1)
            #expect(r.stderr == "error: nothing to undo\n")
        }
        #expect(try d.sql("SELECT count(*) FROM change") == changes)
        #expect(d.journalBytes() == before)
        // In a script too, where the undo runs inside a batch.
        let script = try d.run(input: "undo\nundo\n")
        #expect(script.status == 1)
        #expect(try d.sql("SELECT count(*) FROM change") == changes)
    }
}

extension UndoTests {
    /// Undoing a log of 100,000 values says so in one screen line, not in a megabyte.
    @Test func undoingAHugeLogIsSummarised() throws {
        let d = try InProcess()
        let line = "log " + Array(repeating: "steps 1", count: 100_000).joined(separator: " ") + "\n"
        let script = try d.run(input: line + line + "undo\n")
        #expect(script.status == 0)
        #expect(script.stderr == "undid: log steps 1, steps 1, steps 1 and 99,997 more values for 2026-11-21\n")
        // At least one value is named, whatever the width.
        d.environment["COLUMNS"] = "40"
        #expect(
            try d.run(["undo"]).stderr
                == "undid: log steps 1 and 99,999 more values for 2026-11-21 (made in another session at 09:30)\n")
    }
}

extension UndoTests {
    /// Scripts and one-shot commands keep undoing at once after a line that failed: they run
    /// what they were given, and nobody is there to be asked.
    @Test func scriptsUndoAtOnceAfterAFailedLine() throws {
        let d = try InProcess()
        let script = try d.run(input: "goal steps 8000\nlog sleep 7\nundo\n")
        #expect(script.status == 1)
        #expect(
            script.stderr
                == "<stdin>:2: error: sleep: '7' is not a duration; use 7h30m, 7h, 45m, 7:30 or 7.5h\nundid: goal steps >= 8,000 steps daily from 2026-11-21\n"
        )
        #expect(try d.run(["goal", "steps", "8000"]).status == 0)
        #expect(try d.run(["log", "sleep", "7"]).status == 1)
        #expect(try d.run(["undo"]).stderr == "undid: goal steps >= 8,000 steps daily from 2026-11-21\n")
    }
}
