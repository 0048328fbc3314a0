/// How far back each insight looks.
public enum InsightWindows {
    /// The 30-day average: the 30 days before the day.
    public static let averageDays = 30
    /// Correlations and tags: the 90 days ending at the day.
    public static let correlationDays = 90
    /// Weekday patterns: the 12 weeks ending at the day.
    public static let weekdayDays = 12 * 7
    /// Records: the year before the day.
    public static let recordDays = 365
    /// The 30-day average is compared only when it rests on this many days.
    public static let averageMinimumDays = 3
    /// A record beats at least this many earlier days with a value.
    public static let recordMinimumDays = 5
    /// Each side of a correlation, a tag or a weekday pattern.
    public static let sideMinimumDays = 7
    /// A link with mood is tested only over at least this many days with both known.
    public static let linkMinimumDays = 30
    /// Each side of a #tag's test: days with it, and days without.
    public static let tagMinimumDays = 10
    /// ... in at least this many separate runs of tagged days.
    public static let tagMinimumRuns = 5
    /// A link is tested at the scale of days: each value against the mean of the days within
    /// this many days either side (`Statistics.localResiduals`).
    public static let slowHalfWidth = 14
    /// A link is said only when it passed this many days before as well (`Insights.held`).
    public static let linkHoldDays = 7
    /// The mood points a link's split must show to be worded as a tendency (a #tag's, to be
    /// said at all).
    public static let moodSplitMinimum = 0.5
}

/// One attribute's (or the mood's) daily values over the windows an insight reads.
public struct InsightSeries: Sendable, Equatable {
    public var values: DayValues
    /// The first day the read covered: values before it are not known.
    public var from: Day
    /// True when a value exists before `from`.
    public var hasEarlier: Bool

    public init(values: DayValues, from: Day, hasEarlier: Bool) {
        self.values = values
        self.from = from
        self.hasEarlier = hasEarlier
    }

    public init(values: [Day: Double], from: Day, hasEarlier: Bool) {
        self.init(values: DayValues(values), from: from, hasEarlier: hasEarlier)
    }

    public init(_ pairs: [(Day, Double)], from: Day, hasEarlier: Bool) {
        var values = DayValues()
        for (day, value) in pairs { values[day] = value }
        self.init(values: values, from: from, hasEarlier: hasEarlier)
    }
}

/// Everything the insights for a day are computed from: data read from the journal, no
/// journal. `Journal.insightInput(for:)` reads it; tests build it by hand.
public struct InsightInput: Sendable {
    public struct AttributeSeries: Sendable {
        public var attribute: Attribute
        public var series: InsightSeries

        public init(attribute: Attribute, series: InsightSeries) {
            self.attribute = attribute
            self.series = series
        }
    }

    public struct GoalEntry: Sendable {
        public var attribute: Attribute
        public var status: GoalStatus

        public init(attribute: Attribute, status: GoalStatus) {
            self.attribute = attribute
            self.status = status
        }
    }

    /// The day the insights are about.
    public var day: Day
    /// Today, to tell a period still running from one that has ended.
    public var today: Day
    /// Mood ratings: at least the 90 days ending at `day`, and the year before `day` when it
    /// has a mood.
    public var mood: InsightSeries
    /// Each tracked attribute, in the journal's order, over the same windows as the mood (the
    /// year only for those with a value on `day`).
    public var attributes: [AttributeSeries]
    /// The tags of each of the 90 days ending at `day`.
    public var tags: [Day: [String]]
    /// Goals in force on `day`, judged as `goals` judges them.
    public var goals: [GoalEntry]

    public init(
        day: Day, today: Day, mood: InsightSeries, attributes: [AttributeSeries], tags: [Day: [String]],
        goals: [GoalEntry]
    ) {
        self.day = day
        self.today = today
        self.mood = mood
        self.attributes = attributes
        self.tags = tags
        self.goals = goals
    }
}
