#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Inference: whether a difference or a link is larger than chance would make it. Pearson's r,
// Student's t distribution, Welch's t-test, a one-way analysis of variance and Holm's
// correction for testing several links at once. Pure functions of numbers; insights use them.

extension Statistics {
    /// The sample variance (n - 1 in the denominator); nil for fewer than two values.
    public static func variance(_ values: [Double]) -> Double? {
        guard values.count >= 2, let m = mean(values) else { return nil }
        return values.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(values.count - 1)
    }

    /// Pearson's correlation coefficient of paired values, nil when there are fewer than three
    /// pairs or either side does not vary.
    public static func pearson(_ x: [Double], _ y: [Double]) -> Double? {
        precondition(x.count == y.count)
        guard x.count >= 3, let mx = mean(x), let my = mean(y) else { return nil }
        var sxy = 0.0
        var sxx = 0.0
        var syy = 0.0
        for i in x.indices {
            let dx = x[i] - mx
            let dy = y[i] - my
            sxy += dx * dy
            sxx += dx * dx
            syy += dy * dy
        }
        guard sxx > 0, syy > 0 else { return nil }
        return max(-1, min(1, sxy / (sxx * syy).squareRoot()))
    }

    /// The two-sided p-value of Pearson's r over `n` pairs: Student's t with n - 2 degrees of
    /// freedom, t = r √((n - 2) / (1 - r²)).
    public static func pearsonP(r: Double, n: Int) -> Double { pearsonP(r: r, effective: Double(n)) }

    /// The same over an effective number of pairs (`effectiveSampleSize`), which need not be
    /// whole: fewer than the days when the days lean on each other.
    public static func pearsonP(r: Double, effective n: Double) -> Double {
        guard n > 2 else { return 1 }
        let df = n - 2
        let denominator = 1 - r * r
        guard denominator > 1e-15 else { return 0 }
        let t = r * (df / denominator).squareRoot()
        return studentTwoSidedP(t: t, df: df)
    }

    /// Welch's t-test of two samples (unequal variances). Nil when a side has fewer than two
    /// values. When neither side varies, p is 0 for different means and 1 for equal ones.
    public static func welch(_ a: [Double], _ b: [Double]) -> (t: Double, df: Double, p: Double)? {
        guard a.count >= 2, b.count >= 2, let ma = mean(a), let mb = mean(b), let va = variance(a),
            let vb = variance(b)
        else { return nil }
        let sa = va / Double(a.count)
        let sb = vb / Double(b.count)
        let se2 = sa + sb
        guard se2 > 0 else {
            let same = abs(ma - mb) < 1e-12
            return (same ? 0 : (ma > mb ? .infinity : -.infinity), Double(a.count + b.count - 2), same ? 1 : 0)
        }
        let t = (ma - mb) / se2.squareRoot()
        let df = se2 * se2 / (sa * sa / Double(a.count - 1) + sb * sb / Double(b.count - 1))
        return (t, df, studentTwoSidedP(t: t, df: df))
    }

    /// One-way analysis of variance: do the groups' means differ by more than chance would
    /// make them? Groups without values are left out. Nil with fewer than two groups, or
    /// when no group has two values.
    public static func anova(_ groups: [[Double]]) -> (f: Double, df1: Double, df2: Double, p: Double)? {
        let used = groups.filter { !$0.isEmpty }
        let n = used.reduce(0) { $0 + $1.count }
        guard used.count >= 2, n > used.count else { return nil }
        let grand = used.joined().reduce(0, +) / Double(n)
        var between = 0.0
        var within = 0.0
        for group in used {
            let m = group.reduce(0, +) / Double(group.count)
            between += Double(group.count) * (m - grand) * (m - grand)
            within += group.reduce(0) { $0 + ($1 - m) * ($1 - m) }
        }
        let df1 = Double(used.count - 1)
        let df2 = Double(n - used.count)
        guard within > 0 else { return (between > 0 ? .infinity : 0, df1, df2, between > 0 ? 0 : 1) }
        let f = (between / df1) / (within / df2)
        return (f, df1, df2, fSurvival(f, df1: df1, df2: df2))
    }

    /// P(F ≥ f) for Fisher's F with `df1` and `df2` degrees of freedom: I_{df2/(df2+df1 f)}(df2/2, df1/2).
    public static func fSurvival(_ f: Double, df1: Double, df2: Double) -> Double {
        guard f > 0 else { return 1 }
        if f.isInfinite { return 0 }
        return max(0, min(1, regularizedIncompleteBeta(df2 / (df2 + df1 * f), a: df2 / 2, b: df1 / 2)))
    }

    /// P(|T| ≥ |t|) for Student's t with `df` degrees of freedom: I_{df/(df+t²)}(df/2, 1/2).
    public static func studentTwoSidedP(t: Double, df: Double) -> Double {
        guard df > 0, !t.isNaN else { return 1 }
        if t.isInfinite { return 0 }
        let x = df / (df + t * t)
        return max(0, min(1, regularizedIncompleteBeta(x, a: df / 2, b: 0.5)))
    }

    /// The cumulative distribution of Student's t: P(T ≤ t).
    public static func studentCDF(t: Double, df: Double) -> Double {
        let tail = studentTwoSidedP(t: t, df: df) / 2
        return t >= 0 ? 1 - tail : tail
    }

    /// The regularized incomplete beta function I_x(a, b), by the continued fraction of
    /// Numerical Recipes (`betai` and `betacf`), using the symmetry I_x(a, b) = 1 - I_{1-x}(b, a)
    /// where the fraction converges faster.
    public static func regularizedIncompleteBeta(_ x: Double, a: Double, b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let lnFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(1 - x)
        let front = exp(lnFront)
        if x < (a + 1) / (a + b + 2) {
            return front * betaContinuedFraction(x, a: a, b: b) / a
        }
        return 1 - front * betaContinuedFraction(1 - x, a: b, b: a) / b
    }

    /// Lentz's method for the continued fraction of the incomplete beta function.
    static func betaContinuedFraction(_ x: Double, a: Double, b: Double) -> Double {
        let tiny = 1e-300
        let epsilon = 1e-15
        let qab = a + b
        let qap = a + 1
        let qam = a - 1
        var c = 1.0
        var d = 1 - qab * x / qap
        if abs(d) < tiny { d = tiny }
        d = 1 / d
        var h = d
        for m in 1...10_000 {
            let m = Double(m)
            let m2 = 2 * m
            var aa = m * (b - m) * x / ((qam + m2) * (a + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            h *= d * c
            aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
            d = 1 + aa * d
            if abs(d) < tiny { d = tiny }
            c = 1 + aa / c
            if abs(c) < tiny { c = tiny }
            d = 1 / d
            let delta = d * c
            h *= delta
            if abs(delta - 1) < epsilon { break }
        }
        return h
    }

    /// Holm's step-down adjustment: each p-value multiplied by the number of tests not yet
    /// passed, kept monotone, capped at 1. Reading "adjusted p < 0.05" keeps the chance of any
    /// false claim among all the tests under 5%. Returned in the order given.
    public static func holm(_ p: [Double]) -> [Double] {
        let order = p.indices.sorted { p[$0] < p[$1] }
        var adjusted = [Double](repeating: 1, count: p.count)
        var running = 0.0
        for (rank, index) in order.enumerated() {
            running = max(running, min(1, Double(p.count - rank) * p[index]))
            adjusted[index] = running
        }
        return adjusted
    }
}
