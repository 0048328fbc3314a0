#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The statistics daybook takes of values: mean, median and order, and their forms for times of
/// day, which go round the clock. A time of day is minutes after midnight (0 to 1439.99), so
/// 23:40 and 00:30 are 50 minutes apart, not 1390. Goals, the usual value and insights all
/// come here; `ValueType.mean`, `median`, `ordered` and `difference` pick the form for a type.
/// Tests of chance (Pearson's r, Welch's t-test, an analysis of variance, Holm's correction)
/// are in `Statistics+Inference.swift`; autocorrelation and the effective sample size of days
/// that lean on the day before in `Statistics+Serial.swift`.
public enum Statistics {
    // MARK: Numbers

    /// The arithmetic mean, or nil for no values.
    public static func mean(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return values.reduce(0, +) / Double(values.count)
    }

    /// The median, or nil for no values. With an even count, the mean of the two middle values.
    public static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return median(sorted: values.sorted())
    }

    /// The median of values already in ascending order, at least one.
    public static func median(sorted: [Double]) -> Double {
        let n = sorted.count
        return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
    }

    // MARK: Times of day

    /// Minutes put back on the clock, from 0 up to (not including) 1440: 1450 is 10, -20 is 1420.
    /// This and `circularDifference` are the only places where a time of day wraps at midnight.
    public static func onClock(_ minutes: Double) -> Double {
        let r = minutes.truncatingRemainder(dividingBy: 1440)
        return r < 0 ? r + 1440 : r
    }

    /// The signed difference `a - b` between two times of day, the shorter way round the clock,
    /// in (-720, 720]: 00:20 - 23:50 is +30 minutes, 23:50 - 00:20 is -30.
    public static func circularDifference(_ a: Double, _ b: Double) -> Double {
        var d = (a - b).truncatingRemainder(dividingBy: 1440)
        if d > 720 { d -= 1440 }
        if d <= -720 { d += 1440 }
        return d
    }

    /// Minutes from `a` forward to `b`, going round the clock: 0 to 1439.99. From 23:50 to
    /// 00:20 is 30; from 00:20 to 23:50 is 1410.
    public static func minutesClockwise(from a: Double, to b: Double) -> Double { onClock(b - a) }

    /// The circular mean of times of day, or nil for no values: 23:40 and 00:30 average to
    /// 00:05, 11:40 and 12:30 to 12:05. Rounded to hundredths of a minute.
    public static func circularMean(_ times: [Double]) -> Double? {
        guard !times.isEmpty else { return nil }
        let (anchor, offsets) = linearizeTimes(times)
        let mean = offsets.reduce(0, +) / Double(offsets.count)
        return wrapMinutes(anchor + mean)
    }

    /// The median of times of day, taken around their circular mean, or nil for no values:
    /// of 23:20, 23:40 and 00:30 it is 23:40.
    public static func circularMedian(_ times: [Double]) -> Double? {
        guard !times.isEmpty else { return nil }
        let (anchor, offsets) = linearizeTimes(times)
        return wrapMinutes(anchor + median(sorted: offsets.sorted()))
    }

    /// Times of day in order around their circular mean, so that 23:40 comes before 00:30.
    public static func circularOrdered(_ times: [Double]) -> [Double] {
        guard !times.isEmpty else { return [] }
        let (anchor, offsets) = linearizeTimes(times)
        return offsets.sorted().map { wrapMinutes(anchor + $0) }
    }

    /// Minutes put back on the clock and rounded to hundredths of a minute.
    static func wrapMinutes(_ m: Double) -> Double {
        let wrapped = onClock(m)
        let rounded = (wrapped * 100).rounded() / 100
        return rounded >= 1440 ? rounded - 1440 : rounded
    }

    /// Maps times of day onto a line around their circular mean: returns the anchor and each
    /// value's signed offset from it in (-720, 720]. When the values have no clear centre (the
    /// resultant vector is near zero), midday is the anchor: days run noon to noon, the way
    /// bedtimes do.
    static func linearizeTimes(_ values: [Double]) -> (Double, [Double]) {
        var s = 0.0
        var c = 0.0
        for v in values {
            let angle = v / 1440 * 2 * Double.pi
            s += sin(angle)
            c += cos(angle)
        }
        var anchor: Double
        if (s * s + c * c).squareRoot() / Double(values.count) < 1e-6 {
            anchor = 0  // the line then runs from 12:00 to 12:00 the next day, centred on midnight
        } else {
            anchor = atan2(s, c) / (2 * Double.pi) * 1440
            if anchor < 0 { anchor += 1440 }
        }
        let offsets = values.map { v -> Double in circularDifference(v, anchor) }
        return (anchor, offsets)
    }
}

extension ValueType {
    /// The mean. For times of day it is the circular mean, so that 23:40 and 00:30 average to
    /// 00:05, whichever side of midnight or midday the values fall.
    public func mean(_ values: [Double]) -> Double? {
        isCircular ? Statistics.circularMean(values) : Statistics.mean(values)
    }

    /// The median. For times of day, taken around the circular mean.
    public func median(_ values: [Double]) -> Double? {
        isCircular ? Statistics.circularMedian(values) : Statistics.median(values)
    }

    /// The values in ascending order. Times of day are ordered around their circular mean, so
    /// that 23:40 comes before 00:30.
    public func ordered(_ values: [Double]) -> [Double] {
        isCircular ? Statistics.circularOrdered(values) : values.sorted()
    }

    /// A signed difference `a - b` in this type's units. For times of day, the shorter way
    /// around the clock (23:50 - 00:10 is -20 minutes).
    public func difference(_ a: Double, _ b: Double) -> Double {
        isCircular ? Statistics.circularDifference(a, b) : a - b
    }
}
