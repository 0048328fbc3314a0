import DaybookCore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// This session's changes made after `after` (a change id), which `undo` reverts as one.
public struct ChangeGroup: Sendable, Equatable {
    /// The last change of this session before the group; the group is every later one.
    public let after: Int64
    /// What `undo` says it reverted.
    public let summary: String

    public init(after: Int64, summary: String) {
        self.after = after
        self.summary = summary
    }
}

// Changes: each command's writes as one change in the change log, batches, and undo.
extension Journal {
    /// Opens a long transaction for a batch of commands (script mode). Each command inside it
    /// is still all or nothing, through a savepoint.
    package func beginBatch() throws {
        guard !batchOpen else { return }
        try requireWritable()
        try requireInPlace()
        try beginWrite()
        batchOpen = true
        settingCache.removeAll()
        batchChanges = 0
        batchUndos = 0
        batchChangesWereRead = false
    }

    /// Commits the batch, if one is open. When that fails, the batch is rolled back and over:
    /// its commands were not written.
    public func commitBatch() throws {
        guard batchOpen else { return }
        do {
            try flushDerived()
            // A batch for a file that was deleted or replaced meanwhile is not committed to it.
            try requireInPlace()
            try database.executeRetryingBusy("COMMIT") { database.inTransaction }
            batchOpen = false
            settingCache.removeAll()
        } catch {
            rollbackBatch()
            throw error
        }
    }

    /// Rolls the open batch back (used by `--atomic` when a line fails).
    package func rollbackBatch() {
        guard batchOpen else { return }
        database.settleInterrupt()
        if database.inTransaction { try? database.execute("ROLLBACK") }
        batchOpen = false
        settingCache.removeAll()
        dirtyValues.removeAll()
        appendedValues.removeAll()
        try? loadAttributes()
    }

    /// Notes that a read is showing what the open batch wrote, which a rollback takes back.
    func noteRead() {
        if batchOpen && batchChanges > 0 { batchChangesWereRead = true }
    }

    /// True while a batch is open. It turns false by itself when SQLite rolled the batch back
    /// after an error (a full disk, an I/O error): the batch's commands were then not written.
    public var inBatch: Bool { batchOpen }

    /// Runs `body` as one change: all of it is written, or none of it. `command`, `summary` and
    /// `facts` (what the change did, which `undo` and a note's history read) go into the change
    /// log; neither may hold note text.
    @discardableResult
    public func change<T>(
        _ command: String, _ summary: String, facts: ChangeDescription? = nil, _ body: (Int64) throws -> T
    ) throws -> T {
        try requireWritable()
        streaksMayBeStale = true
        if batchOpen {
            guard database.inTransaction else {
                rollbackBatch()
                throw JournalError("the batch of commands before this one was lost; nothing was written")
            }
            try database.run("SAVEPOINT command")
            changeStamp = timestamp()
            defer { changeStamp = nil }
            do {
                let id = try recordChange(command, summary, facts)
                let result = try body(id)
                // What the body wrote may have listed changes in goal_dirty after a read inside
                // it brought the streaks up to date.
                streaksMayBeStale = true
                try database.run("RELEASE command")
                batchChanges += 1
                return result
            } catch {
                database.settleInterrupt()
                if database.inTransaction, (try? database.run("ROLLBACK TO command")) != nil {
                    _ = try? database.run("RELEASE command")
                    // What the command rolled back may have been counted on: its settings, the
                    // values it logged. The values pending for the batch are computed afresh.
                    settingCache.removeAll()
                    dirtyValues.formUnion(appendedValues.keys)
                    appendedValues.removeAll()
                    try? loadAttributes()
                } else {
                    // SQLite rolled the whole batch back (a full disk, an I/O error).
                    rollbackBatch()
                }
                throw error
            }
        }
        try requireInPlace()
        try beginWrite()
        changeStamp = timestamp()
        defer { changeStamp = nil }
        do {
            let id = try recordChange(command, summary, facts)
            let result = try body(id)
            streaksMayBeStale = true
            try flushDerived()
            try requireInPlace()
            try database.executeRetryingBusy("COMMIT") { database.inTransaction }
            return result
        } catch {
            database.settleInterrupt()
            if database.inTransaction { try? database.execute("ROLLBACK") }
            dirtyValues.removeAll()
            appendedValues.removeAll()
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

    /// Records what change `id` did, once its body knows it (an import's counts): its facts,
    /// and the plain text of the kind and the file, which a journal of an earlier daybook shows.
    func recordFacts(_ facts: ChangeDescription, change id: Int64) throws {
        let text = ([facts.kind] + (facts.value("file").map { [$0] } ?? [])).joined(separator: " ")
        try database.run(
            "UPDATE change SET summary = ?, facts = ? WHERE id = ?", [.text(text), .text(facts.stored), .integer(id)])
    }

    private func recordChange(_ command: String, _ summary: String, _ facts: ChangeDescription?) throws -> Int64 {
        try database.run(
            "INSERT INTO change (recorded_at, session, command, summary, facts) VALUES (?, ?, ?, ?, ?)",
            [.text(timestamp()), .text(session), .text(command), .text(summary), facts.map { .text($0.stored) } ?? .null])
        return database.lastInsertRowID
    }

    func requireWritable() throws {
        if let whyReadOnly {
            throw JournalError("journal \(path) cannot be written: \(whyReadOnly); nothing was written")
        }
    }

    /// The tables whose rows carry `added_by` and `removed_by`, so that any change can be undone.
    /// A table added by a later migration joins this list.
    static let versionedTables = ["attribute", "mood", "note", "tag", "entry", "setting", "goal"]

    /// The change `undo` would revert now, without reverting it; nil when there is none.
    public func nextUndo() throws -> UndoResult? {
        try database.first(
            "SELECT summary, recorded_at, session, facts FROM change WHERE undone_by IS NULL AND undoes IS NULL AND command NOT IN ('setup', 'undo', 'sync') ORDER BY id DESC LIMIT 1"
        ) {
            UndoResult(
                change: LoggedChange(facts: $0.isNull(3) ? nil : $0.string(3), text: $0.string(0)), recordedAt: $0.string(1),
                otherSession: $0.string(2) != session)
        }
    }

    /// Reverts the most recent change not yet undone, from any session, and says what it was.
    public func undo() throws -> UndoResult? {
        try requireWritable()
        var result: UndoResult? = nil
        // Finding the change happens inside the write transaction, so that two sessions never
        // undo the same change. With nothing to undo, the transaction is rolled back: a failing
        // undo leaves no trace in the change log.
        do {
            try change("undo", "undo") { id in
                guard
                    let target = try database.first(
                        "SELECT id, summary, recorded_at, session, facts FROM change WHERE undone_by IS NULL AND undoes IS NULL AND command NOT IN ('setup', 'undo', 'sync') AND id < ? ORDER BY id DESC LIMIT 1",
                        [.integer(id)], { ($0.int(0), $0.string(1), $0.string(2), $0.string(3), $0.isNull(4) ? nil : $0.string(4)) })
                else { throw NothingToUndo() }
                let touched = try database.rows(
                    "SELECT DISTINCT attribute, day FROM entry WHERE added_by = ?1 OR removed_by = ?1", [.integer(target.0)]
                ) { DirtyKey(attribute: $0.string(0), day: $0.string(1)) }
                let retracked = try database.rows(
                    "SELECT DISTINCT name FROM attribute WHERE added_by = ?1 OR removed_by = ?1", [.integer(target.0)]
                ) { $0.string(0) }
                for table in Journal.versionedTables {
                    try database.run(
                        "UPDATE \(table) SET removed_by = ? WHERE added_by = ? AND (removed_by IS NULL OR reg_live = 1)",
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
                result = UndoResult(
                    change: LoggedChange(facts: target.4, text: target.1), recordedAt: target.2, otherSession: target.3 != session)
            }
        } catch is NothingToUndo {
            return nil
        }
        if batchOpen { batchUndos += 1 }
        return result
    }
}

// Groups of changes reverted as one.
extension Journal {
    /// The id of this session's last change, 0 when it has made none.
    public func lastChangeOfSession() throws -> Int64 {
        try database.scalarInt("SELECT coalesce(max(id), 0) FROM change WHERE session = ?", [.text(session)]) ?? 0
    }

    /// How many changes this session made after change `after` that `undo` could revert.
    public func changeCount(after: Int64) throws -> Int {
        Int(
            try database.scalarInt(
                "SELECT count(*) FROM change WHERE id > ? AND session = ? AND undone_by IS NULL AND undoes IS NULL AND command NOT IN ('setup', 'undo', 'sync')",
                [.integer(after), .text(session)]) ?? 0)
    }

    /// Reverts every change of `group` not yet undone, as one change, when the most recent
    /// change `undo` would revert is one of them; nil (nothing reverted) otherwise. Rows the
    /// group added are removed, and rows it removed that were there before it come back; an
    /// `undo` inside the group stays as it was.
    public func undo(_ group: ChangeGroup) throws -> UndoResult? {
        try requireWritable()
        var result: UndoResult? = nil
        do {
            try change("undo", "undo") { id in
                let inGroup = "SELECT id FROM change WHERE id > ?1 AND id < ?2 AND session = ?3 AND undone_by IS NULL AND undoes IS NULL AND command NOT IN ('setup', 'undo', 'sync')"
                let bounds: [SQLValue] = [.integer(group.after), .integer(id), .text(session)]
                guard
                    let latest = try database.first(
                        "SELECT id, session FROM change WHERE undone_by IS NULL AND undoes IS NULL AND command NOT IN ('setup', 'undo', 'sync') AND id < ? ORDER BY id DESC LIMIT 1",
                        [.integer(id)], { ($0.int(0), $0.string(1)) }),
                    latest.0 > group.after, latest.1 == session
                else { throw NothingToUndo() }
                let touched = try database.rows(
                    "SELECT DISTINCT attribute, day FROM entry WHERE added_by IN (\(inGroup)) OR removed_by IN (\(inGroup))", bounds
                ) { DirtyKey(attribute: $0.string(0), day: $0.string(1)) }
                let retracked = try database.rows(
                    "SELECT DISTINCT name FROM attribute WHERE added_by IN (\(inGroup)) OR removed_by IN (\(inGroup))", bounds
                ) { $0.string(0) }
                for table in Journal.versionedTables {
                    try database.run(
                        "UPDATE \(table) SET removed_by = ?4 WHERE added_by IN (\(inGroup)) AND (removed_by IS NULL OR reg_live = 1)",
                        bounds + [.integer(id)])
                }
                for table in Journal.versionedTables {
                    try database.run(
                        "UPDATE \(table) SET removed_by = NULL WHERE removed_by IN (\(inGroup)) AND (added_by IS NULL OR added_by NOT IN (\(inGroup)))",
                        bounds)
                }
                try database.run("UPDATE change SET undone_by = ?4 WHERE id IN (\(inGroup))", bounds + [.integer(id)])
                try database.run(
                    "UPDATE change SET undoes = ?, summary = ? WHERE id = ?",
                    [.integer(latest.0), .text("undo " + group.summary), .integer(id)])
                dirtyValues.formUnion(touched)
                try loadAttributes()
                for name in retracked { try markAllDirty(attribute: name) }
                result = UndoResult(summary: group.summary, recordedAt: timestamp(), otherSession: false)
            }
        } catch is NothingToUndo {
            return nil
        }
        if batchOpen { batchUndos += 1 }
        return result
    }
}

/// Rolls back an undo that found nothing to revert.
private struct NothingToUndo: Error {}
