// Links at the scale of days. Two series that both rise in summer, or both drift over a year,
// are correlated over a long window without any link between one day and the next: the
// season, a trend or a slow wander moves them together. Before a link is tested, each series
// keeps only what is left of it after its own slow movement: each day's distance from the
// mean of the days around it (`localResiduals`). What is left is what moves from day to day,
// and a link found in it is a link between days.

extension Statistics {
    /// Each value's distance from the mean of the values within `halfWidth` days either side of
    /// it (itself included), over a run of consecutive days, nil where a day has no value. At
    /// the ends the window is cut short: the mean of what there is. A trend, a season or a
    /// random walk moves the mean with it, and leaves only the day-to-day part.
    public static func localResiduals(_ days: [Double?], halfWidth: Int) -> [Double?] {
        let n = days.count
        var sums = [Double](repeating: 0, count: n + 1)
        var counts = [Int](repeating: 0, count: n + 1)
        for (i, value) in days.enumerated() {
            sums[i + 1] = sums[i] + (value ?? 0)
            counts[i + 1] = counts[i] + (value == nil ? 0 : 1)
        }
        return days.enumerated().map { i, value in
            guard let value else { return nil }
            let low = max(0, i - halfWidth)
            let high = min(n, i + halfWidth + 1)
            let count = counts[high] - counts[low]
            return value - (sums[high] - sums[low]) / Double(count)
        }
    }

    /// A link between two runs of the same consecutive days (nil where a day has no value; a
    /// day counts when both have one) at the scale of days, as Box and Jenkins test a link
    /// between two series: each keeps what is left of it after its slow movement
    /// (`localResiduals` over `halfWidth` days either side); then both are prewhitened
    /// (`prewhitened`) by the first series' own leaning on the day before (its lag-1
    /// autocorrelation, between 0 and 0.95), so that what is correlated is what each day
    /// brought that the day before did not foretell. r is Pearson's over those, and its
    /// two-sided p is taken over the days that r is worth (`effectiveSampleSize` over the lags
    /// within the window, where taking the local mean away leaves its mark; nearly every day
    /// once the first series no longer leans on the day before). The second series' leaning
    /// is read from what the line through the days leaves of it: a link that is there would
    /// otherwise lend it the first series' rhythm and count against itself. Nil under 3 days
    /// or when a side does not vary once its slow movement is taken away.
    ///
    /// With `serial` false the days are taken as they are, every one independent of the
    /// others, so that what the scale of days and the effective days change can be measured.
    public static func dayLevelLink(_ x: [Double?], _ y: [Double?], halfWidth: Int, serial: Bool)
        -> (r: Double, effective: Double, p: Double)?
    {
        precondition(x.count == y.count)
        let both = x.indices.map { x[$0] != nil && y[$0] != nil }
        let bothX = x.indices.map { both[$0] ? x[$0] : nil }
        let bothY = y.indices.map { both[$0] ? y[$0] : nil }
        var xs = bothX
        var ys = bothY
        if serial {
            xs = localResiduals(bothX, halfWidth: halfWidth)
            ys = localResiduals(bothY, halfWidth: halfWidth)
            // Days that lean away from the day before are left as they are: the effective
            // days count that leaning.
            let phi = max(0, min(0.95, autocorrelation(xs, lag: 1) ?? 0))
            xs = prewhitened(xs, phi: phi)
            ys = prewhitened(ys, phi: phi)
        }
        let knownX = xs.compactMap { $0 }
        let knownY = ys.compactMap { $0 }
        guard knownX.count >= 3, let r = pearson(knownX, knownY) else { return nil }
        var effective = Double(knownX.count)
        if serial, let vx = variance(knownX), let vy = variance(knownY), vx > 0 {
            let slope = r * (vy / vx).squareRoot()
            let rest = xs.indices.map { i -> Double? in
                guard let a = xs[i], let b = ys[i] else { return nil }
                return b - slope * a
            }
            effective = effectiveSampleSize(xs, rest, lags: 2 * halfWidth)
        }
        return (r, effective, pearsonP(r: r, effective: effective))
    }

    /// What is left of each day's value once the part the day before foretells is taken away:
    /// `x[i] - phi^k x[i-k]`, where `i - k` is the last earlier day with a value within
    /// `reach` days (the value itself when there is none). Over residuals that lean on the day
    /// before with `phi`, what is left no longer does: Box and Jenkins's prewhitening by an
    /// AR(1) model, with the days between two values bridged by the model's own forecast.
    public static func prewhitened(_ days: [Double?], phi: Double, reach: Int = 3) -> [Double?] {
        var last: (index: Int, value: Double)? = nil
        return days.enumerated().map { i, value in
            guard let value else { return nil }
            defer { last = (i, value) }
            guard let last, i - last.index <= reach else { return value }
            var factor = 1.0
            for _ in 0..<(i - last.index) { factor *= phi }
            return value - factor * last.value
        }
    }

    /// The smallest |r| whose two-sided p over `effective` days is below `alpha`: what a link
    /// must reach to be seen at all. 1 when no r can (under 3 days).
    public static func smallestVisibleR(effective: Double, alpha: Double) -> Double {
        guard effective > 2, alpha > 0 else { return 1 }
        var low = 0.0
        var high = 1.0
        for _ in 0..<60 {
            let mid = (low + high) / 2
            if pearsonP(r: mid, effective: effective) < alpha { high = mid } else { low = mid }
        }
        return high
    }

    /// Benjamini and Hochberg's step-up adjustment: the p-value of rank k (of m, ascending)
    /// times m / k, kept monotone from the largest down, capped at 1. Reading "adjusted p <
    /// 0.05" keeps the expected share of false claims among the claims under 5%. Returned in
    /// the order given.
    public static func benjaminiHochberg(_ p: [Double]) -> [Double] {
        let order = p.indices.sorted { p[$0] < p[$1] }
        var adjusted = [Double](repeating: 1, count: p.count)
        var running = 1.0
        for (rank, index) in order.enumerated().reversed() {
            running = min(running, min(1, Double(p.count) / Double(rank + 1) * p[index]))
            adjusted[index] = running
        }
        return adjusted
    }
}
