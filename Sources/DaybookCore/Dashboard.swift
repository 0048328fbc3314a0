// What the dashboard views read from the journal: a day's values against their goals or usual
// values (`today`), the goals met on each day of a range (`week`), and one value a day over a
// year (`calendar`). Each reads windows through the indexes by day, so its cost does not grow
// with the length of the history.

/// One attribute on a day, for `today`: its value, its goal, or its usual value.
public struct TodayItem: Sendable {
    public let attribute: Attribute
    /// The day's value, if any.
    public let value: Double?
    /// The goal in force on the day, judged over its period up to the day (without a streak).
    public let goal: GoalStatus?
    /// For an attribute without a goal: its usual value for the day and the days it rests on
    /// (see `Goals.usual`); nil for one with a goal.
    public let usual: UsualValue?

    public init(attribute: Attribute, value: Double?, goal: GoalStatus?, usual: UsualValue?) {
        self.attribute = attribute
        self.value = value
        self.goal = goal
        self.usual = usual
    }
}

/// A day at a glance: what was recorded, and each attribute with a value or a goal that day.
public struct TodaySummary: Sendable {
    public let record: DayRecord
    /// In the journal's attribute order.
    public let items: [TodayItem]

    public init(record: DayRecord, items: [TodayItem]) {
        self.record = record
        self.items = items
    }

    public var day: Day { record.day }
}

/// How many of the goals in force on a day were met that day.
public struct GoalsMet: Sendable, Equatable {
    public var met: Int
    public var total: Int

    public init(met: Int, total: Int) {
        self.met = met
        self.total = total
    }
}
