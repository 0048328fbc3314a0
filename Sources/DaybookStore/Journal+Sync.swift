import DaybookCore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Sync: the journal on every device, through a folder that a file-sync tool replicates
// (docs/sync.md). Each device writes the rows it changed since its last sync as a file of its
// own folder, then applies the other devices' files it has not applied yet.
extension Journal {
    /// This journal's device id: 32 hex digits, made when the journal was created or upgraded.
    func deviceID() throws -> String {
        try database.scalarText("SELECT device FROM sync_device WHERE id = 1") ?? ""
    }

    /// This device's readable name: the `device-name` setting, else the host name.
    public func deviceName() throws -> String {
        if let name = try setting("device-name"), !name.isEmpty { return name }
        return Journal.hostName()
    }

    /// The machine's host name, or `this device` when there is none.
    static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        guard gethostname(&buffer, 255) == 0 else { return "this device" }
        let name = buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        return name.isEmpty ? "this device" : name
    }

    /// Gives this journal a new device id, for a journal file copied from another machine; its
    /// next file starts at 1 in its own new folder. The rows written here and not sent yet are
    /// first given their global ids under the old id, as the journal it was copied from gives
    /// them, so that the rows both hold are one row everywhere. Returns the new id.
    @discardableResult
    public func takeNewDeviceID() throws -> String {
        let old = try deviceID()
        try change("sync", "sync: a new device id", facts: .newDeviceID) { _ in
            try stampOutbox(device: old)
            try database.run(
                "UPDATE sync_device SET device = \(SyncSchema.randomID), file_seq = 0 WHERE id = 1 AND device = ?",
                [.text(old)])
        }
        return try deviceID()
    }

    /// Changes written here since the last sync, not yet in a file.
    func pendingSyncChanges() throws -> Int {
        Int(try database.scalarInt("SELECT count(*) FROM (SELECT DISTINCT tbl, row FROM sync_outbox)") ?? 0)
    }

    /// Writes this device's changes since its last sync to `folder/<device>/`, then applies
    /// every other device's file not yet applied, in one change of the change log (nothing
    /// when there was nothing to send or apply). With `dryRun`, says what it would do and
    /// writes nothing. A file that is cut off, changed, or not named exactly as a sync file is
    /// never read, and the report says so; a file of a newer daybook refuses the whole sync.
    ///
    /// `keys` is where this machine keeps the journal's sync key (nil: none, a plain journal).
    /// With a key, every file written is encrypted and authenticated, and only files under that
    /// key are read; `action` makes one (`setup`, `newKey`), takes one from another device
    /// (`join`), and then moves this device to it: all its rows are written as one snapshot
    /// under the key, and its older files are removed (docs/sync.md, "Encryption").
    public func sync(
        folder: String, keys: SyncKeyStore? = nil, action: SyncKeyAction = .none, dryRun: Bool = false
    ) throws -> SyncReport {
        try requireWritable()
        if dryRun && action != .none { throw SyncRefused(.keyChangeDryRun) }
        switch SyncFolder.kind(folder) {
        case .folder: break
        // The first machine's setup makes the folder (0700) when its parent is there.
        case .missing where action == .setup && SyncFolder.isFolder(Paths.folder(of: folder)):
            try SyncFolder.makeFolder(folder)
        case .missing: throw SyncRefused(.folderMissing(folder))
        case .link where SyncFolder.isFolder(folder): break
        default: throw SyncRefused(.folderIsFile(folder))
        }
        let me = try deviceID()
        let myName = try deviceName()
        let held: SyncKey?
        do {
            held = try keys?.key(device: me)
        } catch let problem {
            throw SyncRefused(.key(problem))
        }
        let marked = SyncFolderKey.read(folder)
        var key = held
        var made: SyncKey? = nil
        switch action {
        case .none:
            if let marked, held == nil { throw SyncRefused(.folderEncrypted(keyID: marked)) }
            if let marked, let held, marked != held.id { throw SyncRefused(.folderHasNewKey(folder: marked, mine: held.id)) }
        case .setup:
            if let held { throw SyncRefused(.alreadyEncrypted(keyID: held.id)) }
            if let marked { throw SyncRefused(.folderEncrypted(keyID: marked)) }
            made = SyncKey.generate()
        case .join(let given):
            if let marked, marked != given.id { throw SyncRefused(.codeForOtherFolder(code: given.id, folder: marked)) }
            key = given
        case .newKey:
            guard held != nil else { throw SyncRefused(.notEncrypted) }
            made = SyncKey.generate()
        }
        if let made { key = made }
        // The key is kept, and the folder marked, before the journal moves: a sync killed in
        // between moves at the next one (this device has no file under the key yet).
        if let key, action != .none, let keys {
            try keys.store(key, device: me)
            try SyncFolderKey.write(folder, keyID: key.id)
        }
        if let key, marked == nil, !dryRun { try SyncFolderKey.write(folder, keyID: key.id) }

        var known = Set(
            try database.rows("SELECT device, seq, hash FROM sync_file") {
                "\($0.string(0)) \($0.int(1)) \($0.string(2))"
            })
        var names = Dictionary(
            try database.rows("SELECT device, name FROM sync_file ORDER BY seq") { ($0.string(0), $0.string(1)) },
            uniquingKeysWith: { $1 })
        names[me] = myName
        let scan = try SyncScan(folder: folder, me: me, myName: myName, key: key, known: known)
        for file in scan.incoming where file.device != me { names[file.device] = file.name }
        let moving = key != nil && !scan.ownUnderKey

        do {
            return try change("sync", "sync with \(folder)") { changeID in
                var report = SyncReport()
                report.dryRun = dryRun
                report.ignored = scan.ignored
                report.encrypted = key != nil
                if moving {
                    report.movedToKey = key?.id
                    report.joinCode = made?.joinCode
                }
                // Under the journal's write lock, so that no other sync of it is writing one.
                if !dryRun { SyncFolder.removeTemporaries(in: folder + "/" + me) }
                // This device's changes first, as they were before the other devices' arrive.
                try stampOutbox(device: me)
                let records = moving ? try snapshotRecords() : try outboxRecords()
                report.sent = records.count
                if (!records.isEmpty || moving) && !dryRun {
                    let mine = folder + "/" + me
                    try SyncFolder.makeFolder(mine)
                    var seq = Int(try database.scalarInt("SELECT file_seq FROM sync_device WHERE id = 1") ?? 0) + 1
                    var hash = ""
                    while true {
                        while scan.own[seq] != nil { seq += 1 }
                        let inner = SyncSealedFile.Inner(
                            schema: Schema.version, device: me, seq: seq, records: records.count, snapshot: moving,
                            name: myName)
                        if try SyncFolder.write(folder: mine, name: SyncFile.fileName(seq), replace: false, { sink in
                            if let key {
                                hash = try SyncSealedFile.write(key: key, inner: inner, records: records, into: sink)
                            } else {
                                let plain = SyncFile(
                                    schema: Schema.version, device: me, name: myName, seq: seq, records: records
                                ).encoded()
                                hash = plain.hash
                                try sink(plain.bytes)
                            }
                        }) { break }
                        seq += 1
                    }
                    if moving {
                        // Folded into the snapshot: this device's older files, plain or under a
                        // key given up, are no longer needed by anyone who has the new key.
                        for (old, name) in scan.own where old != seq { unlink(mine + "/" + name) }
                    }
                    try database.run("UPDATE sync_device SET file_seq = ? WHERE id = 1", [.integer(Int64(seq))])
                    try database.run(
                        "INSERT OR IGNORE INTO sync_file (device, seq, hash, name, applied_by) VALUES (?, ?, ?, ?, ?)",
                        [.text(me), .integer(Int64(seq)), .text(hash), .text(myName), .integer(changeID)])
                    try database.run("DELETE FROM sync_outbox")
                    report.file = me + "/" + SyncFile.fileName(seq)
                }
                // Then the other devices' files, without capturing what they write.
                try database.run("UPDATE sync_device SET applying = 1 WHERE id = 1")
                var applier = SyncApplier(journal: self, change: changeID, names: names, me: me)
                for incoming in scan.incoming {
                    guard let changed = try apply(incoming, key: key, applier: &applier, report: &report) else {
                        continue
                    }
                    known.insert("\(incoming.device) \(incoming.seq) \(incoming.hash)")
                    let shown = applier.name(of: incoming.device)
                    if let index = applier.report.applied.firstIndex(where: { $0.device == shown }) {
                        applier.report.applied[index].changes += changed
                        applier.report.applied[index].files += 1
                    } else {
                        applier.report.applied.append(.init(device: shown, changes: changed, files: 1))
                    }
                    try database.run(
                        "INSERT OR IGNORE INTO sync_file (device, seq, hash, name, applied_by) VALUES (?, ?, ?, ?, ?)",
                        [
                            .text(incoming.device), .integer(Int64(incoming.seq)), .text(incoming.hash),
                            .text(incoming.name), .integer(changeID),
                        ])
                }
                try applier.resolve()
                // A change made here after seeing another device's is later than it, whatever
                // the clocks say.
                try database.run(
                    "UPDATE sync_device SET applying = 0, hlc = max(hlc, ?) WHERE id = 1",
                    [.integer(applier.highestClock)])
                report.applied = applier.report.applied
                report.conflicts = applier.report.conflicts
                report.renumbered = applier.report.renumbered
                report.refused = applier.report.refused
                report.deletesUndone = applier.report.deletesUndone
                if dryRun || (report.isEmpty && !moving) { throw SyncRolledBack(report: report) }
                try database.run(
                    "UPDATE change SET summary = ?, facts = ? WHERE id = ?",
                    [.text(SyncWire.summary(report)), .text(ChangeDescription.sync(report).stored), .integer(changeID)])
                return report
            }
        } catch let done as SyncRolledBack {
            return done.report
        }
    }

    /// Applies one file of another device, inside a savepoint: a file that turns out cut off,
    /// altered, or holding clocks more than a day ahead is undone whole and named in the report
    /// (nil); otherwise the number of changes it made. Records that no device should send are
    /// left out one by one, each named.
    private func apply(
        _ incoming: SyncScan.Incoming, key: SyncKey?, applier: inout SyncApplier, report: inout SyncReport
    ) throws -> Int? {
        let before = applier
        var changed = 0
        try database.run("SAVEPOINT sync_file")
        do {
            let limit = Int64(time(nil)) * 1000 + SyncCheck.clockAhead
            func each(_ record: SyncRecord) throws {
                guard record.hlc <= limit else { throw SyncCheck.ClockAhead(hlc: record.hlc) }
                if try applier.apply(record, from: incoming.device, file: incoming.file) { changed += 1 }
            }
            if let plain = incoming.plain {
                for record in plain.records { try each(record) }
            } else if let key {
                let reader = try SyncSealedFile.Reader(path: incoming.path)
                let (inner, opener, final) = try reader.inner(key: key, device: incoming.device, seq: incoming.seq)
                _ = try reader.records(inner: inner, opener: opener, final: final, each: each)
            }
            try database.run("RELEASE sync_file")
            return changed
        } catch let problem as SyncSealedFile.Problem {
            try undo()
            report.ignored.append(SyncUnread(incoming.file, SyncScan.why(problem)))
        } catch let ahead as SyncCheck.ClockAhead {
            try undo()
            let days = (ahead.hlc - Int64(time(nil)) * 1000) / 86_400_000
            report.ignored.append(SyncUnread(incoming.file, .clockAhead(days: max(1, days))))
        }
        return nil

        func undo() throws {
            database.settleInterrupt()
            try database.run("ROLLBACK TO sync_file")
            try database.run("RELEASE sync_file")
            applier = before
        }
    }

    /// Every row of the synced tables, as records, for a snapshot: what a device that has
    /// the key needs to hold all this journal holds.
    func snapshotRecords() throws -> [SyncRecord] {
        var records: [SyncRecord] = []
        for table in SyncRows.order {
            let skip = table == "setting" ? " AND name NOT IN (\(SyncSchema.machineSettingsSQL))" : ""
            for id in try database.rows("SELECT id FROM \(table) WHERE gid IS NOT NULL\(skip) ORDER BY id", [], { $0.int(0) }) {
                if let record = try SyncRows.record(database, table: table, id: id) { records.append(record) }
            }
        }
        return records
    }

    /// Gives the rows written here since the last sync their global ids (a note's version the
    /// id of its note), and the register of those no change has flipped since the stamp of the
    /// change that wrote them. Before anything is applied, so that they meet other devices'
    /// rows as what they are. Stamping again gives the same.
    func stampOutbox(device: String) throws {
        for table in SyncSchema.tables {
            let listed = "id IN (SELECT row FROM sync_outbox WHERE tbl = '\(table)')"
            // Made of what never changes about the row, so that a sync cut short before its
            // commit gives the rows the same ids again: this device, the clock of the change that
            // wrote the row (later than any before, even after the journal was restored from a
            // backup) and its row number.
            try database.run(
                """
                UPDATE \(table) SET gid = ?1 || '-' || printf('%x', coalesce((SELECT hlc FROM change WHERE id = \(table).added_by), 0))
                    || '-' || printf('%x', id) WHERE gid IS NULL AND \(listed)
                """, [.text(device)])
            try database.run(
                """
                UPDATE \(table) SET reg_live = (removed_by IS NULL),
                    reg_hlc = coalesce((SELECT hlc FROM change WHERE id = coalesce(\(table).removed_by, \(table).added_by)), 0),
                    reg_dev = ? WHERE reg_dev = '' AND \(listed)
                """, [.text(device)])
        }
        for (id, nid) in try database.rows(
            "SELECT id, nid FROM note WHERE ngid IS NULL AND id IN (SELECT row FROM sync_outbox WHERE tbl = 'note') ORDER BY id",
            [], { ($0.int(0), $0.int(1)) })
        {
            try database.run(
                "UPDATE note SET ngid = coalesce((SELECT other.ngid FROM note other WHERE other.nid = ?1 AND other.ngid IS NOT NULL ORDER BY other.id LIMIT 1), gid) WHERE id = ?2",
                [.integer(nid), .integer(id)])
        }
    }

    /// The records of the rows written or flipped here since the last sync, with the note or
    /// mood of each tag, in the order a file holds them.
    func outboxRecords() throws -> [SyncRecord] {
        let rows = try database.rows("SELECT tbl, row FROM sync_outbox GROUP BY tbl, row ORDER BY min(seq)") {
            ($0.string(0), $0.int(1))
        }
        var seen = Set<String>()
        var byTable: [String: [SyncRecord]] = [:]
        func add(_ table: String, _ id: Int64) throws {
            guard seen.insert("\(table) \(id)").inserted,
                let record = try SyncRows.record(database, table: table, id: id)
            else { return }
            byTable[table, default: []].append(record)
        }
        for (table, id) in rows {
            if table == "tag",
                let parents = try database.first(
                    "SELECT note_id, mood_id FROM tag WHERE id = ?", [.integer(id)],
                    { ($0.isNull(0) ? nil : $0.int(0), $0.isNull(1) ? nil : $0.int(1)) })
            {
                if let note = parents.0 { try add("note", note) }
                if let mood = parents.1 { try add("mood", mood) }
            }
            try add(table, id)
        }
        return SyncRows.order.flatMap { byTable[$0] ?? [] }
    }
}

/// Rolls back a sync that was only a dry run, or that had nothing to do.
private struct SyncRolledBack: Error {
    let report: SyncReport
}

