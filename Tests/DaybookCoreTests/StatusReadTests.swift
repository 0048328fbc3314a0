import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// `status`'s reads on real journals: the check-in, the open goals, the streak, the day-start,
/// and that nothing is created or written.
@Suite struct StatusReadTests {
    func journal() throws -> (Journal, String) {
        let dir = FileManager.default.temporaryDirectory.path + "/daybook-status-" + UUID().uuidString
        let clock = LocalTime(day: day("2026-11-21"), minuteOfDay: 9 * 60 + 30)
        return (try Journal(path: dir + "/journal.sqlite3", clock: { clock }), dir)
    }

    func at(_ iso: String, _ minute: Int) -> LocalTime { LocalTime(day: day(iso), minuteOfDay: minute) }

    func facts(_ j: Journal, _ now: LocalTime, streak: Bool = false) throws -> StatusFacts {
        guard case .read(let facts) = try Journal.status(path: j.path, now: now, streak: streak) else {
            Issue.record("status read nothing")
            throw JournalError("no status")
        }
        return facts
    }

    @Test func noJournalCreatesNothing() throws {
        let dir = FileManager.default.temporaryDirectory.path + "/daybook-status-none-" + UUID().uuidString
        #expect(try Journal.status(path: dir + "/journal.sqlite3", now: at("2026-11-21", 600)) == .noJournal)
        #expect(!FileManager.default.fileExists(atPath: dir))
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A folder is no journal either.
        #expect(try Journal.status(path: dir, now: at("2026-11-21", 600)) == .noJournal)
    }

    @Test func theCheckInAndTheDailyGoalsStillOpen() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let steps = try #require(j.attribute(named: "steps"))
        let water = try #require(j.attribute(named: "water"))
        let coffee = try #require(j.attribute(named: "coffee"))
        let sleep = try #require(j.attribute(named: "sleep"))
        let bedtime = try #require(j.attribute(named: "bedtime"))
        let weight = try #require(j.attribute(named: "weight"))
        try j.setGoal(steps, range: GoalRange(min: 10000, max: nil), period: .daily, from: day("2026-11-01"))
        try j.setGoal(water, range: GoalRange(min: 8, max: nil), period: .daily, from: day("2026-11-01"))
        try j.setGoal(coffee, range: GoalRange(min: nil, max: 2), period: .daily, from: day("2026-11-01"))
        try j.setGoal(sleep, range: GoalRange(min: 7 * 60, max: 9 * 60), period: .daily, from: day("2026-11-01"))
        try j.setGoal(bedtime, range: GoalRange(min: 22 * 60, max: 23 * 60), period: .daily, from: day("2026-11-01"))
        try j.setGoal(weight, range: GoalRange(min: 60, max: nil), period: .weekly, from: day("2026-11-01"))
        _ = try j.log(day: day("2026-11-21"), [(steps, 4200), (sleep, 8 * 60)])

        var f = try facts(j, at("2026-11-21", 600))
        #expect(f.day == day("2026-11-21"))
        #expect(f.rating == nil)
        // Steps under its bound, water with no value yet; not coffee (only an upper bound),
        // sleep (met), bedtime (a time of day) or weight (a weekly goal).
        #expect(f.openGoals.map(\.attribute.name) == ["steps", "water"])
        #expect(f.openGoals.map(\.value) == [4200, nil])
        #expect(f.openGoals.first?.goal.min == 10000)
        #expect(f.streak == nil)

        _ = try j.setMood(day: day("2026-11-21"), rating: 4, note: "fine")
        _ = try j.log(day: day("2026-11-21"), [(steps, 6000), (water, 8)])
        f = try facts(j, at("2026-11-21", 600))
        #expect(f.rating == 4)
        #expect(f.openGoals.isEmpty)

        // A goal ended is no longer open; on a new day, nothing counts yet.
        try j.endGoal(water, from: day("2026-11-22"))
        f = try facts(j, at("2026-11-22", 600))
        #expect(f.openGoals.map(\.attribute.name) == ["steps", "sleep"])
    }

    @Test func todayFollowsTheDayStart() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try j.setMood(day: day("2026-11-20"), rating: 3, note: nil)
        #expect(try facts(j, at("2026-11-21", 60)).rating == nil)
        try j.setSetting("day-start", "03:00")
        // At 01:00 with a day-start of 03:00, today is still the day before.
        let f = try facts(j, at("2026-11-21", 60))
        #expect(f.day == day("2026-11-20"))
        #expect(f.rating == 3)
        #expect(try facts(j, at("2026-11-21", 3 * 60)).day == day("2026-11-21"))
    }

    @Test func theStreakOfCheckIns() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try facts(j, at("2026-11-21", 600), streak: true).streak == 0)
        for iso in ["2026-11-15", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20"] {
            _ = try j.setMood(day: day(iso), rating: 3, note: nil)
        }
        // Up to yesterday while today has none yet.
        #expect(try facts(j, at("2026-11-21", 600), streak: true).streak == 4)
        _ = try j.setMood(day: day("2026-11-21"), rating: 3, note: nil)
        #expect(try facts(j, at("2026-11-21", 600), streak: true).streak == 5)
        #expect(try facts(j, at("2026-11-23", 600), streak: true).streak == 0)
        try j.deleteMood(day: day("2026-11-18"))
        #expect(try facts(j, at("2026-11-21", 600), streak: true).streak == 3)
    }

    @Test func theColorSettingAndAForeignFile() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try j.setSetting("color", "never")
        #expect(try facts(j, at("2026-11-21", 600)).colorSetting == "never")
        let other = dir + "/other.sqlite3"
        let db = try Database(path: other, create: true)
        try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        #expect(throws: JournalError.self) { try Journal.status(path: other, now: at("2026-11-21", 600)) }
    }
}
