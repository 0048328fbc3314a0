// What an attribute's values are, decided once here: the goals, `today`, the insights, the
// check-in, the views and the commands all ask these.
extension Attribute {
    /// True when the day's values add up to the day's value: counts, decimals or durations
    /// summed over the day (steps, water, sleep). Only these have a total over a week or a
    /// month (`Goals.totalMisfit`), a usual value that reads as a target to reach (`today`'s
    /// bar), and more or fewer of them (an insight's words). Times of day, yes/no and
    /// percentages never add up, whatever their aggregation; nor does a count, decimal or
    /// duration whose day's value is their mean, lowest, highest or last.
    public var addsUpOverDay: Bool {
        aggregation == .sum && (type == .count || type == .decimal || type == .duration)
    }

    /// True when a mean of its daily values reads as an amount a day ("1,500 steps a day",
    /// "2h 5m a day"): what adds up over a day, and any duration, whatever combines its day's
    /// values (a duration is time the day held: exercise kept as an average still reads as
    /// so long a day). A level (a weight, a heart rate, a bedtime) reads "on average" alone.
    public var meanReadsAsPerDay: Bool { addsUpOverDay || type == .duration }
}

extension ValueType {
    /// How a day's values of this type combine when nothing else is said: counts and
    /// durations are summed, decimals and percentages averaged, and the last time of day or
    /// yes/no is kept.
    public var defaultAggregation: Aggregation {
        switch self {
        case .count, .duration: return .sum
        case .decimal, .percentage: return .average
        case .time, .yesno: return .last
        }
    }
}

extension Aggregation {
    /// Whether values of `type` may combine this way: a time of day is never summed.
    public func fits(_ type: ValueType) -> Bool { !(self == .sum && type == .time) }
}

/// A fraction shown as a whole percentage.
public enum Percent {
    /// A share or a progress (1 is all of it) as a whole percentage, rounded down, so that
    /// 100% is shown only when it is reached: a goal met, yes on every day. The 1e-9 keeps a
    /// fraction computed as 0.2999… from reading 29%.
    public static func roundedDown(_ fraction: Double) -> Int { Int(clampingValue: (fraction * 100 + 1e-9).rounded(.down)) }
}
