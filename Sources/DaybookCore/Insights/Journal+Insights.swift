/// Reading what insights are computed from. Every read is a window through an index by day,
/// so the cost depends on the windows, not on the length of the history.
extension Journal {
    /// The insights for `day`, most notable first.
    public func insights(for day: Day) throws -> [Insight] {
        Insights.compute(try insightInput(for: day))
    }

    /// Reads the data the insights for `day` rest on:
    /// - the 91 days ending at `day` (90 days of correlations and tags, and the day before
    ///   them for links with the previous night), with `days(from:through:)`;
    /// - for the mood and each attribute with a value on `day`, the rest of the year before
    ///   it, for records: one range read of the `(attribute, day)` key (or of `mood_day`),
    ///   and one seek to learn whether anything older exists;
    /// - the goals in force on `day`, judged as `goals` judges them.
    public func insightInput(for day: Day) throws -> InsightInput {
        let recent = day.adding(days: -InsightWindows.correlationDays)
        let yearStart = day.adding(days: -InsightWindows.recordDays)
        let records = try days(from: recent, through: day)

        var moodValues: [Day: Double] = [:]
        var tags: [Day: [String]] = [:]
        var valuesByName: [String: [Day: Double]] = [:]
        for record in records {
            if let mood = record.mood { moodValues[record.day] = Double(mood.rating) }
            if !record.tags.isEmpty { tags[record.day] = record.tags }
            for (attribute, value) in record.values { valuesByName[attribute.name, default: [:]][record.day] = value }
        }

        var mood = InsightSeries(values: moodValues, from: recent, hasEarlier: true)
        if moodValues[day] != nil, yearStart < recent {
            for (d, rating) in try moodRatings(from: yearStart, through: recent.adding(days: -1)) {
                mood.values[d] = rating
            }
            mood.from = yearStart
            mood.hasEarlier =
                try database.first(InsightQueries.moodBefore, [.text(yearStart.iso)], { _ in true }) ?? false
        }

        var attributes: [InsightInput.AttributeSeries] = []
        for attribute in self.attributes {
            let values = valuesByName[attribute.name] ?? [:]
            var series = InsightSeries(values: values, from: recent, hasEarlier: true)
            if values[day] != nil {
                for (d, value) in try dailyValues(attribute.name, from: yearStart, through: recent.adding(days: -1)) {
                    series.values[d] = value
                }
                series.from = yearStart
                series.hasEarlier =
                    try database.first(
                        InsightQueries.valueBefore, [.text(attribute.name), .text(yearStart.iso)], { _ in true })
                    ?? false
            }
            attributes.append(InsightInput.AttributeSeries(attribute: attribute, series: series))
        }

        let goals = try goalStatuses(on: day).map { InsightInput.GoalEntry(attribute: $0.attribute, status: $0.status) }
        return InsightInput(day: day, today: today(), mood: mood, attributes: attributes, tags: tags, goals: goals)
    }

    /// Mood ratings from `first` to `last`, through the `mood_day` index.
    func moodRatings(from first: Day, through last: Day) throws -> [(Day, Double)] {
        guard first <= last else { return [] }
        return try database.rows(InsightQueries.moodRange, [.text(first.iso), .text(last.iso)]) {
            ($0.day(0) ?? first, Double($0.int(1)))
        }
    }
}

/// The reads insights make besides the journal's own: each a seek or a range in an index by day.
enum InsightQueries {
    /// Through the `mood_day` index (its rows are the live moods).
    static let moodRange = "SELECT day, rating FROM mood WHERE day BETWEEN ? AND ? AND removed_by IS NULL ORDER BY day"
    static let moodBefore = "SELECT 1 FROM mood WHERE day < ? AND removed_by IS NULL LIMIT 1"
    /// Through `day_value`'s primary key, (attribute, day).
    static let valueBefore = "SELECT 1 FROM day_value WHERE attribute = ? AND day < ? LIMIT 1"
}
