import DaybookCore
/// Applies other devices' records to the journal as state, not as replayed commands: rows are
/// a set union by gid (their content never changes), each row's removal is a last-writer-wins
/// register keyed by (clock, device), and then the journal's rules pick which rows are live
/// (`resolve`). Whatever order the records come in, and however often, the result is the same.
struct SyncApplier {
    let journal: Journal
    /// The sync's change: rows it inserts are added by it, rows it takes off are removed by it.
    let change: Int64
    /// Device names by id, for what the report says.
    var names: [String: String]
    var report = SyncReport()
    /// The highest clock among the records applied: this journal's clock goes past it.
    var highestClock: Int64 = 0

    private var touched: [String: Set<Int64>] = [:]
    private var moodDays: Set<String> = []
    private var noteIDs: Set<String> = []
    private var attributeNames: Set<String> = []
    private var settingNames: Set<String> = []
    private var goalKeys: Set<[String]> = []
    private var entryRows: Set<Int64> = []
    /// Imported values by (attribute, day, source): one fact, of which one row at most is live.
    private var importedFacts: Set<[String]> = []
    private var tagRows: Set<Int64> = []
    /// This device's id, and what the records said about moods and notes, by group (`mood
    /// DAY`, `note NGID`): whether the group had been deleted here before they came, and which
    /// devices sent a removal or a live row of it.
    let me: String
    private var deletedHere: [String: Bool] = [:]
    private var removedBy: [String: Set<String>] = [:]
    private var keptBy: [String: Set<String>] = [:]

    init(journal: Journal, change: Int64, names: [String: String], me: String = "") {
        self.journal = journal
        self.change = change
        self.names = names
        self.me = me
    }

    var database: Database { journal.database }

    func name(of device: String) -> String { names[device] ?? String(device.prefix(8)) }

    /// Applies one record; true when it changed the journal (a new row, or a row's register
    /// turned from live to removed or back).
    mutating func apply(_ record: SyncRecord, from device: String, file: String = "") throws -> Bool {
        let table = record.table
        guard SyncFile.columns[table] != nil, SyncRows.order.contains(table) else { return false }
        if table == "setting", let name = record.fields[0], SyncSchema.machineSettings.contains(name) { return false }
        if let (field, value) = SyncCheck.problem(record) {
            report.refused.append(
                SyncRefusedRecord(device: name(of: device), file: file, table: table, field: field, value: value))
            return false
        }
        try noteGroup(record)
        highestClock = max(highestClock, record.hlc)
        if let local = try database.first(
            "SELECT id, reg_live, reg_hlc, reg_dev FROM \(table) WHERE gid = ?", [.text(record.gid)],
            { ($0.int(0), $0.int(1) != 0, $0.int(2), $0.string(3)) })
        {
            guard record.isLater(than: local.2, local.3) else {
                // A removal that lost to a later change here: its group is looked at again, to
                // say when it was a delete that an edit here kept from happening.
                if !record.live, let key = record.fields[0] {
                    if table == "mood" { moodDays.insert(key) }
                    if table == "note" { noteIDs.insert(key) }
                }
                return false
            }
            try database.run(
                "UPDATE \(table) SET reg_live = ?, reg_hlc = ?, reg_dev = ? WHERE id = ?",
                [.integer(record.live ? 1 : 0), .integer(record.hlc), .text(record.device), .integer(local.0)])
            try touch(table, local.0)
            return local.1 != record.live
        }
        let id: Int64
        do {
            guard let inserted = try insert(record, from: device) else { return false }
            id = inserted
        } catch let impossible as ImpossibleValue {
            // What the one insert of its table refuses from anyone: a value that cannot be true
            // of its attribute (a negative count, more minutes than a day has).
            report.refused.append(
                SyncRefusedRecord(
                    device: name(of: device), file: file, table: table, field: impossible.field,
                    value: String(impossible.value)))
            return false
        } catch let damaged as SyncRows.Fields.Damaged {
            let index = SyncFile.columns[table]?.firstIndex(of: damaged.column)
            report.refused.append(
                SyncRefusedRecord(
                    device: name(of: device), file: file, table: table, field: damaged.column,
                    value: index.flatMap { record.fields[$0] }))
            return false
        }
        try touch(table, id)
        return true
    }

    /// Inserts another device's row through the one insert of its table; nil for a tag whose
    /// note or mood is not here.
    private mutating func insert(_ record: SyncRecord, from device: String) throws -> Int64? {
        let (journal, change, origin) = (self.journal, self.change, SyncRows.origin(record))
        let f = SyncRows.Fields(record: record)
        switch record.table {
        case "attribute":
            guard let type = ValueType(rawValue: try f.text(1)) else { throw SyncRows.Fields.Damaged(column: "type") }
            guard let aggregation = Aggregation(rawValue: try f.text(2)) else {
                throw SyncRows.Fields.Damaged(column: "aggregation")
            }
            let (min, max) = (try f.optionalReal(6), try f.optionalReal(7))
            return try journal.insertAttribute(
                Attribute(
                    name: try f.text(0), type: type, aggregation: aggregation, unit: try f.text(3),
                    group: try f.text(4)),
                range: min == nil && max == nil ? nil : GoalRange(min: min, max: max), builtin: try f.integer(5) != 0,
                addedBy: change, origin: origin)
        case "mood":
            return try journal.insertMood(
                day: try f.day(0), rating: Int(try f.integer(1)), note: try f.text(2), recordedAt: try f.text(3),
                addedBy: change, origin: origin)
        case "note":
            let numbers = try SyncRows.noteNumbers(database, record)
            let id = try journal.insertNote(
                row: numbers.row, nid: numbers.nid, day: try f.day(2), text: try f.text(3),
                at: try f.optionalInteger(5).map { Int($0) }, recordedAt: try f.text(4), addedBy: change,
                origin: origin)
            if let there = numbers.there, there != id {
                report.renumbered.append(.init(device: name(of: device), there: there, here: id))
            }
            return id
        case "tag":
            guard let parents = try SyncRows.tagParents(database, record) else { return nil }
            return try journal.insertTag(
                name: try f.text(0), day: try f.day(1), noteID: parents.note, moodID: parents.mood, addedBy: change,
                origin: origin)
        case "entry":
            return try journal.insertEntry(
                attribute: try f.text(0), day: try f.day(1), value: try f.real(2), recordedAt: try f.text(3),
                source: f.optionalText(4), file: f.optionalText(5), exported: try f.optionalInteger(6), addedBy: change,
                origin: origin)
        case "setting":
            return try journal.insertSetting(name: try f.text(0), value: try f.text(1), addedBy: change, origin: origin)
        default:
            let period = try f.optionalText(2).map { text in
                guard let period = GoalPeriod(rawValue: text) else { throw SyncRows.Fields.Damaged(column: "period") }
                return period
            }
            return try journal.insertGoal(
                attribute: try f.text(0), since: try f.day(1), period: period, min: try f.optionalReal(3),
                max: try f.optionalReal(4), total: try f.integer(5) != 0, addedBy: change, origin: origin)
        }
    }

    /// Before a mood's or a note's record is applied: whether its group was deleted here (no
    /// live row, one removed by this device), once; and who sent a removal or a live row.
    private mutating func noteGroup(_ record: SyncRecord) throws {
        guard record.table == "mood" || record.table == "note", let key = record.fields[0] else { return }
        let group = record.table + " " + key
        if deletedHere[group] == nil {
            let column = record.table == "mood" ? "day" : "ngid"
            deletedHere[group] =
                try database.first(
                    "SELECT count(*) FILTER (WHERE removed_by IS NULL) = 0 AND count(*) FILTER (WHERE reg_live = 0 AND reg_dev = ?1) > 0 FROM \(record.table) WHERE \(column) = ?2",
                    [.text(me), .text(key)], { $0.int(0) != 0 }) ?? false
        }
        if record.live {
            keptBy[group, default: []].insert(record.device)
        } else {
            removedBy[group, default: []].insert(record.device)
        }
    }

    private mutating func touch(_ table: String, _ id: Int64) throws {
        touched[table, default: []].insert(id)
        switch table {
        case "entry":
            entryRows.insert(id)
            // An imported value's fact: its attribute, day and source.
            if let fact = try database.first(
                "SELECT attribute, day, source FROM entry WHERE id = ? AND source IS NOT NULL", [.integer(id)],
                { [$0.string(0), $0.string(1), $0.string(2)] })
            {
                importedFacts.insert(fact)
            }
            return
        case "tag":
            tagRows.insert(id)
            return
        default: break
        }
        let key: [String] =
            try database.first(
                "SELECT \(Self.groupColumns[table] ?? "''") FROM \(table) WHERE id = ?", [.integer(id)]
            ) { row in (0..<Int32(2)).map { row.string($0) } } ?? []
        switch table {
        case "mood": moodDays.insert(key[0])
        case "note": noteIDs.insert(key[0])
        case "attribute": attributeNames.insert(key[0])
        case "setting": settingNames.insert(key[0])
        default: goalKeys.insert(key)
        }
    }

    /// The columns that make a group of rows of which one at most is live.
    static let groupColumns: [String: String] = [
        "mood": "day, ''", "note": "ngid, ''", "attribute": "name, ''", "setting": "name, ''",
        "goal": "attribute, since",
    ]

    /// Makes live exactly the rows the rules say, for every group the records touched: where a
    /// group allows one live row, the live register with the latest (clock, device); values
    /// wherever their register is live; tags where theirs is and their note or mood is live.
    /// Then the derived values, goal streaks and attributes follow.
    mutating func resolve() throws {
        let database = self.database
        for day in moodDays.sorted() {
            try resolve("mood", "day = ?1", [.text(day)]) { winner in
                let rating = try database.scalarInt("SELECT rating FROM mood WHERE id = ?", [.integer(winner)]) ?? 0
                return (.mood(Day.parseISO(day) ?? Day.earliest), String(rating))
            }
        }
        for ngid in noteIDs.sorted() {
            try resolve("note", "ngid = ?1", [.text(ngid)]) { winner in
                let (nid, day) =
                    try database.first(
                        "SELECT nid, day FROM note WHERE id = ?", [.integer(winner)], { ($0.int(0), $0.string(1)) })
                    ?? (0, "")
                return (.note(nid, Day.parseISO(day) ?? Day.earliest), nil)
            }
        }
        for name in attributeNames.sorted() {
            try resolve("attribute", "name = ?1", [.text(name)]) { _ in (.attribute(name), nil) }
        }
        for name in settingNames.sorted() {
            try resolve("setting", "name = ?1", [.text(name)]) { winner in
                (.setting(name), try database.scalarText("SELECT value FROM setting WHERE id = ?", [.integer(winner)]))
            }
        }
        for key in goalKeys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            try resolve("goal", "attribute = ?1 AND since = ?2", [.text(key[0]), .text(key[1])]) { _ in
                (.goal(key[0], Day.parseISO(key[1]) ?? Day.earliest), nil)
            }
        }
        let change = SQLValue.integer(self.change)
        for id in entryRows.sorted() {
            try database.run(
                "UPDATE entry SET removed_by = CASE WHEN reg_live = 1 THEN NULL ELSE coalesce(removed_by, ?1) END WHERE id = ?2 AND source IS NULL",
                [change, .integer(id)])
            if let key = try database.first(
                "SELECT attribute, day FROM entry WHERE id = ?", [.integer(id)],
                { Journal.DirtyKey(attribute: $0.string(0), day: $0.string(1)) })
            {
                journal.dirtyValues.insert(key)
            }
        }
        // An imported value is one fact whichever device imported it: of the rows of one
        // source, attribute and day, the newest export's is live (its `exported`; a row without
        // one ranks below any with one), and of rows of one export, or without a date, the
        // latest import's. So the same export imported on two devices counts once, a newer one
        // replaces the older everywhere, and two devices that imported different exports agree
        // on the newer one's values whichever imported last.
        for fact in importedFacts.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            try resolve(
                "entry", "attribute = ?1 AND day = ?2 AND source = ?3", fact.map { .text($0) }, rank: "exported",
                reports: false
            ) { _ in (.attribute(fact[0]), nil) }
            journal.dirtyValues.insert(Journal.DirtyKey(attribute: fact[0], day: fact[1]))
        }
        var tags = tagRows
        for day in moodDays {
            tags.formUnion(
                try database.rows(
                    "SELECT t.id FROM tag t JOIN mood m ON m.id = t.mood_id WHERE m.day = ?", [.text(day)]
                ) {
                    $0.int(0)
                })
        }
        for ngid in noteIDs {
            tags.formUnion(
                try database.rows(
                    "SELECT t.id FROM tag t JOIN note n ON n.id = t.note_id WHERE n.ngid = ?", [.text(ngid)]
                ) {
                    $0.int(0)
                })
        }
        for id in tags.sorted() {
            try database.run(
                """
                UPDATE tag SET removed_by = CASE WHEN reg_live = 1
                    AND (note_id IS NULL OR EXISTS (SELECT 1 FROM note n WHERE n.id = tag.note_id AND n.removed_by IS NULL))
                    AND (mood_id IS NULL OR EXISTS (SELECT 1 FROM mood m WHERE m.id = tag.mood_id AND m.removed_by IS NULL))
                    THEN NULL ELSE coalesce(removed_by, ?1) END WHERE id = ?2
                """, [change, .integer(id)])
        }
        if !attributeNames.isEmpty {
            try journal.loadAttributes()
            for name in attributeNames { try journal.markAllDirty(attribute: name) }
        }
        if !settingNames.isEmpty { journal.settingCache.removeAll() }
    }

    /// One group: the live register with the latest stamp is live, every other row removed;
    /// with `rank` (an integer column, NULL lowest), the live register of the highest rank,
    /// then of the latest stamp. Two live registers from different devices, one of them just
    /// applied, are a conflict.
    private mutating func resolve(
        _ table: String, _ group: String, _ key: [SQLValue], rank: String? = nil, reports: Bool = true,
        describe: (Int64) throws -> (SyncConflict.Subject, String?)
    ) throws {
        let rows = try database.rows(
            "SELECT id, reg_live, reg_hlc, reg_dev, removed_by IS NULL, \(rank ?? "NULL") FROM \(table) WHERE \(group)",
            key
        ) {
            (
                id: $0.int(0), registered: $0.int(1) != 0, hlc: $0.int(2), device: $0.string(3), live: $0.int(4) != 0,
                rank: $0.isNull(5) ? Int64.min : $0.int(5)
            )
        }
        let contenders = rows.filter(\.registered).sorted {
            $0.rank != $1.rank ? $0.rank > $1.rank : $0.hlc != $1.hlc ? $0.hlc > $1.hlc : $0.device > $1.device
        }
        let winner = contenders.first
        for row in rows where row.live && row.id != winner?.id {
            try database.run("UPDATE \(table) SET removed_by = ? WHERE id = ?", [.integer(change), .integer(row.id)])
        }
        if let winner, !winner.live {
            try database.run("UPDATE \(table) SET removed_by = NULL WHERE id = ?", [.integer(winner.id)])
        }
        guard reports else { return }
        if let winner, table == "mood" || table == "note", case .text(let value) = key[0] {
            try reportDeleteLost(group: table + " " + value, winner: winner.id, by: winner.device, describe: describe)
        }
        let justApplied = touched[table] ?? []
        guard let winner, contenders.contains(where: { justApplied.contains($0.id) }),
            let loser = contenders.dropFirst().first(where: { $0.device != winner.device })
        else { return }
        let (subject, kept) = try describe(winner.id)
        report.conflicts.append(
            SyncConflict(
                subject: subject, kept: kept, keptFrom: name(of: winner.device), otherFrom: name(of: loser.device),
                tie: winner.hlc == loser.hlc))
    }
}

extension SyncApplier {
    /// A mood or note live after the sync, which a device deleted without seeing the edit that
    /// keeps it: this device (it was deleted here before the records came), or a device whose
    /// records removed it and sent no live row of it.
    fileprivate mutating func reportDeleteLost(
        group: String, winner: Int64, by editor: String, describe: (Int64) throws -> (SyncConflict.Subject, String?)
    ) throws {
        var deleters: [String] = []
        if deletedHere[group] == true && editor != me { deleters.append(me) }
        for device in (removedBy[group] ?? []).sorted()
        where device != editor && device != me && !(keptBy[group] ?? []).contains(device) {
            deleters.append(device)
        }
        guard !deleters.isEmpty else { return }
        let (subject, _) = try describe(winner)
        for deleter in deleters {
            report.deletesUndone.append(
                SyncDeleteLost(subject: subject, deletedOn: name(of: deleter), editedOn: name(of: editor)))
        }
    }
}
