import DaybookCore
import DaybookStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// Journals of years, for the measurements of links over long windows: health imports give
// people years of days, in which a season or a slow drift moves many series together with no
// link between one day and the next.

/// A journal of `days` days ending at `LongJournal.lastDay` (31 December 2026) with the
/// attributes of `SerialJournal`, no link of any kind between mood and the rest: each value
/// is logged on 85% of days, the mood on 90%.
public enum LongJournal {
    /// The last day of the journals: a year's review ends on it.
    public static let lastDay = Day(year: 2026, month: 12, day: 31)!

    public enum Kind: Sendable {
        /// Every series (mood included) is a shared season (highest in July for mood, steps,
        /// bedtime and #travel, lowest for sleep, coffee and weight), a trend of its own over
        /// the years, and day-to-day noise that leans on the day before (carry-over 0.5).
        case season
        /// Every series is an independent random walk, kept within a plausible range by
        /// reflection at its ends; meditation and #travel come in runs, #gym at random.
        case randomWalk
    }

    /// The journal for `seed`, with insights for its last day and the `evaluated - 1` days
    /// before it (each input ends that day), oldest first.
    public static func inputs(seed: UInt64, kind: Kind, days: Int = 3 * 365, evaluated: Int = 1) -> [InsightInput] {
        var random = SeededRandom(seed: seed)
        let first = lastDay.adding(days: -(days - 1))
        var values: [String: [Day: Double]] = [:]
        var mood: [Day: Double] = [:]
        var tags: [Day: [String]] = [:]
        var noise = (0..<6).map { _ in random.gaussian() }
        // Random walks, in each series' own units, and their ranges.
        var walk: [Double] = [0, 430, 23 * 60 + 45, 8000, 2, 72]
        let step: [Double] = [0.15, 12, 6, 350, 0.25, 0.25]
        let range: [(Double, Double)] = [(-2, 2), (300, 560), (22 * 60, 25 * 60 + 30), (1500, 16000), (0, 6), (60, 85)]
        // Trends per year, in units of each series' spread, drawn for the journal.
        let trends = (0..<6).map { _ in 0.4 * random.gaussian() }
        var meditating = false
        var travelling = false
        for offset in 0..<days {
            let d = first.adding(days: offset)
            let years = Double(offset) / 365
            let season = cos(2 * Double.pi * (Double(d.ordinal % 365) - 196) / 365.25)
            func slow(_ i: Int, _ sign: Double) -> Double {
                noise[i] = 0.5 * noise[i] + (0.75).squareRoot() * random.gaussian()
                return 0.8 * sign * season + trends[i] * years + noise[i]
            }
            func walked(_ i: Int) -> Double {
                var v = walk[i] + step[i] * random.gaussian()
                if v < range[i].0 { v = 2 * range[i].0 - v }
                if v > range[i].1 { v = 2 * range[i].1 - v }
                walk[i] = v
                return v
            }
            func log(_ name: String, _ value: Double) {
                if random.uniform() < 0.85 { values[name, default: [:]][d] = value }
            }
            let moodScore: Double
            switch kind {
            case .season:
                moodScore = slow(0, 1)
                log("sleep", max(180, min(720, (430 + 50 * slow(1, -1)).rounded())))
                log("bedtime", Statistics.onClock((23 * 60 + 45 + 40 * slow(2, 1)).rounded()))
                log("steps", max(0, (8000 + 2500 * slow(3, 1)).rounded()))
                log("coffee", max(0, (2 + 1.2 * slow(4, -1)).rounded()))
                log("weight", ((72 + 1.5 * slow(5, -1)) * 10).rounded() / 10)
                meditating = random.uniform() < (meditating ? 0.8 : 0.2) - 0.1 * season
                travelling = random.uniform() < (travelling ? 0.85 : 0.04 + 0.03 * season)
            case .randomWalk:
                moodScore = walked(0)
                log("sleep", walked(1).rounded())
                log("bedtime", Statistics.onClock(walked(2).rounded()))
                log("steps", walked(3).rounded())
                log("coffee", walked(4).rounded())
                log("weight", (walked(5) * 10).rounded() / 10)
                meditating = random.uniform() < (meditating ? 0.8 : 0.2)
                travelling = random.uniform() < (travelling ? 0.85 : 0.04)
            }
            log("meditate", meditating ? 1 : 0)
            var dayTags: [String] = []
            if random.uniform() < 0.3 { dayTags.append("gym") }
            if travelling { dayTags.append("travel") }
            if !dayTags.isEmpty { tags[d] = dayTags }
            if random.uniform() < 0.9 { mood[d] = max(1, min(5, (3 + 0.9 * moodScore).rounded())) }
        }
        return (0..<evaluated).reversed().map { back in
            let day = lastDay.adding(days: -back)
            func upTo(_ series: [Day: Double]) -> InsightSeries {
                InsightSeries(values: series.filter { $0.key <= day }, from: first, hasEarlier: false)
            }
            return InsightInput(
                day: day, today: day, mood: upTo(mood),
                attributes: SerialJournal.attributes.map {
                    InsightInput.AttributeSeries(attribute: $0, series: upTo(values[$0.name] ?? [:]))
                },
                tags: tags.filter { $0.key <= day }, goals: [])
        }
    }
}
