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

    /// Insights for a past day judge a week or month that has ended on all its days; one still
    /// running, as it stood that day, "so far".
    @Test func insightsJudgeAnEndedPeriodWhole() throws {
        let d = try Daybook()
        let script = [
            "track pages count", "goal pages at least 20 weekly --on 2026-11-01", "log pages 2 --on 2026-11-09",
            "log pages 40 --on 2026-11-10", "log pages 40 --on 2026-11-11",
            "goal weight 70..75 monthly --on 2026-10-01", "log weight 80 --on 2026-10-01",
            "log weight 72 --on 2026-10-02", "log weight 72 --on 2026-10-20",
            "log pages 2 --on 2026-11-16", "log pages 40 --on 2026-11-17",
        ]
        var r = try d.run(input: script.joined(separator: "\n") + "\n")
        #expect(r.status == 0, "\(r.stderr)")
        // The week of 9 November: 2, 40 and 40 pages, 27.3 a day, as `goals` says of it.
        r = try d.run(["insights", "2026-11-09"])
        #expect(r.stdout.contains("  Pages goal met the week of 9 November: 27.3 a day on average (goal: at least 20).\n"), "\(r.stdout)")
        #expect(!r.stdout.contains("missed"), "\(r.stdout)")
        #expect(try d.run(["goals", "2026-11-15"]).stdout.contains("avg 27.3  within"))
        r = try d.run(["insights", "2026-11-09", "--json"])
        #expect(r.stdout.contains(#""kind": "goal", "attribute": "pages", "date": "2026-11-09", "value": 27.3, "#), "\(r.stdout)")
        #expect(r.stdout.contains(#""goal_state": "within""#), "\(r.stdout)")
        // October: 80, 72 and 72 kg.
        r = try d.run(["insights", "2026-10-01"])
        #expect(r.stdout.contains("  Weight goal met in October: 74.7 kg on average (goal: between 70 and 75 kg).\n"), "\(r.stdout)")
        // This week is still running: the 16th as it stood, so far.
        r = try d.run(["insights", "2026-11-16"])
        #expect(
            r.stdout.contains("  18 a day to go for your pages goal this week: 2 a day on average so far (goal: at least 20).\n"),
            "\(r.stdout)")
    }
}
