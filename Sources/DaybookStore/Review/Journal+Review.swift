import DaybookCore
/// Reading what a review rests on. Each concern is one pass over a window through an index by
/// day (moods through `mood_day`, values through `day_value_day`, tags through `tag_day`), plus
/// a seek per attribute, so that a review costs its window, not the length of the history.
extension Journal {
    /// The review of `period` as it stands on `today` (by default the journal's today).
    public func review(of period: ReviewPeriod, today: Day? = nil) throws -> Review {
        Reviews.compute(try reviewInput(for: period, today: today ?? self.today()))
    }

    /// Reads, from `ReviewInput.readFrom(period)` through the period's last day (today while
    /// it runs): the moods with their notes, every attribute's daily values and goal changes,
    /// and whether anything older exists; the tags of the period's own days.
    public func reviewInput(for period: ReviewPeriod, today: Day) throws -> ReviewInput {
        let last = period.lastDay(today: today)
        let readFrom = min(ReviewInput.readFrom(period), last)
        let valuesByName = try dailyValuesByAttribute(from: readFrom, through: last)
        let moods = try database.rows(
            "SELECT day, rating, note FROM mood WHERE day BETWEEN ? AND ? AND removed_by IS NULL ORDER BY day",
            [.text(readFrom.iso), .text(last.iso)]
        ) { (day: $0.day(0) ?? readFrom, rating: Int($0.int(1)), note: $0.string(2)) }
        var attributes: [ReviewInput.AttributeInput] = []
        for attribute in self.attributes {
            let values = valuesByName[attribute.name] ?? []
            attributes.append(
                ReviewInput.AttributeInput(
                    attribute: attribute, values: values,
                    hasEarlier: try hasValue(attribute.name, before: readFrom),
                    goals: try goalHistory(attribute.name, through: last)))
        }
        var tags: [Day: [String]] = [:]
        if period.from <= last {
            for (i, list) in try tagLists(from: period.from, through: last).enumerated() where !list.isEmpty {
                tags[period.from.adding(days: i)] = list
            }
        }
        return ReviewInput(
            period: period, today: today, readFrom: readFrom, moods: moods,
            moodHasEarlier: try hasMood(before: readFrom), attributes: attributes, tags: tags)
    }
}
