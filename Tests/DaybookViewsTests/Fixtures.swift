@testable import DaybookCore
import DaybookViews

/// Days and goals built in memory, as the journal would hand them to a view: no journal, no
/// terminal. The numbers are those of the goals end-to-end test on Saturday 21 November 2026.
enum Fixture {
    static let saturday = Day(year: 2026, month: 11, day: 21)!

    static let steps = Attribute(name: "steps", type: .count, aggregation: .sum, unit: "steps", group: "activity")
    static let sleep = Attribute(name: "sleep", type: .duration, aggregation: .sum, unit: "", group: "sleep")
    static let bedtime = Attribute(name: "bedtime", type: .time, aggregation: .last, unit: "", group: "sleep")
    static let restingHR = Attribute(name: "resting_hr", type: .count, aggregation: .min, unit: "bpm", group: "health")
    static let coffee = Attribute(name: "coffee", type: .count, aggregation: .sum, unit: "cups", group: "food")
    static let water = Attribute(name: "water", type: .count, aggregation: .sum, unit: "glasses", group: "food")
    static let weight = Attribute(name: "weight", type: .decimal, aggregation: .last, unit: "kg", group: "health")

    /// A full day: a mood with a note, a note, three values and a tag.
    static var day: DayRecord {
        var record = DayRecord(day: saturday)
        record.mood = (4, "walked by the sea #outdoors")
        record.notes = [DayRecord.Note(recordedAt: "2026-11-21T09:12:00+00:00", text: "lunch with Ana")]
        record.tags = ["outdoors"]
        record.values = [(steps, 8200), (sleep, 450), (water, 5)]
        return record
    }

    /// The seven days ending on the Saturday: nothing until Friday's values, then the full day.
    static var week: [DayRecord] {
        var days = (0..<7).map { DayRecord(day: saturday.adding(days: $0 - 6)) }
        days[5].values = [(steps, 8200), (sleep, 450)]
        days[6] = day
        return days
    }

    static func status(
        _ range: GoalRange, _ period: GoalPeriod, since: String, value: Double?, state: GoalState, progress: Double?,
        left: Double?, streak: Int
    ) -> GoalStatus {
        GoalStatus(
            goal: Goal(range: range, period: period, since: Day.parseISO(since)!),
            from: period.start(of: saturday), through: saturday, value: value, state: state, progress: progress,
            left: left, streak: streak, streakCapped: false)
    }

    static var goals: [(attribute: Attribute, status: GoalStatus)] {
        [
            (
                steps,
                status(
                    GoalRange(min: 10000, max: nil), .daily, since: "2026-11-18", value: 4200, state: .under,
                    progress: 0.42, left: 5800, streak: 8)
            ),
            (
                sleep,
                status(
                    GoalRange(min: 420, max: 540), .weekly, since: "2026-11-11", value: 460, state: .within,
                    progress: 1, left: 80, streak: 2)
            ),
            (
                bedtime,
                status(
                    GoalRange(min: 23 * 60, max: 30), .daily, since: "2026-11-08", value: nil, state: .noData,
                    progress: nil, left: nil, streak: 1)
            ),
            (
                restingHR,
                status(
                    GoalRange(min: 50, max: 80), .monthly, since: "2026-11-01", value: 60, state: .within,
                    progress: 1, left: 20, streak: 1)
            ),
            (
                coffee,
                status(
                    GoalRange(min: nil, max: 2), .daily, since: "2026-11-08", value: 1, state: .within, progress: 1,
                    left: 1, streak: 14)
            ),
        ]
    }

    static let usuals: [GoalView.Usual] = [
        (weight, 72.8, UsualValue(value: 72.5, days: 5)), (water, 5, UsualValue(value: 6, days: 3)),
        (restingHR, nil, UsualValue(value: nil, days: 2)),
    ]
}
