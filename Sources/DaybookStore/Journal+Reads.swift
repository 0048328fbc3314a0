import DaybookCore

// Reads: days, daily values and tags.
extension Journal {
    private struct TagKey: Hashable {
        let day: Int
        let name: String
    }

    /// Everything recorded on each day from `first` to `last`, oldest first, one record per day.
    public func days(from first: Day, through last: Day) throws -> [DayRecord] {
        try flushDerived()
        noteRead()
        guard first <= last else { return [] }
        var records = (first.ordinal...last.ordinal).map { DayRecord(day: Day(ordinal: $0)) }
        func index(_ iso: String) -> Int? {
            guard let day = Day.parseISO(iso) else { return nil }
            let i = day.ordinal - first.ordinal
            return records.indices.contains(i) ? i : nil
        }
        let range: [SQLValue] = [.text(first.iso), .text(last.iso)]
        for (day, rating, note) in try database.rows(
            "SELECT day, rating, note FROM mood WHERE day BETWEEN ? AND ? AND removed_by IS NULL", range,
            { ($0.string(0), Int($0.int(1)), $0.string(2)) })
        {
            if let i = index(day) { records[i].mood = (rating, note) }
        }
        let dayStart = dayStartMinutes
        for (day, written, text, at, id) in try database.rows(
            "SELECT day, recorded_at, text, at, nid FROM note WHERE day BETWEEN ? AND ? AND removed_by IS NULL ORDER BY recorded_at, nid",
            range, { ($0.string(0), $0.string(1), $0.string(2), $0.isNull(3) ? nil : Int($0.int(3)), $0.int(4)) })
        {
            guard let i = index(day) else { continue }
            records[i].notes.append(
                DayRecord.Note(recordedAt: written, text: text, id: NoteID(id), at: at, of: records[i].day, dayStart: dayStart))
        }
        // In the order of the day they are about, from its start (`day-start`) on; notes whose
        // time is not known last, in the order they were written.
        for i in records.indices where records[i].notes.count > 1 {
            let order = records[i].notes.enumerated().sorted { a, b in
                let x = a.element.timeOfDay.map { ($0 - dayStart + 1440) % 1440 } ?? Int.max
                let y = b.element.timeOfDay.map { ($0 - dayStart + 1440) % 1440 } ?? Int.max
                return x != y ? x < y : a.offset < b.offset
            }
            records[i].notes = order.map(\.element)
        }
        for (i, tags) in try tagLists(from: first, through: last).enumerated() where !tags.isEmpty {
            records[i].tags = tags
        }
        // Each row's day straight from SQLite's bytes, and the values in the journal's order of
        // attributes, which is the order of their ids (`loadAttributes`): comparing ids, not
        // looking names up, for each pair the sort compares.
        let statement = try database.cached("SELECT day, attribute, value FROM day_value WHERE day BETWEEN ? AND ?")
        try statement.bind(range)
        while try statement.step() {
            guard let day = statement.day(0), records.indices.contains(day.ordinal - first.ordinal),
                let attribute = attributesByName[statement.string(1)]
            else { continue }
            guard let value = statement.storedValue(2) else {
                records[day.ordinal - first.ordinal].damaged.append(attribute)
                continue
            }
            records[day.ordinal - first.ordinal].values.append((attribute, value))
        }
        for i in records.indices where records[i].values.count > 1 {
            records[i].values.sort { $0.attribute.id < $1.attribute.id }
        }
        for i in records.indices where records[i].damaged.count > 1 {
            records[i].damaged.sort { $0.id < $1.id }
        }
        return records
    }

    /// The tags of each day from `first` to `last` (one list per day, oldest day first), each
    /// once per day, in the order they were first written.
    func tagLists(from first: Day, through last: Day) throws -> [[String]] {
        guard first <= last else { return [] }
        var lists = [[String]](repeating: [], count: last.ordinal - first.ordinal + 1)
        var seen = Set<TagKey>()  // a note may hold thousands of tags
        let statement = try database.cached(
            "SELECT day, name FROM tag WHERE day BETWEEN ? AND ? AND removed_by IS NULL ORDER BY id")
        try statement.bind([.text(first.iso), .text(last.iso)])
        while try statement.step() {
            guard let day = statement.day(0), lists.indices.contains(day.ordinal - first.ordinal) else { continue }
            let i = day.ordinal - first.ordinal, name = statement.string(1)
            if seen.insert(TagKey(day: i, name: name)).inserted { lists[i].append(name) }
        }
        return lists
    }

    /// The daily values from `first` to `last` of every attribute the journal tracks, by name:
    /// what `days(from:through:)` reads, without a record per day (the insights read
    /// 91 days of them, and a value in a record carries its whole `Attribute`).
    func dailyValuesByAttribute(from first: Day, through last: Day) throws -> [String: [(Day, Double)]] {
        try flushDerived()
        noteRead()
        var values: [String: [(Day, Double)]] = [:]
        guard first <= last else { return values }
        let statement = try database.cached("SELECT day, attribute, value FROM day_value WHERE day BETWEEN ? AND ?")
        try statement.bind([.text(first.iso), .text(last.iso)])
        while try statement.step() {
            let name = statement.string(1)
            guard let day = statement.day(0), attributesByName[name] != nil, let value = statement.storedValue(2)
            else { continue }
            values[name, default: []].append((day, value))
        }
        return values
    }

    public func day(_ day: Day) throws -> DayRecord {
        try days(from: day, through: day)[0]
    }

    /// Daily values of one attribute from `first` to `last`, oldest first. Uses the
    /// `(attribute, day)` primary key, so the cost depends on the window, not on the history.
    public func dailyValues(_ attribute: String, from first: Day, through last: Day) throws -> [(Day, Double)] {
        try flushDerived()
        noteRead()
        return try database.rows(
            "SELECT day, value FROM day_value WHERE attribute = ? AND day BETWEEN ? AND ? ORDER BY day",
            [.text(attribute), .text(first.iso), .text(last.iso)]
        ) { row in row.storedValue(1).map { (row.day(0) ?? first, $0) } }.compactMap { $0 }
    }

    /// Tags used anywhere in the journal that start with `prefix`, most used first.
    ///
    /// Tab completion calls this on every TAB. Counting only live rows through the `tag_name`
    /// index costs a table lookup per row (3.4 ms on a 10-year journal), so this counts every
    /// row from the covering index and takes off the removed ones, found through their own
    /// partial index `tag_removed`. Tags are stored lowercased, so a byte range on the
    /// lowercased prefix is the prefix match.
    public func tags(prefix: String, limit: Int = 50) throws -> [String] {
        let low = prefix.lowercased()
        return try database.rows(
            """
            SELECT name FROM (
                SELECT name, count(*) AS uses FROM tag WHERE name >= ?1 AND name < ?2 GROUP BY name
                UNION ALL
                SELECT name, -count(*) FROM tag INDEXED BY tag_removed
                    WHERE removed_by IS NOT NULL AND name >= ?1 AND name < ?2 GROUP BY name
            ) GROUP BY name HAVING sum(uses) > 0 ORDER BY sum(uses) DESC, name LIMIT ?3
            """,
            [.text(low), .text(low + "\u{10FFFF}"), .integer(Int64(limit))]
        ) { $0.string(0) }
    }

    /// Attributes with at least one value from `first` to `last`, in the journal's order.
    public func attributesLogged(from first: Day, through last: Day) throws -> [Attribute] {
        try flushDerived()
        let names = Set(
            try database.rows(
                "SELECT DISTINCT attribute FROM day_value WHERE day BETWEEN ? AND ?",
                [.text(first.iso), .text(last.iso)]
            ) { $0.string(0) })
        return attributes.filter { names.contains($0.name) }
    }
}

// Reads of one kind over a long window (a year of moods, say), each a range or a seek in an
// index by day: their cost follows the window, not the length of the history.
extension Journal {
    /// Mood ratings from `first` to `last`, oldest first, through the `mood_day` index.
    func moodRatings(from first: Day, through last: Day) throws -> [(Day, Int)] {
        guard first <= last else { return [] }
        return try database.rows(WindowQueries.moodRange, [.text(first.iso), .text(last.iso)]) {
            ($0.day(0) ?? first, Int($0.int(1)))
        }
    }

    /// True when a mood was recorded for a day before `day`: one seek in `mood_day`.
    func hasMood(before day: Day) throws -> Bool {
        try database.first(WindowQueries.moodBefore, [.text(day.iso)], { _ in true }) ?? false
    }

    /// True when `attribute` has a value on a day before `day`: one seek in `day_value`'s
    /// primary key, (attribute, day).
    public func hasValue(_ attribute: String, before day: Day) throws -> Bool {
        try flushDerived()
        return try database.first(WindowQueries.valueBefore, [.text(attribute), .text(day.iso)], { _ in true })
            ?? false
    }
}

/// The statements of the window reads above (tests check their query plans).
enum WindowQueries {
    /// Through the `mood_day` index (its rows are the live moods).
    static let moodRange = "SELECT day, rating FROM mood WHERE day BETWEEN ? AND ? AND removed_by IS NULL ORDER BY day"
    static let moodBefore = "SELECT 1 FROM mood WHERE day < ? AND removed_by IS NULL LIMIT 1"
    /// Through `day_value`'s primary key, (attribute, day).
    static let valueBefore = "SELECT 1 FROM day_value WHERE attribute = ? AND day < ? LIMIT 1"
}
