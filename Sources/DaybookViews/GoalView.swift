import DaybookCore

/// How goals read, as text and as JSON (the JSON form is described in `goals`' discussion).
public enum GoalView {
    /// An attribute without a goal: the day's value, if any, and its usual value.
    public typealias Usual = (attribute: Attribute, value: Double?, usual: Double)

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
        let type = attribute.type
        let number = { (value: Double?) in value.map(type.json) ?? "null" }
        var left = "null"
        if let value = status.left {
            switch type {
            case .time: left = ValueType.duration.json(value)
            case .yesno: left = "null"
            default: left = type.json(value)
            }
        }
        return jsonObject([
            ("attribute", jsonString(attribute.name)), ("period", jsonString(status.goal.period.rawValue)),
            ("min", number(status.goal.range.min)), ("max", number(status.goal.range.max)),
            ("value", number(status.value)), ("state", jsonString(status.state.rawValue)),
            ("progress", status.progress.map { String(percent($0)) } ?? "null"), ("left", left),
            ("streak", String(status.streak)),
        ])
    }

    /// A whole percentage, rounded down so that 100% means met.
    public static func percent(_ progress: Double) -> Int { Int((progress * 100 + 1e-9).rounded(.down)) }

    /// A value for display: a day's as it is, a mean as means read (`ValueType.meanDecimals`).
    static func shown(_ attribute: Attribute, _ value: Double, perDay: Bool) -> String {
        attribute.format(value, decimals: perDay ? ValueType.meanDecimals : nil)
    }

    /// An amount with its unit, as means read: "1,800 steps", "0.5 kg", "1.5 cups", "1h 20m".
    public static func amount(_ attribute: Attribute, _ value: Double) -> String {
        attribute.formatWithUnit(value, decimals: ValueType.meanDecimals)
    }

    /// " a day" for a weekly or monthly goal on values that add up over a day: it judges their
    /// mean, an amount a day ("1,500 steps a day"); "" otherwise.
    public static func perDay(_ attribute: Attribute, _ goal: Goal) -> String {
        goal.period == .daily || attribute.aggregation != .sum ? "" : " a day"
    }

    /// How far the value is from the range, as an amount: "5,800 steps", "1h 20m a day",
    /// "0.5 kg"; nil without a value. (Not for times of day, which are early or late.)
    public static func leftAmount(_ attribute: Attribute, _ status: GoalStatus) -> String? {
        status.left.map { amount(attribute, abs($0)) + perDay(attribute, status.goal) }
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
    public static func goalLines(
        _ statuses: [(attribute: Attribute, status: GoalStatus)], day: Day, appearance: Appearance, width: Int
    ) -> [String] {
        let dash = appearance.dash
        guard !statuses.isEmpty else {
            return [appearance.dim("no goals on \(day.long); set one with: goal steps >= 8000")]
        }
        var rows: [[String]] = []
        for (attribute, status) in statuses {
            let daily = status.goal.period == .daily
            var value = status.value.map { (daily ? "" : "avg ") + shown(attribute, $0, perDay: !daily) } ?? dash
            if attribute.type == .yesno, !daily, let mean = status.value {
                value = "yes on \(Int((mean * 100).rounded()))% of days"
            }
            let progress = status.progress.map { "\(percent($0))%" } ?? dash
            rows.append([
                attribute.name, status.goal.range.format(attribute), status.goal.period.rawValue, value,
                status.state.rawValue, appearance.bar(status.progress, width: 10), progress,
                leftText(attribute, status, appearance: appearance), streakText(status),
            ])
        }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        var lines = [appearance.bold("Goals on \(day.long)")]
        for (row, (_, status)) in zip(rows, statuses) {
            var cells: [String] = []
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                // The percentage reads right-aligned; the other columns left-aligned.
                var text = column == 6 ? padding + cell : cell + padding
                if column == 4 && status.state == .within { text = appearance.accent(text) }
                if column == row.count - 1 { text = cell }
                cells.append(text)
            }
            lines.append("  " + cells.joined(separator: "  "))
        }
        return lines
    }

    /// The usual values of attributes without a goal: "weight  72.4 kg · usual 72.1 kg (+0.3 kg)".
    public static func usualLines(_ usuals: [Usual], day: Day, appearance: Appearance, width: Int) -> [String] {
        var lines = [
            appearance.bold("Usual on \(day.longWeekday)s")
                + appearance.dim(" (median of the 8 weeks before, without a goal)")
        ]
        let width = usuals.map(\.0.name.count).max() ?? 0
        for (attribute, value, usual) in usuals {
            var text = "usual " + amount(attribute, usual)
            if let value {
                text = attribute.formatWithUnit(value) + appearance.separator + text
                let difference = attribute.type.difference(value, usual)
                if attribute.type != .yesno, abs(difference) >= 0.05 {
                    let sign = difference > 0 ? "+" : "-"
                    let magnitude =
                        attribute.type == .time ? formatDuration(abs(difference)) : amount(attribute, abs(difference))
                    text += " (\(sign)\(magnitude))"
                }
            } else {
                text = appearance.dash + appearance.separator + text
            }
            lines.append("  " + attribute.name + String(repeating: " ", count: width - attribute.name.count + 2) + text)
        }
        return lines
    }
}
