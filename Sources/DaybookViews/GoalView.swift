import DaybookCore

/// How goals read, as text and as JSON (the JSON form is described in `goals`' discussion).
public enum GoalView {
    /// An attribute without a goal: the day's value, if any, and its usual value, or how few
    /// days there are for one.
    public typealias Usual = (attribute: Attribute, value: Double?, usual: UsualValue)

    /// The whole of `goals`: the goals in force, then the usual values of the attributes without one.
    public static func text(
        _ statuses: [(attribute: Attribute, status: GoalStatus)], usuals: [Usual], day: Day, appearance: Appearance,
        width: Int
    ) -> [String] {
        var lines = goalLines(statuses, day: day, appearance: appearance, width: width)
        if !usuals.isEmpty {
            lines.append("")
            lines += usualLines(usuals, day: day, appearance: appearance, width: width)
        }
        return lines
    }

    /// `[{...}, ...]`: one object per goal.
    public static func json(_ statuses: [(attribute: Attribute, status: GoalStatus)]) -> String {
        jsonArray(statuses.map { json($0.attribute, $0.status) })
    }

    public static func json(_ attribute: Attribute, _ status: GoalStatus) -> String {
        jsonObject(jsonFields(attribute, status))
    }

    /// The fields of a goal's JSON object, in order. Every number is the one the text shows,
    /// rounded by the core's rule (`ShownNumbers.swift`): a daily goal's value as logged, a
    /// week's or a month's figure as `roundedMean` has it, what is left as `roundedAmount`,
    /// counted from the figure shown.
    public static func jsonFields(_ attribute: Attribute, _ status: GoalStatus) -> [(String, String)] {
        let type = attribute.type
        let number = { (value: Double?) in value.map(type.json) ?? "null" }
        let daily = status.goal.period == .daily
        var left = "null"
        if let value = shownLeft(attribute, status), type != .yesno { left = type.amountJSON(value) }
        // A yes/no goal over a week or month judges the share of its days logged yes.
        var value = status.value.map { daily ? type.valueJSON($0) : type.meanJSON($0) } ?? "null"
        if type == .yesno, !daily, let mean = status.value { value = yesShareJSON(mean) }
        // "total" only for a goal on the period's sum, so that other goals read as they always have.
        return [("attribute", jsonString(attribute.name)), ("period", jsonString(status.goal.period.rawValue))]
            + (status.goal.total ? [("total", "true")] : []) + [
            ("min", number(status.goal.range.min)), ("max", number(status.goal.range.max)),
            ("value", value), ("state", jsonString(status.state.rawValue)),
            ("progress", status.progress.map { String(Percent.roundedDown($0)) } ?? "null"), ("left", left),
            ("streak", String(status.streak)),
        ]
    }


    /// "yes on 66% of days": a week's or month's share of days logged yes (their mean), rounded
    /// down like the percentage beside it.
    public static func yesShare(_ mean: Double) -> String { "yes on \(Percent.roundedDown(mean))% of days" }

    /// The same share in JSON, a number from 0 to 1 rounded down as a share is (`roundedMean`): `0.66`.
    public static func yesShareJSON(_ mean: Double) -> String { ValueType.decimal.json(ValueType.yesno.roundedMean(mean)) }

    /// A value for display: a day's as it is, a mean as means read (`ValueType.meanDecimals`).
    static func shown(_ attribute: Attribute, _ value: Double, perDay: Bool) -> String {
        attribute.format(value, decimals: perDay ? ValueType.meanDecimals : nil)
    }

    /// An amount with its unit, as means read: "1,800 steps", "0.5 kg", "1.5 cups", "1h 20m".
    public static func amount(_ attribute: Attribute, _ value: Double) -> String {
        attribute.formatWithUnit(value, decimals: ValueType.meanDecimals)
    }

    /// " a day" for a weekly or monthly goal on values that add up over a day, or on a
    /// duration, however its day's values combine (exercise tracked as an average, whose
    /// goals on the total became goals on the daily mean): it judges their mean, an amount a
    /// day ("1,500 steps a day", "2h 5m a day"); "" otherwise (a weight, a heart rate), and for
    /// a goal on the period's total (`--total`), whose amounts are the period's.
    public static func perDay(_ attribute: Attribute, _ goal: Goal) -> String {
        if goal.period == .daily || goal.total { return "" }
        return attribute.meanReadsAsPerDay ? " a day" : ""
    }

    /// "weekly", "weekly total": the goal's period, and whether it judges the period's sum.
    public static func periodText(_ goal: Goal) -> String {
        goal.period.rawValue + (goal.total ? " total" : "")
    }

    /// How far the value is from the range, as an amount: "5,800 steps", "1h 20m a day",
    /// "0.5 kg"; nil without a value. (Not for times of day, which are early or late.)
    public static func leftAmount(_ attribute: Attribute, _ status: GoalStatus) -> String? {
        shownLeft(attribute, status).map { amount(attribute, abs($0)) + perDay(attribute, status.goal) }
    }

    /// What is left, as `status.left`. The goal judges the figure as it is shown
    /// (`Goal.periodValue`), so what is left is counted from that figure: "avg 6h 42m", "18m a
    /// day to go" make the goal of 7h.
    public static func shownLeft(_ attribute: Attribute, _ status: GoalStatus) -> Double? {
        status.left
    }

    /// "1,800 steps to go", "1 cup to spare", "2 over", "20m early", "met"; a dash for nothing.
    public static func leftText(_ attribute: Attribute, _ status: GoalStatus, appearance: Appearance) -> String {
        let dash = appearance.dash
        guard let left = status.left, let amount = leftAmount(attribute, status) else { return dash }
        let range = status.goal.range
        switch attribute.type {
        case .yesno:
            switch status.state {
            case .under: return status.goal.period == .daily ? "not yet" : "not every day yet"
            case .within: return "met"
            case .over: return status.goal.period == .daily ? "not today" : "not every day"
            case .noData: return dash
            }
        case .time:
            switch status.state {
            case .under: return formatDuration(left) + " early"
            case .over: return formatDuration(-left) + " late"
            case .within: return range.max == nil ? "met" : formatDuration(left) + " to spare"
            case .noData: return dash
            }
        default:
            switch status.state {
            case .under: return amount + " to go"
            case .over: return amount + " over"
            case .within: return range.max == nil ? "met" : amount + " to spare"
            case .noData: return dash
            }
        }
    }

    static func streakText(_ status: GoalStatus) -> String {
        let count = status.streak
        return "streak \(count)\(status.streakCapped ? "+" : "") \(Words.noun(status.goal.period.noun, count: count))"
    }

    /// One row per goal: range, period, value, state, bar, percentage, what is left, streak.
    /// When a row is wider than `width`, each goal takes two lines or more: its name, value,
    /// state, bar and percentage, then its range, period, what is left and streak, wrapped.
    /// A line too narrow for all of the first drops the bar, then the percentage, then the
    /// state, never the value.
    public static func goalLines(
        _ statuses: [(attribute: Attribute, status: GoalStatus)], day: Day, appearance: Appearance, width: Int
    ) -> [String] {
        let dash = appearance.dash
        guard !statuses.isEmpty else {
            return Columns.wrap("no goals on \(day.long); set one with: goal steps >= 8000", width: width)
                .map(appearance.dim)
        }
        var rows: [[String]] = []
        for (attribute, status) in statuses {
            let daily = status.goal.period == .daily
            var value = status.value.map { (daily ? "" : status.goal.total ? "total " : "avg ") + shown(attribute, $0, perDay: !daily) } ?? dash
            if attribute.type == .yesno, !daily, let mean = status.value {
                value = yesShare(mean)
            }
            rows.append([
                printable(attribute.name), status.goal.range.format(attribute), periodText(status.goal), value,
                Gauge.state(attribute, status), Gauge.bar(attribute, status, width: 10, group: "", appearance: appearance),
                Gauge.percentage(attribute, status, appearance: appearance),
                leftText(attribute, status, appearance: appearance), streakText(status),
            ])
        }
        let widths = (0..<rows[0].count).map { column in rows.map { Columns.width($0[column]) }.max() ?? 0 }
        let heading = Columns.wrap("Goals on \(day.long)", width: width).map(appearance.bold)
        let oneLine = 2 + widths.dropLast().reduce(0, +) + 2 * (widths.count - 1) + widths[widths.count - 1]
        if oneLine <= width {
            var lines = heading
            for (row, (_, status)) in zip(rows, statuses) {
                var cells: [String] = []
                for (column, cell) in row.enumerated() {
                    // The percentage reads right-aligned; the other columns left-aligned.
                    var text = column == 6 ? Columns.padLeft(cell, widths[column]) : Columns.pad(cell, widths[column])
                    if column == 4 && status.state == .within { text = appearance.accent(text) }
                    if column == row.count - 1 { text = cell }
                    cells.append(text)
                }
                lines.append("  " + cells.joined(separator: "  "))
            }
            return lines
        }
        // Two lines a goal or more. Columns of the first line: name, value, state, bar, percentage.
        func firstWidth(_ columns: [Int]) -> Int {
            (columns.first == 0 ? 2 : 4) + columns.map { widths[$0] }.reduce(0, +) + 2 * (columns.count - 1)
        }
        func fitting(_ all: [Int]) -> [Int] {
            var columns = all
            for dropped in [5, 6, 4] where firstWidth(columns) > width { columns.removeAll { $0 == dropped } }
            return columns
        }
        // A name so long that its line keeps only the value goes on a line of its own, when
        // the value's line then keeps the state (and the bar and percentage where they fit).
        var columns = fitting([0, 3, 4, 5, 6])
        let withoutName = fitting([3, 4, 5, 6])
        let nameAlone = !columns.contains(4) && withoutName.contains(4)
        if nameAlone { columns = withoutName }
        var lines = heading
        for (row, (_, status)) in zip(rows, statuses) {
            if nameAlone { lines.append(Columns.fit("  " + row[0], width, ellipsis: appearance.ellipsis)) }
            if !nameAlone && columns.count == 2 {
                // Only the name and the value: unaligned, or the value on a line of its own.
                let line = "  " + row[0] + "  " + row[3]
                if Columns.width(line) <= width {
                    lines.append(line)
                } else {
                    lines.append(Columns.fit("  " + row[0], width, ellipsis: appearance.ellipsis))
                    lines += Columns.wrap(row[3], width: width, first: "    ", indent: "    ")
                }
                lines += items([row[1] + " " + row[2], row[7], row[8]], indent: "    ", width: width, appearance: appearance)
                continue
            }
            var cells: [String] = []
            for column in columns {
                var text = row[column]
                if column == 6 {
                    text = Columns.padLeft(text, widths[column])
                } else if column != columns.last {
                    text = Columns.pad(text, widths[column])
                }
                if column == 4 && status.state == .within { text = appearance.accent(text) }
                cells.append(text)
            }
            var line = (nameAlone ? "    " : "  ") + cells.joined(separator: "  ")
            while line.hasSuffix(" ") { line.removeLast() }
            lines.append(Columns.fit(line, width, ellipsis: appearance.ellipsis))
            lines += items([row[1] + " " + row[2], row[7], row[8]], indent: "    ", width: width, appearance: appearance)
        }
        return lines
    }

    /// Short pieces of text joined by the separator, as many on a line as fit `width`, each
    /// line starting with `indent` (dropped when it leaves too little room); a piece wider
    /// than a line is wrapped at its spaces.
    public static func items(_ pieces: [String], indent: String, width: Int, appearance: Appearance) -> [String] {
        // The indent goes when it leaves no room for the longest word.
        let longest = pieces.flatMap { $0.split(separator: " ") }.map { Columns.width(String($0)) }.max() ?? 0
        let indent = Columns.width(indent) * 2 <= width && Columns.width(indent) + longest <= width ? indent : ""
        let separator = appearance.separator
        var lines: [String] = []
        var line = ""
        for piece in pieces where !piece.isEmpty {
            if line.isEmpty {
                line = indent + piece
            } else if Columns.width(line + separator + piece) <= width {
                line += separator + piece
            } else {
                lines.append(line)
                line = indent + piece
            }
            if Columns.width(line) > width {
                let wrapped = Columns.wrap(String(line.dropFirst(indent.count)), width: width, first: indent, indent: indent)
                lines += wrapped.dropLast()
                line = wrapped.last ?? ""
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// A usual value and the days it rests on, ("usual 72.1 kg", "from 5 Wednesdays"), or how
    /// far it is from having one, ("no usual yet", "1 of 3 Wednesdays"). `goals` writes them
    /// on one line, `today`'s narrower cards as two items.
    public static func usualParts(_ attribute: Attribute, _ usual: UsualValue, day: Day) -> (String, String) {
        let weekdays = { (n: Int) in Words.counted(n, day.longWeekday) }
        guard let value = usual.value else {
            return ("no usual yet", "\(ValueType.count.format(Double(usual.days))) of \(weekdays(UsualValue.minimumDays))")
        }
        return ("usual " + amount(attribute, value), "from " + weekdays(usual.days))
    }

    /// "usual 72.1 kg from 5 Wednesdays", "no usual yet: 1 of 3 Wednesdays".
    static func usualText(_ attribute: Attribute, _ usual: UsualValue, day: Day) -> String {
        let (head, days) = usualParts(attribute, usual, day: day)
        return head + (usual.value == nil ? ": " : " ") + days
    }

    /// The usual values of attributes without a goal: "weight  72.4 kg · usual 72.1 kg from 5
    /// Wednesdays (+0.3 kg)", or "no usual yet: 1 of 3 Wednesdays".
    public static func usualLines(_ usuals: [Usual], day: Day, appearance: Appearance, width totalWidth: Int) -> [String] {
        let title = "Usual on \(day.longWeekday)s"
        let aside = " (median of the 8 weeks before, without a goal)"
        var lines: [String]
        if Columns.width(title + aside) <= totalWidth {
            lines = [appearance.bold(title) + appearance.dim(aside)]
        } else {
            let wrapped = Columns.wrap(title + aside, width: totalWidth)
            lines = [appearance.bold(wrapped[0])] + wrapped.dropFirst().map(appearance.dim)
        }
        let width = usuals.map { Columns.width(printable($0.0.name)) }.max() ?? 0
        for (attribute, value, found) in usuals {
            var text = usualText(attribute, found, day: day)
            if let value {
                text = attribute.formatWithUnit(value) + appearance.separator + text
            } else {
                text = appearance.dash + appearance.separator + text
            }
            if let value, let usual = found.value {
                let difference = attribute.type.difference(value, usual)
                if attribute.type != .yesno, abs(difference) >= 0.05 {
                    let sign = difference > 0 ? "+" : "-"
                    let magnitude =
                        attribute.type == .time ? formatDuration(abs(difference)) : amount(attribute, abs(difference))
                    text += " (\(sign)\(magnitude))"
                }
            }
            let name = printable(attribute.name)
            let line = "  " + Columns.pad(name, width) + "  " + text
            if Columns.width(line) <= totalWidth {
                lines.append(line)
            } else {
                lines.append(Columns.fit("  " + name, totalWidth, ellipsis: appearance.ellipsis))
                lines += items(Columns.split(text, on: appearance.separator), indent: "    ", width: totalWidth, appearance: appearance)
            }
        }
        return lines
    }
}
