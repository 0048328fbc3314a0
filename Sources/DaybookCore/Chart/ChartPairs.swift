// Two attributes (or an attribute and the mood) against each other, one dot per day, and
// whether the link between them is one `insights` would claim: the same test
// (`Insights.correlation`: Pearson's r at the scale of days, each value against the mean of the
// days around it, over at least 30 days with both, each side of the split 7 days at least, the
// days counted for what they are worth when they lean on the day before) and the same verdict
// (`Insights.passing`: |r| at least 0.3, p below 0.05); against the mood, only a link that
// passes Holm's correction among every link `insights` would test over the same days.

/// One day's pair: A on `day - lag`, B on `day`.
public struct ChartPair: Sendable, Equatable {
    public let day: Day
    public let x: Double
    public let y: Double
}

public struct ChartPairs: Sendable {
    public let x: ChartSubject
    public let y: ChartSubject
    /// B's day minus A's: 1 pairs yesterday's A with today's B.
    public let lag: Int
    public let from: Day
    public let through: Day
    public let pairs: [ChartPair]
    /// Pearson's r over the pairs (times of day taken round their circular mean), nil under 3
    /// pairs or when one side never varies.
    public let r: Double?
    /// The test as `insights` runs it, nil while there are fewer than `needed` pairs.
    public let link: InsightCorrelation?
    /// True when `insights` would claim the link.
    public let claimed: Bool
    public let needed: Int
    public let xAxis: ChartAxis
    public let yAxis: ChartAxis

    package init(x: ChartSubject, y: ChartSubject, lag: Int, from: Day, through: Day, pairs: [ChartPair], r: Double?, link: InsightCorrelation?, claimed: Bool, needed: Int, xAxis: ChartAxis, yAxis: ChartAxis) {
        self.x = x
        self.y = y
        self.lag = lag
        self.from = from
        self.through = through
        self.pairs = pairs
        self.r = r
        self.link = link
        self.claimed = claimed
        self.needed = needed
        self.xAxis = xAxis
        self.yAxis = yAxis
    }

    public var n: Int { pairs.count }
}

extension ChartPairs {
    /// Pairs `a` (on each day minus `lag`) with `b` (on each day) over `from` through `through`.
    public static func make(
        _ x: ChartSubject, _ a: [(Day, Double)], _ y: ChartSubject, _ b: [(Day, Double)], lag: Int, from: Day,
        through: Day
    ) -> ChartPairs {
        var first = DayValues()
        for (d, v) in a { first[d] = v }
        var window: [(Day, Double, Double)?] = []
        var pairs: [ChartPair] = []
        for (d, v) in b where d >= from && d <= through {
            if let u = first[d.adding(days: -lag)] { pairs.append(ChartPair(day: d, x: u, y: v)) }
        }
        var byDay: [Int: ChartPair] = [:]
        for p in pairs { byDay[p.day.ordinal] = p }
        for o in from.ordinal...max(from.ordinal, through.ordinal) {
            window.append(byDay[o].map { ($0.day, $0.x, $0.y) })
        }
        let xs = Insights.linear(pairs.map(\.x), type: x.type).positions
        let ys = Insights.linear(pairs.map(\.y), type: y.type).positions
        let r = pairs.count >= 3 ? Statistics.pearson(xs, ys) : nil

        // The insights' test, the B side on a line (a time of day round its circular mean).
        var yLine: [Int: Double] = [:]
        for (p, position) in zip(pairs, ys) { yLine[p.day.ordinal] = position }
        let attribute: Attribute
        switch x {
        case .attribute(let a): attribute = a
        case .mood: attribute = Attribute(name: "mood", type: .decimal, aggregation: .average, unit: "", group: "mood")
        }
        let tested = window.map { entry in entry.map { (x: $0.1, y: yLine[$0.0.ordinal]!) } }
        var link: InsightCorrelation? = nil
        var claimed = false
        if let candidate = Insights.correlation(attribute, tested, day: through, serial: true, lag: lag) {
            if case .correlation(let found)? = candidate.insight?.detail { link = found }
            // As in `insights`, a link is claimed only when it passed a week before too (when
            // it could be tested then).
            let hold = InsightWindows.linkHoldDays
            claimed =
                !Insights.passing([candidate]).isEmpty
                && Insights.correlation(
                    attribute, Array(tested.dropLast(hold)), day: through.adding(days: -hold), serial: true, lag: lag
                ).map { !Insights.passing([$0]).isEmpty || $0.insight == nil } ?? true
            if link == nil, let r {
                // Tested, but with no split of the days to say it in: never claimed.
                link = InsightCorrelation(
                    r: r, p: candidate.p, days: pairs.count, effectiveDays: candidate.effectiveDays ?? Double(pairs.count),
                    threshold: 0, moodAbove: 0, moodBelow: 0, daysAbove: 0, daysBelow: 0, lag: lag)
            }
        }
        return ChartPairs(
            x: x, y: y, lag: lag, from: from, through: through, pairs: pairs, r: r, link: link, claimed: claimed,
            needed: InsightWindows.linkMinimumDays,
            xAxis: ChartAxis.make(x, values: pairs.map(\.x), band: nil, totals: false, fitted: true),
            yAxis: ChartAxis.make(y, values: pairs.map(\.y), band: nil, totals: false, fitted: true))
    }
}
