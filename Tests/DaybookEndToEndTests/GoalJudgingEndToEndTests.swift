import Foundation
import Testing

/// How goals judge their periods, through the real binary: streaks across goal changes, past
/// periods in insights, yes/no goals over a week, bounds of 0.
@Suite struct GoalJudgingEndToEndTests {
    /// A daily goal of 8,000 steps met for two weeks (63,000 steps a week), then 70,000 steps a
    /// week from Monday 9 November: the weeks before met the daily goal, not the weekly one.
    @Test func aStreakCountsNoPeriodJudgedByAnEarlierGoal() throws {
        let d = try Daybook()
        var script = ["goal steps at least 8000 --on 2026-10-26"]
        for offset in 0..<14 {
            script.append("log steps 9000 --on 2026-\(offset < 6 ? "10" : "11")-\(String(format: "%02d", offset < 6 ? 26 + offset : offset - 5))")
        }
        var r = try d.run(input: script.joined(separator: "\n") + "\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try d.run(["goal", "steps", "at", "least", "70000", "weekly", "--total", "--on", "2026-11-09"]).status == 0)
        #expect(try d.run(["log", "steps", "1000", "--on", "2026-11-09"]).status == 0)
        d.now = "2026-11-09T20:00"
        r = try d.run(["goals"])
        #expect(r.stdout.contains("69,000 steps to go · streak 0 weeks"), "\(r.stdout)")
        #expect(try d.run(["goals", "--json"]).stdout.contains(#""streak": 0}"#))
        r = try d.run(["insights", "--all"])
        #expect(r.status == 0)
        #expect(!r.stdout.contains("in a row"), "\(r.stdout)")
        // The days before were judged by the daily goal, whose streak they keep.
        #expect(try d.run(["goals", "2026-11-08"]).stdout.contains("streak 14 days"))
        // Met this week: one week, this one.
        d.now = "2026-11-15T20:00"
        #expect(try d.run(["log", "steps", "69000", "--on", "2026-11-10"]).status == 0)
        #expect(try d.run(["goals"]).stdout.contains("streak 1 week"))
        // Undo the value and the goal: the daily goal again, and its streak.
        #expect(try d.run(["undo"]).status == 0)
        #expect(try d.run(["undo"]).status == 0)
        #expect(try d.run(["undo"]).status == 0)
        d.now = "2026-11-09T20:00"
        r = try d.run(["goals"])
        #expect(r.stdout.contains("steps  >= 8,000 steps  daily"), "\(r.stdout)")
        #expect(r.stdout.contains("streak 14 days"), "\(r.stdout)")
        r = try d.run(["insights", "--all"])
        #expect(r.stdout.contains("14 days in a row within your steps goal (at least 8,000 steps), until yesterday."), "\(r.stdout)")
    }
}
