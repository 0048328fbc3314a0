extension GoalPeriod {
    /// The first day of the period before the one starting on `start`.
    public func previousStart(_ start: Day) -> Day { self.start(of: start.adding(days: -1)) }

    /// How many periods there are from the one starting on `first` through the one starting on
    /// `last`, both counted.
    public func count(from first: Day, through last: Day) -> Int {
        switch self {
        case .daily: return last.ordinal - first.ordinal + 1
        case .weekly: return (last.ordinal - first.ordinal) / 7 + 1
        case .monthly: return (last.year * 12 + last.month) - (first.year * 12 + first.month) + 1
        }
    }
}
