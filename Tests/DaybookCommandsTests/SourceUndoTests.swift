import Foundation
import Testing

/// `undo` right after `source` reverts all that the file wrote, as one change.
@Suite struct SourceUndoTests {
    @Test func undoRightAfterSourceRevertsTheWholeFile() throws {
        let d = try InProcess()
        let file = d.directory + "/week.daybook"
        try "note in file 1\nmood 4\nlog steps 100\nshow nosuchday\nnote in file 2\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let r = try d.run([], input: "note before\nmood 2\nsource \(file)\nundo\nshow\nundo\n")
        #expect(
            r.stderr == """
                \(file):4: error: 'nosuchday' is not a date; use today, yesterday, a weekday (monday or mon), last monday, 3 days ago, a week ago, 21 nov, nov 21, 21/11, or YYYY-MM-DD
                undid: source \(file): its 4 lines that wrote
                undid: mood 2 (bad) for 2026-11-21

                """)
        // The file's mood replaced the one before it, which comes back; the next undo is the
        // change before the file.
        #expect(
            try d.dump([
                ("notes", "SELECT text FROM note WHERE removed_by IS NULL ORDER BY id"),
                ("moods", "SELECT rating FROM mood WHERE removed_by IS NULL"),
                ("steps", "SELECT count(*) FROM entry WHERE removed_by IS NULL"),
                ("undos", "SELECT summary FROM change WHERE command = 'undo' ORDER BY id"),
            ]) == [
                "notes": ["before"], "moods": [], "steps": ["0"],
                "undos": ["undo source \(file): its 4 lines that wrote", "undo mood 2 (bad) for 2026-11-21"],
            ])
    }

    /// Another line in between, or an undo already used: `undo` reverts one change again.
    @Test func onlyRightAfterSource() throws {
        let d = try InProcess()
        let file = d.directory + "/two.daybook"
        try "note one\nnote two\n".write(toFile: file, atomically: true, encoding: .utf8)
        let r = try d.run([], input: "source \(file)\nshow\nundo\nsource \(file)\nundo\nundo\n")
        #expect(
            r.stderr == """
                undid: a note on 2026-11-21
                undid: source \(file): its 2 lines that wrote
                undid: a note on 2026-11-21

                """)
        #expect(try d.sql("SELECT count(*) FROM note WHERE removed_by IS NULL") == "0")
    }
}
