/// Reading this journal's rows as sync records, and writing other devices' rows into it: one
/// function per table for the inserts, which the apply path alone uses.
enum SyncRows {
    /// The order records go in a file: definitions first, a tag after its note or mood.
    static let order = ["attribute", "setting", "goal", "mood", "note", "entry", "tag"]

    /// Each table's columns as read for a record (`SyncFile.columns`), and their kinds:
    /// t text, i integer, r real.
    static let reads: [String: (sql: String, kinds: [Character])] = [
        "attribute": ("name, type, aggregation, unit, group_name, builtin, range_min, range_max", Array("tttttirr")),
        "mood": ("day, rating, note, recorded_at", Array("titt")),
        "note": ("ngid, nid, day, text, recorded_at, at", Array("tittti")),
        "tag": (
            "name, day, (SELECT gid FROM note WHERE id = tag.note_id), (SELECT gid FROM mood WHERE id = tag.mood_id)",
            Array("tttt")
        ),
        "entry": ("attribute, day, value, recorded_at, source, file", Array("ttrttt")),
        "setting": ("name, value", Array("tt")),
        "goal": ("attribute, since, period, min, max, total", Array("tttrri")),
    ]

    /// The record of row `id` of `table`, as it is now; nil when there is no such row.
    static func record(_ database: Database, table: String, id: Int64) throws -> SyncRecord? {
        guard let read = reads[table] else { return nil }
        return try database.first(
            "SELECT gid, reg_live, reg_hlc, reg_dev, \(read.sql) FROM \(table) WHERE id = ?", [.integer(id)]
        ) { row in
            var fields: [String?] = []
            for (index, kind) in read.kinds.enumerated() {
                let column = Int32(index + 4)
                if row.isNull(column) {
                    fields.append(nil)
                    continue
                }
                switch kind {
                case "i": fields.append(String(row.int(column)))
                case "r": fields.append(String(row.double(column)))
                default: fields.append(row.string(column))
                }
            }
            return SyncRecord(
                table: table, gid: row.string(0), live: row.int(1) != 0, hlc: row.int(2), device: row.string(3),
                fields: fields)
        }
    }

    // MARK: Inserting another device's rows

    /// The register and change columns every synced row starts with: it is added by the sync,
    /// and removed until the journal's rules say it is live (`SyncApplier.resolve`).
    static func head(_ record: SyncRecord, change: Int64) -> [SQLValue] {
        [
            .text(record.gid), .integer(record.live ? 1 : 0), .integer(record.hlc), .text(record.device),
            .integer(change), .integer(change),
        ]
    }
    static let headColumns = "gid, reg_live, reg_hlc, reg_dev, added_by, removed_by"

    static func text(_ field: String?) -> SQLValue { field.map { .text($0) } ?? .null }
    static func integer(_ field: String?) -> SQLValue { field.flatMap { Int64($0) }.map { .integer($0) } ?? .null }
    static func real(_ field: String?) -> SQLValue { field.flatMap { Double($0) }.map { .real($0) } ?? .null }

    static func insertAttribute(_ database: Database, _ record: SyncRecord, change: Int64) throws -> Int64 {
        let f = record.fields
        try database.run(
            "INSERT INTO attribute (\(headColumns), name, type, aggregation, unit, group_name, builtin, range_min, range_max) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            head(record, change: change) + [
                text(f[0]), text(f[1]), text(f[2]), text(f[3]), text(f[4]), integer(f[5]), real(f[6]), real(f[7]),
            ])
        return database.lastInsertRowID
    }

    static func insertMood(_ database: Database, _ record: SyncRecord, change: Int64) throws -> Int64 {
        let f = record.fields
        try database.run(
            "INSERT INTO mood (\(headColumns), day, rating, note, recorded_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            head(record, change: change) + [text(f[0]), integer(f[1]), text(f[2]), text(f[3])])
        return database.lastInsertRowID
    }

    /// A note's version keeps the short id its note has here. The first version here of a
    /// note takes the id it has on the device it came from when that id is free here, and
    /// otherwise the next one (`renumbered` then gives the id there and here).
    static func insertNote(_ database: Database, _ record: SyncRecord, change: Int64) throws -> (
        id: Int64, renumbered: (there: Int64, here: Int64)?
    ) {
        let f = record.fields
        let there = f[1].flatMap { Int64($0) }
        var nid = try database.scalarInt("SELECT nid FROM note WHERE ngid = ? LIMIT 1", [text(f[0])])
        var rowID: SQLValue = .null
        if nid == nil, let there, there > 0,
            try database.scalarInt("SELECT count(*) FROM note WHERE id = ?1 OR nid = ?1", [.integer(there)]) == 0
        {
            nid = there
            rowID = .integer(there)
        }
        try database.run(
            "INSERT INTO note (id, \(headColumns), ngid, nid, day, text, recorded_at, at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [rowID] + head(record, change: change) + [
                text(f[0]), nid.map { .integer($0) } ?? .null, text(f[2]), text(f[3]), text(f[4]), integer(f[5]),
            ])
        let id = database.lastInsertRowID
        if nid == nil, let there, there != id { return (id, (there, id)) }
        return (id, nil)
    }

    /// A tag's note or mood by gid; nil when a gid is given and no such row is here.
    static func insertTag(_ database: Database, _ record: SyncRecord, change: Int64) throws -> Int64? {
        let f = record.fields
        var parents: [SQLValue] = []
        for (table, gid) in [("note", f[2]), ("mood", f[3])] {
            guard let gid else {
                parents.append(.null)
                continue
            }
            guard let id = try database.scalarInt("SELECT id FROM \(table) WHERE gid = ?", [.text(gid)]) else {
                return nil
            }
            parents.append(.integer(id))
        }
        try database.run(
            "INSERT INTO tag (\(headColumns), name, day, note_id, mood_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            head(record, change: change) + [text(f[0]), text(f[1])] + parents)
        return database.lastInsertRowID
    }

    static func insertEntry(_ database: Database, _ record: SyncRecord, change: Int64) throws -> Int64 {
        let f = record.fields
        try database.run(
            "INSERT INTO entry (\(headColumns), attribute, day, value, recorded_at, source, file) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            head(record, change: change) + [text(f[0]), text(f[1]), real(f[2]), text(f[3]), text(f[4]), text(f[5])])
        return database.lastInsertRowID
    }

    static func insertSetting(_ database: Database, _ record: SyncRecord, change: Int64) throws -> Int64 {
        let f = record.fields
        try database.run(
            "INSERT INTO setting (\(headColumns), name, value) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            head(record, change: change) + [text(f[0]), text(f[1])])
        return database.lastInsertRowID
    }

    static func insertGoal(_ database: Database, _ record: SyncRecord, change: Int64) throws -> Int64 {
        let f = record.fields
        try database.run(
            "INSERT INTO goal (\(headColumns), attribute, since, period, min, max, total) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            head(record, change: change) + [text(f[0]), text(f[1]), text(f[2]), real(f[3]), real(f[4]), integer(f[5])])
        return database.lastInsertRowID
    }
}
