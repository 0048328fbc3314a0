// A review's goals: each goal period (a day, a week or a month) whose last day falls in the
// review and has passed, judged as `goals` judges a period that has ended: by the goal in
// force on its last day, over all its days (`Goal.isMet`).

extension Reviews {
    /// How `entry`'s goals held over `period` and the period before; nil when no goal was in
    /// force on any day of the period read.
    static func goalReview(
        _ entry: ReviewInput.AttributeInput, values: DayValues, period: ReviewPeriod, today: Day
    ) -> ReviewGoal? {
        let history = entry.goals
        let last = period.lastDay(today: today)
        guard let earliest = history.earliest, earliest <= last else { return nil }
        var inForce: Goal? = nil
        var day = last
        while day >= period.from {
            if let goal = history.inForce(on: day) {
                inForce = goal
                break
            }
            day = day.adding(days: -1)
        }
        guard let shown = inForce else { return nil }
        let now = judge(
            entry.attribute.type, history: history, values: values, from: period.from, through: period.through,
            today: today)
        let before = period.previous.map {
            judge(
                entry.attribute.type, history: history, values: values, from: $0.from, through: $0.through, today: today
            )
        }
        return ReviewGoal(
            attribute: entry.attribute, goal: now.goal ?? shown, met: now.met, judged: now.judged,
            longestStreak: now.longest, previousMet: before.flatMap { $0.judged > 0 ? $0.met : nil },
            previousJudged: before.flatMap { $0.judged > 0 ? $0.judged : nil })
    }

    /// The goal periods that end from `from` through `through` and before `today`, each judged
    /// by the goal in force on its last day: how many were met, of how many, the longest run met
    /// in a row, and the last goal that judged one.
    static func judge(
        _ type: ValueType, history: GoalHistory, values: DayValues, from: Day, through: Day, today: Day
    ) -> (met: Int, judged: Int, longest: Int, goal: Goal?) {
        var met = 0
        var judged = 0
        var run = 0
        var longest = 0
        var last: Goal? = nil
        let end = min(through, today.adding(days: -1))
        guard from <= end else { return (0, 0, 0, nil) }
        for ordinal in from.ordinal...end.ordinal {
            let day = Day(ordinal: ordinal)
            guard let goal = history.inForce(on: day), goal.period.end(of: day) == day else { continue }
            let start = goal.period.start(of: day)
            let judgedValues = (start.ordinal...ordinal).compactMap { values[Day(ordinal: $0)] }
            judged += 1
            last = goal
            if goal.isMet(judgedValues, type: type) {
                met += 1
                run += 1
                longest = max(longest, run)
            } else {
                run = 0
            }
        }
        return (met, judged, longest, last)
    }
}
