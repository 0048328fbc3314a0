import DaybookCore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What `status` found at the journal's path.
public enum StatusRead: Sendable, Equatable {
    /// No journal there, or not a regular file: nothing was created.
    case noJournal
    /// Another process holds a lock on the journal; nothing was waited for.
    case busy
    /// The journal is encrypted, and its key is not in the key ring (`daybook unlock`).
    case locked
    case read(StatusFacts)
}

// The few reads of `status`, for a shell prompt or a status bar: made without opening the
// journal as a `Journal` (no set-up, no attributes, no settings beyond two).
extension Journal {
    /// Today's status from the journal at `path`, read without waiting and without writing:
    /// `noJournal` when there is none there, or it is not a regular file (nothing is
    /// created), and `busy` when another process holds a lock on it (busy timeout 0). The file is opened
    /// read-only; with no write-ahead log beside it, as immutable, so that nothing is created
    /// beside it (`openToPeek`). Throws when the file is not a daybook journal that this
    /// daybook reads, or is damaged.
    ///
    /// Two statements: the schema's marks and the two settings, then today's mood and each
    /// attribute's daily goal in force with today's value, each through an index by day (and a
    /// third, through `mood_day`, only for `streak`).
    ///
    /// A journal that is there but cannot be read is no absent journal: its reason is thrown.
    /// With an empty write-ahead log beside it and a shared memory file that cannot be used (not
    /// this user's to write), the file alone holds everything and is read as immutable (`fileAlone`), as
    /// `openReadOnly` does for the other commands.
    public static func status(path: String, now: LocalTime, streak: Bool = false, fileAlone: Bool = false) throws
        -> StatusRead
    {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .noJournal }
        var logged = stat()
        let wal = stat(path + "-wal", &logged) == 0
        var shared = stat()
        if wal, !fileAlone, stat(path + "-shm", &shared) != 0 {
            // A log without its shared memory: a process holds the journal in exclusive locking
            // mode, or a writer stopped without closing it. Reading through the log would make
            // the shared memory file, and reading the file alone could skip a holder's lock, so
            // status says nothing, as for a busy journal; the next command recovers the log.
            return .busy
        }
        // Never asks: an encrypted journal is read with the key kept in the key ring, or is locked.
        var key: JournalKey? = nil
        if JournalFile.at(path).isEncrypted {
            guard let kept = JournalKey.kept(for: path) else { return .locked }
            key = kept
            // It reads a few pages: its locked page cache is made small.
            Journal.planPageCache(kibibytes: 64)
        }
        do {
            let database = try Database(
                path: path, create: false, readOnly: wal && !fileAlone, immutable: !wal || fileAlone, key: key)
            try database.execute("PRAGMA busy_timeout = 0")
            let foreign = JournalError("\(path) is a SQLite database but not a daybook journal")
            let read: (Int64, Int, String?, String?)?
            do {
                read = try database.first(
                    """
                    SELECT (SELECT application_id FROM pragma_application_id()), (SELECT user_version FROM pragma_user_version()),
                        (SELECT value FROM setting WHERE name = 'day-start' AND removed_by IS NULL),
                        (SELECT value FROM setting WHERE name = 'color' AND removed_by IS NULL)
                    """, [], { ($0.int(0), Int($0.int(1)), $0.text(2), $0.text(3)) })
            } catch let error as DatabaseError where error.kind == .other {
                // No table of settings: another program's database, or an empty one.
                if try database.scalarInt("PRAGMA application_id") != Schema.applicationID { throw foreign }
                throw error
            }
            guard let marks = read else { return .busy }
            guard marks.0 == Schema.applicationID else { throw foreign }
            guard marks.1 == Schema.version else {
                // An older journal is brought up to date by any command that writes; status
                // writes nothing, and a newer one is for a newer daybook.
                throw JournalError(
                    "journal \(path) has schema version \(marks.1), and this daybook reads \(Schema.version); "
                        + (marks.1 < Schema.version
                            ? "run any other daybook command once to upgrade it" : "upgrade daybook"))
            }
            let start = SettingDefinition.dayStartMinutes(marks.2)
            let today = now.minuteOfDay < start ? now.day.adding(days: -1) : now.day
            var rating: Int? = nil
            var open: [StatusFacts.OpenGoal] = []
            let statement = try database.cached(
                """
                SELECT 0, rating, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL
                    FROM mood WHERE day = ?1 AND removed_by IS NULL
                UNION ALL
                SELECT 1, a.id, a.name, a.type, a.aggregation, a.unit, a.group_name, g.min, g.max,
                    (SELECT value FROM day_value WHERE attribute = a.name AND day = ?1), 0
                FROM attribute AS a JOIN goal AS g ON g.id = (
                    SELECT id FROM goal WHERE attribute = a.name AND since <= ?1 AND removed_by IS NULL
                    ORDER BY since DESC LIMIT 1)
                WHERE a.removed_by IS NULL AND g.period = 'daily'
                ORDER BY 1, 2
                """)
            try statement.bind([.text(today.iso)])
            while try statement.step() {
                if statement.int(0) == 0 {
                    rating = Int(statement.int(1))
                    continue
                }
                let attribute = Attribute(
                    id: statement.int(1), name: statement.string(2),
                    type: ValueType(rawValue: statement.string(3)) ?? .decimal,
                    aggregation: Aggregation(rawValue: statement.string(4)) ?? .last, unit: statement.string(5),
                    group: statement.string(6))
                let range = GoalRange(
                    min: statement.storedValue(7),
                    max: statement.storedValue(8))
                let value = statement.storedValue(9)
                if let goal = StatusFacts.OpenGoal(attribute: attribute, goal: range, value: value).ifOpen {
                    open.append(goal)
                }
            }
            statement.reset()
            return .read(
                StatusFacts(
                    day: today, rating: rating, openGoals: open,
                    streak: streak ? try checkInStreak(database, through: today, checkedIn: rating != nil) : nil,
                    colorSetting: marks.3))
        } catch let error as DatabaseError where error.isBusy {
            return .busy
        } catch let error as DatabaseError where error.kind == .cannotOpen || error.kind == .readOnly {
            // Gone since it was seen: no journal.
            guard stat(path, &info) == 0 else { return .noJournal }
            if access(path, R_OK) != 0 {
                throw JournalError("cannot read journal \(path): \(String(cString: strerror(errno)))")
            }
            if wal, !fileAlone, logged.st_size == 0 {
                return try status(path: path, now: now, streak: streak, fileAlone: true)
            }
            throw Journal.openError(path, error)
        } catch let error as DatabaseError where key != nil && error.kind == .notAJournal {
            // The key kept no longer opens it (another passphrase since): locked.
            return .locked
        } catch let error as DatabaseError {
            throw Journal.openError(path, error)
        }
    }

    /// Days in a row with a mood that end `through` (or the day before, while `through` has
    /// none yet), read newest first through `mood_day` until the first day without one.
    static func checkInStreak(_ database: Database, through day: Day, checkedIn: Bool) throws -> Int {
        var expected = checkedIn ? day : day.adding(days: -1)
        var count = 0
        let statement = try database.cached(
            "SELECT day FROM mood WHERE day <= ? AND removed_by IS NULL ORDER BY day DESC")
        defer { statement.reset() }
        try statement.bind([.text(expected.iso)])
        while try statement.step(), statement.day(0) == expected {
            count += 1
            expected = expected.adding(days: -1)
        }
        return count
    }
}

extension StatusFacts.OpenGoal {
    /// This goal when it is still open: a lower bound that today's value has not reached, or
    /// no value yet. A goal with only an upper bound asks nothing more of the day, one past
    /// its upper bound can no longer be met by adding to it, and a time of day (a bedtime) is
    /// logged once it has come: none of them is open.
    var ifOpen: Self? {
        guard goal.min != nil, !attribute.type.isCircular else { return nil }
        switch goal.state(of: value, type: attribute.type) {
        case .under, .noData: return self
        default: return nil
        }
    }
}
