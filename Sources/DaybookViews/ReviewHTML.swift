import DaybookCore

/// A review as one self-contained HTML page, for `review --html FILE`: the review's sentences
/// (`ReviewText`, as the terminal says them), the mood calendar of a year and a chart of each
/// attribute (`ChartSVG`), as inline SVG. No script, no web font, no link to anything outside
/// the file; light and dark by the reader's setting; printable. Every text is escaped.
public enum ReviewHTML {
    /// The mood colours of the terminal's 256-colour palette (`Style.moodLevels`), 1 to 5.
    static let moodColours = ["#ff0000", "#ff8700", "#ffd700", "#afd700", "#00d700"]

    public static func document(_ review: Review, charts: [(String, Chart)], today: Day) -> String {
        var body = "<h1>Review: \(HTML.escape(ReviewText.title(review)))</h1>\n"
        func section(_ name: String, _ sentences: [String], extra: String = "") {
            guard !sentences.isEmpty || !extra.isEmpty else { return }
            body += "<section><h2>\(HTML.escape(name))</h2>\n"
            for sentence in sentences { body += "<p>\(HTML.escape(sentence))</p>\n" }
            body += extra + "</section>\n"
        }
        var mood = [ReviewText.moodMean(review)]
        if let part = review.mood {
            for best in [true, false] {
                if let sentence = ReviewText.moodDays(part, best: best) { mood.append(sentence) }
            }
        }
        section("Check-ins", [ReviewText.checkIns(review)])
        section("Mood", mood, extra: review.period.kind == .year ? calendar(review) : "")
        section("Goals", review.goals.map { ReviewText.goal($0, review: review) })
        let against = review.previous.map { _ in "Against " + ReviewText.previousName(review) } ?? "Values"
        section(against, review.attributes.map { ReviewText.attribute($0, review: review) })
        section("Records", review.records.map(ReviewText.record))
        section("Tags", review.tags.map { ReviewText.tag($0) })
        section("Links with mood", ReviewText.links(review))
        section("Charts", [], extra: charts.map { title, chart in
            "<figure>\(ChartSVG.svg(chart, title: title))<figcaption>\(HTML.escape(title))</figcaption></figure>\n"
        }.joined())
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <title>Review: \(HTML.escape(ReviewText.title(review)))</title>
            <style>
            body { font-family: system-ui, sans-serif; max-width: 50rem; margin: 1rem auto; padding: 0 1rem; line-height: 1.45; }
            h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 1.6rem; }
            figure { margin: 1rem 0; break-inside: avoid; } figcaption { font-size: 0.85rem; opacity: 0.8; }
            svg.calendar { width: 100%; height: auto; max-width: 48rem; }
            svg.calendar .empty { fill: #eee; }
            @media (prefers-color-scheme: dark) { body { background: #111; color: #ddd; } svg.calendar .empty { fill: #333; } }
            @media print { body { max-width: none; } }
            \(ChartSVG.style)
            </style>
            </head>
            <body>
            \(body)</body>
            </html>

            """
    }

    /// The year's moods as a grid of days, a column a week (Monday at the top), each day in
    /// the colour of its mood.
    static func calendar(_ review: Review) -> String {
        let first = review.period.from.startOfISOWeek
        let weeks = (review.period.through.ordinal - first.ordinal) / 7 + 1
        let cell = 12.0
        var out = "<svg class=\"calendar\" viewBox=\"0 0 \(Int(Double(weeks) * cell + 2)) \(Int(7 * cell + 2))\" role=\"img\" aria-label=\"mood calendar\">"
        var day = review.period.from
        while day <= review.period.through {
            let week = (day.ordinal - first.ordinal) / 7
            let x = Double(week) * cell + 1, y = Double(day.weekday - 1) * cell + 1
            let fill: String
            if let mean = review.calendar[day.ordinal] {
                fill = "fill=\"\(moodColours[max(1, min(5, Int(mean.rounded()))) - 1])\""
            } else {
                fill = "class=\"empty\""
            }
            out += "<rect x=\"\(Int(x))\" y=\"\(Int(y))\" width=\"10\" height=\"10\" \(fill)><title>\(day.iso)</title></rect>"
            day = day.adding(days: 1)
        }
        return out + "</svg>\n"
    }
}
