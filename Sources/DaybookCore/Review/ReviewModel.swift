/// How a week, a month or a year went: what `Reviews.compute` makes of a `ReviewInput`. Every
/// part carries the days it rests on; a part with too little to go on says so (a nil, an
/// empty list, a count below its minimum) rather than a figure.
public struct Review: Sendable {
    /// The fewest moods a period's mood lines rest on, and the fewest days of a value a
    /// comparison with the period before rests on, on each side.
    public static let minimumDays = 3
    /// The most tags listed.
    public static let tagCount = 5

    public let period: ReviewPeriod
    /// The period before, for comparisons; nil before 0001-01-01.
    public let previous: ReviewPeriod?
    /// False while the period is still going on: the review is of the days "so far".
    public let complete: Bool
    /// The last day read: the period's last, or today while it runs.
    public let lastDay: Day
    public let checkIns: ReviewCheckIns
    /// Nil with fewer than `minimumDays` moods.
    public let mood: ReviewMood?
    public let goals: [ReviewGoal]
    public let attributes: [ReviewAttribute]
    public let records: [ReviewRecord]
    public let tags: [ReviewTag]
    public let links: ReviewLinks
    /// For a year: each day's mood, by `Day.ordinal`, for the calendar; empty otherwise.
    public let calendar: [Int: Double]
    /// For a year: each attribute's mean for each month (nil where a month has no value).
    public let months: [ReviewMonths]
    /// For a month: each attribute's value on each day (nil where a day has none).
    public let daily: [ReviewDaily]

    /// The days of the period read, through `lastDay`.
    public var days: Int { lastDay.ordinal - period.from.ordinal + 1 }
}

/// Days with a mood, of the days read, and the longest run of them in a row.
public struct ReviewCheckIns: Sendable, Equatable {
    public let days: Int
    public let of: Int
    /// The longest run of consecutive days with a mood, its first and last day; 0 and nil
    /// without a mood.
    public let longestRun: Int
    public let runFrom: Day?
    public let runThrough: Day?
}

/// A day's mood and the first line of its note, for the best and worst days.
public struct ReviewMoodDay: Sendable, Equatable {
    public let day: Day
    public let rating: Int
    /// The first line of the mood's note; "" without one.
    public let note: String
}

public struct ReviewMood: Sendable, Equatable {
    public let count: Int
    public let mean: Double
    /// How many days had each rating: `spread[0]` is 1 (terrible), `spread[4]` is 5 (great).
    public let spread: [Int]
    /// The days rated highest and lowest (at most `shownDays` each, most recent first), and
    /// how many days had that rating. Empty worst days when every day had the same rating.
    public let best: [ReviewMoodDay]
    public let bestCount: Int
    public let worst: [ReviewMoodDay]
    public let worstCount: Int
    /// The period before's mean and its moods, when it has at least `Review.minimumDays`.
    public let previousMean: Double?
    public let previousCount: Int

    public static let shownDays = 3
}

/// One goal over the period: its periods (days, weeks or months) that ended in the review and
/// were judged by a goal in force on their last day.
public struct ReviewGoal: Sendable, Equatable {
    public let attribute: Attribute
    /// The goal in force on the review's last day judged, or the last one in force in it.
    public let goal: Goal
    public let met: Int
    public let judged: Int
    /// The longest run of consecutive periods met within the review.
    public let longestStreak: Int
    /// The same over the period before; nil when none of its periods was judged.
    public let previousMet: Int?
    public let previousJudged: Int?

    /// Better, worse or the same share of periods met than in the period before.
    public var trend: ReviewTrend? {
        guard let previousMet, let previousJudged, previousJudged > 0, judged > 0 else { return nil }
        let now = Double(met) / Double(judged)
        let before = Double(previousMet) / Double(previousJudged)
        return abs(now - before) < 1e-9 ? .same : now > before ? .better : .worse
    }
}

public enum ReviewTrend: String, Sendable, Equatable {
    case better, worse, same
}

/// One attribute's period against the period before: the mean of its daily values, and their
/// total for what adds up over days.
public struct ReviewAttribute: Sendable, Equatable {
    public let attribute: Attribute
    public let days: Int
    /// Nil without a value in the period.
    public let mean: Double?
    /// Only for values that add up (steps, sleep); nil for the others.
    public let total: Double?
    public let previousDays: Int
    public let previousMean: Double?
    public let previousTotal: Double?
    /// The mean against the period before's (as `insights` measures a change), when each has at
    /// least `Review.minimumDays` days.
    public let change: InsightChange?
}

/// A value of the period that no day before it had reached, over at least `minimumSpan` days.
public struct ReviewRecord: Sendable, Equatable {
    /// The span a record must reach back: a season.
    public static let minimumSpan = 90

    public let subject: InsightSubject
    public let day: Day
    public let record: InsightRecord
}

/// A tag of the period, the days it was used, and the mood on them against the other days.
public struct ReviewTag: Sendable, Equatable {
    public let tag: String
    public let days: Int
    /// The mean mood on the tagged days and on the others with a mood, each when it rests on
    /// at least `Review.minimumDays` moods.
    public let moodWith: Double?
    public let moodWithout: Double?
    public let moodDaysWith: Int
    public let moodDaysWithout: Int
}

/// The links with mood that hold over the period, under the insights' rules.
public struct ReviewLinks: Sendable {
    /// The links said, each an insight of kind correlation or tag.
    public let found: [Insight]
    /// The tests of chance made (the Holm family); 0 when no link could be tested.
    public let tested: Int
    /// The most days with both a mood and a value (or a mood, for tags) in the period.
    public let pairedDays: Int
    /// The days a link needs.
    public let needed: Int
    /// When links were tested and none stands out: what they could have shown.
    public var possible: InsightLinksNone? = nil
}

/// An attribute's value on each day of a month, for a sparkline.
public struct ReviewDaily: Sendable, Equatable {
    public let attribute: Attribute
    /// One entry a day of the period, the first day first; nil for a day without a value and
    /// for the days after the last one read.
    public let values: [Double?]
}

/// An attribute's mean for each month of a year, for a sparkline.
public struct ReviewMonths: Sendable, Equatable {
    public let attribute: Attribute
    /// Twelve entries, January first.
    public let means: [Double?]
}
