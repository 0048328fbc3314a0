import DaybookCore
import Foundation

/// xoshiro256**, seeded through SplitMix64: the same numbers for the same seed, on every
/// machine. (SplitMix64 alone is not enough here: the journals read every 7th day's draws, and
/// a fixed stride through SplitMix64's sequence shows patterns.)
struct SeededRandom: RandomNumberGenerator {
    var s: (UInt64, UInt64, UInt64, UInt64)

    init(seed: UInt64) {
        var x = seed
        func splitmix() -> UInt64 {
            x &+= 0x9E37_79B9_7F4A_7C15
            var z = x
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        s = (splitmix(), splitmix(), splitmix(), splitmix())
    }

    private static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    mutating func next() -> UInt64 {
        let result = SeededRandom.rotl(s.1 &* 5, 7) &* 9
        let t = s.1 << 17
        s.2 ^= s.0
        s.3 ^= s.1
        s.1 ^= s.2
        s.0 ^= s.3
        s.2 ^= t
        s.3 = SeededRandom.rotl(s.3, 45)
        return result
    }

    /// Uniform in [0, 1).
    mutating func uniform() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

    /// Standard normal (Box-Muller).
    mutating func gaussian() -> Double {
        let u = max(uniform(), 1e-12)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * uniform())
    }
}

/// Saturday 21 November 2026, the day insights are computed for in these tests.
let insightDay = Day(year: 2026, month: 11, day: 21)!

func testAttribute(_ name: String, _ type: ValueType, unit: String = "", aggregation: Aggregation = .last) -> Attribute
{
    Attribute(name: name, type: type, aggregation: aggregation, unit: unit, group: "other")
}

enum RandomJournal {
    static let steps = testAttribute("steps", .count, unit: "steps", aggregation: .sum)
    static let sleep = testAttribute("sleep", .duration, aggregation: .sum)
    static let bedtime = testAttribute("bedtime", .time)
    static let weight = testAttribute("weight", .decimal, unit: "kg")
    static let focus = testAttribute("focus", .percentage)
    static let coffee = testAttribute("coffee", .count, unit: "cups", aggregation: .sum)
    static let meditate = testAttribute("meditate", .yesno)
    static let tagNames = ["gym", "work", "rain"]

    /// A year of days ending at `insightDay`, each logged with some chance. The mood is noise,
    /// plus `sleepEffect` mood points per hour of sleep above 7h10m (the same night, or with
    /// `sleepLag` 1 the night before), plus `tagEffect` points on days tagged #gym.
    static func input(
        seed: UInt64, sleepEffect: Double = 0, sleepLag: Int = 0, tagEffect: Double = 0, presence: Double = 0.85,
        hasEarlier: Bool? = nil
    ) -> InsightInput {
        var random = SeededRandom(seed: seed)
        let day = insightDay
        let first = day.adding(days: -InsightWindows.recordDays)
        var values: [String: [Day: Double]] = [:]
        var mood: [Day: Double] = [:]
        var tags: [Day: [String]] = [:]
        var sleepByDay: [Day: Double] = [:]
        for ordinal in first.ordinal...day.ordinal {
            let d = Day(ordinal: ordinal)
            func maybe(_ name: String, _ value: Double) {
                if random.uniform() < presence { values[name, default: [:]][d] = value }
            }
            let sleep = max(180, min(720, (430 + 50 * random.gaussian()).rounded()))
            sleepByDay[d] = sleep
            maybe("sleep", sleep)
            let bed = (23 * 60 + 45 + 40 * random.gaussian()).rounded()
            maybe("bedtime", (bed.truncatingRemainder(dividingBy: 1440) + 1440).truncatingRemainder(dividingBy: 1440))
            maybe("steps", max(0, (8000 + 2500 * random.gaussian()).rounded()))
            maybe("weight", ((72 + 1.5 * random.gaussian()) * 100).rounded() / 100)
            maybe("focus", (40 + 55 * random.uniform()).rounded())
            maybe("coffee", Double(Int(random.uniform() * 5)))
            maybe("meditate", random.uniform() < 0.4 ? 1 : 0)
            var dayTags: [String] = []
            for (tag, chance) in zip(tagNames, [0.3, 0.5, 0.2]) where random.uniform() < chance { dayTags.append(tag) }
            if !dayTags.isEmpty { tags[d] = dayTags }
            let night = sleepByDay[d.adding(days: -sleepLag)] ?? 430
            var rating = 3 + sleepEffect * (night - 430) / 60 + 0.9 * random.gaussian()
            if dayTags.contains("gym") { rating += tagEffect }
            if random.uniform() < 0.9 { mood[d] = max(1, min(5, rating.rounded())) }
        }
        let earlier = hasEarlier ?? (random.uniform() < 0.5)
        let attributes = [steps, sleep, bedtime, weight, focus, coffee, meditate].map {
            InsightInput.AttributeSeries(
                attribute: $0, series: InsightSeries(values: values[$0.name] ?? [:], from: first, hasEarlier: earlier))
        }
        return InsightInput(
            day: day, today: day, mood: InsightSeries(values: mood, from: first, hasEarlier: earlier),
            attributes: attributes, tags: tags, goals: [])
    }
}
