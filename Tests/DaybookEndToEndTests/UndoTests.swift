import Foundation
import Testing

/// `undo` on the real binary: what it reverts, what it says, and that a failing undo leaves
/// the journal as it was.
@Suite struct UndoTests {
    /// An undo with nothing to revert fails, and writes nothing: not even a row in the change log.
    @Test func aFailingUndoWritesNothing() throws {
        let d = try Daybook()
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
