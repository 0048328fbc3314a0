import DaybookCore

/// A day at a glance, for `today`: one card per group that has data or goals that day, with
/// a heading in the group's colour and a row per attribute (its value, a bar toward its goal
/// or its usual value, the goal or usual value, and what is left), the mood card first, then
/// the top insights. Cards sit side by side where they fit.
public enum TodayView {
    /// The widest a card grows, in columns, borders included.
    static let widestCard = 52
    /// Bars are this many cells wide, or narrower down to `narrowestBar`; narrower still, they
    /// are left out.
    static let barWidth = 10
    static let narrowestBar = 5
    /// Cards go side by side only when each keeps at least this much room inside (or less, when
    /// none needs more).
    static let comfortableWidth = 34

    /// The lines of `today`. `insights` are sentences shown under the cards (the top one or
    /// two), already ranked; none when there are none to say.
    public static func text(
        _ summary: TodaySummary, insights: [String] = [], appearance: Appearance, width: Int
    ) -> [String] {
        let width = max(1, width)
        var lines = Columns.wrap(summary.day.long, width: width).map(appearance.bold)
        let cards = self.cards(summary, appearance: appearance)
        if cards.isEmpty {
            lines += Columns.wrap("nothing recorded yet; try: mood 4, or log steps 8200", width: width, first: "  ", indent: "  ")
                .map(appearance.dim)
        } else {
            lines += grid(cards, appearance: appearance, width: width)
        }
        if !insights.isEmpty {
            lines.append("")
            for sentence in insights {
                lines += Columns.wrap(
                    printable(sentence), width: width, first: appearance.glyphs.bullet + " ", indent: "  ")
            }
        }
        return lines
    }

    // MARK: Cards

    /// One card: a title in the colour of `group`, and its lines at a given inner width.
    struct Card {
        var title: String
        var group: String
        /// The narrowest inner width at which every row keeps a full bar.
        var need: Int
        /// The inner width the card would take with room to spare.
        var natural: Int
        var lines: (Int) -> [String]
    }

    static func cards(_ summary: TodaySummary, appearance: Appearance) -> [Card] {
        var cards: [Card] = []
        if let mood = moodCard(summary.record, appearance: appearance) { cards.append(mood) }
        var groups: [String] = []
        for item in summary.items where !groups.contains(item.attribute.group) { groups.append(item.attribute.group) }
        let known = Catalogue.groups
        groups.sort {
            let a = known.firstIndex(of: $0) ?? known.count
            let b = known.firstIndex(of: $1) ?? known.count
            return a != b ? a < b : $0 < $1
        }
        for group in groups {
            let rows = summary.items.filter { $0.attribute.group == group }.map { row($0, day: summary.day, appearance: appearance) }
            cards.append(card(title: title(group), group: group, rows: rows, appearance: appearance))
        }
        return cards
    }

    static func title(_ group: String) -> String {
        let shown = printable(group)
        return shown.prefix(1).uppercased() + shown.dropFirst()
    }

    /// The mood card: the rating with its word and a bar of five, then the first line of the
    /// mood's note and of each note of the day.
    static func moodCard(_ record: DayRecord, appearance: Appearance) -> Card? {
        guard record.mood != nil || !record.notes.isEmpty else { return nil }
        var head = appearance.dim("no mood yet")
        var headWidth = Columns.width("no mood yet")
        var texts: [String] = []
        if let mood = record.mood {
            let words = "\(mood.rating) \(Mood.label(mood.rating))"
            let filled = String(repeating: appearance.glyphs.barFilled, count: mood.rating)
            let empty = String(repeating: appearance.glyphs.barEmpty, count: 5 - mood.rating)
            head = Columns.pad(words, 11) + appearance.group("mood", filled) + empty
            headWidth = 16
            if let line = firstLine(mood.note) { texts.append(line) }
        }
        for note in record.notes {
            // As `show` labels it: the time of day it is about, or `note` when that is not
            // known (written on another day), never a time of another day.
            texts.append(DayView.label(note) + " " + (firstLine(note.text) ?? ""))
        }
        let natural = ([headWidth] + texts.map(Columns.width)).max() ?? headWidth
        return Card(
            title: "Mood", group: "mood", need: max(headWidth, 8), natural: min(natural, widestCard - 4),
            lines: { inner in
                [Columns.fit(head, inner, ellipsis: appearance.ellipsis)]
                    + texts.map { Columns.fit($0, inner, ellipsis: appearance.ellipsis) }
            })
    }

    /// The first line of a note, shown safe; nil for an empty one.
    static func firstLine(_ text: String) -> String? {
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first.map(String.init) ?? ""
        let trimmed = line.drop { $0 == " " }
        return trimmed.isEmpty ? nil : printable(String(trimmed))
    }

    /// One attribute on a card: name, value, bar and word on the first line; what it is
    /// measured against, and what is left, below.
    struct Row {
        var name: String
        var value: String
        /// A bar of a given width, or nil when the attribute has none.
        var bar: ((Int) -> String)?
        var word: String
        var details: [String]
    }

    static func row(_ item: TodayItem, day: Day, appearance: Appearance) -> Row {
        let attribute = item.attribute
        let group = attribute.group
        let value = item.value.map { attribute.format($0) } ?? appearance.dash
        var row = Row(name: printable(attribute.name), value: value, bar: nil, word: "", details: [])
        if let status = item.goal {
            row.bar = { Gauge.bar(attribute, status, width: $0, group: group, appearance: appearance) }
            row.word = Gauge.word(attribute, status, appearance: appearance)
            var goal = "goal " + status.goal.range.format(attribute)
            if status.goal.period != .daily { goal += " " + GoalView.periodText(status.goal) }
            if status.goal.period != .daily {
                // A weekly or monthly goal judges the period's mean (or sum): that figure is
                // the one beside the bar and its percentage, and the day's own value, or that
                // there is none, is told below it.
                row.value =
                    status.value.map { mean in
                        attribute.type == .yesno
                            ? GoalView.yesShare(mean)
                            : (status.goal.total ? "total " : "avg ") + attribute.format(mean, decimals: ValueType.meanDecimals)
                    } ?? appearance.dash
                row.details.append(goal)
                let when = day.longWeekday
                row.details.append(
                    item.value.map { attribute.formatWithUnit($0) + " on " + when } ?? "none on " + when)
            } else {
                row.details.append(goal)
            }
            // What is left; "met" is already the word beside the bar.
            let left = GoalView.leftText(attribute, status, appearance: appearance)
            if status.value != nil && left != "met" { row.details.append(left) }
        } else if let found = item.usual, found.days > 0 {
            // A median, read as `goals` reads it (31.5 pushups), so that the difference beside
            // it adds up; or how few days there are for one, once there is one.
            let (head, days) = GoalView.usualParts(attribute, found, day: day)
            row.details += [head, days]
            if let value = item.value, let usual = found.value {
                if attribute.addsUpOverDay, usual > 0 {
                    let fraction = value / usual
                    row.bar = { width in
                        let filled = Gauge.cells(fraction, width)
                        return appearance.group(group, String(repeating: appearance.glyphs.barFilled, count: filled))
                            + String(repeating: appearance.glyphs.barEmpty, count: width - filled)
                    }
                    row.word = Gauge.percent(fraction)
                    row.details.append(
                        value + 1e-9 >= usual ? "met" : GoalView.amount(attribute, usual - value) + " to go")
                } else if !difference(attribute, value, usual).isEmpty {
                    row.details.append(difference(attribute, value, usual))
                }
            }
        }
        return row
    }

    /// `+0.3 kg`, `-2 bpm`, `25m later`, `as usual`.
    static func difference(_ attribute: Attribute, _ value: Double, _ usual: Double) -> String {
        let type = attribute.type
        let difference = type.difference(value, usual)
        switch type {
        case .yesno:
            return (value >= 0.5) == (usual >= 0.5) ? "as usual" : ""
        case .time:
            if abs(difference) < 0.5 { return "as usual" }
            return formatDuration(abs(difference)) + (difference > 0 ? " later" : " earlier")
        default:
            let amount = GoalView.amount(attribute, abs(difference))
            if amount == GoalView.amount(attribute, 0) { return "as usual" }
            return (difference > 0 ? "+" : "-") + amount
        }
    }

    static func card(title: String, group: String, rows: [Row], appearance: Appearance) -> Card {
        let nameWidth = rows.map { Columns.width($0.name) }.max() ?? 0
        let valueWidth = rows.map { Columns.width($0.value) }.max() ?? 0
        let wordWidth = rows.map { Columns.width($0.word) }.max() ?? 0
        let hasBar = rows.contains { $0.bar != nil }
        // Side by side, a card may narrow its bars down to `narrowestBar + 1` cells.
        let full = nameWidth + 2 + valueWidth + (hasBar ? 2 + narrowestBar + 1 : 0) + (wordWidth > 0 ? 1 + wordWidth : 0)
        let detailIndent = min(nameWidth + 2, 12)
        var detailWidth = 0
        for row in rows {
            let text: Int = row.details.map { (detail: String) -> Int in Columns.width(detail) }.reduce(0, +)
            let separators: Int = 3 * max(0, row.details.count - 1)
            detailWidth = max(detailWidth, detailIndent + text + separators)
        }
        let need = max(full, Columns.width(title) + 4)
        let natural = need + (hasBar ? barWidth - narrowestBar - 1 : 0)
        return Card(
            title: title, group: group, need: need, natural: min(max(natural, detailWidth), widestCard - 4),
            lines: { inner in
                lines(rows, inner: inner, nameWidth: nameWidth, valueWidth: valueWidth, wordWidth: wordWidth, appearance: appearance)
            })
    }

    /// The rows of a card at `inner` columns. The bar narrows, then goes; then the word; then
    /// the name is cut. The value stays.
    static func lines(
        _ rows: [Row], inner: Int, nameWidth: Int, valueWidth: Int, wordWidth: Int, appearance: Appearance
    ) -> [String] {
        let hasBar = rows.contains { $0.bar != nil }
        var name = nameWidth
        var bar = hasBar ? barWidth : 0
        var word = wordWidth
        func total() -> Int { name + 2 + valueWidth + (bar > 0 ? 2 + bar : 0) + (word > 0 ? 1 + word : 0) }
        while total() > inner && bar > narrowestBar { bar -= 1 }
        if total() > inner { bar = 0 }
        if total() > inner { word = 0 }
        if total() > inner { name = max(1, inner - 2 - valueWidth) }
        let indentWidth = min(name + 2, 12)
        let indent = indentWidth * 2 <= inner ? String(repeating: " ", count: indentWidth) : ""
        var lines: [String] = []
        for row in rows {
            var line = Columns.pad(Columns.fit(row.name, name, ellipsis: appearance.ellipsis), name) + "  "
                + Columns.pad(row.value, valueWidth)
            if bar > 0 {
                line += "  " + (row.bar?(bar) ?? String(repeating: " ", count: bar))
            }
            if word > 0 && !row.word.isEmpty { line += " " + row.word }
            lines.append(Columns.fit(trimmed(line), inner, ellipsis: appearance.ellipsis))
            let details = row.details.map { appearance.dim($0) }
            lines += GoalView.items(details, indent: indent, width: inner, appearance: appearance)
        }
        return lines
    }

    static func trimmed(_ line: String) -> String {
        var line = line
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    // MARK: Layout

    /// Cards in rows, as many side by side as fit `width` with a full bar each; cards of a row
    /// share its height.
    static func grid(_ cards: [Card], appearance: Appearance, width: Int) -> [String] {
        let bordered = width >= 12
        let frame = bordered ? 4 : 0
        let need = cards.map(\.need).max() ?? 0
        let natural = cards.map(\.natural).max() ?? 0
        // As many side by side as keep every bar, and room for a note's first words.
        let comfortable = max(need, min(natural, comfortableWidth))
        var columns = 1
        for n in stride(from: cards.count, to: 1, by: -1) where (width - (n - 1)) / n - frame >= comfortable {
            columns = n
            break
        }
        let inner = max(1, min(natural, (width - (columns - 1)) / columns - frame))
        var lines: [String] = []
        var start = 0
        while start < cards.count {
            let row = Array(cards[start..<min(cards.count, start + columns)])
            let bodies = row.map { $0.lines(inner) }
            let height = bodies.map(\.count).max() ?? 0
            let drawn = zip(row, bodies).map { card, body in
                draw(card, body + Array(repeating: "", count: height - body.count), inner: inner, bordered: bordered, appearance: appearance)
            }
            for i in 0..<(drawn.first?.count ?? 0) {
                lines.append(trimmed(drawn.map { $0[i] }.joined(separator: " ")))
            }
            start += columns
        }
        return lines
    }

    /// A card with its border: the title in the top border, in the group's colour.
    static func draw(_ card: Card, _ body: [String], inner: Int, bordered: Bool, appearance: Appearance) -> [String] {
        let b = appearance.borders
        guard bordered else {
            return [appearance.group(card.group, appearance.bold(Columns.fit(card.title, inner, ellipsis: appearance.ellipsis)))]
                + body.map { Columns.pad($0, inner) }
        }
        let title = Columns.fit(card.title, inner - 1, ellipsis: appearance.ellipsis)
        let top =
            b.topLeft + b.horizontal + " " + appearance.group(card.group, appearance.bold(title)) + " "
            + b.rule(inner + 2 - 3 - Columns.width(title)) + b.topRight
        let bottom = b.bottomLeft + b.rule(inner + 2) + b.bottomRight
        return [top] + body.map { b.vertical + " " + Columns.pad($0, inner) + " " + b.vertical } + [bottom]
    }

    // MARK: JSON

    /// `{"date", "mood", "notes", "tags", "values"` as `show --json`, then `"attributes"`: one
    /// object per attribute with a value or a goal, `{"attribute", "group", "value", "goal",
    /// "usual", "usual_days"}` (the usual value, null while it rests on too few days, and the
    /// days of the same weekday it rests on, null with a goal), where `goal` is `{"period", "min", "max", "value", "state", "progress",
    /// "left"}` as `goals --json` has them, or null; and `"insights"`, the sentences shown.
    public static func json(_ summary: TodaySummary, insights: [String] = []) -> String {
        let day = DayView.json(summary.record)
        let items = summary.items.map { item -> String in
            let attribute = item.attribute
            let type = attribute.type
            let number = { (value: Double?) in value.map(type.json) ?? "null" }
            var goal = "null"
            if let status = item.goal {
                // The object of `goals --json`, without the attribute (named above) and the
                // streak, which `today` does not follow.
                goal = jsonObject(GoalView.jsonFields(attribute, status).filter { $0.0 != "attribute" && $0.0 != "streak" })
            }
            return jsonObject([
                ("attribute", jsonString(attribute.name)), ("group", jsonString(attribute.group)),
                ("value", number(item.value)), ("goal", goal),
                ("usual", item.usual?.value.map(type.meanJSON) ?? "null"),
                ("usual_days", item.usual.map { String($0.days) } ?? "null"),
            ])
        }
        return String(day.dropLast()) + ", " + jsonString("attributes") + ": " + jsonArray(items) + ", "
            + jsonString("insights") + ": " + jsonArray(insights.map(jsonString)) + "}"
    }
}
