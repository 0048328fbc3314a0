import DaybookCore
// Export: the journal's live rows, as `JournalExport`.
extension Journal {
    /// What the journal holds, for `export`: moods, notes and values of the days from `first`
    /// through `last` (all when nil), and every setting, attribute and goal change.
    ///
    /// A note's `id` is its stable id (`nid`, shown as n123), not the row of its current
    /// version, and `at` the time of day it is about.
    public func exportData(from first: Day? = nil, through last: Day? = nil) throws -> JournalExport {
        let range: [SQLValue] = [.text((first ?? Day.earliest).iso), .text((last ?? Day.latest).iso)]
        // One read transaction: one snapshot, whatever other sessions write meanwhile.
        let began = !database.inTransaction
        if began { try database.execute("BEGIN") }
        defer { if began { try? database.execute("COMMIT") } }
        var data = JournalExport()
        data.settings = try database.rows("SELECT name, value FROM setting WHERE removed_by IS NULL ORDER BY name") {
            JournalExport.Setting(name: $0.string(0), value: $0.string(1))
        }
        data.attributes = attributes.map { JournalExport.Definition($0) }
        data.goals = try database.rows(
            "SELECT attribute, since, period, min, max, total FROM goal WHERE removed_by IS NULL ORDER BY attribute, since"
        ) { row in
            JournalExport.GoalChange(
                attribute: row.string(0), since: row.day(1) ?? Day.earliest,
                period: row.text(2).flatMap(GoalPeriod.init(rawValue:)), min: row.storedValue(3),
                max: row.storedValue(4), total: row.int(5) != 0)
        }
        var moodTags: [Int64: [String]] = [:]
        var noteTags: [Int64: [String]] = [:]
        for (mood, note, name) in try database.rows(
            "SELECT mood_id, note_id, name FROM tag WHERE day BETWEEN ? AND ? AND removed_by IS NULL ORDER BY id",
            range,
            { ($0.isNull(0) ? nil : $0.int(0), $0.isNull(1) ? nil : $0.int(1), $0.string(2)) })
        {
            if let mood { moodTags[mood, default: []].append(name) }
            if let note { noteTags[note, default: []].append(name) }
        }
        data.moods = try database.rows(
            "SELECT id, day, recorded_at, rating, note FROM mood WHERE day BETWEEN ? AND ? AND removed_by IS NULL ORDER BY day",
            range
        ) { row in
            JournalExport.MoodRecord(
                day: row.day(1) ?? Day.earliest, recordedAt: row.string(2), rating: Int(row.int(3)),
                note: row.string(4), tags: moodTags[row.int(0)] ?? [])
        }
        data.notes = try database.rows(
            "SELECT id, day, recorded_at, text, nid, at FROM note WHERE day BETWEEN ? AND ? AND removed_by IS NULL ORDER BY day, recorded_at, nid",
            range
        ) { row in
            JournalExport.NoteRecord(
                id: row.int(4), day: row.day(1) ?? Day.earliest, recordedAt: row.string(2),
                at: row.isNull(5) ? nil : Int(row.int(5)), text: row.string(3), tags: noteTags[row.int(0)] ?? [])
        }
        // A damaged value (`storedValue`) cannot be written as a number: it is left out, and
        // named in `damaged` for the command to say so.
        let rows = try database.rows(
            "SELECT day, recorded_at, attribute, value, source, file FROM entry WHERE day BETWEEN ? AND ? AND removed_by IS NULL ORDER BY day, id",
            range
        ) { row in
            (JournalExport.ValueRecord(
                day: row.day(0) ?? Day.earliest, recordedAt: row.string(1), attribute: row.string(2),
                value: row.storedValue(3) ?? 0, source: row.isNull(4) ? nil : row.string(4),
                file: row.isNull(5) ? nil : row.string(5)), row.storedValue(3) != nil)
        }
        data.values = rows.filter(\.1).map(\.0)
        data.damaged = rows.filter { !$0.1 }.map { JournalExport.DamagedValue(day: $0.0.day, attribute: $0.0.attribute) }
        return data
    }
}
