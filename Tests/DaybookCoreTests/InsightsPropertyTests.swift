import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

/// Property tests: what insights report matches a direct computation from the same data.
@Suite struct InsightsPropertyTests {
    /// The median, for times of day around their circular mean, written independently.
    private func median(_ values: [Double], time: Bool) -> Double {
        guard time else {
            let s = values.sorted()
            return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        }
        let (anchor, offsets) = around(values)
        let m = median(offsets, time: false)
        return ((anchor + m).truncatingRemainder(dividingBy: 1440) + 1440).truncatingRemainder(dividingBy: 1440)
    }

    private func around(_ values: [Double]) -> (Double, [Double]) {
        let angles = values.map { $0 * 2 * Double.pi / 1440 }
        let anchor = atan2(angles.map(sin).reduce(0, +), angles.map(cos).reduce(0, +)) * 1440 / (2 * Double.pi)
        return (
            anchor,
            values.map { v in
                var d = (v - anchor).truncatingRemainder(dividingBy: 1440)
                while d > 720 { d -= 1440 }
                while d <= -720 { d += 1440 }
                return d
            }
        )
    }

    private func mean(_ values: [Double], time: Bool) -> Double {
        guard time else { return values.reduce(0, +) / Double(values.count) }
        let (anchor, offsets) = around(values)
        let m = offsets.reduce(0, +) / Double(offsets.count)
        return ((anchor + m).truncatingRemainder(dividingBy: 1440) + 1440).truncatingRemainder(dividingBy: 1440)
    }

    /// How far a shown value may be from the exact one: half its last shown digit. Means of
    /// decimals show one decimal, as every mean does (`ValueType.meanDecimals`).
    private func tolerance(_ subject: InsightSubject, _ exact: Double) -> Double {
        switch subject.type {
        case .count: return abs(exact) >= 100 ? 0.5 : 0.05
        case .decimal: return 0.05
        case .percentage: return 0.05
        case .duration, .time: return 0.5
        case .yesno: return 0.005
        }
    }

    private func distance(_ a: Double, _ b: Double, time: Bool) -> Double {
        guard time else { return abs(a - b) }
        let d = abs(a - b).truncatingRemainder(dividingBy: 1440)
        return min(d, 1440 - d)
    }

    private func series(_ input: InsightInput, _ name: String) -> DayValues {
        name == "mood" ? input.mood.values : input.attributes.first { $0.attribute.name == name }!.series.values
    }

    @Test func usualAndAverageMatchADirectComputation() throws {
        var compared = 0
        for seed: UInt64 in 1...40 {
            let input = RandomJournal.input(seed: seed, presence: 0.3 + 0.6 * Double(seed % 3) / 2)
            let insights = Insights.compute(input)
            let subjects: [InsightSubject] = [.mood] + input.attributes.map { .attribute($0.attribute) }
            for subject in subjects {
                let values = series(input, subject.name)
                let time = subject.type == .time
                let usuals = only(insights, .usual, subject.name)
                guard values[insightDay] != nil, subject.type != .yesno else {
                    #expect(usuals.isEmpty)
                    continue
                }
                #expect(usuals.count == 1, "seed \(seed) \(subject.name)")
                let weekdays = (1...8).compactMap { values[insightDay.adding(days: -7 * $0)] }
                if weekdays.count >= 3 {
                    let usual = try #require(comparison(usuals.first)?.usual, "seed \(seed) \(subject.name)")
                    let direct = median(weekdays, time: time)
                    #expect(
                        distance(usual, direct, time: time) <= tolerance(subject, direct) + 1e-9,
                        "seed \(seed) \(subject.name)")
                    #expect(comparison(usuals.first)?.usualDays == weekdays.count)
                    compared += 1
                } else {
                    guard case .missingHistory(let m)? = usuals.first?.detail else {
                        Issue.record("seed \(seed) \(subject.name): expected not enough history")
                        continue
                    }
                    #expect(m.days == weekdays.count)
                }
                let month = (1...30).compactMap { values[insightDay.adding(days: -$0)] }
                let averages = only(insights, .average, subject.name)
                if month.count >= 3 {
                    let average = try #require(comparison(averages.first)?.average30d)
                    let direct = mean(month, time: time)
                    #expect(
                        distance(average, direct, time: time) <= tolerance(subject, direct) + 1e-9,
                        "seed \(seed) \(subject.name)")
                    #expect(comparison(averages.first)?.averageDays == month.count)
                } else {
                    #expect(averages.isEmpty)
                }
            }
        }
        #expect(compared > 100)
    }

    @Test func correlationsMatchADirectPearson() throws {
        var checked = 0
        for seed: UInt64 in 1...30 {
            let input = RandomJournal.input(
                seed: seed, sleepEffect: Double(seed % 4) * 0.4, tagEffect: Double(seed % 3) * 0.6)
            for insight in Insights.compute(input) {
                guard case .correlation(let link) = insight.detail, let attribute = insight.subject.attribute else {
                    continue
                }
                let values = series(input, attribute.name)
                var xs: [Double] = []
                var ys: [Double] = []
                var at: [Int] = []
                // Oldest first: the day's mood and the value `lag` days before, where both are known.
                for back in (0..<90).reversed() {
                    let d = insightDay.adding(days: -back)
                    if let y = input.mood.values[d], let x = values[d.adding(days: -link.lag)] {
                        xs.append(x)
                        ys.append(y)
                        at.append(89 - back)
                    }
                }
                if attribute.type == .time { xs = around(xs).1 }
                let pairs = xs.count
                // At the scale of days: each value less the mean of the known values within 14
                // days either side of it.
                func residuals(_ v: [Double]) -> [Double] {
                    v.indices.map { i in
                        let near = v.indices.filter { abs(at[$0] - at[i]) <= 14 }
                        return v[i] - near.map { v[$0] }.reduce(0, +) / Double(near.count)
                    }
                }
                xs = residuals(xs)
                ys = residuals(ys)
                // Prewhitened by the attribute's lag-1 autocorrelation (kept in 0...0.95): each
                // value less phi^k times the known value k days before, k up to 3.
                let mx = xs.reduce(0, +) / Double(xs.count)
                let spread = xs.map { ($0 - mx) * ($0 - mx) }.reduce(0, +) / Double(xs.count)
                var lagSum = 0.0
                var lagPairs = 0
                for i in xs.indices.dropFirst() where at[i] - at[i - 1] == 1 {
                    lagSum += (xs[i] - mx) * (xs[i - 1] - mx)
                    lagPairs += 1
                }
                let phi = max(0, min(0.95, lagSum / Double(lagPairs) / spread))
                func whitened(_ v: [Double]) -> [Double] {
                    v.indices.map { i in
                        guard i > 0, at[i] - at[i - 1] <= 3 else { return v[i] }
                        var factor = 1.0
                        for _ in 0..<(at[i] - at[i - 1]) { factor *= phi }
                        return v[i] - factor * v[i - 1]
                    }
                }
                xs = whitened(xs)
                ys = whitened(ys)
                let n = Double(xs.count)
                let sx = xs.reduce(0, +)
                let sy = ys.reduce(0, +)
                let sxy = zip(xs, ys).map(*).reduce(0, +)
                let sxx = xs.map { $0 * $0 }.reduce(0, +)
                let syy = ys.map { $0 * $0 }.reduce(0, +)
                let r = (n * sxy - sx * sy) / ((n * sxx - sx * sx) * (n * syy - sy * sy)).squareRoot()
                #expect(abs(link.r - r) < 1e-9, "seed \(seed) \(attribute.name)")
                #expect(link.days == pairs)
                #expect(abs(r) >= 0.3)
                checked += 1
            }
        }
        #expect(checked >= 10)
    }
}
