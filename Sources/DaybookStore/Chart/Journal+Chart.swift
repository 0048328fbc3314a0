import DaybookCore
// What a chart reads: the journal's own window reads by day (`dailyValues`, `moodRatings`,
// `goal`), one range per chart, so the cost follows the period, not the history.
extension Journal {
    /// The chart of `subject` from `from` (nil: from its first value) through `through`, by
    /// `step` (nil: the finest that gives at most `maxPoints` points). Each step is read whole:
    /// the first point starts on the first day of the step holding `from`.
    public func chart(
        _ subject: ChartSubject, from: Day?, through: Day, step chosen: ChartStep?, maxPoints: Int
    ) throws -> Chart {
        var start = from ?? Day.earliest
        var daily: [(Day, Double)]
        if let from {
            let step = chosen ?? ChartStep.fitting(from: from, through: through, limit: max(1, maxPoints))
            start = step.start(of: from)
            daily = try read(subject, from: start, through: through)
        } else {
            daily = try read(subject, from: start, through: through)
            start = daily.first?.0 ?? through
        }
        let step = chosen ?? ChartStep.fitting(from: start, through: through, limit: max(1, maxPoints))
        if from == nil {
            // From the first value: the step holding it, which may start a little before.
            start = step.start(of: start)
        } else if step.start(of: start) < start {
            start = step.start(of: start)
            daily = try read(subject, from: start, through: through)
        }
        var goal: Goal? = nil
        if case .attribute(let attribute) = subject { goal = try self.goal(attribute.name, on: through) }
        return Chart.make(subject, daily: daily, from: start, through: through, step: step, maxPoints: maxPoints, goal: goal)
    }

    func read(_ subject: ChartSubject, from: Day, through: Day) throws -> [(Day, Double)] {
        switch subject {
        case .mood: return try moodRatings(from: from, through: through).map { ($0.0, Double($0.1)) }
        case .attribute(let attribute): return try dailyValues(attribute.name, from: from, through: through)
        }
    }
}
