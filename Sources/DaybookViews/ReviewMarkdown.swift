import DaybookCore

/// A review as plain Markdown, to keep or share: a heading per part, its sentences as a list
/// (`ReviewText`, the same words as the text), the moods and the values as tables, and for a
/// year a table of the months. No escape codes and no drawing characters. What a person wrote
/// (a note's first line, a tag) is escaped as the export's Markdown escapes it, and its
/// inline marks too (`inline`): in a sentence of the review it is quoted, not formatted.
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
                if let sentence = ReviewText.moodDays(part, best: best, quote: inline) { mood.append(item(sentence)) }
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
        section("Tags", review.tags.map { item(ReviewText.tag($0, quote: inline)) })
        section("Links with mood", ReviewText.links(review).map { item(quotingTags($0, review)) })
        if review.period.kind == .year {
            section("Months", months(review))
        }
        return lines
    }

    /// What a person wrote, for a sentence: printable, with a `\` before each mark that would
    /// format it inline or end a table cell (`*bold*`, `_under_`, `` `code` ``, `[link]`,
    /// `~~gone~~`, `#`, `|`), and before `\` itself. `&` and `<` are left to `item`.
    static func inline(_ text: String) -> String {
        var out = ""
        for character in printable(text) {
            if "\\`*_[]|#~!".contains(character) { out.append("\\") }
            out.append(character)
        }
        return out
    }

    /// A link's sentence with the name of each tag it speaks of escaped as `inline` escapes it.
    static func quotingTags(_ sentence: String, _ review: Review) -> String {
        var tags: [String] = []
        for insight in review.links.found {
            if case .tag(let link) = insight.detail { tags.append(link.tag) }
        }
        // The longest first, so that #a_b_c is not taken for #a_b followed by _c.
        var out = sentence
        for tag in tags.sorted(by: { $0.count > $1.count }) {
            out = out.replacingAll("#" + tag, with: "#" + inline(tag))
        }
        return out
    }

    /// Text for a table cell: escaped as a list item's, and `|` too.
    static func cell(_ text: String) -> String {
        ExportView.markdownText(text, indent: "").replacingAll("|", with: "\\|")
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
