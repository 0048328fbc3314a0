/// What an insight is about: the day's mood, or a tracked attribute.
public enum InsightSubject: Sendable, Equatable {
    case mood
    case attribute(Attribute)

    /// `mood`, or the attribute's name: the `attribute` field of the JSON form.
    public var name: String {
        switch self {
        case .mood: return "mood"
        case .attribute(let attribute): return attribute.name
        }
    }

    /// The type values are compared as. A mood is a number from 1 to 5.
    public var type: ValueType {
        switch self {
        case .mood: return .decimal
        case .attribute(let attribute): return attribute.type
        }
    }

    public var attribute: Attribute? {
        if case .attribute(let attribute) = self { return attribute }
        return nil
    }
}

/// Highest or lowest: for a record, a weekday that stands out, which end it is at.
public enum InsightExtreme: String, Sendable, Equatable {
    case highest, lowest
}

/// How far a value is from a baseline (a usual value or an average), and which way.
public struct InsightChange: Sendable, Equatable {
    public enum Direction: String, Sendable, Equatable {
        case higher, lower
        /// Less than 5% away (15 minutes for a time of day, 0.3 points for a mood): "about
        /// your usual".
        case about
    }

    /// What `amount` counts.
    public enum Measure: String, Sendable, Equatable {
        /// Percent of the baseline: counts, decimals and durations.
        case percent
        /// Points: a mood, or a percentage attribute (percentage points).
        case points
        /// Minutes around the clock: a time of day.
        case minutes
        /// The attribute's own units, when the baseline is 0 or below and a percentage means nothing.
        case amount
    }

    public let direction: Direction
    public let measure: Measure
    /// How far, never negative, in `measure`, rounded as it is shown.
    public let amount: Double
    /// value - baseline in the units of `show --json` (minutes for a time of day, the shorter
    /// way round the clock), rounded as shown.
    public let difference: Double

    public init(direction: Direction, measure: Measure, amount: Double, difference: Double) {
        self.direction = direction
        self.measure = measure
        self.amount = amount
        self.difference = difference
    }
}

/// The day's value against the usual value for its weekday, or against the 30-day average.
public struct InsightComparison: Sendable, Equatable {
    public let value: Double
    /// The usual value (median of the same weekday over the 8 weeks before), when it rests on
    /// at least `UsualValue.minimumDays`; rounded as shown.
    public let usual: Double?
    /// The days with a value the usual rests on.
    public let usualDays: Int
    /// The mean of the 30 days before, the day itself excluded, when at least 3 have a value.
    public let average30d: Double?
    public let averageDays: Int
    /// value / usual × 100, whole; nil for a time of day or a baseline of 0 or below.
    public let percentOfUsual: Int?
    public let percentOfAverage: Int?
    /// Against the baseline of this insight: the usual for kind `usual`, the average for `average`.
    public let change: InsightChange

    public init(
        value: Double, usual: Double?, usualDays: Int, average30d: Double?, averageDays: Int, percentOfUsual: Int?,
        percentOfAverage: Int?, change: InsightChange
    ) {
        self.value = value
        self.usual = usual
        self.usualDays = usualDays
        self.average30d = average30d
        self.averageDays = averageDays
        self.percentOfUsual = percentOfUsual
        self.percentOfAverage = percentOfAverage
        self.change = change
    }
}

/// A usual value that cannot be given yet: fewer than `UsualValue.minimumDays` of the same
/// weekday in the 8 weeks before.
public struct InsightMissingHistory: Sendable, Equatable {
    public let value: Double
    public let days: Int
    public let needed: Int
    /// The 30-day average, when there is one (for the JSON form).
    public let average30d: Double?

    public init(value: Double, days: Int, needed: Int, average30d: Double?) {
        self.value = value
        self.days = days
        self.needed = needed
        self.average30d = average30d
    }
}

/// The highest or lowest value in a span of days.
public struct InsightRecord: Sendable, Equatable {
    public enum Reach: Sendable, Equatable {
        /// Since this day, which had a value at least as high (or low).
        case since(Day)
        /// Nothing as high (or low) in the year before; older values exist.
        case year
        /// Nothing as high (or low) since the first value logged, within the year.
        case ever
    }

    public let value: Double
    public let extreme: InsightExtreme
    public let reach: Reach
    /// The days from the day after `since` through the day itself; 365 for `year`, nil for `ever`.
    public let span: Int?
    /// The days with a value in that span, the day itself included.
    public let days: Int

    public init(value: Double, extreme: InsightExtreme, reach: Reach, span: Int?, days: Int) {
        self.value = value
        self.extreme = extreme
        self.reach = reach
        self.span = span
        self.days = days
    }
}

/// A goal's standing on the day, and whether its period is still running.
public struct InsightGoal: Sendable, Equatable {
    public let status: GoalStatus
    /// The period holding the day has not ended before today: the value may still change.
    public let open: Bool
    /// The day is today.
    public let isToday: Bool

    public init(status: GoalStatus, open: Bool, isToday: Bool) {
        self.status = status
        self.open = open
        self.isToday = isToday
    }
}

/// A weekday that stands out from the other days of the last 12 weeks.
public struct InsightWeekday: Sendable, Equatable {
    /// ISO weekday, 1 is Monday.
    public let weekday: Int
    public let extreme: InsightExtreme
    /// Mean on that weekday and on the other days, rounded as shown.
    public let mean: Double
    public let otherMean: Double
    public let days: Int
    public let otherDays: Int
    /// mean - otherMean (minutes round the clock for a time of day), rounded as shown.
    public let difference: Double
    /// The p of an analysis of variance over the seven weekdays, before any correction.
    public let p: Double

    public init(
        weekday: Int, extreme: InsightExtreme, mean: Double, otherMean: Double, days: Int, otherDays: Int,
        difference: Double, p: Double
    ) {
        self.weekday = weekday
        self.extreme = extreme
        self.mean = mean
        self.otherMean = otherMean
        self.days = days
        self.otherDays = otherDays
        self.difference = difference
        self.p = p
    }
}

/// Mood against an attribute over the last 90 days: Pearson's r, and the mood on days at or
/// above a threshold of the attribute against the other days.
public struct InsightCorrelation: Sendable, Equatable {
    public enum Strength: String, Sendable, Equatable {
        case weak, moderate, strong

        /// Below 0.3 weak, below 0.5 moderate, else strong, by r as it is shown (to two
        /// decimals), so that word and number agree: r = -0.4986 reads "-0.50", strong.
        public init(r: Double) {
            let size = (abs(r) * 100).rounded() / 100
            self = size < 0.3 ? .weak : size < 0.5 ? .moderate : .strong
        }
    }

    public let r: Double
    /// The two-sided p of the t-test for r over `effectiveDays`, before Holm's correction.
    public let p: Double
    /// Days with both a mood and a value.
    public let days: Int
    /// What those days are worth as independent ones (`Statistics.effectiveSampleSize`): fewer
    /// when mood and the attribute both lean on the day before.
    public let effectiveDays: Double
    /// The attribute value that splits the days (for yes/no, yes).
    public let threshold: Double
    /// Mean mood on days at or above the threshold, and on the others, rounded to 0.1.
    public let moodAbove: Double
    public let moodBelow: Double
    public let daysAbove: Int
    public let daysBelow: Int
    /// 0: the attribute's value on the mood's day; 1: on the day before.
    public let lag: Int

    public var strength: Strength { Strength(r: r) }

    /// The moods either side of the threshold, as shown, are less than
    /// `InsightWindows.moodSplitMinimum` apart: too little to be worded as a tendency.
    public var smallSplit: Bool { abs(moodAbove - moodBelow) < InsightWindows.moodSplitMinimum - 1e-9 }

    public init(
        r: Double, p: Double, days: Int, effectiveDays: Double, threshold: Double, moodAbove: Double,
        moodBelow: Double, daysAbove: Int, daysBelow: Int, lag: Int = 0
    ) {
        self.r = r
        self.p = p
        self.days = days
        self.effectiveDays = effectiveDays
        self.threshold = threshold
        self.moodAbove = moodAbove
        self.moodBelow = moodBelow
        self.daysAbove = daysAbove
        self.daysBelow = daysBelow
        self.lag = lag
    }
}

/// Mood on days with a #tag against days without it, over the last 90 days.
public struct InsightTag: Sendable, Equatable {
    public let tag: String
    /// Mean moods, rounded to 0.1.
    public let moodWith: Double
    public let moodWithout: Double
    public let daysWith: Int
    public let daysWithout: Int
    /// The two-sided p of the tag (as 0 or 1) against the mood at the scale of days
    /// (`Statistics.dayLevelLink`) over `effectiveDays`, before Holm's correction.
    public let p: Double
    /// That test's r (the point-biserial correlation at the scale of days).
    public let r: Double
    /// What the days are worth as independent ones.
    public let effectiveDays: Double
    /// 0: mood on days with the tag; 1: mood on the days after them.
    public let lag: Int

    public init(
        tag: String, moodWith: Double, moodWithout: Double, daysWith: Int, daysWithout: Int, p: Double,
        r: Double = 0, effectiveDays: Double = 0, lag: Int = 0
    ) {
        self.tag = tag
        self.moodWith = moodWith
        self.moodWithout = moodWithout
        self.daysWith = daysWith
        self.daysWithout = daysWithout
        self.p = p
        self.r = r
        self.effectiveDays = effectiveDays
        self.lag = lag
    }
}

/// Links cannot be tested yet: no attribute, and no #tag, has enough days logged together
/// with a mood in the 90 days ending at the day.
public struct InsightLinksPending: Sendable, Equatable {
    /// The most days any link could rest on so far.
    public let days: Int
    /// The days a link needs (`InsightWindows.linkMinimumDays`).
    public let needed: Int

    public init(days: Int, needed: Int) {
        self.days = days
        self.needed = needed
    }
}

/// Links were tested and none stands out: what the data could have shown. With the most
/// effective days any link had, the smallest |r| that would have passed the first step of the
/// correction over the family (and the 0.3 any link needs).
public struct InsightLinksNone: Sendable, Equatable {
    /// The most days any link rested on.
    public let days: Int
    /// The most days any link was worth as independent days.
    public let effectiveDays: Double
    /// The smallest |r| that could have been claimed.
    public let smallestR: Double
    /// The tests of the family.
    public let tests: Int

    public init(days: Int, effectiveDays: Double, smallestR: Double, tests: Int) {
        self.days = days
        self.effectiveDays = effectiveDays
        self.smallestR = smallestR
        self.tests = tests
    }
}

/// One thing worth saying about a day, with how notable it is. Computed by `Insights`, worded
/// by the view layer.
public struct Insight: Sendable, Equatable {
    /// The `kind` field of the JSON form.
    public enum Kind: String, Sendable, CaseIterable {
        case usual, average
        /// A value that adds up over a day, on a day still going: told as it stands, never
        /// compared or made a record (`Insights.stillGoing`).
        case soFar = "so_far"
        case record, goal, streak, weekday, correlation, tag, links
    }

    public enum Detail: Sendable, Equatable {
        /// Kinds `usual` and `average`.
        case comparison(InsightComparison)
        /// Kind `usual`, when the usual does not rest on enough days yet.
        case missingHistory(InsightMissingHistory)
        case record(InsightRecord)
        /// Kinds `goal` and `streak`.
        case goal(InsightGoal)
        case weekday(InsightWeekday)
        case correlation(InsightCorrelation)
        case tag(InsightTag)
        /// Kind `links`: too few days for any link yet.
        case linksPending(InsightLinksPending)
        /// Kind `so_far`: the value so far of a day still going.
        case soFar(value: Double)
        /// Kind `links`: links were tested and none stands out.
        case linksNone(InsightLinksNone)
    }

    public let kind: Kind
    public let subject: InsightSubject
    /// The day the insight is about.
    public let day: Day
    public let detail: Detail
    /// 0 to 100: goals met or missed, records, large deviations and strong links come first.
    public var notability: Double

    public init(kind: Kind, subject: InsightSubject, day: Day, detail: Detail, notability: Double) {
        self.kind = kind
        self.subject = subject
        self.day = day
        self.detail = detail
        self.notability = notability
    }
}
