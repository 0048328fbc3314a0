// The y axis of a chart (its range and round ticks in the subject's unit) and the x axis's
// labels (dates, months or years).

/// The y axis: from `low` to `high`, ticks at round values in the subject's unit. For a time
/// of day every height is a place on a clock that runs 12 hours either way from `anchor` (the
/// circular mean of what is drawn), so 23:50 and 00:10 sit 20 minutes apart, and a tick or a
/// label is put back on the clock to be read.
public struct ChartAxis: Sendable, Equatable {
    public let low: Double
    public let high: Double
    public let ticks: [Double]
    public let type: ValueType
    /// For a time of day, the centre of the clock; nil for every other type.
    public let anchor: Double?

    /// A value's height on the axis.
    public func position(_ value: Double) -> Double {
        guard let anchor else { return value }
        return anchor + Statistics.circularDifference(value, anchor)
    }

    /// A tick's value as it is read: put back on the clock for a time of day.
    public func value(atTick tick: Double) -> Double { anchor == nil ? tick : Statistics.onClock(tick) }

    static func make(
        _ subject: ChartSubject, values: [Double], band: GoalRange?, totals: Bool, fitted: Bool = false
    ) -> ChartAxis {
        let type = subject.type
        if subject == .mood {
            return ChartAxis(low: 1, high: 5, ticks: [1, 2, 3, 4, 5], type: type, anchor: nil)
        }
        if type == .yesno {
            // A point is the share of days with yes.
            return ChartAxis(low: 0, high: 1, ticks: [0, 0.5, 1], type: .percentage, anchor: nil)
        }
        var anchor: Double? = nil
        var shown = values + [band?.min, band?.max].compactMap { $0 }
        if type.isCircular {
            let a = Statistics.circularMean(shown) ?? 0
            anchor = a
            shown = shown.map { a + Statistics.circularDifference($0, a) }
        }
        var low = shown.min() ?? 0
        var high = shown.max() ?? 1
        // What adds up, a count and a percentage start at zero; levels (a weight, a heart rate,
        // a time of day) are drawn around where they are.
        // `fitted` (a scatter of days) draws every axis around its values.
        let fromZero = !fitted && (totals || type == .count || type == .percentage || type == .duration)
        if fromZero { low = Swift.min(0, low) }
        if high - low < 1e-9 {
            low -= type == .time ? 60 : Swift.max(1, abs(low) * 0.1)
            high += type == .time ? 60 : Swift.max(1, abs(high) * 0.1)
            if fromZero { low = Swift.max(0, low) }
        }
        let step = Self.tickStep(span: high - low, type: type)
        low = (low / step).rounded(.down) * step
        high = (high / step).rounded(.up) * step
        if high <= low { high = low + step }
        var ticks: [Double] = []
        var t = low
        while t <= high + step * 1e-9 {
            ticks.append(t)
            t += step
        }
        return ChartAxis(low: low, high: high, ticks: ticks, type: type, anchor: anchor)
    }

    /// A round step between ticks for `span`, giving 2 to 5 intervals: 1, 2, 2.5 or 5 times a
    /// power of ten; for durations and times of day, minutes that read as round times.
    static func tickStep(span: Double, type: ValueType) -> Double {
        let intervals = 4.0
        switch type {
        case .duration, .time:
            let minutes: [Double] = [1, 5, 10, 15, 30, 60, 120, 180, 240, 360, 480, 720, 1440]
            if let m = minutes.first(where: { span / $0 <= intervals + 1 }) { return m }
            return nice(span / intervals / 60) * 60
        case .count:
            return Swift.max(1, nice(span / intervals))  // no ticks between whole counts
        default:
            return nice(span / intervals)
        }
    }

    /// The smallest of 1, 2, 2.5, 5 times a power of ten that is at least `raw`.
    static func nice(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        var power = 1.0
        while power * 10 <= raw { power *= 10 }
        while power > raw { power /= 10 }
        for m in [1.0, 2, 2.5, 5, 10] where m * power >= raw - 1e-12 { return m * power }
        return 10 * power
    }
}

/// A label under the x axis: the point it names and its text.
public struct ChartLabel: Sendable, Equatable {
    public let index: Int
    public let text: String

    /// Where the steps cross into a new month (days and weeks: "Mar", or "Jan 2026" at a new
    /// year) or a new year (months: "2026"). A chart of a month or less of days names days:
    /// "3 Nov". The first point is always named. A view shows those that fit.
    static func make(_ dates: [Day], step: ChartStep) -> [ChartLabel] {
        guard let first = dates.first, let last = dates.last else { return [] }
        func month(_ d: Day) -> String { String(Day.monthNames[d.month - 1].prefix(3)).capitalizedFirst }
        var out: [ChartLabel] = []
        if step == .day && last.ordinal - first.ordinal < 45 {
            for (i, d) in dates.enumerated() where i == 0 || d.weekday == 1 {
                out.append(ChartLabel(index: i, text: "\(d.dayOfMonth) \(month(d))"))
            }
            return out
        }
        var previous: Day? = nil
        for (i, d) in dates.enumerated() {
            defer { previous = d }
            switch step {
            case .month:
                if previous == nil {
                    out.append(ChartLabel(index: i, text: dates.count <= 14 ? "\(month(d)) \(d.year)" : "\(d.year)"))
                } else if dates.count <= 14 {
                    out.append(ChartLabel(index: i, text: d.month == 1 ? "\(month(d)) \(d.year)" : month(d)))
                } else if d.month == 1 {
                    out.append(ChartLabel(index: i, text: "\(d.year)"))
                }
            case .day, .week:
                let shown = step == .week ? d.adding(days: 6) : d  // a week is named by the month it ends in
                guard let p = previous else {
                    out.append(ChartLabel(index: i, text: "\(month(shown)) \(shown.year)"))
                    continue
                }
                let before = step == .week ? p.adding(days: 6) : p
                if before.month != shown.month {
                    out.append(ChartLabel(index: i, text: shown.month == 1 ? "\(month(shown)) \(shown.year)" : month(shown)))
                }
            }
        }
        return out
    }
}
