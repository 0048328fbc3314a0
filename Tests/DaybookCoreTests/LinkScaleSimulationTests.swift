import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

/// Measurements of links over long windows and of tests that are seen again and again, over
/// seeded journals: shared seasons and trends over three years, independent random walks,
/// days that lean on the day before (carry-over 0.5 and 0.8) over 90 and 365 days, looked at
/// on ten days of a month; and the power to find a link of r near 0.45 and a link with the
/// day before's sleep. `DAYBOOK_SIMULATION_JOURNALS` runs more journals than the default kept
/// for a debug build; `bench/insights-simulation.sh` runs docs/insights.md's numbers.
@Suite struct LinkScaleSimulationTests {
    static let journals = InsightsSimulationTests.setting("DAYBOOK_SIMULATION_JOURNALS", 100)
    /// Benjamini and Hochberg's correction is measured beside Holm's only when set to 1 (the
    /// bench script sets it): it doubles the time.
    static let compare = InsightsSimulationTests.setting("DAYBOOK_SIMULATION_COMPARE", 0) == 1

    static func percent(_ share: Double) -> String { InsightsSimulationTests.percent(share) }
    static func margin(_ p: Double, _ n: Int) -> Double { InsightsSimulationTests.margin(p, n) }

    static func claimsLink(_ insights: [Insight]) -> Bool {
        insights.contains { $0.kind == .correlation || $0.kind == .tag }
    }

    /// The share of journals whose year review claims a link, under each correction.
    static func yearReviews(_ kind: LongJournal.Kind, base: UInt64) -> (holm: Double, bh: Double) {
        var holm = 0
        var bh = 0
        for i in 0..<journals {
            let input = LongJournal.inputs(seed: base + UInt64(i), kind: kind)[0]
            if !Insights.links(input, days: 365).found.isEmpty { holm += 1 }
            if compare, !Insights.links(input, days: 365, correction: .benjaminiHochberg).found.isEmpty { bh += 1 }
        }
        return (Double(holm) / Double(journals), Double(bh) / Double(journals))
    }

    /// Shares of looked-at days, and of journals, on which `found` holds, when insights are
    /// read on every third day of each journal's last 30 (ten looks).
    static func looks(
        _ inputs: (UInt64) -> [InsightInput], base: UInt64, correction: Insights.Correction = .holm,
        _ found: ([Insight]) -> Bool
    ) -> (days: Double, journals: Double, kinds: String) {
        var dayHits = 0
        var days = 0
        var journalHits = 0
        var kinds: [String: Int] = [:]
        for i in 0..<journals {
            let all = inputs(base + UInt64(i))
            var any = false
            for input in stride(from: all.count - 1, through: 0, by: -3).map({ all[$0] }) {
                let insights = Insights.compute(input, correction: correction)
                let hit = found(insights)
                for insight in insights where [.correlation, .tag, .weekday].contains(insight.kind) {
                    var lag = 0
                    if case .correlation(let c) = insight.detail { lag = c.lag }
                    if case .tag(let t) = insight.detail { lag = t.lag }
                    kinds["\(insight.kind.rawValue)\(lag == 1 ? "-1" : "")", default: 0] += 1
                }
                if hit { dayHits += 1 }
                any = any || hit
                days += 1
            }
            if any { journalHits += 1 }
        }
        let said = kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        return (Double(dayHits) / Double(days), Double(journalHits) / Double(journals), said)
    }

    @Test func sharedSeasonsAndRandomWalksAreNoLinkInAYearReview() {
        let season = Self.yearReviews(.season, base: 200_000)
        let walks = Self.yearReviews(.randomWalk, base: 210_000)
        print(
            "Year review, a link claimed: shared season and trend \(Self.percent(season.holm)), random walks "
                + "\(Self.percent(walks.holm)), of \(Self.journals) journals of 3 years"
                + (Self.compare
                    ? " (Benjamini-Hochberg \(Self.percent(season.bh)) and \(Self.percent(walks.bh)))" : ""))
        #expect(season.holm <= 0.05 + Self.margin(0.05, Self.journals), "\(season.holm)")
        #expect(walks.holm <= 0.05 + Self.margin(0.05, Self.journals), "\(walks.holm)")
    }

    @Test func randomWalksAreNoLinkInInsights() {
        let walks = Self.looks(
            { LongJournal.inputs(seed: $0, kind: .randomWalk, days: 400, evaluated: 28) }, base: 220_000,
            Self.claimsLink)
        print(
            "Random walks, insights: a link claimed on \(Self.percent(walks.days)) of days, "
                + "in \(Self.percent(walks.journals)) of journals over ten looks")
        #expect(walks.days <= 0.05 + Self.margin(0.05, Self.journals), "\(walks.days)")
    }

    @Test(arguments: [(0.5, 90), (0.5, 365), (0.8, 90), (0.8, 365)])
    func serialNoiseOverTenLooks(carryOver: Double, days: Int) {
        let base = UInt64(230_000 + Int(carryOver * 10) * 10_000 + days)
        let plant = SerialJournal.Plant(carryOver: carryOver)
        let inputs = { (seed: UInt64) in SerialJournal.inputs(seed: seed, plant: plant, days: days, evaluated: 28) }
        let holm = Self.looks(inputs, base: base, SerialJournal.claims)
        let bh = Self.compare ? Self.looks(inputs, base: base, correction: .benjaminiHochberg, SerialJournal.claims) : holm
        print(
            "AR(1) \(carryOver), \(days) days: a false claim on \(Self.percent(holm.days)) of days, "
                + "\(Self.percent(holm.journals)) of journals over ten looks"
                + (Self.compare
                    ? " (Benjamini-Hochberg \(Self.percent(bh.days)), \(Self.percent(bh.journals)))" : "")
                + "; claims by kind: \(holm.kinds)")
        #expect(holm.days <= 0.05 + Self.margin(0.05, Self.journals), "\(holm.days)")
        #expect(holm.journals <= 0.10 + Self.margin(0.10, Self.journals), "\(holm.journals)")
    }

    static func found(_ name: String, lag: Int) -> ([Insight]) -> Bool {
        { insights in
            insights.contains {
                if case .correlation(let c) = $0.detail { return $0.subject.name == name && c.lag == lag }
                return false
            }
        }
    }

    /// Power on days that lean on the day before (carry-over 0.5), 90 days of links: mood ~
    /// sleep of r near 0.45, and mood ~ the day before's sleep of latent r 0.47. The floors
    /// are under what is measured, so that only a real loss fails.
    @Test func powerForSameDayAndYesterdaysSleep() {
        func share(_ plant: SerialJournal.Plant, base: UInt64, correction: Insights.Correction, lag: Int) -> Double {
            var hits = 0
            for i in 0..<Self.journals {
                let input = SerialJournal.inputs(seed: base + UInt64(i), plant: plant)[0]
                if Self.found("sleep", lag: lag)(Insights.compute(input, correction: correction)) { hits += 1 }
            }
            return Double(hits) / Double(Self.journals)
        }
        let sameDay = SerialJournal.Plant(sleep: 0.5)
        let yesterday = SerialJournal.Plant(sleepYesterday: 0.47)
        let holm = (share(sameDay, base: 260_000, correction: .holm, lag: 0),
                    share(yesterday, base: 270_000, correction: .holm, lag: 1))
        let bh =
            Self.compare
            ? (share(sameDay, base: 260_000, correction: .benjaminiHochberg, lag: 0),
                share(yesterday, base: 270_000, correction: .benjaminiHochberg, lag: 1)) : (0, 0)
        print(
            "Power, 90 days: mood ~ sleep (r ≈ 0.45) found in \(Self.percent(holm.0)); mood ~ yesterday's "
                + "sleep (latent 0.47) in \(Self.percent(holm.1))"
                + (Self.compare
                    ? " (Benjamini-Hochberg \(Self.percent(bh.0)) and \(Self.percent(bh.1)))" : ""))
        // The goal for r near 0.45 is 75%: 78% measured over these 100 journals, prewhitened
        // and held a week (60% before prewhitening, docs/insights.md).
        #expect(holm.0 >= 0.7, "\(holm.0)")
        // The goal for yesterday's sleep is 50%: 63% measured, over 100 journals.
        #expect(holm.1 >= 0.5, "\(holm.1)")
    }
}
