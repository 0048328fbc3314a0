import DaybookCore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A daybook journal: one SQLite file.
public final class Journal {
    package let database: Database
    public let path: String
    /// Identifies this process's changes in the change log.
    public let session: String
    public let readOnly: Bool
    /// True when the journal's file is encrypted (docs/encryption.md).
    public let encrypted: Bool
    /// Why the journal cannot be written, when it cannot.
    let whyReadOnly: String?
    /// True when this journal was created by opening it.
    public let created: Bool
    /// How long a statement waits for another connection's lock, in milliseconds.
    let busyTimeout: Int32
    /// The changes `undo` reverts as one, while nothing else has run since they were made (a
    /// file of commands); whoever runs the commands sets and clears it.
    public var changeGroup: ChangeGroup?
    /// The device and inode of the file at `path` when it was opened: a different pair, or
    /// none, later means the file was replaced or deleted under this session.
    let identity: (device: UInt64, inode: UInt64)?
    private let clock: () -> LocalTime

    var attributesByName: [String: Attribute] = [:]
    var attributeOrder: [String] = []
    /// The attributes in `attributeOrder`, kept so that reading them looks nothing up.
    private var attributeList: [Attribute] = []
    var dirtyValues: Set<DirtyKey> = []
    /// The most (attribute, day) pairs that ever waited for `flushDerived` at once
    /// (`dirtyValues` and `appendedValues`): a large import keeps it to a batch.
    package internal(set) var largestPendingDailyValues = 0
    /// True when `goal_dirty` may list changes that `goal_streak` does not reflect yet: at
    /// first, and after each change.
    var streaksMayBeStale = true
    /// Streak rows computed in memory, for attributes whose rows in the journal are behind and
    /// could not be brought up to date (a journal that cannot be written).
    var volatileStreaks: [String: [StreakKey: Day]] = [:]
    /// Values logged since the last flush for (attribute, day) pairs not in `dirtyValues`, in
    /// the order they were logged: their daily value is brought up to date from the stored one
    /// (`flushDerived`), without reading the day's entries again.
    var appendedValues: [DirtyKey: [Double]] = [:]
    /// While a batch is open: the settings read in it, kept until a row of `setting` is
    /// written (`Database.watchedWrites`) or the batch ends. Nobody else can change them
    /// meanwhile: the batch holds the journal's write lock.
    var settingCache: [String: String?] = [:]
    var settingCacheWrites = 0
    /// The time stamp of the change being written (`change`), so that its rows share one.
    var changeStamp: String? = nil
    var batchOpen = false
    /// In the open batch: the changes made so far, the undos among them, and whether a read
    /// has shown what they wrote. All of it goes if the batch is rolled back (`--atomic`).
    public internal(set) var batchChanges = 0
    public internal(set) var batchUndos = 0
    public internal(set) var batchChangesWereRead = false
    private var cachedNow: (stamp: Int, text: String)? = nil

    struct DirtyKey: Hashable {
        let attribute: String
        let day: String
    }

    // MARK: Opening

    /// Opens the journal at `path`, creating it (0600, in a 0700 folder) when it does not exist
    /// and `create` is true; when `create` is false, a missing journal is an error that says
    /// the first write creates it, and nothing is created, folders included. Refuses, without writing anything, a directory, a file that is not
    /// a SQLite database, a SQLite database of another program, and a journal from a newer daybook.
    /// `session` names who makes the changes (`undo` says when it reverts another session's
    /// change); by default, this process. With `readOnly`, the journal is opened as one that
    /// cannot be written. With `peek` as well (shell completion reads it so, at every TAB), only
    /// a regular file is opened (a FIFO would block), another process's lock is waited for a
    /// few milliseconds only (`peekTimeoutMilliseconds`), and nothing is written beside the
    /// file: with no write-ahead log there, the file is read as immutable, without its locks.
    public init(
        path: String, create: Bool = true, readOnly: Bool = false, peek: Bool = false, session: String? = nil,
        key given: JournalKey? = nil, clock: @escaping () -> LocalTime = { LocalTime.now() }
    ) throws {
        self.path = path
        self.clock = clock
        self.session = session ?? "\(getpid())@" + clock().iso8601
        let busyTimeout = peek ? Journal.peekTimeoutMilliseconds : Database.busyTimeoutMilliseconds
        self.busyTimeout = busyTimeout

        var info = stat()
        let exists = stat(path, &info) == 0
        if exists && (info.st_mode & S_IFMT) == S_IFDIR {
            throw JournalError("journal path \(path) is a directory", reason: .notAFile(path: path, kind: nil))
        }
        // A device or a FIFO is no database: SQLite would say only "disk I/O error", or a
        // FIFO would block the open.
        if exists, let kind = Journal.nonRegularKind(info.st_mode) {
            throw JournalError("journal path \(path) is \(kind), not a file", reason: .notAFile(path: path, kind: kind))
        }
        if !exists {
            guard create else {
                throw JournalError("no journal at \(path) yet; the first write creates it", kind: .missing)
            }
            try Journal.createFile(path)
        } else if access(path, R_OK) != 0 {
            throw JournalError("cannot read journal \(path): \(String(cString: strerror(errno)))")
        }
        // An encrypted journal opens with the key given, or the one kept in the key ring
        // (`daybook unlock`); without either it is locked. Nothing here asks.
        var key: JournalKey? = nil
        if exists, JournalFile.at(path).isEncrypted {
            guard let found = given ?? JournalKey.kept(for: path) else { throw JournalError.locked(path) }
            key = found
        }
        self.encrypted = key != nil
        var whyReadOnly = readOnly || peek ? "it was opened to be read only" : Journal.whyReadOnly(path)
        var database: Database
        do {
            if peek {
                database = try Journal.openToPeek(path, busyTimeout: busyTimeout, key: key)
            } else if whyReadOnly == nil {
                Journal.repairSidecars(path)
                JournalCipher.removeAbandoned(beside: path)
                database = try Database(path: path, create: false, key: key)
                do {
                    try Journal.firstRead(database)
                } catch let error as DatabaseError where Journal.isOutOfSpace(error, path) && !exists {
                    throw error
                } catch let error as DatabaseError where Journal.isOutOfSpace(error, path) {
                    // No room for the write-ahead log's shared memory: read what is there.
                    whyReadOnly = Journal.outOfSpace(path) ?? "the disk is full"
                    database = try Journal.openReadOnly(path, key: key)
                }
            } else {
                database = try Journal.openReadOnly(path, key: key)
            }
        } catch let error as DatabaseError {
            if !exists { Journal.removeIfEmpty(path) }
            if key != nil && error.kind == .notAJournal { throw JournalError.wrongKey(path) }
            throw Journal.openError(path, error)
        }
        self.database = database
        self.readOnly = whyReadOnly != nil
        self.whyReadOnly = whyReadOnly
        self.created = !exists
        // SQLite has the file open since the first read: this is the file it reads.
        var opened = stat()
        self.identity = stat(path, &opened) == 0 ? (UInt64(opened.st_dev), UInt64(opened.st_ino)) : nil
        do {
            try configure()
            database.watchWrites(to: "setting")
            try loadAttributes()
        } catch {
            if !exists { Journal.removeIfEmpty(path) }
            throw error
        }
    }

    /// A journal whose file was deleted or renamed is closed without SQLite's checkpoint, which
    /// it skips then. Its write-ahead log is copied into the file first: a renamed journal
    /// keeps its last changes, and the log at the old path is left empty, never holding pages
    /// that a new file at that path would read as its own.
    deinit {
        if !readOnly, whereabouts() != nil {
            try? database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        }
    }

    /// The page cache of a one-shot command that does not write, in KiB. On ten years `today`
    /// and `insights` read about 130 pages. At 256 KiB, 36 of them are read twice, from the
    /// system's cache, which showed in neither time nor instructions beyond noise; and peak
    /// memory is 0.15 MiB lower than at 384 KiB (README, "For developers").
    public static let oneShotPageCache = 256

    /// Keeps SQLite's page cache to `kibibytes` (its default is 2,000 KiB). A one-shot command
    /// that only reads visits most pages once, so a small cache costs it nothing, and the cache
    /// is most of a search's peak memory.
    package func limitPageCache(kibibytes: Int) {
        try? database.execute("PRAGMA cache_size = -\(kibibytes)")
    }

    /// Says, before a journal is opened, the page cache that `limitPageCache` will keep: the
    /// locked page cache of an encrypted journal is made once per process, at its first
    /// opening, and whole (`Database.lockedPageCacheSlots`).
    package static func planPageCache(kibibytes: Int) {
        Database.plannedPageCache.store(kibibytes, ordering: .relaxed)
    }

    // MARK: Where the file is

    /// Why `path` no longer names the file this journal has open, or nil when it still does:
    /// the file was deleted, or another file took its place (`rm`, `mv`). Compares the device
    /// and inode of the path with those of the open file (SQLite's own `fstat` of it, and
    /// what the path named when it was opened).
    public func whereabouts() -> Whereabouts? {
        guard let identity else { return nil }
        var now = stat()
        if stat(path, &now) != 0 {
            return errno == ENOENT ? .deleted : nil
        }
        if UInt64(now.st_dev) != identity.device || UInt64(now.st_ino) != identity.inode || database.hasMoved {
            return .replaced
        }
        return nil
    }

    /// Throws when `path` no longer names the open file: nothing may be written to a file
    /// that is gone, or that is no longer the one at `path`.
    public func requireInPlace() throws {
        guard let what = whereabouts() else { return }
        throw JournalError(moved: path, what)
    }

    // MARK: Time

    /// The current local time.
    public func now() -> LocalTime { clock() }

    /// ISO-8601 timestamp of now, computed at most once a second.
    func timestamp() -> String {
        if let changeStamp { return changeStamp }
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
    public var dayStartMinutes: Int { SettingDefinition.dayStartMinutes((try? setting(SettingDefinition.dayStart.name)) ?? nil) }

    // MARK: Interrupting

    /// Interrupts the statement the journal is running, if any: it fails with
    /// `DatabaseError.Kind.interrupted`, and nothing of its change is written.
    public func interrupt() { database.interrupt() }

    /// Interrupts the journal's running statement from another thread or a signal handler,
    /// which cannot reach the journal itself. Valid while the journal is open.
    public var interrupter: Interrupter { database.interrupter }

    // MARK: Attributes

    func loadAttributes() throws {
        let all = try database.rows(
            "SELECT id, name, type, aggregation, unit, group_name, builtin, range_min, range_max FROM attribute WHERE removed_by IS NULL ORDER BY id"
        ) { row in
            let low = row.storedValue(7)
            let high = row.storedValue(8)
            return Attribute(
                id: row.int(0), name: row.string(1), type: ValueType(rawValue: row.string(2)) ?? .decimal,
                aggregation: Aggregation(rawValue: row.string(3)) ?? .last, unit: row.string(4),
                group: row.string(5), builtin: row.int(6) != 0,
                range: low == nil && high == nil ? nil : GoalRange(min: low, max: high))
        }
        attributesByName = Dictionary(uniqueKeysWithValues: all.map { ($0.name, $0) })
        attributeOrder = all.map(\.name)
        attributeList = all
    }

    public var attributes: [Attribute] { attributeList }

    public func attribute(named name: String) -> Attribute? { attributesByName[name.lowercased()] }

    /// Defines an attribute, or redefines one's aggregation, unit or group. Its type can change
    /// only while it has no values. `range` sets or removes its plausible range, or keeps the
    /// one it has while its type and unit stay. Says whether it was new, and how many goals on
    /// a period's total now judge the daily mean because its values no longer add up.
    @discardableResult
    public func track(_ attribute: Attribute, range: RangeChange = .keep) throws -> Tracked {
        let existing = self.attribute(named: attribute.name)
        if existing == nil, let problem = Lookalikes.problem(newName: attribute.name, existing: attributeOrder) {
            throw JournalError(problem)
        }
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
        let newRange: GoalRange?
        switch range {
        case .keep: newRange = existing?.rangeKept(as: attribute)
        case .set(let given): newRange = given
        }
        var goalsOnMean = 0
        try change("track", summary, facts: .track(attribute, again: existing != nil)) { id in
            if let existing {
                try database.run("UPDATE attribute SET removed_by = ? WHERE id = ?", [.integer(id), .integer(existing.id)])
            }
            try insertAttribute(attribute, range: newRange, builtin: existing?.builtin == true, addedBy: id)
            try loadAttributes()
            if let existing, existing.aggregation != attribute.aggregation {
                try markAllDirty(attribute: attribute.name)
            }
            // Goals on a period's total (`goal ... --total`) of values that no longer add up
            // judge the daily mean from now on, as the goal command would have set them; each
            // row is replaced in this change, so that `undo` brings them back with the type.
            if existing != nil, Goals.totalMisfit(attribute) != nil {
                let onTotal = try database.rows(
                    "SELECT since, period, min, max FROM goal WHERE attribute = ? AND total = 1 AND removed_by IS NULL ORDER BY id",
                    [.text(attribute.name)]
                ) { row in
                    (
                        row.day(0) ?? Day.earliest, row.text(1).flatMap(GoalPeriod.init(rawValue:)),
                        row.storedValue(2), row.storedValue(3)
                    )
                }
                goalsOnMean = try database.run(
                    "UPDATE goal SET removed_by = ? WHERE attribute = ? AND total = 1 AND removed_by IS NULL",
                    [.integer(id), .text(attribute.name)])
                for (since, period, min, max) in onTotal {
                    try insertGoal(
                        attribute: attribute.name, since: since, period: period, min: min, max: max, total: false,
                        addedBy: id)
                }
            }
        }
        return Tracked(isNew: existing == nil, goalsOnMean: goalsOnMean)
    }

    /// What `track` did.
    public struct Tracked: Sendable {
        /// The attribute was new.
        public let isNew: Bool
        /// Rows of its goal history on a period's total (`goal ... --total`) that now judge the
        /// daily mean, because its values no longer add up.
        public let goalsOnMean: Int
    }

    func markAllDirty(attribute: String) throws {
        for day in try database.rows(
            "SELECT DISTINCT day FROM entry WHERE attribute = ? AND removed_by IS NULL", [.text(attribute)], { $0.string(0) })
        {
            dirtyValues.insert(DirtyKey(attribute: attribute, day: day))
        }
    }
}
