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

extension Journal {
    /// `a` against `b` over `from` (nil: from the first day with both) through `through`, A
    /// read `lag` days earlier.
    public func chartPairs(_ a: ChartSubject, _ b: ChartSubject, lag: Int, from: Day?, through: Day) throws -> ChartPairs {
        let start = from ?? Day.earliest.adding(days: lag)
        // A day still going pairs nothing that adds up over it, as in `insights`.
        let today = self.today()
        func complete(_ subject: ChartSubject, _ values: [(Day, Double)]) -> [(Day, Double)] {
            guard case .attribute(let attribute) = subject else { return values }
            return values.filter { !Insights.stillGoing(.attribute(attribute), day: $0.0, today: today) }
        }
        let xs = complete(a, try read(a, from: start.adding(days: -lag), through: through.adding(days: -lag)))
        let ys = complete(b, try read(b, from: start, through: through))
        var first = start
        if from == nil {
            let days = Set(xs.map { $0.0.adding(days: lag).ordinal })
            first = ys.first { days.contains($0.0.ordinal) }?.0 ?? through
        }
        let made = ChartPairs.make(a, xs, b, ys, lag: lag, from: first, through: through)
        guard made.claimed, let attribute = Self.linkedWithMood(a, b, lag: lag) else { return made }
        // `insights` tests every attribute and #tag against the mood at once and corrects for
        // them all (Holm): a chart of one of them against the mood claims its link only when it
        // passes among all of those over the chart's days, as a review's links do.
        return try passesAmongLinks(attribute, lag: lag, from: first, through: through) ? made : made.unclaimed()
    }

    /// The attribute of a chart of an attribute against the mood (or the mood against an
    /// attribute on the same day), the pairs `insights` tests in one family.
    static func linkedWithMood(_ a: ChartSubject, _ b: ChartSubject, lag: Int) -> Attribute? {
        switch (a, b) {
        case (.attribute(let attribute), .mood): return attribute
        case (.mood, .attribute(let attribute)) where lag == 0: return attribute
        default: return nil
        }
    }

    /// Whether the link of `attribute` with the mood, `lag` days apart, passes Holm's
    /// correction over every link `insights` would test on `from` through `through`.
    func passesAmongLinks(_ attribute: Attribute, lag: Int, from: Day, through: Day) throws -> Bool {
        let start = from.adding(days: -1)
        let valuesByName = try dailyValuesByAttribute(from: start, through: through)
        var tags: [Day: [String]] = [:]
        for (i, list) in try tagLists(from: start, through: through).enumerated() where !list.isEmpty {
            tags[start.adding(days: i)] = list
        }
        func series(_ values: [(Day, Double)]) -> InsightSeries {
            var days = DayValues()
            days.reserve(from: start, through: through)
            for (day, value) in values { days[day] = value }
            return InsightSeries(values: days, from: start, hasEarlier: true)
        }
        let mood = series(try moodRatings(from: start, through: through).map { ($0.0, Double($0.1)) })
        let attributes = self.attributes.map {
            InsightInput.AttributeSeries(attribute: $0, series: series(valuesByName[$0.name] ?? []))
        }
        let input = InsightInput(day: through, today: today(), mood: mood, attributes: attributes, tags: tags, goals: [])
        return Insights.links(input, days: through.ordinal - from.ordinal + 1).found.contains { insight in
            guard case .attribute(let found) = insight.subject, found.name == attribute.name,
                case .correlation(let link) = insight.detail
            else { return false }
            return link.lag == lag
        }
    }
}

extension ChartPairs {
    /// The same pairs and test, with no link claimed.
    func unclaimed() -> ChartPairs {
        ChartPairs(
            x: x, y: y, lag: lag, from: from, through: through, pairs: pairs, r: r, link: link, claimed: false,
            needed: needed, xAxis: xAxis, yAxis: yAxis)
    }
}
