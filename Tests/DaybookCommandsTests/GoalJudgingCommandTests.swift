import Foundation
import Testing

/// How goals judge their periods, through the command line: streaks across goal changes, past
/// periods in insights, yes/no goals over a week, bounds of 0.
@Suite struct GoalJudgingCommandTests {
    /// A daily goal of 8,000 steps met for two weeks (63,000 steps a week), then 70,000 steps a
    /// week from Monday 9 November: the weeks before met the daily goal, not the weekly one.
    @Test func aStreakCountsNoPeriodJudgedByAnEarlierGoal() throws {
        let d = try InProcess()
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
        let d = try InProcess()
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

    /// A weekly yes/no goal says what it asks in English, shows its share of days one way, and
    /// gives the share in JSON; a bound of 0 shows no percentage.
    @Test func yesNoGoalsOverAWeekAndBoundsOfZero() throws {
        let d = try InProcess()
        d.environment = ["COLUMNS": "120"]
        #expect(try d.run(["track", "meditated", "yesno"]).status == 0)
        var r = try d.run(["goal", "meditated", "yes", "weekly"])
        #expect(r.stderr == "goal for meditated: yes weekly, yes on every day logged in the week, from today\n")
        r = try d.run(["goal", "meditated", "no", "monthly", "--on", "2026-11-01"])
        #expect(r.stderr.hasPrefix("goal for meditated: no monthly, no on every day logged in the month, from Sun 1 Nov"), "\(r.stderr)")
        #expect(try d.run(["undo"]).status == 0)
        let script = [
            "log meditated yes --on 2026-11-16", "log meditated yes --on 2026-11-17", "log meditated no --on 2026-11-18",
            "goal coffee at most 0", "log coffee 2", "track smoked yesno", "goal smoked no", "log smoked yes",
        ]
        r = try d.run(input: script.joined(separator: "\n") + "\n")
        #expect(r.status == 0, "\(r.stderr)")
        r = try d.run(["goals"])
        let lines = r.stdout.split(separator: "\n").map { oneSpaced(String($0)) }
        // 2 days of 3: 66%, both times.
        #expect(lines.contains("meditated yes weekly yes on 66% of days under ██████░░░░ 66% not every day yet streak 0 weeks"), "\(r.stdout)")
        // Against a bound of 0 no percentage is a share of anything: none.
        #expect(lines.contains("coffee <= 0 cups daily 2 cups over ▓▓▓▓▓▓▓▓▓▓ 2 cups over streak 0 days"), "\(r.stdout)")
        #expect(lines.contains("smoked no daily yes over ▓▓▓▓▓▓▓▓▓▓ not today streak 0 days"), "\(r.stdout)")
        r = try d.run(["goals", "--json"])
        #expect(
            r.stdout.contains(
                #"{"attribute": "meditated", "period": "weekly", "min": true, "max": null, "value": 0.66, "state": "under", "progress": 66, "left": null, "streak": 0}"#
            ), "\(r.stdout)")
        #expect(r.stdout.contains(#"{"attribute": "smoked", "period": "daily", "min": null, "max": false, "value": true, "state": "over", "#))
        r = try d.run(["insights", "--json"])
        #expect(r.stdout.contains(#""kind": "goal", "attribute": "meditated", "date": "2026-11-21", "value": 0.66, "#), "\(r.stdout)")
        r = try d.run(["today"])
        #expect(r.stdout.contains("meditated  yes on 66% of days  ██████░░░░ 66%"), "\(r.stdout)")
        #expect(r.stdout.contains("none on Saturday"), "\(r.stdout)")
    }

    /// A goal on the week's total turned into one on the daily mean by tracking the attribute
    /// as an average reads "a day", as every weekly goal on the mean of a duration does.
    @Test func aTotalGoalTurnedIntoAMeanReadsADay() throws {
        let d = try InProcess()
        d.environment = ["COLUMNS": "120"]
        let script = [
            "goal exercise '>= 150m' weekly --total --on 2026-11-02", "goal sleep '>= 7h' weekly --on 2026-11-02",
            "log exercise 25m --on 2026-11-16", "log sleep 6h --on 2026-11-16", "track exercise duration average",
        ]
        var r = try d.run(input: script.joined(separator: "\n") + "\n")
        #expect(r.status == 0, "\(r.stderr)")
        r = try d.run(["goals"])
        #expect(r.stdout.contains("1h a day to go"), "\(r.stdout)")
        #expect(r.stdout.contains("2h 5m a day to go"), "\(r.stdout)")
        r = try d.run(["insights"])
        #expect(
            r.stdout.contains("2h 5m a day to go for your exercise goal this week: 25m a day on average so far (goal: at least 2h 30m)."),
            "\(r.stdout)")
        r = try d.run(["today"])
        #expect(r.stdout.contains("2h 5m a day to go"), "\(r.stdout)")
    }
}

/// A line with its runs of spaces made one.
private func oneSpaced(_ line: String) -> String {
    line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
}
