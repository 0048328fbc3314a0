import DaybookCore
// Goal streaks kept in the journal: each attribute's met periods in `goal_streak` (see schema
// migration 5), so that `goals`, `insights` and the like read a streak with one seek instead of
// going back through the values of every period it spans.

/// One row of `goal_streak`: a period met, and the first period of the run it belongs to.
public struct StreakRow: Sendable, Hashable, CustomStringConvertible {
    public let attribute: String
    public let period: GoalPeriod
    public let start: Day
    public let runStart: Day

    public init(attribute: String, period: GoalPeriod, start: Day, runStart: Day) {
        self.attribute = attribute
        self.period = period
        self.start = start
        self.runStart = runStart
    }

    public var description: String { "\(attribute) \(period.rawValue) \(start.iso) run from \(runStart.iso)" }
}

extension Journal {
    // MARK: Reading a streak

    /// The number of consecutive `period`s met by `attribute`'s goals that end the day before
    /// `start` (the start of a period), at most `limit`: one seek in `goal_streak`. The rows do
    /// not say which goal judged each period: the caller's `limit` stops the run where the
    /// goal changed (`GoalHistory.periodsJudgedLike`).
    func storedStreak(_ attribute: String, period: GoalPeriod, before start: Day, limit: Int) throws -> Int {
        guard limit > 0 else { return 0 }
        let last = period.previousStart(start)
        let runStart: Day?
        if let rows = volatileStreaks[attribute] {
            runStart = rows[StreakKey(period: period, start: last.ordinal)]
        } else {
            runStart = try database.first(
                "SELECT run_start FROM goal_streak WHERE attribute = ? AND period = ? AND start = ?",
                [.text(attribute), .text(period.rawValue), .text(last.iso)], { $0.day(0) }) ?? nil
        }
        guard let runStart else { return 0 }
        return min(limit, period.count(from: runStart, through: last))
    }

    /// Every row of `goal_streak`, as the journal keeps it (for checks).
    package func streakRows() throws -> Set<StreakRow> {
        try flushDerived()
        return Set(
            try database.rows("SELECT attribute, period, start, run_start FROM goal_streak") { row in
                StreakRow(
                    attribute: row.string(0), period: GoalPeriod(rawValue: row.string(1)) ?? .daily,
                    start: row.day(2) ?? Day(ordinal: 0), runStart: row.day(3) ?? Day(ordinal: 0))
            })
    }

    // MARK: Keeping them up to date

    /// Brings `goal_streak` up to date with what `goal_dirty` lists: called by `flushDerived`,
    /// after the daily values, inside the write's transaction. A read outside a transaction (the
    /// values were written by something else than daybook, or a migration marked them) brings
    /// them up to date in a transaction of its own; when the journal cannot be written, the
    /// streaks of the attributes concerned are computed in memory for this session.
    func flushStreaks() throws {
        guard streaksMayBeStale else { return }
        let dirty = try database.rows("SELECT attribute, day FROM goal_dirty") { ($0.string(0), $0.string(1)) }
        streaksMayBeStale = false
        guard !dirty.isEmpty else { return }
        var days: [String: Set<String>] = [:]
        var whole = Set<String>()
        for (attribute, day) in dirty {
            if day.isEmpty { whole.insert(attribute) } else { days[attribute, default: []].insert(day) }
        }
        let attributes = whole.union(days.keys)
        func inMemory() throws {
            for attribute in attributes {
                var rows: [StreakKey: Day] = [:]
                for row in try computeStreaks(attribute) { rows[StreakKey(period: row.period, start: row.start.ordinal)] = row.runStart }
                volatileStreaks[attribute] = rows
            }
        }
        if readOnly {
            try inMemory()
            return
        }
        let own = !database.inTransaction
        do {
            if own { try beginWrite() }
            for attribute in attributes.sorted() {
                if whole.contains(attribute) {
                    try rebuildStreaks(attribute)
                } else {
                    try updateStreaks(attribute, days: days[attribute] ?? [])
                }
                volatileStreaks[attribute] = nil
            }
            try database.run("DELETE FROM goal_dirty")
            if own { try database.executeRetryingBusy("COMMIT") { database.inTransaction } }
        } catch {
            guard own else { throw error }
            // A read that could not write (the journal is busy or full): this session computes
            // what it needs, and a later write brings the journal up to date.
            if database.inTransaction { try? database.execute("ROLLBACK") }
            try inMemory()
        }
    }

    /// Every goal change recorded for `attribute`, oldest first.
    func fullGoalHistory(_ attribute: String) throws -> GoalHistory {
        GoalHistory(
            try database.rows(
                "SELECT since, period, min, max, total FROM goal WHERE attribute = ? AND removed_by IS NULL ORDER BY since",
                [.text(attribute)], Journal.goalChange))
    }

    /// The daily values of `attribute` from `first` through `last`, without flushing.
    private func rawDailyValues(_ attribute: String, from first: Day, through last: Day) throws -> [(Day, Double)] {
        try database.rows(
            "SELECT day, value FROM day_value WHERE attribute = ? AND day BETWEEN ? AND ? ORDER BY day",
            [.text(attribute), .text(first.iso), .text(last.iso)]
        ) { row in row.storedValue(1).map { (row.day(0) ?? first, $0) } }.compactMap { $0 }
    }

    /// `attribute`'s streak rows computed from all its values: for each period length its
    /// goals use, every period met from the one holding its first goal on.
    func computeStreaks(_ attribute: String) throws -> [StreakRow] {
        let history = try fullGoalHistory(attribute)
        guard let type = attributesByName[attribute]?.type, let earliest = history.earliest else { return [] }
        let periods = Set(history.changes.compactMap { $0.goal?.period })
        // A week or month is judged by the goal in force on its last day: values from before
        // the first goal, in the period holding it, count.
        let from = periods.map { $0.start(of: earliest) }.min() ?? earliest
        guard
            let last = try database.scalarText(
                "SELECT max(day) FROM day_value WHERE attribute = ?", [.text(attribute)]
            ).flatMap({ Day.parseISO($0) }), last >= from
        else { return [] }
        let values = try rawDailyValues(attribute, from: from, through: last)
        var rows: [StreakRow] = []
        for period in GoalPeriod.allCases where periods.contains(period) {
            var start = period.start(of: earliest)
            var index = values.firstIndex { $0.0 >= start } ?? values.count
            var runStart: Day? = nil
            while start <= last {
                let end = period.end(of: start)
                var judged: [Double] = []
                while index < values.count, values[index].0 <= end {
                    judged.append(values[index].1)
                    index += 1
                }
                if let goal = history.inForce(on: end), goal.isMet(judged, type: type) {
                    let run = runStart ?? start
                    rows.append(StreakRow(attribute: attribute, period: period, start: start, runStart: run))
                    runStart = run
                } else {
                    runStart = nil
                }
                start = end.adding(days: 1)
            }
        }
        return rows
    }

    /// Rewrites all of `attribute`'s streak rows (its goals changed).
    private func rebuildStreaks(_ attribute: String) throws {
        try database.run("DELETE FROM goal_streak WHERE attribute = ?", [.text(attribute)])
        for row in try computeStreaks(attribute) {
            try storeStreak(attribute, period: row.period, start: row.start, runStart: row.runStart)
        }
    }

    /// The one insert of a met period into `goal_streak`; a period already there is kept.
    private func storeStreak(_ attribute: String, period: GoalPeriod, start: Day, runStart: Day) throws {
        try database.run(
            "INSERT INTO goal_streak (attribute, period, start, run_start) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING",
            [.text(attribute), .text(period.rawValue), .text(start.iso), .text(runStart.iso)])
    }

    /// Judges again the periods holding `days` (their values changed), and moves the start of
    /// the runs that follow them. Costs the periods changed and the runs they touch, not the
    /// history.
    private func updateStreaks(_ attribute: String, days: Set<String>) throws {
        let history = try fullGoalHistory(attribute)
        guard let type = attributesByName[attribute]?.type, let earliest = history.earliest else {
            try database.run("DELETE FROM goal_streak WHERE attribute = ?", [.text(attribute)])
            return
        }
        let changed = days.compactMap { Day.parseISO($0) }
        let periods = Set(history.changes.compactMap { $0.goal?.period })
        for period in GoalPeriod.allCases where periods.contains(period) {
            let starts = Set(changed.map { period.start(of: $0) }).filter { period.end(of: $0) >= earliest }.sorted()
            guard let first = starts.first, let lastChanged = starts.last else { continue }
            for start in starts {
                let end = period.end(of: start)
                let judged = try rawDailyValues(attribute, from: start, through: end).map(\.1)
                if let goal = history.inForce(on: end), goal.isMet(judged, type: type) {
                    try storeStreak(attribute, period: period, start: start, runStart: start)
                } else {
                    try database.run(
                        "DELETE FROM goal_streak WHERE attribute = ? AND period = ? AND start = ?",
                        [.text(attribute), .text(period.rawValue), .text(start.iso)])
                }
            }
            try relinkRuns(attribute, period: period, from: first, pastChanged: lastChanged)
        }
    }

    /// Sets `run_start` right on the rows from `first` on: through `lastChanged`, and after it
    /// until a row already right (the rest of its run is then right too).
    private func relinkRuns(_ attribute: String, period: GoalPeriod, from first: Day, pastChanged lastChanged: Day)
        throws
    {
        let previousStart = period.previousStart(first)
        var previous: (start: Day, run: Day)? = try database.first(
            "SELECT run_start FROM goal_streak WHERE attribute = ? AND period = ? AND start = ?",
            [.text(attribute), .text(period.rawValue), .text(previousStart.iso)], { $0.day(0) }
        ).flatMap { $0 }.map { (previousStart, $0) }
        var after = first
        var inclusive = true
        var chunk = 64
        while true {
            let rows = try database.rows(
                "SELECT start, run_start FROM goal_streak WHERE attribute = ? AND period = ? AND start \(inclusive ? ">=" : ">") ? ORDER BY start LIMIT ?",
                [.text(attribute), .text(period.rawValue), .text(after.iso), .integer(Int64(chunk))]
            ) { ($0.day(0) ?? first, $0.day(1) ?? first) }
            for (start, run) in rows {
                let expected = previous.map { period.previousStart(start) == $0.start ? $0.run : start } ?? start
                if expected != run {
                    try database.run(
                        "UPDATE goal_streak SET run_start = ? WHERE attribute = ? AND period = ? AND start = ?",
                        [.text(expected.iso), .text(attribute), .text(period.rawValue), .text(start.iso)])
                } else if start > lastChanged {
                    return
                }
                previous = (start, expected)
            }
            guard rows.count == chunk, let last = rows.last else { return }
            after = last.0
            inclusive = false
            chunk = min(chunk * 4, 4096)
        }
    }
}

/// A period of one length, by its first day's ordinal (for the streaks kept in memory).
struct StreakKey: Hashable {
    let period: GoalPeriod
    let start: Int
}
