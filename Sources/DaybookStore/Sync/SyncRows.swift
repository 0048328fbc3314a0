import DaybookCore
/// Reading this journal's rows as sync records, and reading other devices' records as the plain
/// values that the one insert of each table (`Journal+Rows.swift`) takes.
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
        "entry": ("attribute, day, value, recorded_at, source, file, exported", Array("ttrttti")),
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

    // MARK: Another device's rows as plain values

    /// Where a record's row comes from, as the one insert of its table takes it.
    static func origin(_ record: SyncRecord) -> RowOrigin {
        RowOrigin(
            gid: record.gid, live: record.live, hlc: record.hlc, device: record.device,
            noteGID: record.table == "note" ? record.fields[0] : nil)
    }

    /// Reads a record's fields as the plain values of its table's insert; a field that is
    /// not what its column holds (a day that is no date, a number that is none, a missing
    /// value where one is needed) throws `Damaged`, which names it.
    struct Fields {
        let record: SyncRecord

        struct Damaged: Error { let column: String }

        /// A column a record of an older schema does not carry reads as NULL (`SyncFile.added`).
        private func field(_ index: Int) -> String? { index < record.fields.count ? record.fields[index] : nil }
        private func column(_ index: Int) -> String { SyncFile.columns[record.table]?[index] ?? String(index) }

        func text(_ index: Int) throws(Damaged) -> String {
            guard let value = field(index) else { throw Damaged(column: column(index)) }
            return value
        }
        func optionalText(_ index: Int) -> String? { field(index) }
        func day(_ index: Int) throws(Damaged) -> Day {
            guard let value = field(index), let day = Day.parseISO(value) else { throw Damaged(column: column(index)) }
            return day
        }
        func integer(_ index: Int) throws(Damaged) -> Int64 {
            guard let value = field(index).flatMap({ Int64($0) }) else { throw Damaged(column: column(index)) }
            return value
        }
        func optionalInteger(_ index: Int) throws(Damaged) -> Int64? {
            guard let value = field(index) else { return nil }
            guard let number = Int64(value) else { throw Damaged(column: column(index)) }
            return number
        }
        func real(_ index: Int) throws(Damaged) -> Double {
            guard let value = field(index).flatMap({ Double($0) }) else { throw Damaged(column: column(index)) }
            return value
        }
        func optionalReal(_ index: Int) throws(Damaged) -> Double? {
            guard let value = field(index) else { return nil }
            guard let number = Double(value) else { throw Damaged(column: column(index)) }
            return number
        }
    }

    /// The row and note ids a note's version takes here. It keeps the short id its note has
    /// here. The first version here of a note takes the id it has on the device it came from
    /// when that id is free here, and otherwise the next one (`renumbered` then gives the id
    /// there; the row's id is the id here).
    static func noteNumbers(_ database: Database, _ record: SyncRecord) throws -> (
        row: Int64?, nid: Int64?, there: Int64?
    ) {
        let f = record.fields
        let there = f[1].flatMap { Int64($0) }
        if let ngid = f[0],
            let nid = try database.scalarInt("SELECT nid FROM note WHERE ngid = ? LIMIT 1", [.text(ngid)])
        {
            return (nil, nid, nil)
        }
        if let there, there > 0,
            try database.scalarInt("SELECT count(*) FROM note WHERE id = ?1 OR nid = ?1", [.integer(there)]) == 0
        {
            return (there, there, nil)
        }
        return (nil, nil, there)
    }

    /// A tag's note and mood rows here, by the gids its record names; nil when a gid is given
    /// and no such row is here.
    static func tagParents(_ database: Database, _ record: SyncRecord) throws -> (note: Int64?, mood: Int64?)? {
        var parents: [Int64?] = []
        for (table, gid) in [("note", record.fields[2]), ("mood", record.fields[3])] {
            guard let gid else {
                parents.append(nil)
                continue
            }
            guard let id = try database.scalarInt("SELECT id FROM \(table) WHERE gid = ?", [.text(gid)]) else {
                return nil
            }
            parents.append(id)
        }
        return (parents[0], parents[1])
    }
}
