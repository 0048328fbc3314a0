import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

/// Measurements over many seeded journals whose days lean on the day before
/// (`SerialJournal`): how often insights claim a link or a weekday pattern in pure noise, and
/// how often they find a link that was planted. `DAYBOOK_SIMULATION_JOURNALS` and
/// `DAYBOOK_SIMULATION_DAYS` run more journals, and more days of each, than the defaults kept
/// for a debug build; `bench/insights-simulation.sh` runs the README's numbers in release.
@Suite struct InsightsSimulationTests {
    static func setting(_ name: String, _ fallback: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap(Int.init) ?? fallback
    }

    static let journals = setting("DAYBOOK_SIMULATION_JOURNALS", 300)
    static let days = setting("DAYBOOK_SIMULATION_DAYS", 1)

    /// The share of evaluated days on which `found` holds, over `journals` seeds from `base`;
    /// with `wholeHoursEvery`, every so many journals log sleep in whole hours.
    static func rate(
        base: UInt64, plant: SerialJournal.Plant = .init(), serial: Bool = true, wholeHoursEvery: Int = 0,
        _ found: ([Insight]) -> Bool
    ) -> (share: Double, days: Int) {
        var hits = 0
        var total = 0
        for i in 0..<journals {
            var p = plant
            if wholeHoursEvery > 0 { p.wholeHours = i % wholeHoursEvery == 0 }
            for input in SerialJournal.inputs(seed: base + UInt64(i), plant: p, evaluated: days) {
                if found(Insights.compute(input, serial: serial)) { hits += 1 }
                total += 1
            }
        }
        return (Double(hits) / Double(total), total)
    }

    /// A one-sided 99% margin for a share near `p` measured over `n` independent days.
    static func margin(_ p: Double, _ n: Int) -> Double { 2.33 * (p * (1 - p) / Double(n)).squareRoot() }

    static func percent(_ share: Double) -> String { "\((share * 1000).rounded() / 10)%" }

    static func foundSleepLink(_ insights: [Insight]) -> Bool {
        insights.contains { $0.kind == .correlation && $0.subject.name == "sleep" }
    }

    static func foundGym(_ insights: [Insight]) -> Bool {
        insights.contains {
            if case .tag(let t) = $0.detail { return t.tag == "gym" }
            return false
        }
    }

    /// With one day a journal (the default) the days are independent, and the binomial
    /// margin holds: at most 5% plus 2.33 standard errors (7.9% over 300 days). Counted as if
    /// every day were independent, the same journals claim far more.
    @Test func falseClaimsOnSerialNoiseStayAtFivePercent() {
        // One journal in three logs sleep in whole hours: the split of its days may fail, and
        // its test still counts in the family.
        let corrected = Self.rate(base: 50_000, wholeHoursEvery: 3, SerialJournal.claims)
        let naive = Self.rate(base: 50_000, serial: false, wholeHoursEvery: 3, SerialJournal.claims)
        print(
            "Serial noise: a false claim on \(Self.percent(corrected.share)) of \(corrected.days) days, "
                + "\(Self.percent(naive.share)) when every day counts as independent")
        #expect(corrected.share <= 0.05 + Self.margin(0.05, corrected.days), "\(corrected.share)")
        #expect(naive.share >= 0.05 + 2 * Self.margin(0.05, naive.days), "\(naive.share)")
    }

    /// On days drawn independently, counting the days that lean on each other costs little:
    /// the rate stays within the margin of 5%, and the planted links are found about as often.
    @Test func independentDaysKeepTheirRateAndPower() {
        let independent = SerialJournal.Plant(carryOver: 0)
        let noise = Self.rate(base: 80_000, plant: independent, SerialJournal.claims)
        var sleepPlant = independent
        sleepPlant.sleep = 0.39
        var gymPlant = independent
        gymPlant.gym = 0.7
        let sleep = Self.rate(base: 81_000, plant: sleepPlant, Self.foundSleepLink)
        let gym = Self.rate(base: 82_000, plant: gymPlant, Self.foundGym)
        print(
            "Independent days: a false claim on \(Self.percent(noise.share)) of \(noise.days) days; "
                + "mood ~ sleep found on \(Self.percent(sleep.share)), #gym on \(Self.percent(gym.share))")
        #expect(noise.share <= 0.05 + Self.margin(0.05, noise.days), "\(noise.share)")
        #expect(sleep.share >= 0.3 && gym.share >= 0.3, "\(sleep.share) \(gym.share)")
    }

    /// The power the README states, on serial days with about 80 moods in the 90: a mood ~
    /// sleep link of r near 0.35, and 0.7 mood points on #gym days. The floors are well under
    /// what is measured, so that only a real loss fails.
    @Test func powerForAPlantedSleepLinkAndTagEffect() {
        let sleep = Self.rate(base: 60_000, plant: .init(sleep: 0.39), Self.foundSleepLink)
        let gym = Self.rate(base: 70_000, plant: .init(gym: 0.7), Self.foundGym)
        print(
            "Serial days: mood ~ sleep found on \(Self.percent(sleep.share)), #gym 0.7 points on "
                + "\(Self.percent(gym.share)), of \(sleep.days) days each")
        #expect(sleep.share >= 0.25, "\(sleep.share)")
        #expect(gym.share >= 0.3, "\(gym.share)")
        // The planted strength: the sample r of mood and sleep, over the journals' last day.
        var rs: [Double] = []
        for i in 0..<min(100, Self.journals) {
            let input = SerialJournal.inputs(seed: 60_000 + UInt64(i), plant: .init(sleep: 0.39))[0]
            let sleepSeries = input.attributes.first { $0.attribute.name == "sleep" }!.series
            let pairs = (0..<90).compactMap { back -> (Double, Double)? in
                let d = input.day.adding(days: -back)
                guard let x = sleepSeries.values[d], let y = input.mood.values[d] else { return nil }
                return (x, y)
            }
            if let r = Statistics.pearson(pairs.map(\.0), pairs.map(\.1)) { rs.append(r) }
        }
        let meanR = rs.reduce(0, +) / Double(rs.count)
        print("Planted mood ~ sleep: mean sample r \((meanR * 100).rounded() / 100)")
        #expect(abs(meanR - 0.35) < 0.05, "\(meanR)")
    }
}
