import DaybookCore
// The one insert of each kind of row: every write (typed, imported, edited, from a health
// export) adds its moods, notes, tags, values, goals, settings and attributes through these.
// Each takes plain values, is called inside a change (`addedBy` is that change's id), and
// returns the new row's id. What the row replaces is marked removed by the caller. A row that
// `sync` brings from another device also carries where it comes from (`origin`).
//
// These are the only INSERTs into these tables, but for the migrations (Schema.swift,
// SyncSchema.swift), which fill or backfill them in SQL. A value that cannot be true (an
// entry's, a goal's bound, a mood's rating: see PossibleValues.swift) is refused with
// `ImpossibleValue`, its facts for the caller to report, and nothing is written.

/// Where a row `sync` writes comes from: its global id and its removal register as the other
/// device sent them. Such a row is added by the sync's change and starts removed by it too,
/// until `SyncApplier.resolve` says which rows are live.
struct RowOrigin: Sendable, Equatable {
    var gid: String
    var live: Bool
    var hlc: Int64
    var device: String
    /// For a version of a note, the gid of its note (`ngid`), which its versions share.
    var noteGID: String? = nil
}

/// One table's insert in its two forms, each written out in full and prepared as it is: as
/// every write adds a row, and as `sync` adds one from another device, with the sync columns
/// after the row's own (`RowInserts.syncColumns`, and a note's `ngid` last) and removed by the
/// change that adds it. `RowInsertTests` checks that the two forms name the same columns but
/// those, and that each has a mark per column.
struct RowInsert: Sendable {
    let plain: String
    let synced: String
    /// Whether the synced form ends with the note's gid (`ngid`), which its versions share.
    var carriesNoteGID = false
}

enum RowInserts {
    static let syncColumns = ["gid", "reg_live", "reg_hlc", "reg_dev", "removed_by"]

    static let mood = RowInsert(
        plain: "INSERT INTO mood (day, rating, note, recorded_at, added_by) VALUES (?, ?, ?, ?, ?)",
        synced: """
            INSERT INTO mood (day, rating, note, recorded_at, added_by, gid, reg_live, reg_hlc, reg_dev, removed_by) \
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    static let note = RowInsert(
        plain: "INSERT INTO note (id, nid, day, text, recorded_at, at, added_by) VALUES (?, ?, ?, ?, ?, ?, ?)",
        synced: """
            INSERT INTO note (id, nid, day, text, recorded_at, at, added_by, gid, reg_live, reg_hlc, reg_dev, removed_by, \
            ngid) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, carriesNoteGID: true)
    static let tag = RowInsert(
        plain: "INSERT INTO tag (name, day, note_id, mood_id, added_by) VALUES (?, ?, ?, ?, ?)",
        synced: """
            INSERT INTO tag (name, day, note_id, mood_id, added_by, gid, reg_live, reg_hlc, reg_dev, removed_by) \
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    static let entry = RowInsert(
        plain: """
            INSERT INTO entry (attribute, day, value, recorded_at, source, file, exported, added_by) \
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """,
        synced: """
            INSERT INTO entry (attribute, day, value, recorded_at, source, file, exported, added_by, gid, reg_live, \
            reg_hlc, reg_dev, removed_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    static let goal = RowInsert(
        plain: "INSERT INTO goal (attribute, since, period, min, max, total, added_by) VALUES (?, ?, ?, ?, ?, ?, ?)",
        synced: """
            INSERT INTO goal (attribute, since, period, min, max, total, added_by, gid, reg_live, reg_hlc, reg_dev, \
            removed_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)
    static let setting = RowInsert(
        plain: "INSERT INTO setting (name, value, added_by) VALUES (?, ?, ?)",
        synced: """
            INSERT INTO setting (name, value, added_by, gid, reg_live, reg_hlc, reg_dev, removed_by) \
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """)
    static let attribute = RowInsert(
        plain: """
            INSERT INTO attribute (name, type, aggregation, unit, group_name, builtin, added_by, range_min, range_max) \
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
        synced: """
            INSERT INTO attribute (name, type, aggregation, unit, group_name, builtin, added_by, range_min, range_max, \
            gid, reg_live, reg_hlc, reg_dev, removed_by) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """)

    static let all: [(table: String, insert: RowInsert)] = [
        ("mood", mood), ("note", note), ("tag", tag), ("entry", entry), ("goal", goal), ("setting", setting),
        ("attribute", attribute),
    ]
}

extension Journal {
    /// Adds a row with `insert`: its plain form, or with an origin its synced form, whose sync
    /// columns follow `values` and which the change that adds it removes.
    private func insertRow(_ insert: RowInsert, _ values: [SQLValue], addedBy: Int64, origin: RowOrigin?) throws -> Int64 {
        guard let origin else {
            try database.run(insert.plain, values)
            return database.lastInsertRowID
        }
        var synced: [SQLValue] = [
            .text(origin.gid), .integer(origin.live ? 1 : 0), .integer(origin.hlc), .text(origin.device),
            .integer(addedBy),
        ]
        if insert.carriesNoteGID { synced.append(origin.noteGID.map { .text($0) } ?? .null) }
        try database.run(insert.synced, values + synced)
        return database.lastInsertRowID
    }

    /// A day's mood. The day must hold no live mood. Its tags are rows of their own
    /// (`insertTags`).
    @discardableResult
    func insertMood(
        day: Day, rating: Int, note: String, recordedAt: String, addedBy: Int64, origin: RowOrigin? = nil
    ) throws -> Int64 {
        guard (1...5).contains(rating) else {
            throw ImpossibleValue(table: "mood", field: "rating", attribute: nil, value: Double(rating), why: .notAMood)
        }
        return try insertRow(
            RowInserts.mood,
            [.text(day.iso), .integer(Int64(rating)), .text(note), .text(recordedAt), .integer(addedBy)],
            addedBy: addedBy, origin: origin)
    }

    /// A version of a note. `row` is the row's id, nil for the next rowid (a given one, which
    /// the caller has found free, moves SQLite's next rowid past it). `nid` is the note's id,
    /// which its versions share; nil makes it the row's id (`note_nid_new`), as for a new note.
    /// `at` is the time of day it is about, in minutes after midnight. Its tags are rows of
    /// their own (`insertTags`).
    @discardableResult
    func insertNote(
        row: Int64? = nil, nid: Int64? = nil, day: Day, text: String, at: Int?, recordedAt: String, addedBy: Int64,
        origin: RowOrigin? = nil
    ) throws -> Int64 {
        try insertRow(
            RowInserts.note,
            [
                row.map { .integer($0) } ?? .null, nid.map { .integer($0) } ?? .null, .text(day.iso), .text(text),
                .text(recordedAt), at.map { .integer(Int64($0)) } ?? .null, .integer(addedBy),
            ],
            addedBy: addedBy, origin: origin)
    }

    /// One tag of a note (`noteID`, its row) or of a mood's note (`moodID`).
    @discardableResult
    func insertTag(
        name: String, day: Day, noteID: Int64?, moodID: Int64?, addedBy: Int64, origin: RowOrigin? = nil
    ) throws -> Int64 {
        try insertRow(
            RowInserts.tag,
            [
                .text(name), .text(day.iso), noteID.map { .integer($0) } ?? .null, moodID.map { .integer($0) } ?? .null,
                .integer(addedBy),
            ],
            addedBy: addedBy, origin: origin)
    }

    /// The tags of a note's or a mood's text, in the order `extractTags` gives them.
    func insertTags(_ tags: [String], day: Day, noteID: Int64?, moodID: Int64?, addedBy: Int64) throws {
        for tag in tags { try insertTag(name: tag, day: day, noteID: noteID, moodID: moodID, addedBy: addedBy) }
    }

    /// A logged value. `source` and `file` say where an imported value came from (nil for a
    /// value typed, or restored from daybook's own export), and `exported` when that export
    /// was made (seconds since 1970 UTC; nil when not known). The day's stored value takes it
    /// when the change ends (`flushDerived`): in a single statement where the attribute's
    /// aggregation allows, unless the day is already to be read again.
    @discardableResult
    func insertEntry(
        attribute: String, day: Day, value: Double, recordedAt: String, source: String? = nil, file: String? = nil,
        exported: Int64? = nil, addedBy: Int64, origin: RowOrigin? = nil
    ) throws -> Int64 {
        // A value that cannot be true is refused here, before SQL sees it (migration 10's
        // trigger refuses it too). The attribute's type is known unless another device's row
        // arrives before its definition: then the storage limit alone.
        let why = attributesByName[attribute].map { $0.type.impossibility(value) } ?? storageImpossibility(value)
        if let why { throw ImpossibleValue(table: "entry", field: "value", attribute: attribute, value: value, why: why) }
        let dayText = day.iso
        let row = try insertRow(
            RowInserts.entry,
            [
                .text(attribute), .text(dayText), .real(value), .text(recordedAt), source.map { .text($0) } ?? .null,
                file.map { .text($0) } ?? .null, exported.map { .integer($0) } ?? .null, .integer(addedBy),
            ],
            addedBy: addedBy, origin: origin)
        // A row from another device starts removed: `SyncApplier.resolve` marks its day to be
        // read again once it knows which of the day's rows are live.
        guard origin == nil else { return row }
        let key = DirtyKey(attribute: attribute, day: dayText)
        if !dirtyValues.contains(key) { appendedValues[key, default: []].append(value) }
        return row
    }

    /// A goal change: from `since` on, `attribute`'s goal is `range` over `period` (nil for
    /// both ends the goal), on the period's total with `total`.
    @discardableResult
    func insertGoal(
        attribute: String, since: Day, period: GoalPeriod?, min: Double?, max: Double?, total: Bool, addedBy: Int64,
        origin: RowOrigin? = nil
    ) throws -> Int64 {
        for (field, bound) in [("min", min), ("max", max)] {
            guard let bound, let why = storageImpossibility(bound) else { continue }
            throw ImpossibleValue(table: "goal", field: field, attribute: attribute, value: bound, why: why)
        }
        return try insertRow(
            RowInserts.goal,
            [
                .text(attribute), .text(since.iso), period.map { .text($0.rawValue) } ?? .null,
                min.map { .real($0) } ?? .null, max.map { .real($0) } ?? .null, .integer(total ? 1 : 0),
                .integer(addedBy),
            ],
            addedBy: addedBy, origin: origin)
    }

    /// A setting's value.
    @discardableResult
    func insertSetting(name: String, value: String, addedBy: Int64, origin: RowOrigin? = nil) throws -> Int64 {
        try insertRow(
            RowInserts.setting,
            [.text(name), .text(value), .integer(addedBy)],
            addedBy: addedBy, origin: origin)
    }

    /// An attribute's definition, with its plausible range (`range`; nil for none). The
    /// caller reloads the attributes (`loadAttributes`) once it has written them all.
    @discardableResult
    func insertAttribute(
        _ attribute: Attribute, range: GoalRange?, builtin: Bool, addedBy: Int64, origin: RowOrigin? = nil
    ) throws -> Int64 {
        try insertRow(
            RowInserts.attribute,
            [
                .text(attribute.name), .text(attribute.type.rawValue), .text(attribute.aggregation.rawValue),
                .text(attribute.unit), .text(attribute.group), .integer(builtin ? 1 : 0), .integer(addedBy),
                range?.min.map { .real($0) } ?? .null, range?.max.map { .real($0) } ?? .null,
            ],
            addedBy: addedBy, origin: origin)
    }
}
