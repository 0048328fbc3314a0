import DaybookCore
import DaybookTestSupport
import Foundation
import Testing

/// Measurements over many seeded journals whose days lean on the day before
/// (`SerialJournal`): how often insights claim a link or a weekday pattern in pure noise, and
/// how often they find a link that was planted. `DAYBOOK_SIMULATION_JOURNALS` and
/// `DAYBOOK_SIMULATION_DAYS` run more journals, and more days of each, than the defaults kept
/// for a debug build (`make insights-simulation` runs the README's numbers in release).
@Suite struct InsightsSimulationTests {
    static func setting(_ name: String, _ fallback: Int) -> Int {
        ProcessInfo.processInfo.environment[name].flatMap(Int.init) ?? fallback
    }

    static let journals = setting("DAYBOOK_SIMULATION_JOURNALS", 300)
    static let days = setting("DAYBOOK_SIMULATION_DAYS", 1)

    /// The share of evaluated days on which `found` holds, over `journals` seeds from `base`.
    static func rate(
        base: UInt64, plant: SerialJournal.Plant = .init(), serial: Bool = true, plantedEvery: Int = 1,
        _ found: ([Insight]) -> Bool
    ) -> (share: Double, days: Int) {
        var hits = 0
        var total = 0
        for i in 0..<journals {
            var p = plant
            if plantedEvery > 1 { p.wholeHours = i % plantedEvery == 0 }
            for input in SerialJournal.inputs(seed: base + UInt64(i), plant: p, evaluated: days) {
                if found(Insights.compute(input, serial: serial)) { hits += 1 }
                total += 1
            }
        }
        return (Double(hits) / Double(total), total)
    }

    /// One-sided 99% margin of a share near `p` measured over `n` independent days.
    static func margin(_ p: Double, _ n: Int) -> Double { 2.33 * (p * (1 - p) / Double(n)).squareRoot() }

    @Test func falseClaimsOnSerialNoiseStayAtFivePercent() {
        // One in three journals logs sleep in whole hours: the split of its days may fail, and
        // its test still counts in the family.
        let corrected = Self.rate(base: 50_000, plantedEvery: 3, SerialJournal.claims)
        let naive = Self.rate(base: 50_000, serial: false, plantedEvery: 3, SerialJournal.claims)
        print("false claims on serial noise: \(corrected.share) corrected, \(naive.share) as if independent, \(corrected.days) days")
        // With one day a journal the days are independent, and the binomial margin holds.
        #expect(corrected.share <= 0.05 + Self.margin(0.05, corrected.days), "\(corrected.share)")
        #expect(naive.share >= 0.05 + 2 * Self.margin(0.05, naive.days), "\(naive.share)")
    }

    @Test func powerForAPlantedSleepLinkAndTagEffect() {
        let sleep = Self.rate(base: 60_000, plant: .init(sleep: 0.42)) { insights in
            insights.contains { $0.kind == .correlation && $0.subject.name == "sleep" }
        }
        let gym = Self.rate(base: 70_000, plant: .init(gym: 0.7)) { insights in
            insights.contains {
                if case .tag(let t) = $0.detail { return t.tag == "gym" }
                return false
            }
        }
        print("power: mood ~ sleep \(sleep.share), #gym 0.7 points \(gym.share), \(sleep.days) days each")
        #expect(sleep.share >= 0.1)
        #expect(gym.share >= 0.1)
    }
}
