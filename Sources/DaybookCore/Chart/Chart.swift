// A chart of one attribute (or of the mood) over a period, worked out once: the steps, each
// point's value, the gaps, the goal's band, the rolling mean, the y axis and the x labels.
// Views draw it; none of them decides a value, a scale or a label.

/// How long one point of a chart is: a day, an ISO week (Monday to Sunday) or a calendar month.
public enum ChartStep: String, Sendable, CaseIterable {
    case day, week, month

    public static let names = allCases.map(\.rawValue)

    /// The first day of the step holding `day`.
    public func start(of day: Day) -> Day {
        switch self {
        case .day: return day
        case .week: return day.startOfISOWeek
        case .month: return day.startOfMonth
        }
    }

    /// The first day of the step after the one starting at `start`.
    public func next(after start: Day) -> Day {
        switch self {
        case .day: return start.adding(days: 1)
        case .week: return start.adding(days: 7)
        case .month: return start.endOfMonth.adding(days: 1)
        }
    }

    /// The first days of the steps holding `from` to `through`, oldest first.
    public func starts(from: Day, through: Day) -> [Day] {
        var out: [Day] = []
        var d = start(of: from)
        while d <= through {
            out.append(d)
            d = next(after: d)
        }
        return out
    }

    /// How many points the rolling mean runs over: a week of days, 4 weeks, 3 months.
    public var rollingSpan: Int {
        switch self {
        case .day: return 7
        case .week: return 4
        case .month: return 3
        }
    }

    /// The finest step whose points, from `from` to `through`, are at most `limit`.
    public static func fitting(from: Day, through: Day, limit: Int) -> ChartStep {
        for step in [ChartStep.day, .week] where step.starts(from: from, through: through).count <= limit {
            return step
        }
        return .month
    }
}

/// What a chart is of: an attribute, or the mood (1 to 5).
public enum ChartSubject: Sendable, Equatable {
    case attribute(Attribute)
    case mood

    public var name: String {
        switch self {
        case .attribute(let a): return a.name
        case .mood: return "mood"
        }
    }

    /// The type its values are read and shown as; the mood's are numbers from 1 to 5.
    public var type: ValueType {
        switch self {
        case .attribute(let a): return a.type
        case .mood: return .decimal
        }
    }
}

/// One point: the first day of its step, its value (nil for a gap: no day with a value) and
/// the days of the step that have one.
public struct ChartPoint: Sendable, Equatable {
    public let date: Day
    public let value: Double?
    public let days: Int
}

/// A chart, worked out once.
public struct Chart: Sendable {
    public let subject: ChartSubject
    public let step: ChartStep
    /// The first day of the first step, and the last day the chart reads.
    public let from: Day
    public let through: Day
    /// True when a point longer than a day is the total of its days (what adds up over a day:
    /// steps, sleep); false when it is the mean of the days that have a value (a circular mean
    /// for times of day).
    public let totals: Bool
    public let points: [ChartPoint]
    /// The trailing mean of the last `step.rollingSpan` points, nil where fewer than half of
    /// them have a value.
    public let rolling: [Double?]
    /// The goal in force on the last day, when its range reads on this chart's values: a
    /// daily goal, where each point is a day's value or a mean of days.
    public let band: GoalRange?
    public let axis: ChartAxis
    /// Labels under the x axis: the index of the point each names, and its text.
    public let labels: [ChartLabel]
    /// For the mood: how many days had each rating, 1 to 5 (index 0 is rating 1).
    public let ratings: [Int]?

    /// Days with a value, over the whole chart.
    public var daysWithValue: Int { points.reduce(0) { $0 + $1.days } }
    /// Points that have a value.
    public var pointsWithValue: Int { points.filter { $0.value != nil }.count }
}

extension Chart {
    /// Works a chart out from the days' values (`daily`: at most one per day, as the journal
    /// keeps them) from `from` through `through`. `step` nil chooses the finest step that gives
    /// at most `maxPoints` points.
    public static func make(
        _ subject: ChartSubject, daily: [(Day, Double)], from: Day, through: Day, step chosen: ChartStep?,
        maxPoints: Int, goal: Goal? = nil
    ) -> Chart {
        let step = chosen ?? ChartStep.fitting(from: from, through: through, limit: max(1, maxPoints))
        let type = subject.type
        let starts = step.starts(from: from, through: through)
        let totals: Bool
        if case .attribute(let a) = subject { totals = a.addsUpOverDay && step != .day } else { totals = false }

        var points: [ChartPoint] = []
        points.reserveCapacity(starts.count)
        var i = daily.startIndex
        for (k, start) in starts.enumerated() {
            let end = k + 1 < starts.count ? starts[k + 1] : through.adding(days: 1)
            var values: [Double] = []
            while i < daily.endIndex && daily[i].0 < start { i += 1 }
            while i < daily.endIndex && daily[i].0 < end {
                values.append(daily[i].1)
                i += 1
            }
            let value = values.isEmpty ? nil : totals ? values.reduce(0, +) : type.mean(values)
            points.append(ChartPoint(date: start, value: value, days: values.count))
        }

        let rolling = rollingMeans(points.map(\.value), span: step.rollingSpan, type: type)
        var band: GoalRange? = nil
        if let goal, goal.period == .daily, !totals, type != .yesno { band = goal.range }
        let axis = ChartAxis.make(
            subject, values: points.compactMap(\.value) + rolling.compactMap { $0 }, band: band, totals: totals)
        var ratings: [Int]? = nil
        if subject == .mood {
            var counts = [0, 0, 0, 0, 0]
            for (_, v) in daily where (1...5).contains(Int(v)) { counts[Int(v) - 1] += 1 }
            ratings = counts
        }
        return Chart(
            subject: subject, step: step, from: starts.first ?? from, through: through, totals: totals,
            points: points, rolling: rolling, band: band, axis: axis,
            labels: ChartLabel.make(points.map(\.date), step: step), ratings: ratings)
    }

    /// The trailing mean of each point and the `span - 1` before it, over those with a value,
    /// when at least half of them have one.
    static func rollingMeans(_ values: [Double?], span: Int, type: ValueType) -> [Double?] {
        values.indices.map { k in
            let window = values[max(0, k - span + 1)...k].compactMap { $0 }
            guard window.count * 2 >= span else { return nil }
            return type.mean(window)
        }
    }

    /// A value's height on the y axis: itself, or, for a time of day, its place on the axis's
    /// clock, which runs from the axis's anchor 12 hours either way and so does not break at
    /// midnight.
    public func position(_ value: Double) -> Double { axis.position(value) }
}
