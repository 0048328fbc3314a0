/// The attributes a new journal tracks, with their plausible ranges: what the first migration
/// (`Schema.swift`) creates and the fifth gives ranges to, as values the rest of daybook can
/// read (the manual page lists them). Migrations are never edited, so this list is written out
/// beside them, and a test checks it against a new journal.
public enum BuiltInAttributes {
    public struct Definition: Sendable {
        public let name: String
        public let type: ValueType
        public let aggregation: Aggregation
        public let unit: String
        /// In the attribute's canonical units; nil for times of day, which have none.
        public let range: GoalRange?
    }

    public static let all: [Definition] = [
        .init(name: "steps", type: .count, aggregation: .sum, unit: "steps", range: GoalRange(min: 0, max: 200_000)),
        .init(name: "distance", type: .decimal, aggregation: .sum, unit: "km", range: GoalRange(min: 0, max: 2000)),
        .init(name: "exercise", type: .duration, aggregation: .sum, unit: "", range: GoalRange(min: 0, max: 1440)),
        .init(
            name: "active_energy", type: .count, aggregation: .sum, unit: "kcal", range: GoalRange(min: 0, max: 20_000)),
        .init(name: "stand_hours", type: .count, aggregation: .sum, unit: "h", range: GoalRange(min: 0, max: 24)),
        .init(name: "sleep", type: .duration, aggregation: .sum, unit: "", range: GoalRange(min: 0, max: 1440)),
        .init(name: "bedtime", type: .time, aggregation: .last, unit: "", range: nil),
        .init(name: "wake_time", type: .time, aggregation: .last, unit: "", range: nil),
        .init(name: "mindful", type: .duration, aggregation: .sum, unit: "", range: GoalRange(min: 0, max: 1440)),
        .init(name: "heart_rate", type: .count, aggregation: .average, unit: "bpm", range: GoalRange(min: 20, max: 300)),
        .init(name: "resting_hr", type: .count, aggregation: .min, unit: "bpm", range: GoalRange(min: 20, max: 250)),
        .init(name: "weight", type: .decimal, aggregation: .last, unit: "kg", range: GoalRange(min: 1, max: 650)),
        .init(name: "water", type: .count, aggregation: .sum, unit: "glasses", range: GoalRange(min: 0, max: 100)),
        .init(name: "coffee", type: .count, aggregation: .sum, unit: "cups", range: GoalRange(min: 0, max: 100)),
        .init(name: "productive", type: .duration, aggregation: .sum, unit: "", range: GoalRange(min: 0, max: 1440)),
    ]
}
