import DaybookCore

/// A review as text, for `review`: a heading, then a part per section in sentences
/// (`ReviewText`), the spread of moods as a bar per rating, and for a year the mood calendar
/// (`CalendarView`) and a sparkline of each attribute's months; for a month, a sparkline of each
/// attribute's days. Every line fits `width`.
public enum ReviewView {
    public static func text(_ review: Review, appearance: Appearance, width: Int, today: Day) -> [String] {
        let width = max(1, width)
        var lines = Columns.wrapFitted("Review: " + ReviewText.title(review), width: width, first: "", indent: "")
            .map(appearance.bold)
        func section(_ name: String, _ body: [String]) {
            guard !body.isEmpty else { return }
            lines.append("")
            lines.append(appearance.bold(Columns.fit(name, width, ellipsis: appearance.ellipsis)))
            lines += body
        }
        func say(_ sentence: String) -> [String] {
            Columns.wrapFitted(
                sentence, width: width, first: width >= 20 ? "  " : "", indent: width >= 20 ? "    " : "")
        }

        section("Check-ins", say(ReviewText.checkIns(review)))
        var mood = say(ReviewText.moodMean(review))
        if let part = review.mood {
            mood += spread(part, appearance: appearance, width: width)
            for best in [true, false] {
                if let sentence = ReviewText.moodDays(part, best: best) { mood += say(sentence) }
            }
        }
        section("Mood", mood)
        section("Goals", review.goals.flatMap { say(ReviewText.goal($0, review: review)) })
        let against = review.previous.map { _ in "Against " + ReviewText.previousName(review) } ?? "Values"
        section(against, review.attributes.flatMap { say(ReviewText.attribute($0, review: review)) })
        section("Records", review.records.flatMap { say(ReviewText.record($0)) })
        section("Tags", review.tags.flatMap { say(ReviewText.tag($0)) })
        section("Links with mood", ReviewText.links(review).flatMap(say))
        if review.period.kind == .year {
            let data = CalendarView.Data(
                from: review.period.from, through: review.period.through, month: false, attribute: nil,
                values: review.calendar, today: today)
            lines.append("")
            lines += CalendarView.text(data, appearance: appearance, width: width)
            section("Months", months(review.months, appearance: appearance, width: width))
        }
        section("Days", days(review.daily, period: review.period, appearance: appearance, width: width))
        return lines
    }

    /// A bar per rating, 5 at the top, as long as its share of the most common rating:
    /// `5 great     ██████████ 6`.
    static func spread(_ mood: ReviewMood, appearance: Appearance, width: Int) -> [String] {
        let labels = (1...5).map { "\($0) \(Mood.label($0))" }
        let labelWidth = labels.map(Columns.width).max() ?? 0
        let counts = mood.spread.map { ValueType.count.format(Double($0)) }
        let countWidth = counts.map(Columns.width).max() ?? 0
        let indent = width >= 20 ? 2 : 0
        let room = width - indent - labelWidth - countWidth - 2
        let most = max(1, mood.spread.max() ?? 1)
        return (1...5).reversed().map { rating in
            let label = String(repeating: " ", count: indent) + Columns.pad(labels[rating - 1], labelWidth)
            let count = Columns.padLeft(counts[rating - 1], countWidth)
            guard room >= 4 else { return Columns.fit(label + " " + count, width, ellipsis: "") }
            let barWidth = min(30, room)
            let bar = appearance.bar(Double(mood.spread[rating - 1]) / Double(most), width: barWidth)
            return label + " " + appearance.level(rating, mood: true, bar) + " " + count
        }
    }

    static let monthLetters = "JFMAMJJASOND"

    /// A sparkline of twelve months per attribute, under the months' initials, with the
    /// lowest and highest month.
    static func months(_ months: [ReviewMonths], appearance: Appearance, width: Int) -> [String] {
        sparklines(
            months.map { ($0.attribute, $0.means) }, header: monthLetters,
            step: { String(Day.monthNames[$0].prefix(3)) }, appearance: appearance, width: width)
    }

    /// A sparkline of a month's days per attribute, under the days' numbers (the 1st, 8th, 15th,
    /// 22nd and 29th), with the lowest and highest day: `low 3 Oct 5,120 steps`.
    static func days(_ daily: [ReviewDaily], period: ReviewPeriod, appearance: Appearance, width: Int) -> [String] {
        guard let count = daily.first?.values.count else { return [] }
        var header = ""
        for day in stride(from: 1, through: count, by: 7) {
            let number = String(day)
            header += String(repeating: " ", count: max(0, day - 1 - header.count)) + number
        }
        let month = String(Day.monthNames[period.from.month - 1].prefix(3))
        return sparklines(
            daily.map { ($0.attribute, $0.values) }, header: header, step: { "\($0 + 1) \(month)" },
            yesNoExtremes: false, appearance: appearance, width: width)
    }

    /// A sparkline per attribute, a tick a step, under `header`, with the lowest and highest
    /// step (`step` names one by its index; for a yes/no, only where a step is a share of days,
    /// `yesNoExtremes`). The sparkline follows the name on its line where both fit, else it
    /// goes on the line under it; a time of day is placed round its circular mean.
    static func sparklines(
        _ series: [(attribute: Attribute, values: [Double?])], header: String, step: (Int) -> String,
        yesNoExtremes: Bool = true, appearance: Appearance, width: Int
    ) -> [String] {
        guard let count = series.first?.values.count else { return [] }
        let labelWidth = min(series.map { Columns.width(printable($0.attribute.name)) }.max() ?? 0, max(4, width / 4))
        let indent = width >= 20 ? 2 : 0
        let lead = String(repeating: " ", count: indent)
        let inline = indent + labelWidth + 2 + count <= width
        let stacked = !inline && indent + 2 + count <= width
        let sparkLead = inline ? lead + String(repeating: " ", count: labelWidth + 2) : lead + "  "
        var lines: [String] = []
        if inline || stacked { lines.append(sparkLead + appearance.dim(header)) }
        for entry in series {
            let attribute = entry.attribute
            let type = attribute.type
            let present = entry.values.compactMap { $0 }
            let center = type.mean(present) ?? 0
            let positions = present.map { WeekView.linear($0, type: type, center: center) }
            let low = type == .yesno ? 0 : positions.min() ?? 0
            let high = type == .yesno ? 1 : positions.max() ?? 0
            let ticks = WeekView.spark(
                entry.values, count: count, type: type, low: low, high: high, center: center, appearance: appearance)
            let label =
                lead
                + Columns.pad(
                    Columns.fit(printable(attribute.name), labelWidth, ellipsis: appearance.ellipsis), labelWidth)
            var stats = ""
            if type != .yesno || yesNoExtremes, let lowStep = extreme(entry.values, type: type, highest: false),
                let highStep = extreme(entry.values, type: type, highest: true), lowStep != highStep
            {
                func named(_ i: Int) -> String {
                    step(i) + " " + ReviewText.mean(attribute, Insights.shown(entry.values[i]!, .attribute(attribute)))
                }
                stats = "low " + named(lowStep) + appearance.separator + "high " + named(highStep)
            }
            let spark = appearance.group(attribute.group, ticks)
            let line: String
            if inline {
                line = label + "  " + spark
            } else if stacked {
                lines.append(lead + Columns.fit(printable(attribute.name), width - indent, ellipsis: appearance.ellipsis))
                line = sparkLead + spark
            } else {
                lines.append(Columns.fit(label, width, ellipsis: appearance.ellipsis))
                continue
            }
            if stats.isEmpty || Columns.width(line) + 2 + Columns.width(stats) <= width {
                lines.append(stats.isEmpty ? line : line + "  " + appearance.dim(stats))
            } else {
                lines.append(line)
                lines += Columns.wrapFitted(stats, width: width, first: lead + "  ", indent: lead + "  ").map(
                    appearance.dim)
            }
        }
        return lines
    }

    /// The month with the highest (or lowest) mean; times of day around their circular mean.
    static func extreme(_ means: [Double?], type: ValueType, highest: Bool) -> Int? {
        let center = type.mean(means.compactMap { $0 }) ?? 0
        let known = means.indices.compactMap { i in
            means[i].map { (i, WeekView.linear($0, type: type, center: center)) }
        }
        return highest ? known.max { $0.1 < $1.1 }?.0 : known.min { $0.1 < $1.1 }?.0
    }
}
