import DaybookCore
/// What setting or ending a goal did, for the confirmation.
public struct GoalWrite: Sendable, Equatable {
    /// The goal that was in force on the change's first day before the change, if any.
    public let previous: Goal?
    /// The next change already recorded after the day, if any: the new goal lasts until then.
    public let nextChange: Day?
}

extension Journal {
    /// Sets `attribute`'s goal from `day` on, replacing any goal change recorded for that same
    /// day. Goals set for later days stay: this one lasts until the next of them. With `total`,
    /// a weekly or monthly goal judges the period's sum (see `Goals.totalProblem`).
    @discardableResult
    public func setGoal(
        _ attribute: Attribute, range: GoalRange, period: GoalPeriod, total: Bool = false, from day: Day
    ) throws -> GoalWrite {
        if total, let problem = Goals.totalProblem(attribute, period: period) { throw JournalError(problem) }
        let summary =
            "goal \(attribute.name) \(range.format(attribute)) \(period.rawValue)\(total ? " total" : "") from \(day.iso)"
        return try change(
            "goal", summary, facts: .goal(attribute, range: range, period: period, total: total, from: day)
        ) { id in
            try writeGoalRow(attribute.name, day: day, period: period, range: range, total: total, change: id)
        }
    }

    /// Ends `attribute`'s goal from `day` on. Earlier days keep being judged by it. Throws
    /// when no goal is in force on `day`.
    @discardableResult
    public func endGoal(_ attribute: Attribute, from day: Day) throws -> GoalWrite {
        try change("goal", "goal \(attribute.name) off from \(day.iso)", facts: .goalOff(attribute.name, from: day)) { id in
            guard try goal(attribute.name, on: day) != nil else {
                throw JournalError("\(attribute.name) has no goal on \(day.iso); nothing was changed")
            }
            return try writeGoalRow(attribute.name, day: day, period: nil, range: nil, change: id)
        }
    }

    private func writeGoalRow(
        _ name: String, day: Day, period: GoalPeriod?, range: GoalRange?, total: Bool = false, change id: Int64
    ) throws -> GoalWrite {
        let previous = try goal(name, on: day)
        try database.run(
            "UPDATE goal SET removed_by = ? WHERE attribute = ? AND since = ? AND removed_by IS NULL",
            [.integer(id), .text(name), .text(day.iso)])
        try insertGoal(
            attribute: name, since: day, period: period, min: range?.min, max: range?.max, total: total, addedBy: id)
        let next = try database.scalarText(
            "SELECT since FROM goal WHERE attribute = ? AND since > ? AND removed_by IS NULL ORDER BY since LIMIT 1",
            [.text(name), .text(day.iso)])
        return GoalWrite(previous: previous, nextChange: next.flatMap { Day.parseISO($0) })
    }

    /// The goal in force for `attribute` on `day`: one seek in the (attribute, since) index.
    public func goal(_ attribute: String, on day: Day) throws -> Goal? {
        try database.first(
            "SELECT since, period, min, max, total FROM goal WHERE attribute = ? AND since <= ? AND removed_by IS NULL ORDER BY since DESC LIMIT 1",
            [.text(attribute), .text(day.iso)], Journal.goalChange
        )?.goal
    }

    /// Every goal change for `attribute` up to `day`, oldest first. Goals are set by hand, so
    /// there are few.
    func goalHistory(_ attribute: String, through day: Day) throws -> GoalHistory {
        GoalHistory(
            try database.rows(
                "SELECT since, period, min, max, total FROM goal WHERE attribute = ? AND since <= ? AND removed_by IS NULL ORDER BY since",
                [.text(attribute), .text(day.iso)], Journal.goalChange))
    }

    static func goalChange(_ row: Statement) -> GoalHistory.Change {
        let since = Day.parseISO(row.string(0)) ?? Day(ordinal: 0)
        guard let period = row.text(1).flatMap(GoalPeriod.init(rawValue:)) else {
            return GoalHistory.Change(since: since, goal: nil)
        }
        let range = GoalRange(min: row.storedValue(2), max: row.storedValue(3))
        return GoalHistory.Change(
            since: since, goal: Goal(range: range, period: period, since: since, total: row.int(4) != 0))
    }

    /// Each tracked attribute with a goal in force on `day`, in the attribute order, judged
    /// over the period holding `day` as it stood at the end of `day`. With `wholeEndedPeriods`,
    /// a week or month that ended before today is judged over all its days instead (by the goal
    /// in force on `day`), as it ended: what insights say of a past day's week.
    public func goalStatuses(on day: Day, wholeEndedPeriods: Bool = false) throws -> [(
        attribute: Attribute, status: GoalStatus
    )] {
        try flushDerived()
        noteRead()
        // A period that ended before this day is judged as it ended.
        let endedBefore = wholeEndedPeriods ? today() : day
        var result: [(attribute: Attribute, status: GoalStatus)] = []
        for attribute in attributes {
            guard let goal = try goal(attribute.name, on: day) else { continue }
            // Changes after `day` are not read: the goal in force on `day` judges its period.
            let history = try goalHistory(attribute.name, through: day)
            let end = goal.period.end(of: day)
            if let status = try Goals.evaluate(
                type: attribute.type, history: history, on: end < endedBefore ? end : day,
                read: { try dailyValues(attribute.name, from: $0, through: $1) },
                streak: { start, goal, limit in
                    // The kept runs count the periods met, whatever goal judged them: a streak
                    // goes back only through those judged by a goal like this one.
                    try storedStreak(
                        attribute.name, period: goal.period, before: start,
                        limit: min(limit, history.periodsJudgedLike(goal, before: start)))
                })
            {
                result.append((attribute, status))
            }
        }
        return result
    }

    /// Range forms for `goal ATTR <TAB>`, pre-filled from the usual value for today.
    public func rangeSuggestions(_ attribute: Attribute) throws -> RangeSuggestions {
        Goals.rangeSuggestions(for: attribute, usual: try usualValue(of: attribute, on: today()))
    }

    /// The names of the attributes with a goal in force on `day`.
    public func attributesWithGoals(on day: Day) throws -> Set<String> {
        var names = Set<String>()
        for attribute in attributes where try goal(attribute.name, on: day) != nil {
            names.insert(attribute.name)
        }
        return names
    }
}
