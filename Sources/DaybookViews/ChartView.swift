import DaybookCore

/// `chart`: an attribute or the mood over a period, drawn in the width it is given. The chart
/// is worked out in the core (`Chart`); this draws it in cells (`ChartGrid`), through the
/// appearance: the subject's group colour, braille or ASCII, colour or none.
public enum ChartView {
    /// Rows of the plot: fewer on a narrow terminal.
    static func plotRows(_ width: Int) -> Int { width < 60 ? 8 : 10 }

    /// How many points a chart of `width` columns shows at most: one a cell of its plot.
    public static func maxPoints(width: Int) -> Int { max(10, width - 9) }

    public static func text(_ chart: Chart, appearance: Appearance, width: Int) -> [String] {
        let width = max(20, width)
        let unicode = appearance.glyphs == .unicode
        let axis = chart.axis
        let tickLabels = axis.ticks.map { label(axis.value(atTick: $0), chart.subject, axis: axis) }
        let labelWidth = tickLabels.map(Columns.width).max() ?? 1
        let columns = max(8, width - labelWidth - 2)
        var grid = ChartGrid(columns: columns, rows: plotRows(width))
        let count = chart.points.count

        if let band = chart.band {
            for edge in [band.min, band.max].compactMap({ $0 }) {
                let y = grid.y(axis.position(edge), low: axis.low, high: axis.high)
                for x in stride(from: 0, to: grid.dotColumns, by: 2) { grid.set(x, y, .band) }
            }
        }
        func plot(_ values: [Double?], _ layer: ChartGrid.Layer) {
            var previous: (Int, Int)? = nil
            for (i, value) in values.enumerated() {
                guard let value else {
                    previous = nil
                    continue
                }
                let x = grid.x(i, of: count), y = grid.y(axis.position(value), low: axis.low, high: axis.high)
                if let (px, py) = previous { grid.line(px, py, x, y, layer) } else { grid.set(x, y, layer) }
                previous = (x, y)
            }
        }
        plot(chart.rolling, .line)
        plot(chart.points.map(\.value), .data)

        let colour: (String) -> String = { s in
            switch chart.subject {
            case .attribute(let a): return appearance.group(a.group, s)
            case .mood: return appearance.group("mood", s)
            }
        }
        let plotLines = grid.lines(unicode: unicode) { layer, s in layer == .data ? colour(s) : appearance.dim(s) }
        var tickAt: [Int: String] = [:]
        for (tick, text) in zip(axis.ticks, tickLabels) {
            tickAt[grid.row(tick, low: axis.low, high: axis.high)] = text
        }
        let vertical = unicode ? "│" : "|", tee = unicode ? "┤" : "+", corner = unicode ? "└" : "+"
        let rule = unicode ? "─" : "-"

        var out = [Columns.fit(title(chart, appearance.separator), width, ellipsis: appearance.ellipsis)]
        for (r, line) in plotLines.enumerated() {
            let text = tickAt[r]
            out.append(
                Columns.padLeft(text ?? "", labelWidth) + " " + appearance.dim(text == nil ? vertical : tee) + line)
        }
        out.append(String(repeating: " ", count: labelWidth + 1) + appearance.dim(corner + String(repeating: rule, count: columns)))
        out.append(xLabels(chart.labels, count: count, grid: grid, indent: labelWidth + 2, width: width))
        out += legend(chart, appearance: appearance, width: width, unicode: unicode)
        if let ratings = chart.ratings { out += shares(ratings, appearance: appearance, width: width) }
        return out
    }

    /// "steps · total a week · 25 Nov 2025 to 21 Nov 2026".
    public static func title(_ chart: Chart, _ separator: String) -> String {
        let what: String
        switch (chart.subject, chart.step) {
        case (.mood, .day): what = "mood a day"
        case (.mood, _): what = "mean mood a \(chart.step.rawValue)"
        case (.attribute(let a), .day): what = a.type == .yesno ? "yes or no a day" : "a day"
        case (.attribute(let a), _):
            what = chart.totals ? "total a \(chart.step.rawValue)" : a.type == .yesno ? "share of days with yes a \(chart.step.rawValue)" : "daily mean a \(chart.step.rawValue)"
        }
        var unit = ""
        if case .attribute(let a) = chart.subject, let shown = a.shownUnit, shown != a.name { unit = " (\(shown))" }
        return "\(chart.subject.name)\(unit)\(separator)\(what)\(separator)\(date(chart.from)) to \(date(chart.through))"
    }

    static func date(_ day: Day) -> String { "\(day.dayOfMonth) \(String(Day.monthNames[day.month - 1].prefix(3)).capitalizedFirst) \(day.year)" }

    /// A tick's label in the subject's unit: `12,000`, `72.5`, `7h`, `23:00`, `50%`.
    static func label(_ value: Double, _ subject: ChartSubject, axis: ChartAxis) -> String {
        if subject == .mood { return ValueType.decimal.format(value) }
        if axis.type == .percentage, subject.type == .yesno { return ValueType.percentage.format(value * 100, decimals: 0) }
        return subject.type.format(value, compact: true, decimals: 2)
    }

    /// The x labels that fit, left to right, a space at least between two.
    static func xLabels(_ labels: [ChartLabel], count: Int, grid: ChartGrid, indent: Int, width: Int) -> String {
        var line = String(repeating: " ", count: indent)
        var used = indent
        for label in labels {
            let column = indent + grid.x(label.index, of: count) / 2
            let w = Columns.width(label.text)
            guard column >= used + (used == indent ? 0 : 1), column + w <= width else { continue }
            line += String(repeating: " ", count: column - used) + label.text
            used = column + w
        }
        return line
    }

    /// What the marks mean, and how many days the chart rests on.
    static func legend(_ chart: Chart, appearance: Appearance, width: Int, unicode: Bool) -> [String] {
        var items: [String] = []
        if case .attribute(let a) = chart.subject, let band = chart.band {
            items.append(appearance.dim(unicode ? "⠉⠉" : "--") + " goal " + band.format(a))
        }
        if chart.rolling.contains(where: { $0 != nil }) {
            items.append(appearance.dim(unicode ? "⠒⠒" : "..") + " mean of \(chart.step.rollingSpan) \(chart.step.rawValue)s")
        }
        let steps = chart.points.count
        items.append(
            "\(chart.pointsWithValue) of \(steps) \(chart.step.rawValue)\(steps == 1 ? "" : "s") with a value, "
                + "\(ValueType.count.format(Double(chart.daysWithValue))) day\(chart.daysWithValue == 1 ? "" : "s")")
        return Columns.wrap(items.joined(separator: appearance.separator), width: width)
    }

    /// The share of each rating, best first, as bars: Daylio's mood chart.
    static func shares(_ ratings: [Int], appearance: Appearance, width: Int) -> [String] {
        let total = ratings.reduce(0, +)
        guard total > 0 else { return [] }
        let barWidth = max(5, min(30, width - 20))
        return (1...5).reversed().map { rating in
            let count = ratings[rating - 1]
            let fraction = Double(count) / Double(total)
            let name = Columns.pad("\(rating) \(Mood.label(rating))", 10)
            let bar = appearance.level(rating, mood: true, appearance.bar(fraction, width: barWidth))
            return Columns.fit("\(name) \(bar) \(Percent.roundedDown(fraction))%\(appearance.separator)\(count)", width, ellipsis: appearance.ellipsis)
        }
    }

    /// `{"subject", "step", "from", "through", "totals", "unit", "goal", "points": [{"date",
    /// "value", "days"}], "ratings"}`. Values are numbers in the subject's canonical units
    /// (durations in minutes, times of day in minutes after midnight, yes/no as the share of
    /// days with yes), rounded as they are shown; a gap is null.
    public static func json(_ chart: Chart) -> String {
        func number(_ v: Double?) -> String { v.map { ValueType.decimal.json(($0 * 10000).rounded() / 10000) } ?? "null" }
        // A point is a figure like any other (`ShownNumbers.swift`): a day's value as logged, a
        // week's or a month's mean or total rounded as means read. The drawing keeps them whole.
        let type = chart.subject.type
        let shown = chart.step == .day ? type.roundedValue : type.roundedMean
        let points = chart.points.map { p in
            jsonObject([("date", jsonString(p.date.iso)), ("value", number(p.value.map(shown))), ("days", String(p.days))])
        }
        var unit = "null"
        if case .attribute(let a) = chart.subject { unit = jsonString(a.unit) }
        let goal = chart.band.map { jsonObject([("min", number($0.min)), ("max", number($0.max))]) } ?? "null"
        return jsonObject([
            ("subject", jsonString(chart.subject.name)), ("step", jsonString(chart.step.rawValue)),
            ("from", jsonString(chart.from.iso)), ("through", jsonString(chart.through.iso)),
            ("totals", chart.totals ? "true" : "false"), ("unit", unit), ("goal", goal),
            ("points", jsonArray(points)),
            ("ratings", chart.ratings.map { r in jsonObject((1...5).map { (String($0), String(r[$0 - 1])) }) } ?? "null"),
        ])
    }
}
