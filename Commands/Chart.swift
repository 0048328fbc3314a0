import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let chart = CommandSpec(
        name: "chart",
        summary: "a chart of an attribute over time",
        discussion: """
            Draws ATTR (or mood) over PERIOD in the terminal's width: one point a day, a week \
            (Monday to Sunday) or a month, the finest that fits (--by day, week or month to \
            choose). A point longer than a day is the total of its days for what adds up \
            over a day (steps, sleep), else the mean of the days with a value (a time of day \
            on a clock that does not break at midnight; yes/no as the share of yes days). A \
            step with no value is a gap, never a zero. The daily goal in force on the last \
            day is a dotted band where the points are days or daily means; a dimmer line is \
            the mean of the last 7 days, 4 weeks or 3 months. 'chart mood' adds the share of \
            each rating. 'chart A B' draws one dot a day, A across and B up (--lag 1: A the \
            day before), with Pearson's r, the days (n) and what insights would say: a link \
            is claimed only as insights would claim it (30 days with both, |r| at least 0.3, \
            p below 0.05). Without a PERIOD, the last 365 days (90 for two); PERIOD is all, \
            N days, weeks, months or years (ending today), or a year, a month or a week as \
            review takes them. --ascii draws without braille. --json prints {"subject", \
            "step", "from", "through", "totals", "unit", "goal", "points": [{"date", \
            "value", "days"}], "ratings"}, date the first day of the step, value null for a \
            gap (durations in minutes, times of day in minutes after midnight); for two, \
            {"x", "y", "lag", "from", "through", "r", "n", "p", "claimed", "pairs": \
            [{"date", "x", "y"}]}. That form is a stable interface.
            """,
        arguments: [
            Argument("ATTR", .attributeOrMood, help: "a tracked attribute, or mood"),
            Argument("PERIOD", .text, optional: true, help: "a second attribute, then all, 3 months, 2 years, 2025, 2026-10, last month"),
        ],
        options: [.chartBy, .lag, .ascii, .json],
        examples: [
            "chart steps", "chart weight 2 years", "chart sleep 2025 --by month", "chart mood last month",
            "chart sleep mood", "chart coffee sleep --lag 1 --json",
        ]
    ) { invocation, context in
        let format = try invocation.format()
        let journal = try context.journal
        let today = try context.today
        var words = (invocation.text ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        func subject(_ name: String) throws -> ChartSubject {
            if name.lowercased() == "mood" { return .mood }
            guard let attribute = journal.attribute(named: name) else {
                throw CommandError(unknownAttributeMessage(name, journal: journal))
            }
            return .attribute(attribute)
        }
        let first = try subject(invocation.argument("ATTR") ?? "")
        var second: ChartSubject? = nil
        if let word = words.first, word.lowercased() == "mood" || journal.attribute(named: word) != nil {
            second = try subject(word)
            words.removeFirst()
        }
        var step: ChartStep? = nil
        if let by = invocation.value(.chartBy) { step = ChartStep(rawValue: by) }
        var lag = 0
        if let text = invocation.value(.lag) {
            guard let n = Int(text), (0...30).contains(n) else {
                throw CommandError("--lag takes a number of days from 0 to 30; got \(printable(text))")
            }
            lag = n
        }
        if second == nil && lag != 0 { throw CommandError("--lag pairs two attributes: chart A B --lag 1") }
        if second != nil && step != nil { throw CommandError("--by is for one attribute; two are paired by the day") }
        let (from, through) = try chartPeriod(words, today: today, order: context.dayOrder, days: second == nil ? 365 : 90)
        let ascii = invocation.has(.ascii)
        if let second {
            let pairs = try journal.chartPairs(first, second, lag: lag, from: from, through: through)
            context.show(ChartPairsReport(chart: pairs, ascii: ascii), as: format)
        } else {
            let chart = try journal.chart(
                first, from: from, through: through, step: step, maxPoints: ChartView.maxPoints(width: context.width))
            context.show(ChartReport(chart: chart, ascii: ascii), as: format)
        }
        return .done
    }

    /// The days a chart's PERIOD names (its first nil for `all`), never past `today`.
    static func chartPeriod(_ words: [String], today: Day, order: DayOrder, days: Int) throws -> (Day?, Day) {
        let lower = words.map { $0.lowercased() }
        if lower.isEmpty { return (today.adding(days: 1 - days), today) }
        if lower == ["all"] { return (nil, today) }
        if lower.count == 2, let n = Int(lower[0]), n >= 1 {
            let unit = lower[1].hasSuffix("s") ? String(lower[1].dropLast()) : lower[1]
            let (y, m, d) = today.components
            var from: Day? = nil
            switch unit {
            case "day" where n <= 36500: from = today.adding(days: 1 - n)
            case "week" where n <= 5200: from = today.adding(days: 1 - 7 * n)
            case "month" where n <= 1200:
                let months = y * 12 + (m - 1) - n
                let (fy, fm) = (months / 12, months % 12 + 1)
                from = fy >= 1 ? Day(year: fy, month: fm, day: min(d, Day.daysIn(month: fm, year: fy)))?.adding(days: 1) : nil
            case "year" where n <= 100:
                from = y - n >= 1 ? Day(year: y - n, month: m, day: min(d, Day.daysIn(month: m, year: y - n)))?.adding(days: 1) : nil
            default: break
            }
            if let from { return (from, today) }
        }
        do {
            let period = try ReviewPeriod.parse(lower, today: today, order: order)
            return (period.from, min(period.through, today))
        } catch {
            throw CommandError(
                "not a period for a chart: '\(printable(words.joined(separator: " ")))'; give all, N days, weeks, "
                    + "months or years (3 months, 2 years), or " + ReviewPeriod.acceptedForms)
        }
    }
}

extension Option {
    static let chartBy = Option(
        "--by", value: "STEP", kind: .choice(ChartStep.names), help: "one point a day, week or month (default: the finest that fits)")
    static let lag = Option("--lag", value: "N", kind: .word, help: "for two attributes: A N days before B (0 to 30)")
    static let ascii = Option("--ascii", help: "draw with ASCII characters, not braille")
}

/// The appearance a chart draws with: the terminal's, in ASCII under `--ascii`.
func chartAppearance(_ canvas: Canvas, ascii: Bool) -> Appearance {
    ascii ? Appearance(style: canvas.appearance.style, glyphs: .ascii, borders: .ascii) : canvas.appearance
}

/// An attribute or the mood over time, for `chart`.
struct ChartReport: Report {
    let chart: Chart
    let ascii: Bool
    func text(on canvas: Canvas) -> [String] {
        ChartView.text(chart, appearance: chartAppearance(canvas, ascii: ascii), width: canvas.width)
    }
    func json() -> String? { ChartView.json(chart) }
}

/// Two attributes against each other, for `chart A B`.
struct ChartPairsReport: Report {
    let chart: ChartPairs
    let ascii: Bool
    func text(on canvas: Canvas) -> [String] {
        ChartPairsView.text(chart, appearance: chartAppearance(canvas, ascii: ascii), width: canvas.width)
    }
    func json() -> String? { ChartPairsView.json(chart) }
}
