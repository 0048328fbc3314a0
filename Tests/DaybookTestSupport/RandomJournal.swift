import DaybookCore
import DaybookStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Random journals for the tests of insights, shared by the core's and the views' tests.

/// The core's SplitMix64, for the tests of the binary, which do not import the core.
public typealias SplitMix64 = DaybookCore.SplitMix64

/// xoshiro256**, seeded through SplitMix64: the same numbers for the same seed, on every
/// machine. (SplitMix64 alone is not enough here: the journals read every 7th day's draws, and
/// a fixed stride through SplitMix64's sequence shows patterns.)
public struct SeededRandom: RandomNumberGenerator {
    var s: (UInt64, UInt64, UInt64, UInt64)

    public init(seed: UInt64) {
        var splitmix = SplitMix64(state: seed)
        s = (splitmix.next(), splitmix.next(), splitmix.next(), splitmix.next())
    }

    private static func rotl(_ x: UInt64, _ k: UInt64) -> UInt64 { (x << k) | (x >> (64 - k)) }

    public mutating func next() -> UInt64 {
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
    public mutating func uniform() -> Double { Double(next() >> 11) / Double(UInt64(1) << 53) }

    /// Standard normal (Box-Muller).
    public mutating func gaussian() -> Double {
        let u = max(uniform(), 1e-12)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * uniform())
    }
}

/// Saturday 21 November 2026, the day insights are computed for in these tests.
public let insightDay = Day(year: 2026, month: 11, day: 21)!

public func testAttribute(_ name: String, _ type: ValueType, unit: String = "", aggregation: Aggregation = .last)
    -> Attribute
{
    Attribute(name: name, type: type, aggregation: aggregation, unit: unit, group: "other")
}

public enum RandomJournal {
    public static let steps = testAttribute("steps", .count, unit: "steps", aggregation: .sum)
    public static let sleep = testAttribute("sleep", .duration, aggregation: .sum)
    public static let bedtime = testAttribute("bedtime", .time)
    public static let weight = testAttribute("weight", .decimal, unit: "kg")
    public static let focus = testAttribute("focus", .percentage)
    public static let coffee = testAttribute("coffee", .count, unit: "cups", aggregation: .sum)
    public static let meditate = testAttribute("meditate", .yesno)
    public static let tagNames = ["gym", "work", "rain"]

    /// A year of days ending at `insightDay`, each logged with some chance. The mood is noise,
    /// plus `sleepEffect` mood points per hour of sleep above 7h10m (the same night, or with
    /// `sleepLag` 1 the night before), plus `tagEffect` points on days tagged #gym, plus
    /// `mondayEffect` on Mondays. With `goals`, some of seven goals judged over the same
    /// values, on the day itself or looked back on from 10 days later; without, none, and the
    /// day is today.
    public static func input(
        seed: UInt64, sleepEffect: Double = 0, sleepLag: Int = 0, tagEffect: Double = 0, mondayEffect: Double = 0,
        presence: Double = 0.85, hasEarlier: Bool? = nil, goals withGoals: Bool = false
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
            if d.weekday == 1 { rating += mondayEffect }
            if random.uniform() < 0.9 { mood[d] = max(1, min(5, rating.rounded())) }
        }
        let earlier = hasEarlier ?? (random.uniform() < 0.5)
        let attributes = [steps, sleep, bedtime, weight, focus, coffee, meditate].map {
            InsightInput.AttributeSeries(
                attribute: $0, series: InsightSeries(values: values[$0.name] ?? [:], from: first, hasEarlier: earlier))
        }
        // Goals judged over the same values, on the day itself or looked back on from later.
        guard withGoals else {
            // Looked at the next day: the day has ended, and what adds up over it is whole.
            return InsightInput(
                day: day, today: day.adding(days: 1), mood: InsightSeries(values: mood, from: first, hasEarlier: earlier),
                attributes: attributes, tags: tags, goals: [])
        }
        let today = random.uniform() < 0.5 ? day : day.adding(days: 10)
        var goals: [InsightInput.GoalEntry] = []
        let ranges: [(Attribute, GoalRange, GoalPeriod)] = [
            (steps, GoalRange(min: 8000, max: nil), .daily), (coffee, GoalRange(min: nil, max: 2), .daily),
            (bedtime, GoalRange(min: 23 * 60, max: 30), .daily), (sleep, GoalRange(min: 420, max: 540), .weekly),
            (meditate, GoalRange(min: 1, max: nil), .daily), (weight, GoalRange(min: 70, max: 73.5), .monthly),
            (focus, GoalRange(min: nil, max: 80), .weekly),
        ]
        for (attribute, range, period) in ranges where random.uniform() < 0.7 {
            let since = day.adding(days: -Int(random.uniform() * 120))
            let history = GoalHistory([.init(since: since, goal: Goal(range: range, period: period, since: since))])
            let series = values[attribute.name] ?? [:]
            if let status = Goals.evaluate(
                type: attribute.type, history: history, on: day,
                read: { from, through in
                    from > through
                        ? []
                        : (from.ordinal...through.ordinal).compactMap { o in
                            series[Day(ordinal: o)].map { (Day(ordinal: o), $0) }
                        }
                })
            {
                goals.append(InsightInput.GoalEntry(attribute: attribute, status: status))
            }
        }
        return InsightInput(
            day: day, today: today, mood: InsightSeries(values: mood, from: first, hasEarlier: earlier),
            attributes: attributes, tags: tags, goals: goals)
    }
}
