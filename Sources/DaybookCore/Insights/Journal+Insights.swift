/// Reading what insights are computed from, with the journal's reads (`Journal+Reads.swift`).
/// Every read is a window through an index by day, so the cost depends on the windows, not on
/// the length of the history.
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
            let year = try moodRatings(from: yearStart, through: recent.adding(days: -1))
            mood.values.reserveCapacity(mood.values.count + year.count)
            for (d, rating) in year {
                mood.values[d] = Double(rating)
            }
            mood.from = yearStart
            mood.hasEarlier = try hasMood(before: yearStart)
        }

        var attributes: [InsightInput.AttributeSeries] = []
        for attribute in self.attributes {
            let values = valuesByName[attribute.name] ?? [:]
            var series = InsightSeries(values: values, from: recent, hasEarlier: true)
            if values[day] != nil {
                let year = try dailyValues(attribute.name, from: yearStart, through: recent.adding(days: -1))
                series.values.reserveCapacity(series.values.count + year.count)
                for (d, value) in year {
                    series.values[d] = value
                }
                series.from = yearStart
                series.hasEarlier = try hasValue(attribute.name, before: yearStart)
            }
            attributes.append(InsightInput.AttributeSeries(attribute: attribute, series: series))
        }

        let goals = try goalStatuses(on: day).map { InsightInput.GoalEntry(attribute: $0.attribute, status: $0.status) }
        return InsightInput(day: day, today: today(), mood: mood, attributes: attributes, tags: tags, goals: goals)
    }
}
