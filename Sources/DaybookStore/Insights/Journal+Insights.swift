import DaybookCore
/// Reading what insights are computed from, with the journal's reads (`Journal+Reads.swift`).
/// Every read is a window through an index by day, so the cost depends on the windows, not on
/// the length of the history.
extension Journal {
    /// The insights for `day`, most notable first.
    public func insights(for day: Day) throws -> [Insight] {
        Insights.compute(try insightInput(for: day))
    }

    /// Reads the data the insights for `day` rest on:
    /// - the 90 days ending at `day`, those of links and tags (a night's sleep belongs to the
    ///   day it ends, so links pair values of the same day), and the week before them (a link
    ///   must have passed a week before too): moods, tags and daily values,
    ///   each in one range read by day, without building a `DayRecord` per day;
    /// - for the mood and each attribute with a value on `day`, the rest of the year before
    ///   it, for records: one range read of the `(attribute, day)` key (or of `mood_day`),
    ///   and one seek to learn whether anything older exists;
    /// - the goals in force on `day`, judged as `goals` judges them, except that a week or
    ///   month that ended before today is judged over all its days.
    public func insightInput(for day: Day) throws -> InsightInput {
        // The 90 days of links, and the week before them, for the look a week back that a
        // link must have passed as well (`Insights.held`).
        let recent = day.adding(days: -(InsightWindows.correlationDays + InsightWindows.linkHoldDays - 1))
        let yearStart = day.adding(days: -InsightWindows.recordDays)
        let valuesByName = try dailyValuesByAttribute(from: recent, through: day)
        var tags: [Day: [String]] = [:]
        for (i, list) in try tagLists(from: recent, through: day).enumerated() where !list.isEmpty {
            tags[recent.adding(days: i)] = list
        }

        // Each series covers the 90 days, and the year before them when the day has a value.
        func series(_ recentValues: [(Day, Double)], earlier: (Day) throws -> [(Day, Double)], before: () throws -> Bool)
            rethrows -> InsightSeries
        {
            var values = DayValues()
            let hasDay = recentValues.contains { $0.0 == day }
            let start = hasDay && yearStart < recent ? yearStart : recent
            values.reserve(from: start, through: day)
            if start < recent {
                for (d, value) in try earlier(recent.adding(days: -1)) { values[d] = value }
            }
            for (d, value) in recentValues { values[d] = value }
            return InsightSeries(values: values, from: start, hasEarlier: start < recent ? try before() : true)
        }

        let mood = try series(
            try moodRatings(from: recent, through: day).map { ($0.0, Double($0.1)) },
            earlier: { last in try moodRatings(from: yearStart, through: last).map { ($0.0, Double($0.1)) } },
            before: { try hasMood(before: yearStart) })
        var attributes: [InsightInput.AttributeSeries] = []
        for attribute in self.attributes {
            let recentValues = valuesByName[attribute.name] ?? []
            attributes.append(
                InsightInput.AttributeSeries(
                    attribute: attribute,
                    series: try series(
                        recentValues,
                        earlier: { last in try dailyValues(attribute.name, from: yearStart, through: last) },
                        before: { try hasValue(attribute.name, before: yearStart) })))
        }

        let goals = try goalStatuses(on: day, wholeEndedPeriods: true).map { InsightInput.GoalEntry(attribute: $0.attribute, status: $0.status) }
        return InsightInput(day: day, today: today(), mood: mood, attributes: attributes, tags: tags, goals: goals)
    }
}
