import Foundation
import Testing

/// `--atomic` scripts that fail: what they printed on the way is taken back in the summary.
@Suite struct AtomicScriptTests {
    /// The script said "undid: ..." and showed its own rows, then a line failed and all of it
    /// was rolled back: the summary says that nothing was applied, undos and reads included.
    @Test func aFailedAtomicScriptSaysItsUndosAndReadsWereNotKept() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "old"]).status == 0)
        let before = try d.sql("SELECT count(*) FROM change")
        let r = try d.run(["--atomic"], input: "note one\nshow\nundo\nundo\nmood 9\n")
        #expect(r.status == 1)
        #expect(r.stdout == "Saturday 21 November 2026\n  09:30   old · n1\n  09:30   one · n2\n")
        #expect(
            r.stderr == """
                undid: a note on 2026-11-21
                undid: a note on 2026-11-21 (made in another session at 09:30)
                <stdin>:5: error: mood is rated 1 to 5 (terrible, bad, okay, good, great); got 9
                daybook: 1 line failed; with --atomic nothing was applied: the 2 undos reported above were rolled back, and what the reads above showed of the script's changes was never kept

                """)
        #expect(try d.sql("SELECT count(*) FROM change") == before)
        #expect(try d.sql("SELECT group_concat(text) FROM note WHERE removed_by IS NULL") == "old")

        let undoOnly = try d.run(["--atomic"], input: "undo\nmood 9\n")
        #expect(
            undoOnly.stderr.hasSuffix(
                "daybook: 1 line failed; with --atomic nothing was applied: the undo reported above was rolled back\n"))
        // A read before the script changed anything showed what is kept: nothing to take back.
        let readFirst = try d.run(["--atomic"], input: "show\nnote two\nmood 9\n")
        #expect(readFirst.stderr.hasSuffix("daybook: 1 line failed; with --atomic nothing was written\n"))
        #expect(try d.sql("SELECT group_concat(text) FROM note WHERE removed_by IS NULL") == "old")
    }
}
