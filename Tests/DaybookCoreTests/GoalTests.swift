import DaybookCore
import DaybookStore
import Foundation
import Testing

func day(_ iso: String) -> Day { Day.parseISO(iso)! }

func range(_ text: String, _ type: ValueType, unit: String = "") throws -> GoalRange {
    try GoalRange.parse(text, type: type, unit: unit, name: "x")
}

/// The refusal for `text`, or nil when it parsed.
func refusal(_ text: String, _ type: ValueType, unit: String = "", name: String = "x") -> String? {
    do {
        _ = try GoalRange.parse(text, type: type, unit: unit, name: name)
        return nil
    } catch {
        return error.description
    }
}

/// Daily values in memory, read the way the journal reads them: a window, oldest first. Counts
/// the days each read covered.
final class Store {
    var values: [Int: Double] = [:]
    var reads: [(Day, Day)] = []

    init(_ pairs: [(String, Double)] = []) {
        for (iso, value) in pairs { values[day(iso).ordinal] = value }
    }

    func set(from first: String, through last: String, _ value: Double) {
        for ordinal in day(first).ordinal...day(last).ordinal { values[ordinal] = value }
    }

    func read(_ from: Day, _ through: Day) -> [(Day, Double)] {
        reads.append((from, through))
        guard from <= through else { return [] }
        return (from.ordinal...through.ordinal).compactMap { o in values[o].map { (Day(ordinal: o), $0) } }
    }

    var daysRead: Int { reads.reduce(0) { $0 + max(0, $1.1.ordinal - $1.0.ordinal + 1) } }
}

func history(_ changes: [(String, GoalRange?, GoalPeriod)]) -> GoalHistory {
    GoalHistory(
        changes.map { iso, range, period in
            GoalHistory.Change(since: day(iso), goal: range.map { Goal(range: $0, period: period, since: day(iso)) })
        })
}

func evaluate(
    _ type: ValueType, _ h: GoalHistory, on iso: String, _ store: Store, limit: Int = Goals.streakLimit
)
    -> GoalStatus?
{
    Goals.evaluate(type: type, history: h, on: day(iso), streakLimit: limit, read: store.read)
}
