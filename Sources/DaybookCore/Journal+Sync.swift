#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why `sync` was refused before anything was written or applied.
public struct SyncRefused: Error, Sendable, CustomStringConvertible {
    public let description: String
}

// Sync: the journal on every device, through a folder that a file-sync tool replicates
// (docs/sync.md). Each device writes the rows it changed since its last sync as a file of its
// own folder, then applies the other devices' files it has not applied yet.
extension Journal {
    /// This journal's device id: 32 hex digits, made when the journal was created or upgraded.
    public func deviceID() throws -> String {
        try database.scalarText("SELECT device FROM sync_device WHERE id = 1") ?? ""
    }

    /// This device's readable name: the `device-name` setting, else the host name.
    public func deviceName() throws -> String {
        if let name = try setting("device-name"), !name.isEmpty { return name }
        return Journal.hostName()
    }

    /// The machine's host name, or `this device` when there is none.
    public static func hostName() -> String {
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
        try change("sync", "sync: a new device id") { _ in
            try stampOutbox(device: old)
            try database.run(
                "UPDATE sync_device SET device = \(SyncSchema.randomID), file_seq = 0 WHERE id = 1 AND device = ?",
                [.text(old)])
        }
        return try deviceID()
    }

    /// Changes written here since the last sync, not yet in a file.
    public func pendingSyncChanges() throws -> Int {
        Int(try database.scalarInt("SELECT count(*) FROM (SELECT DISTINCT tbl, row FROM sync_outbox)") ?? 0)
    }

    /// Writes this device's changes since its last sync to `folder/<device>/`, then applies
    /// every other device's file not yet applied, in one change of the change log (nothing
    /// when there was nothing to send or apply). With `dryRun`, says what it would do and
    /// writes nothing. A file that is cut off, changed, or not named exactly as a sync file is
    /// never read, and the report says so; a file of a newer daybook refuses the whole sync.
    public func sync(folder: String, dryRun: Bool = false) throws -> SyncReport {
        try requireWritable()
        guard SyncFolder.isFolder(folder) else {
            var info = stat()
            if stat(folder, &info) == 0 {
                throw SyncRefused(
                    description:
                        "the sync folder \(folder) is a file, not a folder; give the folder your sync tool shares. Nothing was written"
                )
            }
            throw SyncRefused(
                description:
                    "the sync folder \(folder) is not there; create it, or give the folder your sync tool shares. Nothing was written"
            )
        }
        let me = try deviceID()
        let myName = try deviceName()
        var known = Set(
            try database.rows("SELECT device, seq, hash FROM sync_file") {
                "\($0.string(0)) \($0.int(1)) \($0.string(2))"
            })
        var names = Dictionary(
            try database.rows("SELECT device, name FROM sync_file ORDER BY seq") { ($0.string(0), $0.string(1)) },
            uniquingKeysWith: { $1 })
        names[me] = myName
        var incoming: [(file: SyncFile, hash: String)] = []
        var ignored: [String] = []
        var mySeq = 0
        for name in SyncFolder.notFolders(in: folder) {
            ignored.append("\(name): a file where a device's folder belongs")
        }
        for device in SyncFolder.devices(in: folder) {
            let path = folder + "/" + device
            let (files, others) = SyncFolder.files(in: path)
            // This device's own temporary files are its business: one is there only while a
            // sync writes, or after one was killed before its rename.
            for other in others
            where !(device == me && SyncFolder.isTemporary(other)) {
                ignored.append("\(device)/\(other): not a sync file's name (a temporary file or a conflicted copy)")
            }
            if device == me { mySeq = files.last?.seq ?? 0 }
            for entry in files {
                guard let bytes = SyncFolder.contents(path + "/" + entry.name) else {
                    ignored.append("\(device)/\(entry.name): cannot be read")
                    continue
                }
                if let hash = SyncWire.headerHash(bytes), known.contains("\(device) \(entry.seq) \(hash)") { continue }
                let file: SyncFile
                let hash: String
                do {
                    (file, hash) = try SyncFile.decode(bytes)
                } catch .newerSchema(let version) {
                    throw SyncRefused(
                        description:
                            "\(path)/\(entry.name) was written by a newer daybook (journal schema \(version); this one knows up to \(Schema.version)); update daybook here. Nothing was written or applied"
                    )
                } catch .newerFormat(let version) {
                    throw SyncRefused(
                        description:
                            "\(path)/\(entry.name) was written by a newer daybook (sync format \(version); this one reads up to \(SyncFile.formatVersion)); update daybook here. Nothing was written or applied"
                    )
                } catch .unreadable(let why) {
                    ignored.append("\(device)/\(entry.name): \(why)")
                    continue
                }
                guard file.device == device, file.seq == entry.seq else {
                    ignored.append("\(device)/\(entry.name): its header names another device or number")
                    continue
                }
                // A file of this device's id that this journal did not write, under another
                // name: a copy of this journal file on another machine writes there too.
                if device == me && file.name != myName {
                    throw SyncRefused(
                        description:
                            "\(path)/\(entry.name) was written by \(file.name), a copy of this journal with the same device id; give this one its own with sync --new-device. Nothing was written or applied"
                    )
                }
                if known.insert("\(device) \(entry.seq) \(hash)").inserted {
                    incoming.append((file, hash))
                    if device != me { names[device] = file.name }
                }
            }
        }
        incoming.sort { ($0.file.device, $0.file.seq) < ($1.file.device, $1.file.seq) }

        do {
            return try change("sync", "sync with \(folder)") { changeID in
                var report = SyncReport()
                report.dryRun = dryRun
                report.ignored = ignored
                // Under the journal's write lock, so that no other sync of it is writing one.
                if !dryRun { SyncFolder.removeTemporaries(in: folder + "/" + me) }
                // This device's changes first, as they were before the other devices' arrive.
                try stampOutbox(device: me)
                let records = try outboxRecords()
                report.sent = records.count
                if !records.isEmpty && !dryRun {
                    let seq =
                        max(Int(try database.scalarInt("SELECT file_seq FROM sync_device WHERE id = 1") ?? 0), mySeq)
                        + 1
                    let (bytes, hash) = SyncFile(
                        schema: Schema.version, device: me, name: myName, seq: seq, records: records
                    )
                    .encoded()
                    try SyncFolder.makeFolder(folder + "/" + me)
                    try SyncFolder.writeWhole(bytes, folder: folder + "/" + me, name: SyncFile.fileName(seq))
                    try database.run("UPDATE sync_device SET file_seq = ? WHERE id = 1", [.integer(Int64(seq))])
                    try database.run(
                        "INSERT OR IGNORE INTO sync_file (device, seq, hash, name, applied_by) VALUES (?, ?, ?, ?, ?)",
                        [.text(me), .integer(Int64(seq)), .text(hash), .text(myName), .integer(changeID)])
                    try database.run("DELETE FROM sync_outbox")
                    report.file = me + "/" + SyncFile.fileName(seq)
                }
                // Then the other devices' files, without capturing what they write.
                try database.run("UPDATE sync_device SET applying = 1 WHERE id = 1")
                var applier = SyncApplier(journal: self, change: changeID, names: names)
                for (file, hash) in incoming {
                    var changed = 0
                    for record in file.records where try applier.apply(record, from: file.device) { changed += 1 }
                    let shown = applier.name(of: file.device)
                    if let index = applier.report.applied.firstIndex(where: { $0.device == shown }) {
                        applier.report.applied[index].changes += changed
                        applier.report.applied[index].files += 1
                    } else {
                        applier.report.applied.append(.init(device: shown, changes: changed, files: 1))
                    }
                    try database.run(
                        "INSERT OR IGNORE INTO sync_file (device, seq, hash, name, applied_by) VALUES (?, ?, ?, ?, ?)",
                        [
                            .text(file.device), .integer(Int64(file.seq)), .text(hash), .text(file.name),
                            .integer(changeID),
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
                if dryRun || report.isEmpty { throw SyncRolledBack(report: report) }
                try database.run(
                    "UPDATE change SET summary = ? WHERE id = ?", [.text(SyncWire.summary(report)), .integer(changeID)])
                return report
            }
        } catch let done as SyncRolledBack {
            return done.report
        }
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

enum SyncWire {
    /// The body's hash a file's header gives, read without reading the body; nil when the
    /// header is not one.
    static func headerHash(_ bytes: [UInt8]) -> String? {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
        let header = bytes[..<newline].split(separator: 0x09, omittingEmptySubsequences: false)
        guard header.count == 9 else { return nil }
        return String(decoding: header[7], as: UTF8.self)
    }

    /// The change log's line for a sync.
    static func summary(_ report: SyncReport) -> String {
        var parts = ["sent \(report.sent)"]
        for applied in report.applied where applied.changes > 0 {
            parts.append("applied \(applied.changes) from \(applied.device)")
        }
        if !report.conflicts.isEmpty { parts.append("\(report.conflicts.count) conflicts") }
        return "sync: " + parts.joined(separator: ", ")
    }
}
