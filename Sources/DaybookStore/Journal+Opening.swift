import CSQLite
import DaybookCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Opening the journal's file, checking what it is, setting it up and migrating it.
extension Journal {
    /// Removes a journal file this process created and could not set up (a full disk), so
    /// that no empty file is left behind. A file with anything in it is never removed.
    static func removeIfEmpty(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 0 else { return }
        unlink(path)
    }

    /// What a journal path that is neither a regular file nor a folder is (`a device`,
    /// `a FIFO (named pipe)`, `a socket`), or nil.
    static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG, S_IFDIR: return nil
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        default: return "a special file"
        }
    }

    /// Why the journal cannot be written, or nil when it can: the file, or its folder (where
    /// SQLite keeps the write-ahead log), is not writable.
    static func whyReadOnly(_ path: String) -> String? {
        if access(path, W_OK) != 0 { return String(cString: strerror(errno)) }
        let dir = Paths.folder(of: path)
        if access(dir, W_OK) != 0 { return "its folder \(dir) cannot be written (\(String(cString: strerror(errno))))" }
        return nil
    }

    /// Gives the owner back the right to write the write-ahead log and its shared memory
    /// beside the journal. SQLite creates them with the journal's own mode, so a read while
    /// the journal was read-only (0400) leaves a 0400 `-shm`, and once the journal can be
    /// written again every write would fail on it. Only files this user owns are changed, and
    /// only the owner's bits; a file that is not there is left so.
    static func repairSidecars(_ path: String) {
        for file in [path + "-wal", path + "-shm"] {
            var info = stat()
            guard lstat(file, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_uid == geteuid(),
                info.st_mode & 0o600 != 0o600
            else { continue }
            chmod(file, (info.st_mode & 0o777) | 0o600)
        }
    }

    /// Opens a journal that cannot be written. A journal in WAL mode is read through a shared
    /// memory file (`-shm`) that SQLite cannot create in a folder it cannot write; when there is
    /// none, and no write-ahead log holds changes not yet in the file, the file alone is read.
    static func openReadOnly(_ path: String, key: JournalKey? = nil) throws -> Database {
        let database = try Database(path: path, create: false, readOnly: true, key: key)
        do {
            try firstRead(database)
            // SQLite may have just made the sidecars, with the journal's read-only mode.
            repairSidecars(path)
            return database
        } catch let error as DatabaseError
            where error.kind == .readOnly || error.kind == .cannotOpen || isOutOfSpace(error, path)
        {
            var info = stat()
            if stat(path + "-wal", &info) == 0 && info.st_size > 0 {
                throw JournalError(
                    "journal \(path) cannot be written, and its write-ahead log \(path)-wal holds changes that cannot be read without writing; open it once where it can be written"
                )
            }
            return try Database(path: path, create: false, immutable: true, key: key)
        }
    }

    /// How long a journal opened to peek (`Journal(path:peek:)`) waits for a lock: short
    /// enough that a TAB never freezes, long enough for a writer's commit to end.
    static let peekTimeoutMilliseconds: Int32 = 5

    /// Opens a journal to read it without writing anything beside it. A read-only connection
    /// in WAL mode creates the write-ahead log and its shared memory when they are not there,
    /// and cannot remove them when it closes; with no write-ahead log, no connection has the
    /// journal open (the last one to close removes it), so the file alone holds everything and
    /// is read as immutable. With one, another process may be writing: the journal is read
    /// through it, as any reader does.
    static func openToPeek(_ path: String, busyTimeout: Int32, key: JournalKey? = nil) throws -> Database {
        var info = stat()
        let logged = stat(path + "-wal", &info) == 0
        let database = try Database(path: path, create: false, readOnly: logged, immutable: !logged, key: key)
        try firstRead(database, busyTimeout: busyTimeout)
        return database
    }

    /// Why a write may have failed for want of room, or nil: the disk is full, or the journal
    /// (or its write-ahead log) has reached the file size limit (`ulimit -f`). SQLite reports
    /// the first as SQLITE_FULL; the second, and a full disk met while growing its
    /// shared-memory file, only as an I/O error, so the file system is asked.
    public static func outOfSpace(_ path: String) -> String? {
        var fs = statvfs()
        if statvfs(Paths.folder(of: path), &fs) == 0 {
            let blocks = geteuid() == 0 ? UInt64(fs.f_bfree) : UInt64(fs.f_bavail)
            if blocks * UInt64(fs.f_frsize) < 64 * 1024 { return "the disk is full" }
        }
        var limit = rlimit()
        if getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0 && limit.rlim_cur != rlim_t.max {
            var largest: UInt64 = 0
            for file in [path, path + "-wal", path + "-shm"] {
                var info = stat()
                if stat(file, &info) == 0 { largest = max(largest, UInt64(info.st_size)) }
            }
            if largest + 64 * 1024 >= UInt64(limit.rlim_cur) { return "the file size limit (ulimit -f) is reached" }
        }
        return nil
    }

    public func outOfSpace() -> String? { Journal.outOfSpace(path) }

    static func isOutOfSpace(_ error: DatabaseError, _ path: String) -> Bool {
        error.kind == .full || (error.kind == .io && outOfSpace(path) != nil)
    }

    /// Sets the busy timeout and reads the schema: SQLite opens files lazily, and this is where
    /// a damaged, foreign or unreachable file shows.
    static func firstRead(_ database: Database, busyTimeout: Int32 = Database.busyTimeoutMilliseconds) throws {
        try database.execute("PRAGMA busy_timeout = \(busyTimeout)")
        _ = try database.scalarInt("SELECT count(*) FROM sqlite_schema")
    }

    static func openError(_ path: String, _ error: DatabaseError) -> JournalError {
        if isOutOfSpace(error, path) {
            let reason = outOfSpace(path) ?? "the disk is full"
            return JournalError("cannot open journal \(path): \(reason); nothing was written")
        }
        if error.kind == .notAJournal {
            return JournalError("\(path) is not a SQLite database, so not a daybook journal; it was left untouched")
        }
        return JournalError("cannot open journal \(path): \(error.message)")
    }

    /// Creates the folders (0700) and an empty file (0600), whatever the umask.
    static func createFile(_ path: String) throws {
        let dir = Paths.folder(of: path)
        try makeDirectories(dir)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 {
            if errno == EEXIST { return }
            throw JournalError("cannot create journal \(path): \(String(cString: strerror(errno)))")
        }
        fchmod(fd, 0o600)
        close(fd)
    }

    /// `mkdir -p` with mode 0700 for the folders it creates.
    public static func makeDirectories(_ dir: String) throws {
        if dir.isEmpty || dir == "." || dir == "/" { return }
        var info = stat()
        if stat(dir, &info) == 0 {
            if (info.st_mode & S_IFMT) != S_IFDIR { throw JournalError("\(dir) is not a folder") }
            return
        }
        try makeDirectories(Paths.folder(of: dir))
        if mkdir(dir, 0o700) != 0 && errno != EEXIST {
            throw JournalError("cannot create folder \(dir): \(String(cString: strerror(errno)))")
        }
    }

    func configure() throws {
        do {
            try database.execute("PRAGMA busy_timeout = \(busyTimeout)")
            // One statement, so one snapshot: another process may be setting up this journal
            // right now, and separate reads could see half of its work.
            let state = try database.first(
                """
                SELECT (SELECT application_id FROM pragma_application_id()), (SELECT user_version FROM pragma_user_version()),
                    (SELECT count(*) FROM sqlite_schema), (SELECT journal_mode FROM pragma_journal_mode())
                """
            ) { ($0.int(0), $0.int(1), $0.int(2), $0.string(3)) }
            guard let (appID, version, tables, mode) = state else { throw JournalError("cannot read journal \(path)") }
            if appID != Schema.applicationID && !(appID == 0 && version == 0 && tables == 0) {
                throw JournalError(
                    "\(path) is a SQLite database but not a daybook journal; it was left untouched",
                    reason: .notAJournal(path: path))
            }
            if version < 0 { throw negativeVersion(Int(version)) }
            if version > Schema.version {
                throw JournalError(
                    "journal \(path) has schema version \(version), newer than this daybook reads (\(Schema.version)); upgrade daybook. Nothing was written"
                )
            }
            if !readOnly {
                if mode.lowercased() != "wal" { try enableWAL() }
                try database.execute("PRAGMA synchronous = FULL")
            }
            try database.execute("PRAGMA foreign_keys = ON")
            if version < Schema.version {
                guard !readOnly else {
                    throw JournalError("journal \(path) is read-only and needs an upgrade to schema \(Schema.version)")
                }
                try migrate()
            }
        } catch let error as DatabaseError {
            throw Journal.openError(path, error)
        }
    }

    /// Switches a new journal to WAL mode. Several processes may do it at once on a journal
    /// that has just been created: SQLite then answers SQLITE_BUSY at once (it will not wait
    /// while that could dead-lock) or an I/O error as another process creates or removes the
    /// log. Both mean "try again"; a journal some other process has switched meanwhile is done.
    private func enableWAL() throws {
        let start = MonotonicClock.milliseconds()
        var pause: UInt32 = 1000
        while true {
            do {
                try database.execute("PRAGMA journal_mode = WAL")
                return
            } catch let error as DatabaseError where error.isBusy || error.primaryCode == SQLITE_IOERR {
                if (try? database.scalarText("PRAGMA journal_mode"))?.lowercased() == "wal" { return }
                guard MonotonicClock.milliseconds() - start < Int(Database.busyTimeoutMilliseconds) else { throw error }
                usleep(pause)
                pause = min(pause * 2, 50_000)
            }
        }
    }

    /// A schema version below zero: no daybook writes one, and no migration starts from it.
    private func negativeVersion(_ version: Int) -> JournalError {
        JournalError("journal \(path) has schema version \(version), which no daybook writes; it was left untouched")
    }

    private func migrate() throws {
        // In turn with the other writers (`beginWrite`): a new journal that scripts are
        // already writing to would otherwise keep this session waiting until they end.
        try beginWrite()
        do {
            // Read again inside the write lock: another process may have migrated meanwhile.
            let version = Int(try database.scalarInt("PRAGMA user_version") ?? 0)
            if version < 0 { throw negativeVersion(version) }
            if version < Schema.version {
                for index in version..<Schema.version {
                    do {
                        try database.execute(Schema.migrations[index])
                    } catch let error as DatabaseError where error.kind == .other {
                        throw JournalError(
                            "cannot upgrade journal \(path) from schema \(version) to \(Schema.version): step \(index + 1) failed (\(error.message)), so its tables are not those of schema \(index) that it claims; it was left untouched"
                        )
                    }
                    try database.execute("PRAGMA user_version = \(index + 1)")
                }
                try database.execute("PRAGMA application_id = \(Schema.applicationID)")
            }
            try database.execute("COMMIT")
        } catch {
            try? database.execute("ROLLBACK")
            throw error
        }
    }
}
