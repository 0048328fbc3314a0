import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A journal deleted under a running script: the script writes nothing more to the deleted
/// file, says which lines were lost, and stops.
@Suite struct JournalMovedTests {
    @Test func aScriptStopsWhenItsJournalIsDeleted() throws {
        let d = try Daybook()
        let session = try d.start()
        session.send("note a\n")
        // Committed once input pauses.
        #expect(eventually { (try? d.sql("SELECT count(*) FROM note")) == "1" })
        for suffix in ["", "-wal", "-shm"] { unlink(d.journal + suffix) }
        session.send("note b\nshow\nnote c\n")
        #expect(session.finish() == 1)
        #expect(
            session.stderr
                == "<stdin>:2: error: the journal \(d.journal) was deleted while daybook had it open; nothing was written. Type 'reopen' to go on at \(d.journal): the first write then creates a new journal there; the script stopped here\n"
        )
        #expect(!FileManager.default.fileExists(atPath: d.journal))
    }

    /// With `--atomic`, the whole script is one batch: deleted before its end, none of it is
    /// written anywhere, and the error names the lines.
    @Test func anAtomicScriptWhoseJournalIsDeletedWritesNothing() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "x"]).status == 0)
        let session = try d.start(["--atomic"])
        session.send("note a\n")
        #expect(eventually { FileManager.default.fileExists(atPath: d.journal + "-wal") })
        usleep(100_000)
        for suffix in ["", "-wal", "-shm"] { unlink(d.journal + suffix) }
        session.send("note b\n")
        #expect(session.finish() == 1)
        #expect(
            session.stderr
                == "<stdin>:2: error: the journal \(d.journal) was deleted while daybook had it open; lines 1 to 2 of <stdin> were not written. Type 'reopen' to go on at \(d.journal): the first write then creates a new journal there\n"
        )
        #expect(!FileManager.default.fileExists(atPath: d.journal))
    }
}
