import DaybookCore

/// `chart A B`: one dot a day, A across and B up, with r, n and what `insights` would say of
/// the link: claimed only when `insights` would claim it.
public enum ChartPairsView {
    public static func text(_ chart: ChartPairs, appearance: Appearance, width: Int) -> [String] {
        let width = max(20, width)
        let unicode = appearance.glyphs == .unicode
        let xa = chart.xAxis, ya = chart.yAxis
        let yLabels = ya.ticks.map { ChartView.label(ya.value(atTick: $0), chart.y, axis: ya) }
        let labelWidth = yLabels.map(Columns.width).max() ?? 1
        let columns = max(8, width - labelWidth - 2)
        var grid = ChartGrid(columns: columns, rows: ChartView.plotRows(width) + 2)
        for pair in chart.pairs {
            let fx = xa.high > xa.low ? (xa.position(pair.x) - xa.low) / (xa.high - xa.low) : 0
            let x = Int((max(0, min(1, fx)) * Double(grid.dotColumns - 1)).rounded())
            grid.set(x, grid.y(ya.position(pair.y), low: ya.low, high: ya.high), .data)
        }
        let colour: (String) -> String = { s in
            switch chart.y {
            case .attribute(let a): return appearance.group(a.group, s)
            case .mood: return appearance.group("mood", s)
            }
        }
        var tickAt: [Int: String] = [:]
        for (tick, text) in zip(ya.ticks, yLabels) { tickAt[grid.row(tick, low: ya.low, high: ya.high)] = text }
        let vertical = unicode ? "│" : "|", tee = unicode ? "┤" : "+", corner = unicode ? "└" : "+"
        let rule = unicode ? "─" : "-"
        let lag = chart.lag == 0 ? "" : chart.lag == 1 ? " the day before" : " \(chart.lag) days before"
        var out = [
            Columns.fit(
                "\(chart.x.name)\(lag) across, \(chart.y.name) up\(appearance.separator)\(ChartView.date(chart.from)) to \(ChartView.date(chart.through))",
                width, ellipsis: appearance.ellipsis)
        ]
        for (r, line) in grid.lines(unicode: unicode, paint: { _, s in colour(s) }).enumerated() {
            let text = tickAt[r]
            out.append(Columns.padLeft(text ?? "", labelWidth) + " " + appearance.dim(text == nil ? vertical : tee) + line)
        }
        out.append(String(repeating: " ", count: labelWidth + 1) + appearance.dim(corner + String(repeating: rule, count: columns)))
        // The x ticks that fit, at their places.
        var line = String(repeating: " ", count: labelWidth + 2)
        var used = labelWidth + 2
        for tick in xa.ticks {
            let text = ChartView.label(xa.value(atTick: tick), chart.x, axis: xa)
            let f = xa.high > xa.low ? (tick - xa.low) / (xa.high - xa.low) : 0
            let column = labelWidth + 2 + Int((f * Double(columns - 1)).rounded())
            let w = Columns.width(text)
            guard column >= used + (used == labelWidth + 2 ? 0 : 1), column + w <= width else { continue }
            line += String(repeating: " ", count: column - used) + text
            used = column + w
        }
        out.append(line)
        out += Columns.wrap(words(chart), width: width)
        return out
    }

    /// What is said of the link, in the insights' terms.
    public static func words(_ chart: ChartPairs) -> String {
        let days = "n = \(chart.n) day\(chart.n == 1 ? "" : "s")"
        guard let link = chart.link else {
            let r = chart.r.map { "r = \(InsightText.r($0)), " } ?? ""
            return "\(r)\(days): too few to say; a link needs \(chart.needed) days with both"
        }
        let stats = "r = \(InsightText.r(link.r)), \(days)"
        guard chart.claimed else { return "\(stats): no link that insights would claim" }
        func more(_ s: ChartSubject, up: Bool) -> String {
            if s == .mood { return up ? "a better mood" : "a worse mood" }
            switch s.type {
            case .time: return up ? "a later \(s.name)" : "an earlier \(s.name)"
            case .yesno: return up ? "\(s.name) yes" : "\(s.name) no"
            default: return up ? "more \(s.name)" : "less \(s.name)"
            }
        }
        let lag = chart.lag == 0 ? "" : chart.lag == 1 ? " the day before" : " \(chart.lag) days before"
        return "\(stats): a \(link.strength.rawValue) link: \(more(chart.x, up: true))\(lag) goes with "
            + "\(more(chart.y, up: link.r > 0)). A link is not a cause."
    }

    /// `{"x", "y", "lag", "from", "through", "r", "n", "p", "claimed", "pairs": [{"date", "x",
    /// "y"}]}`: `date` is B's day; A is the day `lag` before. `r` is the r the words give: once
    /// the link is tested, the insights' r at the scale of days (each value against the mean of
    /// the 14 days either side, then prewhitened), whose p is `p`; before, Pearson's r of the pairs as they are.
    public static func json(_ chart: ChartPairs) -> String {
        func number(_ v: Double?) -> String { v.map { ValueType.decimal.json(($0 * 10000).rounded() / 10000) } ?? "null" }
        let pairs = chart.pairs.map { p in
            jsonObject([("date", jsonString(p.day.iso)), ("x", number(p.x)), ("y", number(p.y))])
        }
        return jsonObject([
            ("x", jsonString(chart.x.name)), ("y", jsonString(chart.y.name)), ("lag", String(chart.lag)),
            ("from", jsonString(chart.from.iso)), ("through", jsonString(chart.through.iso)),
            ("r", number(chart.link?.r ?? chart.r)), ("n", String(chart.n)), ("p", number(chart.link?.p)),
            ("claimed", chart.claimed ? "true" : "false"), ("pairs", jsonArray(pairs)),
        ])
    }
}
