import DaybookCore

/// A review as plain Markdown, to keep or share: a heading per part, its sentences as a list
/// (`ReviewText`, the same words as the text), the moods and the values as tables, and for a
/// year a table of the months. No escape codes and no drawing characters; what a person wrote
/// (a note's first line, a tag) is escaped as the export's Markdown escapes it.
public enum ReviewMarkdown {
    public static func document(_ review: Review, today: Day) -> [String] {
        var lines = ["# Review: " + ReviewText.title(review)]
        func section(_ name: String, _ body: [String]) {
            guard !body.isEmpty else { return }
            lines += ["", "## " + name, ""] + body
        }
        func item(_ sentence: String) -> String { "- " + ExportView.markdownText(sentence, indent: "  ") }

        section("Check-ins", [item(ReviewText.checkIns(review))])
        var mood = [item(ReviewText.moodMean(review))]
        if let part = review.mood {
            for best in [true, false] {
                if let sentence = ReviewText.moodDays(part, best: best) { mood.append(item(sentence)) }
            }
            mood += ["", "| rating | days |", "|---|---:|"]
            for rating in (1...5).reversed() {
                mood.append("| \(rating) \(Mood.label(rating)) | \(ReviewText.count(part.spread[rating - 1])) |")
            }
        }
        section("Mood", mood)
        section("Goals", review.goals.map { item(ReviewText.goal($0, review: review)) })
        if !review.attributes.isEmpty {
            let before = ReviewText.previousName(review)
            var body = review.attributes.map { item(ReviewText.attribute($0, review: review)) }
            body += ["", "| attribute | mean | days | \(cell(before)) | days |", "|---|---:|---:|---:|---:|"]
            for part in review.attributes {
                let attribute = part.attribute
                let mean = part.mean.map { ReviewText.mean(attribute, $0) } ?? "–"
                let previous = part.previousMean.map { ReviewText.mean(attribute, $0) } ?? "–"
                body.append(
                    "| \(cell(attribute.name)) | \(cell(mean)) | \(ReviewText.count(part.days)) | \(cell(previous)) | \(ReviewText.count(part.previousDays)) |"
                )
            }
            section(review.previous == nil ? "Values" : "Against " + before, body)
        }
        section("Records", review.records.map { item(ReviewText.record($0)) })
        section("Tags", review.tags.map { item(ReviewText.tag($0)) })
        section("Links with mood", ReviewText.links(review).map(item))
        if review.period.kind == .year {
            section("Months", months(review))
        }
        return lines
    }

    /// Text for a table cell: escaped as a list item's, and `|` too.
    static func cell(_ text: String) -> String {
        ExportView.markdownText(text, indent: "").replacing("|", with: "\\|")
    }

    /// A row per month: the days with a mood, the mean mood, and each attribute's mean.
    static func months(_ review: Review) -> [String] {
        let year = review.period.from.year
        var moods = [[Double]](repeating: [], count: 12)
        for (ordinal, rating) in review.calendar {
            let day = Day(ordinal: ordinal)
            if day.year == year { moods[day.month - 1].append(rating) }
        }
        let names = review.months.map { cell($0.attribute.name) }
        var lines = [
            "| month | moods | mood |" + names.map { " \($0) |" }.joined(),
            "|---|---:|---:|" + String(repeating: "---:|", count: names.count),
        ]
        for month in 0..<12 {
            let mean = Statistics.mean(moods[month]).map { ValueType.decimal.format($0, decimals: 1) } ?? "–"
            var row = "| \(Day.monthNames[month]) | \(ReviewText.count(moods[month].count)) | \(mean) |"
            for entry in review.months {
                let value = entry.means[month].map {
                    ReviewText.mean(entry.attribute, Insights.shown($0, .attribute(entry.attribute)))
                }
                row += " \(value.map(cell) ?? "–") |"
            }
            lines.append(row)
        }
        return lines
    }
}
