import DaybookCore

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
