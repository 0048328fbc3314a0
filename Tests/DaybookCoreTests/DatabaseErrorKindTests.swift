import Foundation
import Synchronization
import Testing

@testable import DaybookCore
@testable import DaybookStore

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct DatabaseErrorKindTests {
    /// SQLite result codes, primary and extended, by number: no `SQLITE_` constant outside the core.
    @Test func resultCodesMapToKinds() {
        let cases: [(code: Int32, errno: Int32, kind: DatabaseError.Kind)] = [
            (5, 0, .busy),  // SQLITE_BUSY
            (261, 0, .busy),  // SQLITE_BUSY_RECOVERY
            (517, 0, .busy),  // SQLITE_BUSY_SNAPSHOT
            (6, 0, .busy),  // SQLITE_LOCKED
            (8, 0, .readOnly),  // SQLITE_READONLY
            (1032, 0, .readOnly),  // SQLITE_READONLY_DBMOVED
            (13, 0, .full),  // SQLITE_FULL
            (10, ENOSPC, .full),  // SQLITE_IOERR, no room on the disk
            (778, EFBIG, .full),  // SQLITE_IOERR_WRITE, the file size limit
            (10, EDQUOT, .full),  // SQLITE_IOERR, over quota
            (10, 0, .io),  // SQLITE_IOERR
            (266, EIO, .io),  // SQLITE_IOERR_READ
            (4874, 0, .io),  // SQLITE_IOERR_SHMSIZE
            (18, 0, .tooBig),  // SQLITE_TOOBIG
            (11, 0, .corrupt),  // SQLITE_CORRUPT
            (267, 0, .corrupt),  // SQLITE_CORRUPT_VTAB
            (26, 0, .notAJournal),  // SQLITE_NOTADB
            (9, 0, .interrupted),  // SQLITE_INTERRUPT
            (14, 0, .cannotOpen),  // SQLITE_CANTOPEN
            (1, 0, .other),  // SQLITE_ERROR
            (2067, 0, .other),  // SQLITE_CONSTRAINT_UNIQUE
            (21, 0, .other),  // SQLITE_MISUSE
        ]
        for (code, errno, kind) in cases {
            #expect(DatabaseError.Kind(resultCode: code, systemErrno: errno) == kind, "\(code) errno \(errno)")
            let error = DatabaseError(code: code, message: "m", operation: "step", systemErrno: errno)
            #expect(error.kind == kind, "\(code) errno \(errno)")
            #expect(error.isBusy == (kind == .busy))
            #expect(error.isInterrupt == (kind == .interrupted))
            #expect(error.isDiskFull == (kind == .full))
        }
    }

    /// The kind of what `body` throws.
    func kind(_ body: () throws -> Void) -> DatabaseError.Kind? {
        do {
            try body()
            return nil
        } catch let error as DatabaseError {
            return error.kind
        } catch {
            return nil
        }
    }

    @Test func kindsOfRealFailures() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)

        // Not a SQLite database: SQLite finds out at the first read.
        let text = dir.path + "/notes.txt"
        try Data(String(repeating: "not a database\n", count: 100).utf8).write(to: URL(fileURLWithPath: text))
        #expect(kind { _ = try Database(path: text, create: false).scalarInt("SELECT count(*) FROM sqlite_schema") } == .notAJournal)

        // A folder that does not exist.
        #expect(kind { _ = try Database(path: dir.path + "/none/j.sqlite3", create: false) } == .cannotOpen)

        // Written through a read-only connection.
        let reader = try Database(path: journal.path, create: false, readOnly: true)
        #expect(kind { try reader.run("INSERT INTO setting (name, value) VALUES ('a', 'b')") } == .readOnly)

        // Another connection holds the write lock, and this one does not wait.
        let other = try Database(path: journal.path, create: false)
        try other.execute("PRAGMA busy_timeout = 0")
        try journal.database.execute("BEGIN IMMEDIATE")
        #expect(kind { try other.execute("BEGIN IMMEDIATE") } == .busy)
        try journal.database.execute("ROLLBACK")

        // Larger than SQLite takes.
        #expect(kind { _ = try journal.database.scalarInt("SELECT length(zeroblob(2000000000))") } == .tooBig)

        // Anything else.
        #expect(kind { try journal.database.run("INSERT INTO nowhere VALUES (1)") } == .other)
    }

    @Test func aDamagedFileIsCorrupt() throws {
        let dir = try TempDir()
        let path = dir.path + "/damaged.sqlite3"
        do {
            let database = try Database(path: path, create: true)
            try database.execute(
                """
                CREATE TABLE t (x TEXT);
                WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 2000)
                INSERT INTO t SELECT printf('%0100d', i) FROM c;
                """)
        }
        // Page 2 on (the table's pages) overwritten; the header and the schema on page 1 stay.
        let handle = try FileHandle(forUpdating: URL(fileURLWithPath: path))
        try handle.seek(toOffset: 4096)
        handle.write(Data(repeating: 0xA5, count: 4096 * 4))
        try handle.close()
        let database = try Database(path: path, create: false)
        #expect(kind { _ = try database.scalarInt("SELECT count(*) FROM t") } == .corrupt)
    }
}
