// Days that lean on the day before. A diary's values are not independent draws: a low mood,
// a heavy week or a slow drift in weight carries over from one day to the next, and two
// series that both drift look linked far more often than chance at their length would allow.
// These functions measure how much each series leans on its past and how many independent
// days a pair of series is worth, so that a test of a link can count those instead.

extension Statistics {
    /// The sample autocorrelation at `lag` days of a run of consecutive days, nil where a day
    /// has no value: the mean product of deviations (from the mean of all values) over the
    /// pairs of days `lag` apart that both have one, over the mean squared deviation. Nil when
    /// fewer than 3 such pairs exist or the values do not vary.
    public static func autocorrelation(_ days: [Double?], lag: Int) -> Double? {
        let known = days.compactMap { $0 }
        guard lag > 0, let m = mean(known) else { return nil }
        let spread = known.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(known.count)
        guard spread > 0 else { return nil }
        var sum = 0.0
        var pairs = 0
        for i in days.indices.dropLast(lag) {
            guard let a = days[i], let b = days[i + lag] else { continue }
            sum += (a - m) * (b - m)
            pairs += 1
        }
        guard pairs >= 3 else { return nil }
        return max(-1, min(1, sum / Double(pairs) / spread))
    }

    /// How many independent pairs `x` and `y` are worth: two runs of the same consecutive days,
    /// nil where a day has no value (a day counts when both have one). Bartlett's formula in
    /// the form of Pyper and Peterman (1998):
    ///
    ///     1 / n' = 1 / n + (2 / n) Σ (n - j) / n · r_x(j) r_y(j),  j = 1, 2, ...
    ///
    /// where n is the number of days with both values and r(j) each series' autocorrelation
    /// at j days, over those days. The sum runs from j = 1 while both autocorrelations stay
    /// above 0 (and up to n / 5 days): past that they are noise, whose products would as often
    /// take days away as add them, and a drifting series (weight) against a noisy one would
    /// then look worth more days than it is. Between 2 and n: a series that does not lean on
    /// its past leaves n as it is.
    ///
    /// With `lags`, the sum runs over exactly lags 1 through `lags` whatever their sign: for
    /// series whose slow movement was taken away (`localResiduals`), whose autocorrelations
    /// turn negative a few days out, and both negative add to the variance of r as surely as
    /// both positive do.
    public static func effectiveSampleSize(_ x: [Double?], _ y: [Double?], lags: Int? = nil) -> Double {
        precondition(x.count == y.count)
        let both = x.indices.map { x[$0] != nil && y[$0] != nil }
        let xs = x.indices.map { both[$0] ? x[$0] : nil }
        let ys = y.indices.map { both[$0] ? y[$0] : nil }
        let n = Double(both.filter { $0 }.count)
        guard n >= 3 else { return n }
        var sum = 0.0
        if let lags {
            for lag in stride(from: 1, through: min(lags, Int(n / 3)), by: 1) {
                guard let a = autocorrelation(xs, lag: lag), let b = autocorrelation(ys, lag: lag) else { continue }
                sum += (n - Double(lag)) / n * a * b
            }
            return max(2, min(n, n / max(1 + 2 * sum, 1e-9)))
        }
        for lag in stride(from: 1, through: Int(n / 5), by: 1) {
            guard let a = autocorrelation(xs, lag: lag), let b = autocorrelation(ys, lag: lag), a > 0, b > 0
            else { break }
            sum += (n - Double(lag)) / n * a * b
        }
        return max(2, min(n, n / (1 + 2 * sum)))
    }
}
