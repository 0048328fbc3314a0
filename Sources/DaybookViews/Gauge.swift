import DaybookCore

/// How a value stands against its goal, at a glance: a bar and a word. `goals` and `today`
/// draw goals through it, so that both read alike.
///
/// - Under a lower bound, the bar fills by the goal's progress (value over the lower bound)
///   and the word is the percentage: `████░░░░░░ 42%`.
/// - Within, the bar is full and the word is `met`.
/// - Past an upper bound, the bar fills up to the bound and the cells beyond show how far over:
///   at 3 cups against at most 2, two thirds filled and a third over, `██████▓▓▓▓ over`.
/// - A time of day has no progress: its bar is a stretch of the clock, with the goal's window
///   filled and a marker where the time fell, and the word `on time`, `early` or `late`.
/// - Without a value, an empty bar and a dash.
public enum Gauge {
    /// The bar, `width` cells wide, in the colour of `group`.
    public static func bar(
        _ attribute: Attribute, _ status: GoalStatus, width: Int, group: String, appearance: Appearance
    ) -> String {
        let width = max(0, width)
        let glyphs = appearance.glyphs
        guard let value = status.value, width > 0 else {
            return String(repeating: glyphs.barEmpty, count: width)
        }
        let range = status.goal.range
        if attribute.type.isCircular {
            return clock(value, range: range, state: status.state, width: width, group: group, appearance: appearance)
        }
        if status.state == .over, let max = range.max {
            let fraction = max <= 0 ? 0 : Swift.min(1, max / value)
            let filled = cells(fraction, width)
            return appearance.group(group, String(repeating: glyphs.barFilled, count: filled))
                + appearance.warn(String(repeating: glyphs.barOver, count: width - filled))
        }
        let filled = cells(status.progress ?? 0, width)
        return appearance.group(group, String(repeating: glyphs.barFilled, count: filled))
            + String(repeating: glyphs.barEmpty, count: width - filled)
    }

    /// `42%`, `met`, `over`, `on time`, `early`, `late`, or a dash without a value.
    public static func word(_ attribute: Attribute, _ status: GoalStatus, appearance: Appearance) -> String {
        guard status.value != nil else { return appearance.dash }
        if attribute.type.isCircular { return clockWord(status.state) }
        switch status.state {
        case .within: return "met"
        case .over: return "over"
        case .under: return percent(status.progress ?? 0)
        case .noData: return appearance.dash
        }
    }

    /// A goal's state as it reads in `goals`: `under`, `within`, `over`, `no data`; for a time
    /// of day, `early`, `on time` and `late`.
    public static func state(_ attribute: Attribute, _ status: GoalStatus) -> String {
        guard attribute.type.isCircular, status.state != .noData else { return status.state.rawValue }
        return clockWord(status.state)
    }

    /// The percentage shown beside a bar in `goals`: progress while under or within; past an
    /// upper bound, the value as a share of that bound (150% for 3 cups against at most 2); nothing
    /// for a time of day, which has no progress, nor against a bound of 0 (at most 0 cups, at
    /// least 0, a yes/no goal of no), of which no value is a share.
    public static func percentage(_ attribute: Attribute, _ status: GoalStatus, appearance: Appearance) -> String {
        guard let value = status.value, let progress = status.progress else { return appearance.dash }
        if attribute.type.isCircular { return "" }
        let range = status.goal.range
        let bound = status.state == .over ? range.max : range.min ?? range.max
        if bound == 0 { return "" }
        if status.state == .over, let max = status.goal.range.max, max > 0, attribute.type != .yesno {
            return percent(value / max)
        }
        return percent(progress)
    }

    static func clockWord(_ state: GoalState) -> String {
        switch state {
        case .under: return "early"
        case .within: return "on time"
        case .over: return "late"
        case .noData: return "no data"
        }
    }

    /// A whole percentage, rounded down so that 100% means met (`Percent.roundedDown`).
    static func percent(_ fraction: Double) -> String { "\(Percent.roundedDown(fraction))%" }

    /// Cells of `width` filled by `fraction`, rounded down so that a full bar means done.
    static func cells(_ fraction: Double, _ width: Int) -> Int {
        guard fraction.isFinite else { return 0 }
        return Swift.max(0, Swift.min(width, Int(clampingValue: (fraction * Double(width) + 1e-9).rounded(.down))))
    }

    /// A stretch of the clock around the goal's window: the window filled, the rest empty, and
    /// a marker at the time. A window open on one side is drawn three hours long.
    static func clock(
        _ value: Double, range: GoalRange, state: GoalState, width: Int, group: String, appearance: Appearance
    ) -> String {
        let glyphs = appearance.glyphs
        let low: Double
        let span: Double
        switch (range.min, range.max) {
        case (let a?, let b?):
            low = a
            span = Statistics.minutesClockwise(from: a, to: b)
        case (let a?, nil):
            low = a
            span = 180
        case (nil, let b?):
            low = Statistics.onClock(b - 180)
            span = 180
        case (nil, nil):
            low = value
            span = 0
        }
        // Where the time falls, in minutes from the window's start: before it (negative), in
        // it, or after it.
        var at: Double
        switch state {
        case .under: at = -Statistics.minutesClockwise(from: value, to: low)
        case .over: at = span + Statistics.minutesClockwise(from: Statistics.onClock(low + span), to: value)
        default: at = Statistics.minutesClockwise(from: low, to: value)
        }
        if at > span && state == .within { at = span }
        let outside = at < 0 ? -at : Swift.max(0, at - span)
        let margin = Swift.max(span / 2, outside * 1.2, 15)
        let start = -margin
        let length = span + 2 * margin
        func cell(_ minutes: Double) -> Int {
            Swift.max(0, Swift.min(width - 1, Int(clampingValue: ((minutes - start) / length * Double(width)).rounded(.down))))
        }
        let first = cell(0)
        let last = Swift.max(first, cell(span))
        let mark = cell(at)
        // Runs of like cells, each coloured once.
        var out = ""
        var i = 0
        while i < width {
            if i == mark {
                out += state == .within ? appearance.accent(glyphs.marker) : appearance.warn(glyphs.marker)
                i += 1
                continue
            }
            let inWindow = i >= first && i <= last
            var end = i
            while end < width, end != mark, (end >= first && end <= last) == inWindow { end += 1 }
            if inWindow {
                out += appearance.group(group, String(repeating: glyphs.barFilled, count: end - i))
            } else {
                out += String(repeating: glyphs.barEmpty, count: end - i)
            }
            i = end
        }
        return out
    }
}
