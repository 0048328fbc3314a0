import DaybookCore

// Earlier days remembered on a later one: a year ago today, and the same day in every
// earlier year.
extension Journal {
    /// What the journal held a year before `day` (`Day.sameDays`: 29 February is remembered
    /// on 28 February of the years without one, after that year's own 28 February), or, when it held
    /// nothing then, a month before; nil when none of these days holds a mood or a note.
    public func recollection(for day: Day) throws -> Recollection? {
        try flushDerived()
        noteRead()
        let candidates: [(Day, LookBack)] =
            day.sameDays(yearsBefore: 1).map { ($0, .year) } + (day.sameDayOfMonthBefore().map { [($0, .month)] } ?? [])
        var values = candidates.map { SQLValue.text($0.0.iso) }
        while values.count < 3 { values.append(.null) }
        // One statement for all of them: each day's mood, and whether it holds a note.
        let rows = try database.rows(
            """
            SELECT d.k, m.rating, m.note, EXISTS (SELECT 1 FROM note WHERE day = d.day AND removed_by IS NULL)
            FROM (SELECT 0 AS k, ?1 AS day UNION ALL SELECT 1, ?2 UNION ALL SELECT 2, ?3) AS d
            LEFT JOIN mood AS m ON m.day = d.day AND m.removed_by IS NULL
            WHERE d.day IS NOT NULL ORDER BY d.k
            """, values
        ) { (Int($0.int(0)), $0.isNull(1) ? nil : Int($0.int(1)), $0.string(2), $0.int(3) != 0) }
        for (index, rating, note, noted) in rows where candidates.indices.contains(index) {
            let (earlier, distance) = candidates[index]
            if let rating {
                return Recollection(
                    day: earlier, distance: distance, rating: rating, text: Recollection.firstLine(note))
            }
            // The day's first note, in the order `show` gives them.
            if noted, let found = Recollection(try self.day(earlier), distance: distance) { return found }
        }
        return nil
    }

    /// The same day in each earlier year that holds anything (a mood, a note or a value),
    /// newest first, back to the journal's first entry: the days of `Day.sameDays`.
    public func onThisDay(_ day: Day) throws -> [DayRecord] {
        guard let first = try firstDay(), first < day else { return [] }
        var records: [DayRecord] = []
        var years = 1
        // Until the newest day of a year is before the first entry: a journal that begins on
        // 29 February is remembered on 28 February, which comes before it.
        while case let earlier = day.sameDays(yearsBefore: years), let oldest = earlier.first,
            let newest = earlier.last, newest >= first
        {
            for record in try days(from: max(oldest, first), through: newest).reversed() where !record.isEmpty {
                records.append(record)
            }
            years += 1
        }
        return records
    }

    /// The earliest day with a mood, a note or a value; nil for an empty journal. Each
    /// through its table's index by day.
    func firstDay() throws -> Day? {
        try flushDerived()
        let text = try database.scalarText(
            """
            SELECT min(day) FROM (
                SELECT min(day) AS day FROM mood WHERE removed_by IS NULL
                UNION ALL SELECT min(day) FROM note
                UNION ALL SELECT min(day) FROM day_value)
            """)
        return text.flatMap { Day.parseISO($0) }
    }
}
