import DaybookCore

/// A chart drawn in SVG: the same `Chart` as the terminal's, its scale, ticks, band, gaps and
/// labels, as an inline `<svg>` for a page. Colours are CSS classes (`ChartSVG.style`), so that
/// the page reads in light and dark. Every text is escaped.
public enum ChartSVG {
    static let width = 640.0, height = 180.0, left = 64.0, right = 8.0, top = 10.0, bottom = 24.0

    public static func svg(_ chart: Chart, title: String) -> String {
        let axis = chart.axis
        let plotW = width - left - right, plotH = height - top - bottom
        let count = chart.points.count
        func x(_ i: Int) -> Double { left + (count <= 1 ? 0 : Double(i) * plotW / Double(count - 1)) }
        func y(_ v: Double) -> Double {
            let f = axis.high > axis.low ? (axis.high - axis.position(v)) / (axis.high - axis.low) : 1
            return top + max(0, min(1, f)) * plotH
        }
        func n(_ v: Double) -> String { String((v * 10).rounded() / 10) }
        var out = "<svg class=\"chart\" viewBox=\"0 0 \(n(width)) \(n(height))\" role=\"img\" aria-label=\"\(HTML.escape(title))\">"
        out += "<title>\(HTML.escape(title))</title>"
        if let band = chart.band {
            let high = band.max.map(y) ?? top, low = band.min.map(y) ?? top + plotH
            out += "<rect class=\"band\" x=\"\(n(left))\" y=\"\(n(min(high, low)))\" width=\"\(n(plotW))\" height=\"\(n(abs(low - high)))\"/>"
        }
        for tick in axis.ticks {
            let ty = top + (axis.high > axis.low ? (axis.high - tick) / (axis.high - axis.low) : 1) * plotH
            out += "<line class=\"grid\" x1=\"\(n(left))\" x2=\"\(n(left + plotW))\" y1=\"\(n(ty))\" y2=\"\(n(ty))\"/>"
            let text = ChartView.label(axis.value(atTick: tick), chart.subject, axis: axis)
            out += "<text class=\"tick\" x=\"\(n(left - 6))\" y=\"\(n(ty + 4))\" text-anchor=\"end\">\(HTML.escape(text))</text>"
        }
        for label in chart.labels {
            out += "<text class=\"tick\" x=\"\(n(x(label.index)))\" y=\"\(n(height - 6))\">\(HTML.escape(label.text))</text>"
        }
        // A line per run of points with a value: a gap breaks it.
        func runs(_ values: [Double?], _ cls: String) -> String {
            var s = "", run: [String] = []
            func flush() {
                if run.count == 1 {
                    let p = run[0].split(separator: ",")
                    s += "<circle class=\"\(cls)\" cx=\"\(p[0])\" cy=\"\(p[1])\" r=\"2\"/>"
                } else if run.count > 1 {
                    s += "<polyline class=\"\(cls)\" points=\"\(run.joined(separator: " "))\"/>"
                }
                run = []
            }
            for (i, v) in values.enumerated() {
                guard let v else { flush(); continue }
                run.append("\(n(x(i))),\(n(y(v)))")
            }
            flush()
            return s
        }
        out += runs(chart.rolling, "mean")
        out += runs(chart.points.map(\.value), "data")
        return out + "</svg>"
    }

    /// The CSS the charts' classes need, light and dark.
    public static let style = """
        svg.chart { width: 100%; height: auto; max-width: 48rem; display: block; }
        svg.chart .grid { stroke: #ccc; stroke-width: 0.5; }
        svg.chart .tick { font-size: 11px; fill: #555; }
        svg.chart .band { fill: #2a9d4a; opacity: 0.15; }
        svg.chart .data { fill: none; stroke: #1f6feb; stroke-width: 1.5; }
        svg.chart circle.data { fill: #1f6feb; }
        svg.chart .mean { fill: none; stroke: #999; stroke-width: 1; stroke-dasharray: 3 2; }
        @media (prefers-color-scheme: dark) {
          svg.chart .grid { stroke: #444; } svg.chart .tick { fill: #aaa; }
          svg.chart .data { stroke: #6cb6ff; } svg.chart circle.data { fill: #6cb6ff; }
        }
        """
}

/// Text for HTML: the five characters that could end an element or an attribute, escaped, and
/// control characters shown as the terminal views show them.
public enum HTML {
    public static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default:
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" || (0x7F...0x9F).contains(scalar.value) {
                    out += "&#\(scalar.value);"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }
}
