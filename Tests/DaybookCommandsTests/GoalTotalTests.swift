import Foundation
import Testing

/// `goal ... --total` through the command line: a weekly goal on the week's sum, its refusals,
/// and its streak kept in the journal across writes into the past and undo.
@Suite struct GoalTotalTests {
    func journal() throws -> InProcess {
        let d = try InProcess()
        d.now = "2026-11-21T21:00"
        return d
    }

    @Test func aWeeklyGoalOnTheWeeksSum() throws {
        let d = try journal()
        var r = try d.run(["goal", "exercise", ">= 150m", "weekly", "--total", "--on", "2026-11-02"])
        #expect(r.status == 0)
        #expect(r.stderr == "goal for exercise: >= 2h30m weekly, on the week's total, from Mon 2 Nov\n")
        r = try d.run(["goal", "steps", ">= 8000", "weekly", "--on", "2026-11-02"])
        #expect(
            r.stderr
                == "goal for steps: >= 8,000 steps weekly, on the daily mean (>= 8,000 steps a day on average; --total judges the week's sum), from Mon 2 Nov\n"
        )
        let script = [
            "log exercise 1h --on 2026-11-02", "log exercise 1h40m --on 2026-11-05",
            "log exercise 50m --on 2026-11-09", "log exercise 2h --on 2026-11-13",
            "log exercise 40m --on 2026-11-16", "log exercise 50m --on 2026-11-20",
        ]
        r = try d.run(input: script.joined(separator: "\n") + "\n")
        #expect(r.status == 0)
        // Two weeks met (2h40m, 2h50m), this one at 1h30m so far.
        r = try d.run(["goals", "--json"])
        #expect(
            r.stdout.contains(
                #"{"attribute": "exercise", "period": "weekly", "total": true, "min": 150, "max": null, "value": 90, "state": "under", "progress": 60, "left": 60, "streak": 2}"#
            ), "\(r.stdout)")
        r = try d.run(["goals"])
        #expect(r.stdout.contains("total 1h 30m"), "\(r.stdout)")
        #expect(r.stdout.contains(">= 2h30m weekly total"), "\(r.stdout)")
        #expect(r.stdout.contains("1h to go · streak 2 weeks"), "\(r.stdout)")
        r = try d.run(["today"])
        #expect(r.stdout.contains("exercise  total 1h 30m  ██████░░░░ 60%"), "\(r.stdout)")
        // A value deleted in the past breaks the streak; undo brings it back.
        r = try d.run(["delete", "exercise", "--on", "2026-11-13", "--yes"])
        #expect(r.status == 0)
        #expect(try d.run(["goals", "--json"]).stdout.contains(#""streak": 0}"#))
        #expect(try d.sql("SELECT start || ' ' || run_start FROM goal_streak WHERE attribute = 'exercise'") == "2026-11-02 2026-11-02")
        r = try d.run(["undo"])
        #expect(r.status == 0)
        #expect(try d.run(["goals", "--json"]).stdout.contains(#""streak": 2}"#))
        #expect(
            try d.sql("SELECT start || ' ' || run_start FROM goal_streak WHERE attribute = 'exercise' ORDER BY start")
                == "2026-11-02 2026-11-02\n2026-11-09 2026-11-02")
        // A level is judged by the mean of the period's days, not as an amount a day.
        #expect(
            try d.run(["goal", "weight", "70..75", "monthly"]).stderr
                == "goal for weight: 70..75 kg monthly, on the mean of the month's days (70..75 kg on average), from today\n")
        #expect(
            try d.run(["goal", "bedtime", "22:00..23:30", "weekly"]).stderr
                == "goal for bedtime: 22:00..23:30 weekly, on the mean of the week's days (22:00..23:30 on average), from today\n")
    }

    /// Tracked again so that its daily value no longer adds up, an attribute's goals on a
    /// period's total judge the daily mean, say so, and come back with `undo`.
    @Test func retrackingAwayFromASumEndsTheTotal() throws {
        let d = try journal()
        #expect(try d.run(["goal", "exercise", ">= 150m", "weekly", "--total", "--on", "2026-11-02"]).status == 0)
        #expect(try d.run(["goal", "exercise", ">= 200m", "weekly", "--total", "--on", "2026-11-16"]).status == 0)
        #expect(try d.run(["goal", "steps", ">= 8000", "weekly", "--on", "2026-11-02"]).status == 0)
        let script = ["log exercise 1h --on 2026-11-02", "log exercise 1h40m --on 2026-11-05", "log exercise 30m --on 2026-11-03"]
        #expect(try d.run(input: script.joined(separator: "\n") + "\n").status == 0)
        let goals = "SELECT group_concat(attribute || ' ' || since || ' ' || total, ', ') FROM (SELECT * FROM goal WHERE removed_by IS NULL ORDER BY attribute, since)"
        let before = try d.sql(goals)
        #expect(before == "exercise 2026-11-02 1, exercise 2026-11-16 1, steps 2026-11-02 0")

        // A sum again keeps them as they are.
        var r = try d.run(["track", "exercise", "duration", "sum"])
        #expect(r.stderr == "updated exercise: duration, sum, group activity, range 0m..24h\n", "\(r.stderr)")
        #expect(try d.sql(goals) == before)

        r = try d.run(["track", "exercise", "duration", "average"])
        #expect(r.status == 0)
        #expect(
            r.stderr
                == "updated exercise: duration, average, group activity, range 0m..24h; its 2 goals on a period's total now judge the daily mean (its daily value is the mean of the day's values, which does not add up)\n",
            "\(r.stderr)")
        #expect(try d.sql(goals) == "exercise 2026-11-02 0, exercise 2026-11-16 0, steps 2026-11-02 0")
        // The week of 2 Nov is judged on its daily mean now: 63 minutes (63.33, shown to the
        // minute) against 150.
        r = try d.run(["goals", "2026-11-08", "--json"])
        #expect(
            r.stdout.contains(#""attribute": "exercise", "period": "weekly", "min": 150, "max": null, "value": 63, "#),
            "\(r.stdout)")
        #expect(try d.sql("SELECT count(*) FROM goal_streak WHERE attribute = 'exercise'") == "0")

        r = try d.run(["undo"])
        #expect(r.status == 0)
        #expect(try d.sql(goals) == before)
        #expect(try d.sql("SELECT aggregation FROM attribute WHERE name = 'exercise' AND removed_by IS NULL") == "sum")
        r = try d.run(["goals", "2026-11-08", "--json"])
        #expect(
            r.stdout.contains(#""attribute": "exercise", "period": "weekly", "total": true, "min": 150, "max": null, "value": 190, "#),
            "\(r.stdout)")
        #expect(try d.sql("SELECT count(*) FROM goal_streak WHERE attribute = 'exercise'") == "1")
    }

    @Test func totalIsRefusedWhereASumMakesNoSense() throws {
        let d = try journal()
        #expect(try d.run(["log", "steps", "100"]).status == 0)
        func snapshot() throws -> String {
            try d.sql("SELECT count(*) FROM change") + "|" + d.sql("SELECT * FROM goal ORDER BY id")
        }
        let before = try snapshot()
        let cases: [([String], String)] = [
            (
                ["goal", "steps", ">= 8000", "--total"],
                "--total is for weekly and monthly goals: a daily goal judges the day's value; nothing was changed"
            ),
            (
                ["goal", "bedtime", "<= 23:00", "weekly", "--total"],
                "--total does not fit bedtime: times of day do not add up; without --total a weekly goal judges the daily mean. Nothing was changed"
            ),
            (
                ["goal", "weight", "<= 80", "monthly", "--total"],
                "--total does not fit weight: its daily value is the last value logged, which does not add up; without --total a monthly goal judges the daily mean. Nothing was changed"
            ),
            (["goal", "steps", "off", "--total"], "'goal steps off' takes no --total"),
        ]
        for (arguments, message) in cases {
            let r = try d.run(arguments)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.stderr == "error: \(message)\n", "\(arguments)")
            #expect(r.stdout == "")
        }
        #expect(try snapshot() == before)
    }

    @Test(arguments: ["json", "csv"])
    func exportAndImportKeepTheTotal(format: String) throws {
        let d = try journal()
        #expect(try d.run(["goal", "exercise", ">= 150m", "weekly", "--total", "--on", "2026-11-02"]).status == 0)
        #expect(try d.run(["goal", "steps", ">= 8000", "weekly", "--on", "2026-11-02"]).status == 0)
        #expect(try d.run(["log", "exercise", "3h", "--on", "2026-11-10"]).status == 0)
        let file = d.directory + "/goals." + format
        let e = try d.run(["export", file])
        #expect(e.status == 0, "\(e.stderr)")
        let exported = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file)), as: UTF8.self)
        if format == "json" {
            #expect(exported.contains(#""period": "weekly", "min": 150, "max": null, "aggregation": "sum"}"#), "\(exported)")
        } else {
            #expect(exported.contains("goal,2026-11-02,,,exercise,"), "\(exported)")
        }
        let fresh = try journal()
        let i = try fresh.run(["import", file])
        #expect(i.status == 0, "\(i.stderr)")
        #expect(try fresh.sql("SELECT attribute || ' ' || total FROM goal ORDER BY attribute") == "exercise 1\nsteps 0")
        #expect(try fresh.sql("SELECT start FROM goal_streak WHERE attribute = 'exercise'") == "2026-11-09")
        // A file that asks a sum of a time of day is refused, naming its line.
        let bad = exported.replacingOccurrences(
            of: #"{"attribute": "exercise", "since""#, with: #"{"attribute": "bedtime", "since""#
        ).replacingOccurrences(of: "goal,2026-11-02,,,exercise,", with: "goal,2026-11-02,,,bedtime,")
        let badFile = d.directory + "/bad." + format
        try bad.write(toFile: badFile, atomically: true, encoding: .utf8)
        let refused = try (try journal()).run(["import", badFile])
        #expect(refused.status != 0)
        #expect(
            refused.stderr.hasSuffix(
                "a goal on the total (aggregation sum) does not fit bedtime: times of day do not add up; nothing was written\n"),
            "\(refused.stderr)")
    }

    /// A weekly goal on a duration kept as an average judges the daily mean, and says so as
    /// `goals` and `insights` read it: an amount a day. It has no total to offer.
    @Test func aWeeklyGoalOnADurationKeptAsAnAverageReadsADay() throws {
        let d = try journal()
        #expect(try d.run(["track", "exercise", "duration", "average"]).status == 0)
        let r = try d.run(["goal", "exercise", ">= 30m", "weekly", "--on", "2026-11-02"])
        #expect(r.status == 0)
        #expect(
            r.stderr == "goal for exercise: >= 30m weekly, on the daily mean (>= 30m a day on average), from Mon 2 Nov\n",
            "\(r.stderr)")
    }
}
