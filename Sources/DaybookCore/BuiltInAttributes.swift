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
        public let group: String
        /// In the attribute's canonical units; nil for times of day, which have none.
        public let range: GoalRange?
    }

    /// The built-ins as attributes, without the ids a journal gives them: what completion
    /// offers where there is no journal yet.
    public static var attributes: [Attribute] {
        all.map {
            Attribute(
                name: $0.name, type: $0.type, aggregation: $0.aggregation, unit: $0.unit, group: $0.group,
                builtin: true, range: $0.range)
        }
    }

    public static let all: [Definition] = [
        .init(
            name: "steps", type: .count, aggregation: .sum, unit: "steps", group: "activity",
            range: GoalRange(min: 0, max: 200_000)),
        .init(
            name: "distance", type: .decimal, aggregation: .sum, unit: "km", group: "activity",
            range: GoalRange(min: 0, max: 2000)),
        .init(
            name: "exercise", type: .duration, aggregation: .sum, unit: "", group: "activity",
            range: GoalRange(min: 0, max: 1440)),
        .init(
            name: "active_energy", type: .count, aggregation: .sum, unit: "kcal", group: "activity",
            range: GoalRange(min: 0, max: 20_000)),
        .init(
            name: "stand_hours", type: .count, aggregation: .sum, unit: "h", group: "activity",
            range: GoalRange(min: 0, max: 24)),
        .init(
            name: "sleep", type: .duration, aggregation: .sum, unit: "", group: "sleep",
            range: GoalRange(min: 0, max: 1440)),
        .init(name: "bedtime", type: .time, aggregation: .last, unit: "", group: "sleep", range: nil),
        .init(name: "wake_time", type: .time, aggregation: .last, unit: "", group: "sleep", range: nil),
        .init(
            name: "mindful", type: .duration, aggregation: .sum, unit: "", group: "health",
            range: GoalRange(min: 0, max: 1440)),
        .init(
            name: "heart_rate", type: .count, aggregation: .average, unit: "bpm", group: "health",
            range: GoalRange(min: 20, max: 300)),
        .init(
            name: "resting_hr", type: .count, aggregation: .min, unit: "bpm", group: "health",
            range: GoalRange(min: 20, max: 250)),
        .init(
            name: "weight", type: .decimal, aggregation: .last, unit: "kg", group: "health",
            range: GoalRange(min: 1, max: 650)),
        .init(
            name: "water", type: .count, aggregation: .sum, unit: "glasses", group: "food",
            range: GoalRange(min: 0, max: 100)),
        .init(
            name: "coffee", type: .count, aggregation: .sum, unit: "cups", group: "food",
            range: GoalRange(min: 0, max: 100)),
        .init(
            name: "productive", type: .duration, aggregation: .sum, unit: "", group: "productivity",
            range: GoalRange(min: 0, max: 1440)),
    ]
}
