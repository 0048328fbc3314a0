import DaybookCore

extension Journal {
    /// Everything `today` shows for `day`: the day's record, and each attribute with a value or
    /// a goal on it, with its goal's standing (its period as it stood at the end of `day`) or,
    /// without a goal, its usual value.
    public func todaySummary(on day: Day) throws -> TodaySummary {
        let record = try self.day(day)
        var valueOf: [String: Double] = [:]
        for (attribute, value) in record.values { valueOf[attribute.name] = value }
        // The usual values: one read of the 8 same weekdays before, all attributes at once.
        let weekdays = (1...8).map { day.adding(days: -7 * $0) }
        var history: [String: [(Day, Double)]] = [:]
        for (name, other, value) in try database.rows(
            "SELECT attribute, day, value FROM day_value WHERE day IN (?, ?, ?, ?, ?, ?, ?, ?)",
            weekdays.map { .text($0.iso) }, { row in row.storedValue(2).map { (row.string(0), row.day(1) ?? day, $0) } }
        ).compactMap({ $0 }) {
            history[name, default: []].append((other, value))
        }
        var items: [TodayItem] = []
        for attribute in attributes {
            let value = valueOf[attribute.name]
            var status: GoalStatus? = nil
            if try goal(attribute.name, on: day) != nil {
                status = try Goals.evaluate(
                    type: attribute.type, history: try goalHistory(attribute.name, through: day), on: day,
                    streakLimit: 0, read: { try dailyValues(attribute.name, from: $0, through: $1) })
            }
            guard value != nil || status != nil else { continue }
            let usual = status == nil ? Goals.usual(history[attribute.name] ?? [], for: day, type: attribute.type) : nil
            items.append(TodayItem(attribute: attribute, value: value, goal: status, usual: usual))
        }
        return TodaySummary(record: record, items: items)
    }

    /// For each day from `first` to `last`, oldest first: how many goals were in force and how
    /// many of them were met, each judged as `goals` judges it on that day (a weekly or monthly
    /// goal by the mean of its period up to that day).
    public func goalsMet(from first: Day, through last: Day) throws -> [GoalsMet] {
        guard first <= last else { return [] }
        var result = Array(repeating: GoalsMet(met: 0, total: 0), count: last.ordinal - first.ordinal + 1)
        for attribute in attributes {
            let history = try goalHistory(attribute.name, through: last)
            guard let earliest = history.earliest else { continue }
            let start = max(first, earliest)
            guard start <= last else { continue }
            // From the start of the longest period that can hold the first day judged.
            let from = GoalPeriod.allCases.map { $0.start(of: start) }.min() ?? start
            var values: [Int: Double] = [:]
            for (day, value) in try dailyValues(attribute.name, from: from, through: last) {
                values[day.ordinal] = value
            }
            for ordinal in start.ordinal...last.ordinal {
                let day = Day(ordinal: ordinal)
                guard let goal = history.inForce(on: day) else { continue }
                let periodStart = goal.period.start(of: day)
                let judged = (periodStart.ordinal...ordinal).compactMap { values[$0] }
                let i = ordinal - first.ordinal
                result[i].total += 1
                if goal.isMet(judged, type: attribute.type) {
                    result[i].met += 1
                }
            }
        }
        return result
    }

    /// The mood of each day from `first` to `last` that has one, oldest first. One read
    /// through the index of moods by day.
    public func moods(from first: Day, through last: Day) throws -> [(Day, Int)] {
        try database.rows(
            "SELECT day, rating FROM mood WHERE day BETWEEN ? AND ? AND removed_by IS NULL ORDER BY day",
            [.text(first.iso), .text(last.iso)]
        ) { ($0.day(0) ?? first, Int($0.int(1))) }
    }
}
