@testable import DaybookCore
@testable import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

// The goal streaks the journal keeps (goal_streak) against a full recomputation from the raw
// rows, on random journals: values written today and in the past, edits and deletions, goals
// set, changed and ended over time (with and without --total), undo, and script batches.

/// The streak rows recomputed from scratch, from the rows of `entry` and `goal` alone: each
/// attribute's daily values aggregated again from its live entries, each period judged by the
/// goal in force on its last day, and the runs counted forward.
private func expectedStreakRows(_ j: Journal) throws -> Set<StreakRow> {
    var result = Set<StreakRow>()
    for attribute in j.attributes {
        let goals = try j.database.rows(
            "SELECT since, period, min, max, total FROM goal WHERE attribute = ? AND removed_by IS NULL ORDER BY since",
            [.text(attribute.name)]
        ) { row -> (Day, Goal?) in
            let since = Day.parseISO(row.string(0))!
            guard let period = row.text(1).flatMap(GoalPeriod.init(rawValue:)) else { return (since, nil) }
            let range = GoalRange(min: row.isNull(2) ? nil : row.double(2), max: row.isNull(3) ? nil : row.double(3))
            return (since, Goal(range: range, period: period, since: since, total: row.int(4) != 0))
        }
        func inForce(_ d: Day) -> Goal? { goals.last { $0.0 <= d }?.1 }
        guard let earliest = goals.first(where: { $0.1 != nil })?.0 else { continue }
        var entries: [Int: [Double]] = [:]
        for (iso, value) in try j.database.rows(
            "SELECT day, value FROM entry WHERE attribute = ? AND removed_by IS NULL ORDER BY id",
            [.text(attribute.name)], { ($0.string(0), $0.double(1)) })
        {
            entries[Day.parseISO(iso)!.ordinal, default: []].append(value)
        }
        var daily: [Int: Double] = [:]
        for (ordinal, values) in entries {
            daily[ordinal] = attribute.aggregation.combine(values, type: attribute.type)
        }
        guard let last = daily.keys.max() else { continue }
        for period in Set(goals.compactMap { $0.1?.period }) {
            var start = period.start(of: earliest)
            var run: Day? = nil
            while start.ordinal <= last {
                let end = period.end(of: start)
                let values = (start.ordinal...end.ordinal).compactMap { daily[$0] }
                let value: Double?
                if let goal = inForce(end) {
                    // Judged as it is shown: a week's or a month's figure as a mean reads it.
                    let raw = goal.total ? (values.isEmpty ? nil : values.reduce(0, +)) : attribute.type.mean(values)
                    value = goal.period == .daily ? raw.map(attribute.type.roundedValue) : raw.map(attribute.type.roundedMean)
                }
                else { value = nil }
                if let goal = inForce(end), goal.range.state(of: value, type: attribute.type) == .within {
                    let first = run ?? start
                    result.insert(StreakRow(attribute: attribute.name, period: period, start: start, runStart: first))
                    run = first
                } else {
                    run = nil
                }
                start = end.adding(days: 1)
            }
        }
    }
    return result
}

/// Each goal's status on `d` as the journal gives it, against the same status with its streak
/// followed back through the values (the walk `Goals.evaluate` does without the kept rows).
private func checkStatuses(_ j: Journal, on d: Day, _ context: String) throws {
    let statuses = try j.goalStatuses(on: d)
    for (attribute, status) in statuses {
        let walked = try Goals.evaluate(
            type: attribute.type, history: try j.goalHistory(attribute.name, through: d), on: d,
            read: { try j.dailyValues(attribute.name, from: $0, through: $1) })
        #expect(walked == status, "\(context): \(attribute.name) on \(d.iso)")
    }
    #expect(
        Set(statuses.map(\.attribute.name))
            == Set(try j.attributes.filter { try j.goal($0.name, on: d) != nil }.map(\.name)), "\(context)")
}

private func checkRows(_ j: Journal, _ context: String) throws {
    let kept = try j.streakRows()
    let expected = try expectedStreakRows(j)
    #expect(kept == expected, "\(context): kept but not expected \(kept.subtracting(expected).sorted { $0.description < $1.description }.prefix(5)); expected but not kept \(expected.subtracting(kept).sorted { $0.description < $1.description }.prefix(5))")
}

@Suite struct GoalStreakTests {
    func journal() throws -> (Journal, String) {
        let dir = FileManager.default.temporaryDirectory.path + "/daybook-streaks-" + UUID().uuidString
        let clock = LocalTime(day: day("2026-11-21"), minuteOfDay: 9 * 60 + 30)
        return (try Journal(path: dir + "/journal.sqlite3", clock: { clock }), dir)
    }

    /// A random goal for `attribute`, or nil to end its goal.
    private func randomGoal(_ attribute: Attribute, _ rng: inout SeededRandom) -> (GoalRange, GoalPeriod, Bool)? {
        if rng.uniform() < 0.12 { return nil }
        let period = GoalPeriod.allCases[Int(rng.next() % 3)]
        let range: GoalRange
        switch attribute.name {
        case "steps": range = GoalRange(min: [5000, 7000, 8000][Int(rng.next() % 3)] * (period == .daily ? 1 : 1), max: nil)
        case "sleep": range = GoalRange(min: 400, max: rng.uniform() < 0.5 ? 520 : nil)
        case "bedtime": range = GoalRange(min: 22 * 60, max: 30)
        default: range = GoalRange(min: nil, max: [2, 3][Int(rng.next() % 2)])
        }
        var total = period != .daily && attribute.aggregation == .sum && attribute.type != .time && rng.uniform() < 0.4
        var bounded = range
        if total {
            let days = period == .weekly ? 7.0 : 30.0
            bounded = GoalRange(min: range.min.map { $0 * days * 0.7 }, max: range.max.map { $0 * days * 0.8 })
        } else {
            total = false
        }
        return (bounded, period, total)
    }

    private func randomValue(_ attribute: Attribute, _ rng: inout SeededRandom) -> Double {
        switch attribute.name {
        case "steps": return Double(3000 + Int(rng.next() % 8000))
        case "sleep": return Double(360 + Int(rng.next() % 200))
        case "bedtime": return Double((21 * 60 + Int(rng.next() % 240)) % 1440)
        default: return Double(rng.next() % 5)
        }
    }

    // Seed 34 sets a weekly goal from a Saturday after the last value logged, whose week was
    // left out of a full rebuild.
    @Test(arguments: [1, 2, 3, 4, 5, 6, 34] as [UInt64])
    func keptStreaksMatchAFullRecomputation(seed: UInt64) throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var rng = SeededRandom(seed: seed)
        let names = ["steps", "sleep", "bedtime", "coffee"]
        let today = day("2026-11-21")
        let first = today.adding(days: -150)
        func randomDay(_ rng: inout SeededRandom) -> Day {
            // Mostly recent days, sometimes far in the past.
            rng.uniform() < 0.7 ? today.adding(days: -Int(rng.next() % 20)) : first.adding(days: Int(rng.next() % 150))
        }
        // A history of values to start with, in one batch (as a script writes them).
        try j.beginBatch()
        for offset in 0...150 where rng.uniform() < 0.8 {
            for name in names where rng.uniform() < 0.8 {
                let attribute = j.attribute(named: name)!
                try j.log(day: first.adding(days: offset), [(attribute, randomValue(attribute, &rng))])
            }
        }
        try j.commitBatch()
        for name in names {
            let attribute = j.attribute(named: name)!
            if let (range, period, total) = randomGoal(attribute, &rng) {
                try j.setGoal(attribute, range: range, period: period, total: total, from: first.adding(days: 3))
            }
        }
        try checkRows(j, "seed \(seed), start")
        var inBatch = false
        for step in 0..<160 {
            let attribute = j.attribute(named: names[Int(rng.next() % UInt64(names.count))])!
            let r = rng.uniform()
            let context = "seed \(seed), step \(step)"
            if r < 0.45 {
                try j.log(day: randomDay(&rng), [(attribute, randomValue(attribute, &rng))])
            } else if r < 0.55 {
                let d = randomDay(&rng)
                if (try? j.deleteValues(of: attribute, on: d)) != nil { try checkRows(j, context + ", after a delete") }
            } else if r < 0.68 {
                let since = rng.uniform() < 0.5 ? today.adding(days: -Int(rng.next() % 10)) : randomDay(&rng)
                if let (range, period, total) = randomGoal(attribute, &rng) {
                    try j.setGoal(attribute, range: range, period: period, total: total, from: since)
                } else {
                    _ = try? j.endGoal(attribute, from: since)
                }
            } else if r < 0.72 {
                // A retrack that changes how the day's values combine.
                var changed = attribute
                changed.aggregation = attribute.aggregation == .sum ? .max : .sum
                if attribute.type != .time { try j.track(changed) }
            } else if r < 0.9 {
                try checkRows(j, context + ", before undo")
                _ = try j.undo()
                try checkRows(j, context + ", after undo")
            } else {
                if inBatch { try j.commitBatch() } else { try j.beginBatch() }
                inBatch.toggle()
            }
            if step % 10 == 0 || inBatch {
                try checkRows(j, context)
                try checkStatuses(j, on: today, context)
                try checkStatuses(j, on: randomDay(&rng), context)
            }
        }
        if inBatch { try j.commitBatch() }
        try checkRows(j, "seed \(seed), end")
        for offset in stride(from: 0, through: 150, by: 7) { try checkStatuses(j, on: first.adding(days: offset), "seed \(seed), end") }
    }

    @Test func aJournalFromBeforeTheStreaksIsFilledWhenOpened() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let steps = j.attribute(named: "steps")!
        try j.setGoal(steps, range: GoalRange(min: 8000, max: nil), period: .weekly, from: day("2026-09-01"))
        for offset in 0..<80 { try j.log(day: day("2026-09-01").adding(days: offset), [(steps, 9000)]) }
        let expected = try expectedStreakRows(j)
        #expect(expected.count > 5)
        // As a journal of schema 4 had it: no rows kept, and the migration marks the goals.
        try j.database.execute("DELETE FROM goal_streak; DELETE FROM goal_dirty")
        try j.database.execute("INSERT INTO goal_dirty SELECT DISTINCT attribute, '' FROM goal WHERE removed_by IS NULL")
        let path = j.path
        let reopened = try Journal(path: path, clock: { LocalTime(day: day("2026-11-21"), minuteOfDay: 600) })
        #expect(try reopened.streakRows() == expected)
        #expect(try reopened.goalStatuses(on: day("2026-11-21"))[0].status.streak == 12)
        // Values written behind daybook's back (as the benchmark loads its journals) are
        // taken in too: day_value's triggers mark them.
        try reopened.database.execute(
            "INSERT INTO day_value (attribute, day, value, entries) VALUES ('steps', '2026-09-02', 100, 1) ON CONFLICT DO UPDATE SET value = 100")
        // (An entry of -8900 steps, which once made the entries agree, cannot be inserted now: a
        // negative count cannot be true. The day's one entry is changed in place instead.)
        try reopened.database.execute(
            "UPDATE entry SET value = 100 WHERE attribute = 'steps' AND day = '2026-09-02' AND removed_by IS NULL")
        let third = try Journal(path: path, clock: { LocalTime(day: day("2026-11-21"), minuteOfDay: 600) })
        #expect(try third.streakRows() == (try expectedStreakRows(third)))
        // A journal that cannot be written computes what it needs in memory.
        try third.database.execute("INSERT OR IGNORE INTO goal_dirty VALUES ('steps', '')")
        let readOnly = try Journal(path: path, readOnly: true, clock: { LocalTime(day: day("2026-11-21"), minuteOfDay: 600) })
        #expect(try readOnly.goalStatuses(on: day("2026-11-21"))[0].status.streak == 11)
    }

    /// The kept rows count periods met whatever goal judged them; a streak read from them
    /// stops where the goal changed, as the walk does, before and after undo.
    @Test func aKeptStreakStopsWhereTheGoalChanged() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let steps = j.attribute(named: "steps")!
        try j.setGoal(steps, range: GoalRange(min: 8000, max: nil), period: .daily, from: day("2026-10-26"))
        for offset in 0..<14 { try j.log(day: day("2026-10-26").adding(days: offset), [(steps, 9000)]) }
        func streak(_ iso: String) throws -> Int {
            try checkStatuses(j, on: day(iso), iso)
            return try j.goalStatuses(on: day(iso))[0].status.streak
        }
        #expect(try streak("2026-11-08") == 14)
        try j.setGoal(steps, range: GoalRange(min: 70000, max: nil), period: .weekly, total: true, from: day("2026-11-09"))
        try j.log(day: day("2026-11-09"), [(steps, 1000)])
        try checkRows(j, "goal changed")
        // 63,000 steps a week met the daily goal, not this one.
        #expect(try streak("2026-11-09") == 0)
        #expect(try streak("2026-11-15") == 0)
        try j.log(day: day("2026-11-10"), [(steps, 69000)])
        #expect(try streak("2026-11-15") == 1)
        // Undo the value, then the goal: the daily goal's streak again.
        _ = try j.undo()
        #expect(try streak("2026-11-15") == 0)
        _ = try j.undo()
        _ = try j.undo()
        try checkRows(j, "undone")
        #expect(try j.goalStatuses(on: day("2026-11-09"))[0].status.goal.period == .daily)
        #expect(try streak("2026-11-09") == 14)
        // The same goal set again from a later day keeps the streak; another bound ends it.
        try j.setGoal(steps, range: GoalRange(min: 8000, max: nil), period: .daily, from: day("2026-11-05"))
        #expect(try streak("2026-11-09") == 14)
        try j.setGoal(steps, range: GoalRange(min: 8500, max: nil), period: .daily, from: day("2026-11-05"))
        #expect(try streak("2026-11-09") == 4)
        _ = try j.undo()
        #expect(try streak("2026-11-09") == 14)
        try checkRows(j, "end")
    }

    @Test func aGoalSetAfterTheLastValueJudgesTheWeekHoldingIt() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let steps = j.attribute(named: "steps")!
        for offset in 0..<5 { try j.log(day: day("2026-11-16").adding(days: offset), [(steps, 9000)]) }
        // Set on Saturday the 21st, with nothing logged since Friday: the week of the 16th is
        // judged by it all the same.
        try j.setGoal(steps, range: GoalRange(min: 5000, max: nil), period: .weekly, from: day("2026-11-21"))
        try checkRows(j, "set after the last value")
        #expect(try j.streakRows() == [StreakRow(attribute: "steps", period: .weekly, start: day("2026-11-16"), runStart: day("2026-11-16"))])
        #expect(try j.goalStatuses(on: day("2026-11-23"))[0].status.streak == 1)
    }

    @Test func aStreakIsOneSeekWhateverItsLength() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = try j.database.rows(
            "EXPLAIN QUERY PLAN SELECT run_start FROM goal_streak WHERE attribute = ? AND period = ? AND start = ?",
            [.text("steps"), .text("weekly"), .text("2026-11-16")]
        ) { $0.string(3) }
        #expect(plan.contains { $0.contains("PRIMARY KEY") }, "\(plan)")
    }

    @Test func aTotalGoalJudgesThePeriodsSum() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let exercise = j.attribute(named: "exercise")!
        try j.setGoal(exercise, range: GoalRange(min: 150, max: nil), period: .weekly, total: true, from: day("2026-11-02"))
        for (iso, minutes) in [("2026-11-02", 60.0), ("2026-11-04", 100), ("2026-11-10", 160), ("2026-11-17", 40)] {
            try j.log(day: day(iso), [(exercise, minutes)])
        }
        let status = try j.goalStatuses(on: day("2026-11-21"))[0].status
        #expect(status.goal.total)
        #expect(status.value == 40)
        #expect(status.state == .under)
        #expect(status.left == 110)
        #expect(status.streak == 2)
        #expect(throws: JournalError.self) {
            try j.setGoal(exercise, range: GoalRange(min: 30, max: nil), period: .daily, total: true, from: day("2026-11-21"))
        }
        #expect(throws: JournalError.self) {
            try j.setGoal(j.attribute(named: "bedtime")!, range: GoalRange(min: 1300, max: nil), period: .weekly, total: true, from: day("2026-11-21"))
        }
        #expect(throws: JournalError.self) {
            try j.setGoal(j.attribute(named: "weight")!, range: GoalRange(min: 60, max: nil), period: .weekly, total: true, from: day("2026-11-21"))
        }
    }
}
