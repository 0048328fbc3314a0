import DaybookCore

/// How insights read: for `insights`, at the end of `checkin`, and in the shell's greeting.
/// Each insight is its sentence (`InsightText`), wrapped to the width with a hanging indent, so
/// that every insight starts at the margin and its later lines stand in under it. Without a
/// width (output to a pipe or a file) each sentence is one whole line, for grep and scripts.
public enum InsightView {
    /// The indent of an insight's first line, and of the lines it wraps onto.
    static let indent = "  "
    static let hanging = "    "

    /// The width insights wrap to: the terminal's; nil (no wrapping) when output is not a terminal.
    public static func width(_ facts: TerminalFacts) -> Int? { facts.isTerminal ? facts.width : nil }

    /// `insights`: a heading, the sentences, and under links the reminder that a link is not a
    /// cause. With no insight, a line that says why.
    public static func text(_ insights: [Insight], day: Day, appearance: Appearance, width: Int?) -> [String] {
        var lines = wrap("Insights for \(day.long)", width: width, style: appearance.bold)
        if insights.isEmpty {
            lines += wrap(
                "nothing to compare yet: log a value or a mood for this day", width: width, first: indent,
                rest: indent, style: appearance.dim)
            return lines
        }
        return lines + sentences(insights, appearance: appearance, width: width)
    }

    /// Each insight's sentence, wrapped with a hanging indent, the usual values that need more
    /// history in one sentence; when any is a link, the reminder that a link is not a cause. For views that show a few insights under their own.
    public static func sentences(_ insights: [Insight], appearance: Appearance, width: Int?) -> [String] {
        var lines: [String] = []
        // The usual values that need more history are said once, where the first of them stands.
        let missing = InsightText.missingHistory(insights)
        var saidMissing = false
        for insight in insights {
            var sentence = InsightText.sentence(insight)
            if case .missingHistory = insight.detail, let missing {
                if saidMissing { continue }
                saidMissing = true
                sentence = missing
            }
            lines += wrap(printable(sentence), width: width, first: indent, rest: hanging)
        }
        if insights.contains(where: { $0.kind == .correlation || $0.kind == .tag }) {
            lines += wrap(
                "Links are correlations over the last 90 days, not causes.", width: width, first: indent,
                rest: hanging, style: appearance.dim)
        }
        return lines
    }

    // MARK: The shell's greeting

    /// What the shell's greeting is made of, read from the journal.
    public struct Greeting: Sendable {
        /// The journal's clock: minutes after midnight.
        public var minuteOfDay: Int
        /// The day before today, and today (the `day-start` setting decides which day is today).
        public var yesterday: DayRecord
        public var today: DayRecord
        /// Something was recorded in the last 14 days: the journal is being kept.
        public var recent: Bool
        /// Attributes with a goal on `yesterday`: their values are named first.
        public var goals: Set<String>
        /// The insights about `yesterday`, most notable first.
        public var insights: [Insight]

        public init(
            minuteOfDay: Int, yesterday: DayRecord, today: DayRecord, recent: Bool, goals: Set<String>,
            insights: [Insight]
        ) {
            self.minuteOfDay = minuteOfDay
            self.yesterday = yesterday
            self.today = today
            self.recent = recent
            self.goals = goals
            self.insights = insights
        }
    }

    /// "Good morning" before noon (from 05:00), "Good afternoon" until 18:00, else "Good evening".
    public static func salutation(minuteOfDay: Int) -> String {
        switch minuteOfDay {
        case 5 * 60..<12 * 60: return "Good morning"
        case 12 * 60..<18 * 60: return "Good afternoon"
        default: return "Good evening"
        }
    }

    /// The shell's first words on a terminal, one or two lines: "Good evening. Yesterday: mood
    /// 4, 9,120 steps. You haven't checked in today.", then the most notable insight about
    /// yesterday that fits on one line, other than what still needs more history (a usual
    /// value, links). Nothing when there is nothing to say: a new journal,
    /// or one not kept in the last 14 days with nothing yesterday.
    public static func greeting(_ greeting: Greeting, appearance: Appearance, width: Int) -> [String] {
        let summary = yesterdaySummary(greeting.yesterday, goals: greeting.goals)
        let checkIn = greeting.today.mood == nil && greeting.recent ? "You haven't checked in today." : nil
        guard !summary.isEmpty || checkIn != nil else { return [] }
        // As many of yesterday's values as leave the line whole, down to the first item.
        var first = ""
        for count in stride(from: summary.count, through: min(1, summary.count), by: -1) {
            var parts: [String] = []
            if count > 0 { parts.append("Yesterday: " + summary.prefix(count).joined(separator: ", ") + ".") }
            if let checkIn { parts.append(checkIn) }
            first = salutation(minuteOfDay: greeting.minuteOfDay) + ". " + parts.joined(separator: " ")
            if Columns.width(first) <= width { break }
        }
        var lines = wrap(first, width: width)
        guard !greeting.yesterday.isEmpty else { return lines }
        for insight in greeting.insights {
            if case .missingHistory = insight.detail { continue }
            if case .linksPending = insight.detail { continue }
            if case .linksNone = insight.detail { continue }
            let sentence = printable(InsightText.sentence(insight))
            if Columns.width(sentence) <= width {
                lines.append(appearance.dim(sentence))
                break
            }
        }
        return lines
    }

    /// "mood 4", then two values, those with a goal first ("9,120 steps", "sleep 7h 10m"); a
    /// day with only notes, "2 notes".
    static func yesterdaySummary(_ record: DayRecord, goals: Set<String>) -> [String] {
        var items: [String] = []
        if let mood = record.mood { items.append("mood \(mood.rating)") }
        let values =
            record.values.filter { goals.contains($0.attribute.name) }
            + record.values.filter { !goals.contains($0.attribute.name) }
        for (attribute, value) in values.prefix(2) {
            items.append(InsightText.valuePhrase(.attribute(attribute), value, capitalized: false))
        }
        if items.isEmpty && !record.notes.isEmpty { items.append(Words.counted(record.notes.count, "note")) }
        return items
    }

    // MARK: Wrapping

    /// `text` in lines of at most `width` columns (`Columns.wrap`): the first starts with
    /// `first`, the others with `rest`. Words longer than a line are cut. `style` colours the
    /// text, not the indents. Without a width, one line.
    static func wrap(
        _ text: String, width: Int?, first: String = "", rest: String = "", style: (String) -> String = { $0 }
    ) -> [String] {
        guard let width else { return [first + style(text)] }
        return Columns.wrap(text, width: width, first: first, indent: rest).enumerated().map { i, line in
            let prefix = i == 0 ? first : rest
            return prefix + style(String(line.dropFirst(prefix.count)))
        }
    }
}
