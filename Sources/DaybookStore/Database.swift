import CSQLite
import Synchronization
import DaybookCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An error from SQLite. It names the operation and SQLite's own message, never a bound value:
/// notes are private, and errors end up in terminals, logs and bug reports.
public struct DatabaseError: Error, CustomStringConvertible, Sendable {
    public let code: Int32
    public let message: String
    public let operation: String
    /// The `errno` of the system call that failed, for I/O errors (0 when none).
    public let systemErrno: Int32

    public init(code: Int32, message: String, operation: String, systemErrno: Int32 = 0) {
        self.code = code
        self.message = message
        self.operation = operation
        self.systemErrno = systemErrno
    }

    public var description: String { "\(operation): \(message)" }

    /// What went wrong, by name. Code outside the core switches on this, never on result codes.
    public enum Kind: Sendable, Equatable, CaseIterable {
        /// Another connection holds a lock it needs (`SQLITE_BUSY`, `SQLITE_LOCKED`): try again.
        case busy
        /// The file cannot be written (`SQLITE_READONLY`).
        case readOnly
        /// The disk, or the file size limit (`ulimit -f`), is full: `SQLITE_FULL`, or an I/O
        /// error whose system call failed with ENOSPC, EFBIG or EDQUOT.
        case full
        /// A text or a statement is larger than SQLite takes (`SQLITE_TOOBIG`).
        case tooBig
        /// The file is damaged (`SQLITE_CORRUPT`).
        case corrupt
        /// The file is not a SQLite database, so not a journal (`SQLITE_NOTADB`).
        case notAJournal
        /// The running statement was interrupted (`SQLITE_INTERRUPT`): Ctrl-C.
        case interrupted
        /// Reading or writing the file failed for another reason than room (`SQLITE_IOERR`).
        case io
        /// The file, or its write-ahead log, could not be opened (`SQLITE_CANTOPEN`).
        case cannotOpen
        /// Anything else: a constraint, a misuse, a statement that does not prepare.
        case other

        /// The kind of a SQLite result code, primary or extended; `systemErrno` is the `errno`
        /// of the system call behind an I/O error (0 when none).
        public init(resultCode: Int32, systemErrno: Int32 = 0) {
            switch resultCode & 0xff {
            case SQLITE_BUSY, SQLITE_LOCKED: self = .busy
            case SQLITE_READONLY: self = .readOnly
            case SQLITE_FULL: self = .full
            case SQLITE_IOERR: self = [ENOSPC, EFBIG, EDQUOT].contains(systemErrno) ? .full : .io
            case SQLITE_TOOBIG: self = .tooBig
            case SQLITE_CORRUPT: self = .corrupt
            case SQLITE_NOTADB: self = .notAJournal
            case SQLITE_INTERRUPT: self = .interrupted
            case SQLITE_CANTOPEN: self = .cannotOpen
            default: self = .other
            }
        }
    }

    /// What went wrong, by name.
    public var kind: Kind { Kind(resultCode: code, systemErrno: systemErrno) }

    /// The primary result code (`SQLITE_BUSY`, `SQLITE_FULL`, ...), without extended bits.
    public var primaryCode: Int32 { code & 0xff }
    public var isBusy: Bool { kind == .busy }
    public var isInterrupt: Bool { kind == .interrupted }
    /// The disk (or the file size limit) is full: `SQLITE_FULL`, or an I/O error whose system
    /// call failed with ENOSPC, EFBIG or EDQUOT.
    public var isDiskFull: Bool { kind == .full }
}

/// Interrupts the statement a connection is running, from any thread and from a signal
/// handler: it only sets a flag that the running statement checks (`sqlite3_interrupt`), so it
/// allocates nothing and takes no lock. The statement then fails with
/// `DatabaseError.Kind.interrupted`. Valid while its journal is open; `none` does nothing. It can
/// be kept in an `Atomic`, which is how a signal handler, which cannot capture, finds it.
public struct Interrupter: Sendable, Equatable {
    let bits: Int

    init(bits: Int) { self.bits = bits }

    init(_ handle: OpaquePointer) { self.bits = Int(bitPattern: UnsafeRawPointer(handle)) }

    /// Interrupts nothing.
    public static let none = Interrupter(bits: 0)

    public func interrupt() {
        if let handle = OpaquePointer(bitPattern: bits) { sqlite3_interrupt(handle) }
    }
}

extension Interrupter: AtomicRepresentable {
    public typealias AtomicRepresentation = Int.AtomicRepresentation

    public static func encodeAtomicRepresentation(_ value: consuming Interrupter) -> AtomicRepresentation {
        Int.encodeAtomicRepresentation(value.bits)
    }

    public static func decodeAtomicRepresentation(_ storage: consuming AtomicRepresentation) -> Interrupter {
        Interrupter(bits: Int.decodeAtomicRepresentation(storage))
    }
}

/// A value that can be bound to a statement parameter or read from a column.
package enum SQLValue: Sendable, Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// One open SQLite connection. Not shared between threads. Only the store reaches it: what is
/// outside goes through `Journal`, but for the named doors of `Sources/DaybookProbes` (the
/// benchmark's and the fuzz target's, which the binary does not link), hence `package`.
package final class Database {
    public let handle: OpaquePointer
    public let path: String
    private var cache: [String: Statement] = [:]
    /// The same statements by the address of their text's UTF-8 bytes (see `cached`).
    private var cacheByAddress: [Int: Statement] = [:]
    /// Rows written to the table `watchWrites(to:)` names, counted by SQLite's update hook.
    private let watched = UnsafeMutablePointer<WatchedTable>.allocate(capacity: 1)

    /// Opens `path`. `create` decides whether a missing file may be created. `immutable` (read
    /// only) reads the file as it is, without the write-ahead log's shared memory: for a file
    /// whose folder cannot be written, where SQLite cannot create that memory file.
    /// With `key`, the file is an encrypted journal (SQLCipher), opened with that raw key.
    public init(path: String, create: Bool, readOnly: Bool = false, immutable: Bool = false, key: JournalKey? = nil) throws {
        var db: OpaquePointer?
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        if readOnly || immutable {
            flags |= SQLITE_OPEN_READONLY
        } else {
            flags |= SQLITE_OPEN_READWRITE
            if create { flags |= SQLITE_OPEN_CREATE }
        }
        var name = path
        if immutable {
            flags |= SQLITE_OPEN_URI
            name = "file:" + Database.percentEncoded(path) + "?immutable=1"
        }
        _ = Database.configured
        if key != nil { Database.lockPageCache() }
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        guard rc == SQLITE_OK, let db else {
            let message = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
            if let db { sqlite3_close_v2(db) }
            throw DatabaseError(code: rc, message: message, operation: "open")
        }
        if let key {
            let rc = key.apply(db)
            if rc != SQLITE_OK {
                sqlite3_close_v2(db)
                throw DatabaseError(code: rc, message: String(cString: sqlite3_errstr(rc)), operation: "key")
            }
        }
        self.handle = db
        self.path = path
        watched.initialize(to: WatchedTable(name: nil, writes: 0))
        sqlite3_extended_result_codes(db, 1)
    }

    /// Counts, from now on, the rows inserted, updated or deleted in `table` (a table with
    /// rowids) by this connection, in `watchedWrites`; a rollback does not take them back.
    /// What is read from that table can then be kept for as long as the count stands.
    public func watchWrites(to table: String) {
        free(watched.pointee.name)
        watched.pointee = WatchedTable(name: strdup(table), writes: 0)
        sqlite3_update_hook(
            handle,
            { context, _, _, table, _ in
                guard let context, let table else { return }
                let watched = context.assumingMemoryBound(to: WatchedTable.self)
                if let name = watched.pointee.name, strcmp(name, table) == 0 { watched.pointee.writes += 1 }
            }, watched)
    }

    /// The rows written to the watched table so far (`watchWrites(to:)`).
    public var watchedWrites: Int { watched.pointee.writes }

    /// A path as the path part of a `file:` URI.
    static func percentEncoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                out.unicodeScalars.append("%")
                out.unicodeScalars.append(hex[Int(byte >> 4)])
                out.unicodeScalars.append(hex[Int(byte & 15)])
            }
        }
        return out
    }

    deinit {
        cacheByAddress.removeAll()
        cache.removeAll()
        sqlite3_update_hook(handle, nil, nil)
        sqlite3_close_v2(handle)
        free(watched.pointee.name)
        watched.deallocate()
    }

    /// True when the database file was renamed or deleted since it was opened: SQLite
    /// compares the inode of the file at its path with that of the file it has open.
    public var hasMoved: Bool {
        var moved: Int32 = 0
        return sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK && moved != 0
    }

    /// Runs one or more statements that bind nothing.
    public func execute(_ sql: String) throws {
        var errmsg: UnsafeMutablePointer<CChar>?
        let rc = sqlite3_exec(handle, sql, nil, nil, &errmsg)
        if rc != SQLITE_OK {
            let message = errmsg.map { String(cString: $0) } ?? String(cString: sqlite3_errstr(rc))
            sqlite3_free(errmsg)
            throw DatabaseError(
                code: rc, message: message, operation: "execute", systemErrno: sqlite3_system_errno(handle))
        }
    }

    /// A prepared statement, kept for reuse. Callers must not keep it across `clearCache()`.
    ///
    /// Hashing the text of a statement on every call cost more than binding and running many
    /// of them (a script's `log` line runs a dozen), so a statement is first looked up by the
    /// address of its text's bytes: a literal's never change, and a statement keeps the text it
    /// was prepared from alive, so no other text can take that address while it is cached. Text
    /// at another address (built anew each time) is looked up by its content.
    public func cached(_ sql: String) throws -> Statement {
        let address = Database.address(of: sql)
        if address != 0, let statement = cacheByAddress[address], statement.sql.utf8.count == sql.utf8.count {
            statement.reset()
            return statement
        }
        if let statement = cache[sql] {
            statement.reset()
            return statement
        }
        let statement = try Statement(database: self, sql: sql)
        cache[sql] = statement
        let own = Database.address(of: statement.sql)
        if own != 0 { cacheByAddress[own] = statement }
        return statement
    }

    /// Where a text's UTF-8 bytes are stored, or 0 for a text kept inline (15 bytes or fewer,
    /// whose bytes are copied wherever the text goes) or not stored as UTF-8.
    private static func address(of text: String) -> Int {
        guard text.utf8.count > 15 else { return 0 }
        return text.utf8.withContiguousStorageIfAvailable { Int(bitPattern: $0.baseAddress) } ?? 0
    }

    public func clearCache() {
        cacheByAddress.removeAll()
        cache.removeAll()
    }

    public var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }
    public var changes: Int { Int(sqlite3_changes(handle)) }
    public var inTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    public func interrupt() { sqlite3_interrupt(handle) }

    /// Lets the connection run again after an interrupt (Ctrl-C), so that what was begun can be
    /// rolled back: SQLite lifts an interrupt only once no statement of the connection is running,
    /// and refuses to prepare any until then, while FTS5 keeps statements of its own running inside
    /// a write transaction that touched the search index. Every statement still running is reset.
    func settleInterrupt() {
        guard sqlite3_is_interrupted(handle) != 0 else { return }
        var next = sqlite3_next_stmt(handle, nil)
        while let statement = next {
            if sqlite3_stmt_busy(statement) != 0 { sqlite3_reset(statement) }
            next = sqlite3_next_stmt(handle, statement)
        }
    }

    /// Interrupts this connection's running statement from anywhere (see `Interrupter`).
    public var interrupter: Interrupter { Interrupter(handle) }

    func error(_ rc: Int32, _ operation: String) -> DatabaseError {
        DatabaseError(
            code: rc, message: String(cString: sqlite3_errmsg(handle)), operation: operation,
            systemErrno: sqlite3_system_errno(handle))
    }

    /// How long SQLite waits for another connection's lock before it answers SQLITE_BUSY.
    public static let busyTimeoutMilliseconds: Int32 = 10_000

    /// Runs `sql` (BEGIN IMMEDIATE, COMMIT) and runs it again when SQLite answers SQLITE_BUSY
    /// before the busy timeout has passed, which it does where it cannot wait itself (a busy
    /// COMMIT keeps its transaction open to be retried). `again` says whether running the
    /// statement again is still right; a busy answer after the whole timeout is final.
    public func executeRetryingBusy(_ sql: String, again: () -> Bool) throws {
        let start = MonotonicClock.milliseconds()
        var pause: UInt32 = 1000
        while true {
            do {
                try execute(sql)
                return
            } catch let error as DatabaseError where error.isBusy {
                guard MonotonicClock.milliseconds() - start < Int(Database.busyTimeoutMilliseconds), again() else {
                    throw error
                }
                usleep(pause)
                pause = min(pause * 2, 100_000)
            }
        }
    }

    // MARK: Convenience

    /// Runs a statement with the given bindings and steps it to completion.
    @discardableResult
    public func run(_ sql: String, _ values: [SQLValue] = []) throws -> Int {
        let statement = try cached(sql)
        try statement.bind(values)
        while try statement.step() {}
        return changes
    }

    /// Runs a query and maps each row.
    public func rows<T>(_ sql: String, _ values: [SQLValue] = [], _ map: (Statement) throws -> T) throws -> [T] {
        let statement = try cached(sql)
        try statement.bind(values)
        var result: [T] = []
        while try statement.step() { result.append(try map(statement)) }
        return result
    }

    /// The first row of a query, mapped, or nil.
    public func first<T>(_ sql: String, _ values: [SQLValue] = [], _ map: (Statement) throws -> T) throws -> T? {
        let statement = try cached(sql)
        try statement.bind(values)
        defer { statement.reset() }
        return try statement.step() ? map(statement) : nil
    }

    public func scalarInt(_ sql: String, _ values: [SQLValue] = []) throws -> Int64? {
        try first(sql, values) { $0.isNull(0) ? nil : $0.int(0) } ?? nil
    }

    public func scalarText(_ sql: String, _ values: [SQLValue] = []) throws -> String? {
        try first(sql, values) { $0.text(0) } ?? nil
    }
}

/// The table whose writes a database counts (`Database.watchWrites(to:)`).
struct WatchedTable {
    var name: UnsafeMutablePointer<CChar>?
    var writes: Int
}

/// A prepared statement: a throwing init, finalized on deinit.
package final class Statement {
    let handle: OpaquePointer
    unowned let database: Database
    /// The text it was prepared from.
    let sql: String

    public init(database: Database, sql: String) throws {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v3(database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard rc == SQLITE_OK, let statement else {
            throw database.error(rc, "prepare")
        }
        self.handle = statement
        self.database = database
        self.sql = sql
    }

    deinit { sqlite3_finalize(handle) }

    public func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    public func bind(_ values: [SQLValue]) throws {
        for (offset, value) in values.enumerated() {
            try bind(value, at: Int32(offset + 1))
        }
    }

    public func bind(_ value: SQLValue, at index: Int32) throws {
        let rc: Int32
        switch value {
        case .null: rc = sqlite3_bind_null(handle, index)
        case .integer(let v): rc = sqlite3_bind_int64(handle, index, v)
        case .real(let v): rc = sqlite3_bind_double(handle, index, v)
        case .text(var v):
            // Bound by byte count so that text holding NUL characters is stored whole. SQLite
            // copies the bytes (transient), so they are read in place, without a copy of our own.
            rc = v.withUTF8 { bytes in
                guard let base = bytes.baseAddress, bytes.count > 0 else {
                    return sqlite3_bind_text(handle, index, "", 0, csqlite_transient())
                }
                return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                    sqlite3_bind_text(handle, index, $0, Int32(bytes.count), csqlite_transient())
                }
            }
        }
        if rc != SQLITE_OK { throw database.error(rc, "bind") }
    }

    /// Steps once. Returns true when a row is available, false when done.
    public func step() throws -> Bool {
        let rc = sqlite3_step(handle)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default:
            let error = database.error(rc, "step")
            sqlite3_reset(handle)
            throw error
        }
    }

    public func isNull(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_NULL }
    /// Whether the column holds an integer, a real number (its storage class, not its declared type).
    public func isInteger(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_INTEGER }
    public func isReal(_ column: Int32) -> Bool { sqlite3_column_type(handle, column) == SQLITE_FLOAT }
    public func int(_ column: Int32) -> Int64 { sqlite3_column_int64(handle, column) }
    public func double(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }
    public func text(_ column: Int32) -> String? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
    }
    public func string(_ column: Int32) -> String { text(column) ?? "" }
}
