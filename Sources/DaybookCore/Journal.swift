import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a journal could not be opened or written. `description` is the one line a person sees.
public struct JournalError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// Everything recorded for one day.
public struct DayRecord: Sendable {
    public struct Note: Sendable {
        public let recordedAt: String
        public let text: String
    }
    public let day: Day
    public var mood: (rating: Int, note: String)?
    public var notes: [Note] = []
    public var tags: [String] = []
    public var values: [(attribute: Attribute, value: Double)] = []

    public init(day: Day) { self.day = day }

    public var isEmpty: Bool { mood == nil && notes.isEmpty && values.isEmpty }
}

/// What `undo` reverted.
public struct UndoResult: Sendable {
    public let summary: String
    public let recordedAt: String
    /// True when the change came from another session (another shell, script or command).
    public let otherSession: Bool
}

/// A daybook journal: one SQLite file.
public final class Journal {
    public let database: Database
    public let path: String
    /// Identifies this process's changes in the change log.
    public let session: String
    public let readOnly: Bool
    /// Why the journal cannot be written, when it cannot.
    public let whyReadOnly: String?
    private let clock: () -> LocalTime

    private var attributesByName: [String: Attribute] = [:]
    private var attributeOrder: [String] = []
    private var dirtyValues: Set<DirtyKey> = []
    private var currentChange: Int64? = nil
    private var batchOpen = false
    private var cachedNow: (stamp: Int, text: String)? = nil

    private struct TagKey: Hashable {
        let day: Int
        let name: String
    }

    private struct DirtyKey: Hashable {
        let attribute: String
        let day: String
    }

    // MARK: Opening

    /// Opens the journal at `path`, creating it (0600, in a 0700 folder) when it does not exist
    /// and `create` is true. Refuses, without writing anything, a directory, a file that is not
    /// a SQLite database, a SQLite database of another program, and a journal from a newer daybook.
    /// `session` names who makes the changes (`undo` says when it reverts another session's
    /// change); by default, this process.
    public init(
        path: String, create: Bool = true, session: String? = nil,
        clock: @escaping () -> LocalTime = { LocalTime.now() }
    ) throws {
        self.path = path
        self.clock = clock
        self.session = session ?? "\(getpid())@" + clock().iso8601

        var info = stat()
        let exists = stat(path, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFDIR {
            throw JournalError("journal path \(path) is a directory; give the path of a file with --journal")
        }
        if !exists {
            guard create else { throw JournalError("no journal at \(path)") }
            try Journal.createFile(path)
        } else if access(path, R_OK) != 0 {
            throw JournalError("cannot read journal \(path): \(String(cString: strerror(errno)))")
        }
        var whyReadOnly = Journal.whyReadOnly(path)
        var database: Database
        do {
            if whyReadOnly == nil {
                database = try Database(path: path, create: false)
                do {
                    try Journal.firstRead(database)
                } catch let error as DatabaseError where Journal.isOutOfSpace(error, path) && !exists {
                    throw error
                } catch let error as DatabaseError where Journal.isOutOfSpace(error, path) {
                    // No room for the write-ahead log's shared memory: read what is there.
                    whyReadOnly = Journal.outOfSpace(path) ?? "the disk is full"
                    database = try Journal.openReadOnly(path)
                }
            } else {
                database = try Journal.openReadOnly(path)
            }
        } catch let error as DatabaseError {
            if !exists { Journal.removeIfEmpty(path) }
            throw Journal.openError(path, error)
        }
        self.database = database
        self.readOnly = whyReadOnly != nil
        self.whyReadOnly = whyReadOnly
        do {
            try configure()
            try loadAttributes()
        } catch {
            if !exists { Journal.removeIfEmpty(path) }
            throw error
        }
    }

    /// Removes a journal file this process created and could not set up (a full disk), so
    /// that no empty file is left behind. A file with anything in it is never removed.
    static func removeIfEmpty(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 0 else { return }
        unlink(path)
    }

    /// Why the journal cannot be written, or nil when it can: the file, or its folder (where
    /// SQLite keeps the write-ahead log), is not writable.
    static func whyReadOnly(_ path: String) -> String? {
        if access(path, W_OK) != 0 { return String(cString: strerror(errno)) }
        let dir = parentDirectory(of: path)
        if access(dir, W_OK) != 0 { return "its folder \(dir) cannot be written (\(String(cString: strerror(errno))))" }
        return nil
    }

    /// Opens a journal that cannot be written. A journal in WAL mode is read through a shared
    /// memory file (`-shm`) that SQLite cannot create in a folder it cannot write; when there is
    /// none, and no write-ahead log holds changes not yet in the file, the file alone is read.
    static func openReadOnly(_ path: String) throws -> Database {
        let database = try Database(path: path, create: false, readOnly: true)
        do {
            try firstRead(database)
            return database
        } catch let error as DatabaseError
            where error.primaryCode == SQLITE_READONLY || error.primaryCode == SQLITE_CANTOPEN
                || isOutOfSpace(error, path)
        {
            var info = stat()
            if stat(path + "-wal", &info) == 0 && info.st_size > 0 {
                throw JournalError(
                    "journal \(path) cannot be written, and its write-ahead log \(path)-wal holds changes that cannot be read without writing; open it once where it can be written"
                )
            }
            return try Database(path: path, create: false, immutable: true)
        }
    }

    /// Why a write may have failed for want of room, or nil: the disk is full, or the journal
    /// (or its write-ahead log) has reached the file size limit (`ulimit -f`). SQLite reports
    /// the first as SQLITE_FULL; the second, and a full disk met while growing its
    /// shared-memory file, only as an I/O error, so the file system is asked.
    public static func outOfSpace(_ path: String) -> String? {
        var fs = statvfs()
        if statvfs(parentDirectory(of: path), &fs) == 0 {
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
        error.isDiskFull || (error.primaryCode == SQLITE_IOERR && outOfSpace(path) != nil)
    }

    /// Sets the busy timeout and reads the schema: SQLite opens files lazily, and this is where
    /// a damaged, foreign or unreachable file shows.
    static func firstRead(_ database: Database) throws {
        try database.execute("PRAGMA busy_timeout = \(Database.busyTimeoutMilliseconds)")
        _ = try database.scalarInt("SELECT count(*) FROM sqlite_schema")
    }

    static func openError(_ path: String, _ error: DatabaseError) -> JournalError {
        if isOutOfSpace(error, path) {
            let reason = outOfSpace(path) ?? "the disk is full"
            return JournalError("cannot open journal \(path): \(reason); nothing was written")
        }
        if error.primaryCode == SQLITE_NOTADB {
            return JournalError("\(path) is not a SQLite database, so not a daybook journal; it was left untouched")
        }
        return JournalError("cannot open journal \(path): \(error.message)")
    }

    static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let dir = String(path[..<slash])
        return dir.isEmpty ? "/" : dir
    }

    /// Creates the folders (0700) and an empty file (0600), whatever the umask.
    static func createFile(_ path: String) throws {
        let dir = parentDirectory(of: path)
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
        try makeDirectories(parentDirectory(of: dir))
        if mkdir(dir, 0o700) != 0 && errno != EEXIST {
            throw JournalError("cannot create folder \(dir): \(String(cString: strerror(errno)))")
        }
    }

    private func configure() throws {
        do {
            try database.execute("PRAGMA busy_timeout = \(Database.busyTimeoutMilliseconds)")
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
                    "\(path) is a SQLite database but not a daybook journal; it was left untouched. Give another path with --journal"
                )
            }
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
        let start = Database.monotonicMilliseconds()
        var pause: UInt32 = 1000
        while true {
            do {
                try database.execute("PRAGMA journal_mode = WAL")
                return
            } catch let error as DatabaseError where error.isBusy || error.primaryCode == SQLITE_IOERR {
                if (try? database.scalarText("PRAGMA journal_mode"))?.lowercased() == "wal" { return }
                guard Database.monotonicMilliseconds() - start < Int(Database.busyTimeoutMilliseconds) else { throw error }
                usleep(pause)
                pause = min(pause * 2, 50_000)
            }
        }
    }

    private func migrate() throws {
        try database.executeRetryingBusy("BEGIN IMMEDIATE") { !database.inTransaction }
        do {
            // Read again inside the write lock: another process may have migrated meanwhile.
            let version = Int(try database.scalarInt("PRAGMA user_version") ?? 0)
            if version < Schema.version {
                for index in version..<Schema.version {
                    try database.execute(Schema.migrations[index])
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

    // MARK: Time

    /// The current local time.
    public func now() -> LocalTime { clock() }

    /// ISO-8601 timestamp of now, computed at most once a second.
    func timestamp() -> String {
        let now = clock()
        let stamp = now.day.ordinal * 86400 + now.minuteOfDay * 60 + now.second
        if let cached = cachedNow, cached.stamp == stamp { return cached.text }
        let text = now.iso8601
        cachedNow = (stamp, text)
        return text
    }

    /// Today, taking the `day-start` setting into account: before that time, today is still yesterday.
    public func today() -> Day {
        let now = clock()
        let start = dayStartMinutes
        return now.minuteOfDay < start ? now.day.adding(days: -1) : now.day
    }

    /// Minutes after midnight at which a new day begins (the `day-start` setting).
    public var dayStartMinutes: Int {
        guard let text = try? setting("day-start"), let minutes = parseTimeOfDay(text) else { return 0 }
        return minutes
    }

    // MARK: Transactions

    /// Opens a long transaction for a batch of commands (script mode). Each command inside it
    /// is still all or nothing, through a savepoint.
    public func beginBatch() throws {
        guard !batchOpen else { return }
        try requireWritable()
        try beginWrite()
        batchOpen = true
    }

    /// Commits the batch, if one is open. When that fails, the batch is rolled back and over:
    /// its commands were not written.
    public func commitBatch() throws {
        guard batchOpen else { return }
        do {
            try flushDerived()
            try database.executeRetryingBusy("COMMIT") { database.inTransaction }
            batchOpen = false
        } catch {
            rollbackBatch()
            throw error
        }
    }

    /// Rolls the open batch back (used by `--atomic` when a line fails).
    public func rollbackBatch() {
        guard batchOpen else { return }
        if database.inTransaction { try? database.execute("ROLLBACK") }
        batchOpen = false
        dirtyValues.removeAll()
        try? loadAttributes()
    }

    /// True while a batch is open. It turns false by itself when SQLite rolled the batch back
    /// after an error (a full disk, an I/O error): the batch's commands were then not written.
    public var inBatch: Bool { batchOpen }

    /// Runs `body` as one change: all of it is written, or none of it. `command` and `summary`
    /// go into the change log; the summary must never hold note text.
    @discardableResult
    public func change<T>(_ command: String, _ summary: String, _ body: (Int64) throws -> T) throws -> T {
        try requireWritable()
        if batchOpen {
            guard database.inTransaction else {
                rollbackBatch()
                throw JournalError("the batch of commands before this one was lost; nothing was written")
            }
            try database.run("SAVEPOINT command")
            do {
                let id = try recordChange(command, summary)
                let result = try body(id)
                try database.run("RELEASE command")
                return result
            } catch {
                if database.inTransaction, (try? database.run("ROLLBACK TO command")) != nil {
                    _ = try? database.run("RELEASE command")
                    try? loadAttributes()
                } else {
                    // SQLite rolled the whole batch back (a full disk, an I/O error).
                    rollbackBatch()
                }
                throw error
            }
        }
        try beginWrite()
        do {
            let id = try recordChange(command, summary)
            let result = try body(id)
            try flushDerived()
            try database.executeRetryingBusy("COMMIT") { database.inTransaction }
            return result
        } catch {
            if database.inTransaction { try? database.execute("ROLLBACK") }
            dirtyValues.removeAll()
            try? loadAttributes()
            throw error
        }
    }

    /// BEGIN IMMEDIATE, in turn. SQLite's busy handler polls for the write lock, so a script
    /// that commits a batch and begins the next at once could keep another session waiting
    /// until the whole script is done (and past the busy timeout). Writers therefore queue
    /// on a flock(2) of the write-ahead log while they begin: a script that has committed
    /// waits there behind anyone who started waiting during its batch. The lock is held only
    /// while beginning, never during a transaction, so it cannot dead-lock with SQLite's own.
    /// Nothing else locks that file this way (SQLite's locks are on the database and `-shm`).
    /// It is opened each time, so that all writers lock the log file that exists now.
    func beginWrite() throws {
        let turnstile = open(path + "-wal", O_RDONLY | O_CLOEXEC)
        defer { if turnstile >= 0 { close(turnstile) } }  // closing unlocks
        if turnstile >= 0 {
            while flock(turnstile, LOCK_EX) != 0 && errno == EINTR {}
        }
        try database.executeRetryingBusy("BEGIN IMMEDIATE") { !database.inTransaction }
    }

    private func recordChange(_ command: String, _ summary: String) throws -> Int64 {
        try database.run(
            "INSERT INTO change (recorded_at, session, command, summary) VALUES (?, ?, ?, ?)",
            [.text(timestamp()), .text(session), .text(command), .text(summary)])
        return database.lastInsertRowID
    }

    func requireWritable() throws {
        if let whyReadOnly {
            throw JournalError("journal \(path) cannot be written: \(whyReadOnly); nothing was written")
        }
    }

    // MARK: Attributes

    private func loadAttributes() throws {
        let all = try database.rows(
            "SELECT id, name, type, aggregation, unit, group_name, builtin FROM attribute WHERE removed_by IS NULL ORDER BY id"
        ) { row in
            Attribute(
                id: row.int(0), name: row.string(1), type: ValueType(rawValue: row.string(2)) ?? .decimal,
                aggregation: Aggregation(rawValue: row.string(3)) ?? .last, unit: row.string(4),
                group: row.string(5), builtin: row.int(6) != 0)
        }
        attributesByName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
        attributeOrder = all.map(\.name)
    }

    public var attributes: [Attribute] { attributeOrder.compactMap { attributesByName[$0] } }

    public func attribute(named name: String) -> Attribute? { attributesByName[name.lowercased()] }

    /// Defines an attribute, or redefines one's aggregation, unit or group. Its type can change
    /// only while it has no values. Returns true when it was new.
    @discardableResult
    public func track(_ attribute: Attribute) throws -> Bool {
        let existing = self.attribute(named: attribute.name)
        if let existing, existing.type != attribute.type {
            let count = try database.scalarInt(
                "SELECT count(*) FROM entry WHERE attribute = ? AND removed_by IS NULL", [.text(existing.name)]) ?? 0
            if count > 0 {
                throw JournalError(
                    "\(existing.name) is tracked as \(existing.type.rawValue) and has \(count) values; its type cannot change. Track a new name instead"
                )
            }
        }
        let verb = existing == nil ? "track" : "retrack"
        let summary = "\(verb) \(attribute.name) as \(attribute.type.rawValue), \(attribute.aggregation.rawValue)"
        try change("track", summary) { id in
            if let existing {
                try database.run("UPDATE attribute SET removed_by = ? WHERE id = ?", [.integer(id), .integer(existing.id)])
            }
            try database.run(
                "INSERT INTO attribute (name, type, aggregation, unit, group_name, builtin, added_by) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [
                    .text(attribute.name), .text(attribute.type.rawValue), .text(attribute.aggregation.rawValue),
                    .text(attribute.unit), .text(attribute.group), .integer(existing?.builtin == true ? 1 : 0),
                    .integer(id),
                ])
            try loadAttributes()
            if let existing, existing.aggregation != attribute.aggregation {
                try markAllDirty(attribute: attribute.name)
            }
        }
        return existing == nil
    }

    private func markAllDirty(attribute: String) throws {
        for day in try database.rows(
            "SELECT DISTINCT day FROM entry WHERE attribute = ? AND removed_by IS NULL", [.text(attribute)], { $0.string(0) })
        {
            dirtyValues.insert(DirtyKey(attribute: attribute, day: day))
        }
    }

    // MARK: Writes

    /// Sets the day's mood, replacing any earlier one (which stays in the change log).
    public func setMood(day: Day, rating: Int, note: String) throws {
        let summary = "mood \(rating) (\(Mood.label(rating))) for \(day.iso)"
        try change("mood", summary) { id in
            try database.run(
                "UPDATE mood SET removed_by = ? WHERE day = ? AND removed_by IS NULL", [.integer(id), .text(day.iso)])
            try database.run(
                "UPDATE tag SET removed_by = ? WHERE day = ? AND mood_id IS NOT NULL AND removed_by IS NULL",
                [.integer(id), .text(day.iso)])
            try database.run(
                "INSERT INTO mood (day, rating, note, recorded_at, added_by) VALUES (?, ?, ?, ?, ?)",
                [.text(day.iso), .integer(Int64(rating)), .text(note), .text(timestamp()), .integer(id)])
            let moodID = database.lastInsertRowID
            try insertTags(extractTags(note), day: day, noteID: nil, moodID: moodID, change: id)
        }
    }

    /// Adds a timestamped note to the day.
    public func addNote(day: Day, text: String) throws {
        let summary = "a note on \(day.iso)"
        try change("note", summary) { id in
            try database.run(
                "INSERT INTO note (day, text, recorded_at, added_by) VALUES (?, ?, ?, ?)",
                [.text(day.iso), .text(text), .text(timestamp()), .integer(id)])
            let noteID = database.lastInsertRowID
            try insertTags(extractTags(text), day: day, noteID: noteID, moodID: nil, change: id)
        }
    }

    private func insertTags(_ tags: [String], day: Day, noteID: Int64?, moodID: Int64?, change id: Int64) throws {
        for tag in tags {
            try database.run(
                "INSERT INTO tag (name, day, note_id, mood_id, added_by) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(tag), .text(day.iso), noteID.map { .integer($0) } ?? .null, moodID.map { .integer($0) } ?? .null,
                    .integer(id),
                ])
        }
    }

    /// Records values for a day, all in one change.
    public func log(day: Day, _ values: [(Attribute, Double)]) throws {
        let summary =
            "log " + values.map { "\($0.0.name) \($0.0.type.format($0.1))" }.joined(separator: ", ") + " for \(day.iso)"
        try change("log", summary) { id in
            let stamp = timestamp()
            for (attribute, value) in values {
                try database.run(
                    "INSERT INTO entry (attribute, day, value, recorded_at, added_by) VALUES (?, ?, ?, ?, ?)",
                    [.text(attribute.name), .text(day.iso), .real(value), .text(stamp), .integer(id)])
                dirtyValues.insert(DirtyKey(attribute: attribute.name, day: day.iso))
            }
        }
    }

    /// Sets a named setting (kept in the change log, so `undo` works).
    public func setSetting(_ name: String, _ value: String) throws {
        try change("set", "set \(name) \(value)") { id in
            try database.run(
                "UPDATE setting SET removed_by = ? WHERE name = ? AND removed_by IS NULL", [.integer(id), .text(name)])
            try database.run(
                "INSERT INTO setting (name, value, added_by) VALUES (?, ?, ?)", [.text(name), .text(value), .integer(id)])
        }
    }

    public func setting(_ name: String) throws -> String? {
        try database.scalarText("SELECT value FROM setting WHERE name = ? AND removed_by IS NULL", [.text(name)])
    }

    public func settings() throws -> [(String, String)] {
        try database.rows("SELECT name, value FROM setting WHERE removed_by IS NULL ORDER BY name") {
            ($0.string(0), $0.string(1))
        }
    }

    /// The tables whose rows carry `added_by` and `removed_by`, so that any change can be undone.
    /// A table added by a later migration joins this list.
    public static let versionedTables = ["attribute", "mood", "note", "tag", "entry", "setting", "goal"]

    /// Reverts the most recent change not yet undone, from any session, and says what it was.
    public func undo() throws -> UndoResult? {
        try requireWritable()
        var result: UndoResult? = nil
        // Finding the change happens inside the write transaction, so that two sessions never
        // undo the same change.
        try change("undo", "undo") { id in
            guard
                let target = try database.first(
                    "SELECT id, summary, recorded_at, session FROM change WHERE undone_by IS NULL AND undoes IS NULL AND command NOT IN ('setup', 'undo') AND id < ? ORDER BY id DESC LIMIT 1",
                    [.integer(id)], { ($0.int(0), $0.string(1), $0.string(2), $0.string(3)) })
            else { return }
            let touched = try database.rows(
                "SELECT DISTINCT attribute, day FROM entry WHERE added_by = ?1 OR removed_by = ?1", [.integer(target.0)]
            ) { DirtyKey(attribute: $0.string(0), day: $0.string(1)) }
            let retracked = try database.rows(
                "SELECT DISTINCT name FROM attribute WHERE added_by = ?1 OR removed_by = ?1", [.integer(target.0)]
            ) { $0.string(0) }
            for table in Journal.versionedTables {
                try database.run(
                    "UPDATE \(table) SET removed_by = ? WHERE added_by = ? AND removed_by IS NULL",
                    [.integer(id), .integer(target.0)])
            }
            for table in Journal.versionedTables {
                try database.run("UPDATE \(table) SET removed_by = NULL WHERE removed_by = ?", [.integer(target.0)])
            }
            try database.run("UPDATE change SET undone_by = ? WHERE id = ?", [.integer(id), .integer(target.0)])
            try database.run(
                "UPDATE change SET undoes = ?, summary = ? WHERE id = ?",
                [.integer(target.0), .text("undo " + target.1), .integer(id)])
            dirtyValues.formUnion(touched)
            try loadAttributes()
            for name in retracked { try markAllDirty(attribute: name) }
            result = UndoResult(summary: target.1, recordedAt: target.2, otherSession: target.3 != session)
        }
        return result
    }

    // MARK: Derived daily values

    /// Recomputes `day_value` for every (attribute, day) written since the last flush.
    public func flushDerived() throws {
        guard !dirtyValues.isEmpty else { return }
        let keys = dirtyValues
        dirtyValues.removeAll()
        for key in keys {
            let values = try database.rows(
                "SELECT value FROM entry WHERE attribute = ? AND day = ? AND removed_by IS NULL ORDER BY id",
                [.text(key.attribute), .text(key.day)]
            ) { $0.double(0) }
            if let attribute = attributesByName[key.attribute],
                let value = attribute.aggregation.combine(values, type: attribute.type)
            {
                try database.run(
                    "INSERT INTO day_value (attribute, day, value, entries) VALUES (?, ?, ?, ?) ON CONFLICT (attribute, day) DO UPDATE SET value = excluded.value, entries = excluded.entries",
                    [.text(key.attribute), .text(key.day), .real(value), .integer(Int64(values.count))])
            } else {
                try database.run(
                    "DELETE FROM day_value WHERE attribute = ? AND day = ?", [.text(key.attribute), .text(key.day)])
            }
        }
    }

    // MARK: Reads

    /// Everything recorded on each day from `first` to `last`, oldest first, one record per day.
    public func days(from first: Day, through last: Day) throws -> [DayRecord] {
        try flushDerived()
        guard first <= last else { return [] }
        var records = (first.ordinal...last.ordinal).map { DayRecord(day: Day(ordinal: $0)) }
        func index(_ iso: String) -> Int? {
            guard let day = Day.parseISO(iso) else { return nil }
            let i = day.ordinal - first.ordinal
            return records.indices.contains(i) ? i : nil
        }
        let range: [SQLValue] = [.text(first.iso), .text(last.iso)]
        for (day, rating, note) in try database.rows(
            "SELECT day, rating, note FROM mood WHERE day BETWEEN ? AND ? AND removed_by IS NULL", range,
            { ($0.string(0), Int($0.int(1)), $0.string(2)) })
        {
            if let i = index(day) { records[i].mood = (rating, note) }
        }
        for (day, at, text) in try database.rows(
            "SELECT day, recorded_at, text FROM note WHERE day BETWEEN ? AND ? AND removed_by IS NULL ORDER BY recorded_at, id",
            range, { ($0.string(0), $0.string(1), $0.string(2)) })
        {
            if let i = index(day) { records[i].notes.append(.init(recordedAt: at, text: text)) }
        }
        var seenTags = Set<TagKey>()  // a note may hold thousands of tags
        for (day, name) in try database.rows(
            "SELECT day, name FROM tag WHERE day BETWEEN ? AND ? AND removed_by IS NULL ORDER BY id", range,
            { ($0.string(0), $0.string(1)) })
        {
            if let i = index(day), seenTags.insert(TagKey(day: i, name: name)).inserted { records[i].tags.append(name) }
        }
        let order = Dictionary(uniqueKeysWithValues: attributeOrder.enumerated().map { ($1, $0) })
        for (day, name, value) in try database.rows(
            "SELECT day, attribute, value FROM day_value WHERE day BETWEEN ? AND ?", range,
            { ($0.string(0), $0.string(1), $0.double(2)) })
        {
            if let i = index(day), let attribute = attributesByName[name] {
                records[i].values.append((attribute, value))
            }
        }
        for i in records.indices {
            records[i].values.sort { (order[$0.attribute.name] ?? 0) < (order[$1.attribute.name] ?? 0) }
        }
        return records
    }

    public func day(_ day: Day) throws -> DayRecord {
        try days(from: day, through: day)[0]
    }

    /// Daily values of one attribute from `first` to `last`, oldest first. Uses the
    /// `(attribute, day)` primary key, so the cost depends on the window, not on the history.
    public func dailyValues(_ attribute: String, from first: Day, through last: Day) throws -> [(Day, Double)] {
        try flushDerived()
        return try database.rows(
            "SELECT day, value FROM day_value WHERE attribute = ? AND day BETWEEN ? AND ? ORDER BY day",
            [.text(attribute), .text(first.iso), .text(last.iso)]
        ) { ($0.day(0) ?? first, $0.double(1)) }
    }

    /// Tags used anywhere in the journal that start with `prefix`, most used first.
    ///
    /// Tab completion calls this on every TAB. Counting only live rows through the `tag_name`
    /// index costs a table lookup per row (3.4 ms on a 10-year journal), so this counts every
    /// row from the covering index and takes off the removed ones, found by one plain scan
    /// (1.2 ms). Tags are stored lowercased, so a byte range on the lowercased prefix is the prefix match.
    public func tags(prefix: String, limit: Int = 50) throws -> [String] {
        let low = prefix.lowercased()
        return try database.rows(
            """
            SELECT name FROM (
                SELECT name, count(*) AS uses FROM tag WHERE name >= ?1 AND name < ?2 GROUP BY name
                UNION ALL
                SELECT name, -count(*) FROM tag NOT INDEXED
                    WHERE removed_by IS NOT NULL AND name >= ?1 AND name < ?2 GROUP BY name
            ) GROUP BY name HAVING sum(uses) > 0 ORDER BY sum(uses) DESC, name LIMIT ?3
            """,
            [.text(low), .text(low + "\u{10FFFF}"), .integer(Int64(limit))]
        ) { $0.string(0) }
    }
}
