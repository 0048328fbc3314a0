import DaybookCore
import DaybookStore

// Journals whose days lean on the day before, as real diaries do: for the measurements of how
// often insights claim a link or a weekday pattern in noise, and how often they find a link
// that is there.

/// A diary of `days` days ending at `insightDay` in which each value leans on the day before:
/// mood, sleep, bedtime, steps and coffee are autoregressive (each day's deviation is 0.5 of
/// the day before's plus fresh noise), weight is a random walk, meditation and a #travel tag
/// come in runs, #gym falls on days at random. Each attribute is logged on 85% of days, the
/// mood on 90%. With `Plant.carryOver` 0, every day is drawn afresh instead, weight too.
public enum SerialJournal {
    public static let attributes = [
        RandomJournal.steps, RandomJournal.sleep, RandomJournal.bedtime, RandomJournal.weight, RandomJournal.coffee,
        RandomJournal.meditate,
    ]

    /// What is planted in the noise.
    public struct Plant: Sendable {
        /// The correlation of the mood's underlying score with the same day's sleep (the night
        /// that ends on it): 0.39 gives a sample r near 0.35 once moods are whole numbers.
        public var sleep: Double = 0
        /// The same with the night before's sleep (the value logged on the day before).
        public var sleepYesterday: Double = 0
        /// Mood points added on days tagged #gym.
        public var gym: Double = 0
        /// Sleep logged in whole hours, so that few thresholds split the days.
        public var wholeHours = false
        /// The day-to-day carry-over of every autoregressive series; 0 for independent days.
        public var carryOver = 0.5

        public init(
            sleep: Double = 0, sleepYesterday: Double = 0, gym: Double = 0, wholeHours: Bool = false,
            carryOver: Double = 0.5
        ) {
            self.sleep = sleep
            self.sleepYesterday = sleepYesterday
            self.gym = gym
            self.wholeHours = wholeHours
            self.carryOver = carryOver
        }
    }

    /// The journal for `seed`, with insights for its last day and the `evaluated - 1` days
    /// before it (for each of which the input ends that day), oldest first.
    public static func inputs(seed: UInt64, plant: Plant = Plant(), days: Int = 120, evaluated: Int = 1)
        -> [InsightInput]
    {
        var random = SeededRandom(seed: seed)
        let first = insightDay.adding(days: -(days - 1))
        var state = [Double](repeating: 0, count: 5)
        for i in state.indices { state[i] = random.gaussian() }
        var weight = 72.0
        var meditating = false
        var travelling = false
        var values: [String: [Day: Double]] = [:]
        var mood: [Day: Double] = [:]
        var tags: [Day: [String]] = [:]
        let carryOver = plant.carryOver
        let serial = carryOver > 0
        let fresh = (1 - carryOver * carryOver).squareRoot()
        for offset in 0..<days {
            let d = first.adding(days: offset)
            let yesterdaysSleep = state[0]
            for i in state.indices { state[i] = carryOver * state[i] + fresh * random.gaussian() }
            let (sleepZ, bedZ, stepsZ, coffeeZ, moodZ) = (state[0], state[1], state[2], state[3], state[4])
            weight = serial ? weight + 0.3 * random.gaussian() : 72 + 1.5 * random.gaussian()
            meditating = random.uniform() < (serial ? (meditating ? 0.8 : 0.2) : 0.5)
            travelling = random.uniform() < (serial ? (travelling ? 0.85 : 0.04) : 0.2)
            func log(_ name: String, _ value: Double) {
                if random.uniform() < 0.85 { values[name, default: [:]][d] = value }
            }
            var sleep = max(180, min(720, (430 + 50 * sleepZ).rounded()))
            if plant.wholeHours { sleep = (sleep / 60).rounded() * 60 }
            log("sleep", sleep)
            let bed = (23 * 60 + 45 + 40 * bedZ).rounded()
            log("bedtime", Statistics.onClock(bed))
            log("steps", max(0, (8000 + 2500 * stepsZ).rounded()))
            log("weight", (weight * 10).rounded() / 10)
            log("coffee", max(0, (2 + 1.2 * coffeeZ).rounded()))
            log("meditate", meditating ? 1 : 0)
            var dayTags: [String] = []
            if random.uniform() < 0.3 { dayTags.append("gym") }
            if travelling { dayTags.append("travel") }
            if !dayTags.isEmpty { tags[d] = dayTags }
            let rest = (1 - plant.sleep * plant.sleep - plant.sleepYesterday * plant.sleepYesterday).squareRoot()
            let score = plant.sleep * sleepZ + plant.sleepYesterday * yesterdaysSleep + rest * moodZ
            var rating = 3 + 0.9 * score
            if dayTags.contains("gym") { rating += plant.gym }
            if random.uniform() < 0.9 { mood[d] = max(1, min(5, rating.rounded())) }
        }
        return (0..<evaluated).reversed().map { back in
            let day = insightDay.adding(days: -back)
            func upTo(_ series: [Day: Double]) -> InsightSeries {
                InsightSeries(values: series.filter { $0.key <= day }, from: first, hasEarlier: false)
            }
            // Looked at the next day: the day has ended, and what adds up over it is whole.
            return InsightInput(
                day: day, today: day.adding(days: 1), mood: upTo(mood),
                attributes: attributes.map {
                    InsightInput.AttributeSeries(attribute: $0, series: upTo(values[$0.name] ?? [:]))
                },
                tags: tags.filter { $0.key <= day }, goals: [])
        }
    }

    /// True when `insights` claim a link or a weekday pattern.
    public static func claims(_ insights: [Insight]) -> Bool {
        insights.contains { [.correlation, .tag, .weekday].contains($0.kind) }
    }
}
