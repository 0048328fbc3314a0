import Foundation
import Testing

/// Goals set through the command line, a fortnight logged with --on, and `goals --json` checked
/// against values worked out by hand.
@Suite struct GoalsCommandTests {
    /// 8 to 21 November 2026; the 21st is "today", a Saturday, at 21:00.
    static let days = (8...21).map { String(format: "2026-11-%02d", $0) }

    static let script: String = {
        var lines = [
            "goal steps >= 8000 --on 2026-11-08",
            // Raised on Wednesday the 18th: earlier days are still judged by 8,000.
            "goal steps at least 10000 --on 2026-11-18",
            // A weekly goal set on Wednesday the 11th judges that whole week's mean.
            "goal sleep 7h..9h weekly --on 2026-11-11",
            "goal bedtime 23:00..00:30 --on 2026-11-08",
            "goal coffee at most 2 cups --on 2026-11-08",
            "goal resting_hr between 50 and 80 monthly --on 2026-11-01",
            "goal water 6 --on 2026-11-08",
            "goal water off --on 2026-11-20",
        ]
        let steps = [9000, 9000, 9000, 9000, 5000, 9000, 9000, 9000, 9000, 9000, 10500, 11000, 10000, 4200]
        let sleep = [
            "5h", "6h", "6h", "7h30m", "7h30m", "7h30m", "7h30m", "7h30m", "8h", "6h", "7h30m", "8h", "9h30m", "7h",
        ]
        let bedtime = Array(repeating: "23:30", count: 11) + ["01:00", "00:15", nil]
        for (i, day) in days.enumerated() {
            var line = "log steps \(steps[i]) sleep \(sleep[i]) coffee \(i == 13 ? 1 : 2)"
            line += " resting_hr \(i % 2 == 0 ? 58 : 62) water \(i == 13 ? 5 : 6)"
            if let time = bedtime[i] { line += " bedtime \(time)" }
            lines.append(line + " --on \(day)")
        }
        // Saturdays, for the usual weight.
        lines += [
            "log weight 72 --on 2026-10-31", "log weight 73 --on 2026-11-07", "log weight 72.5 --on 2026-11-14",
            "log weight 72.8",
        ]
        return lines.joined(separator: "\n") + "\n"
    }()

    static let today = """
        [{"attribute": "steps", "period": "daily", "min": 10000, "max": null, "value": 4200, "state": "under", "progress": 42, "left": 5800, "streak": 3}, \
        {"attribute": "sleep", "period": "weekly", "min": 420, "max": 540, "value": 460, "state": "within", "progress": 100, "left": 80, "streak": 2}, \
        {"attribute": "bedtime", "period": "daily", "min": "23:00", "max": "00:30", "value": null, "state": "no data", "progress": null, "left": null, "streak": 1}, \
        {"attribute": "resting_hr", "period": "monthly", "min": 50, "max": 80, "value": 60, "state": "within", "progress": 100, "left": 20, "streak": 1}, \
        {"attribute": "coffee", "period": "daily", "min": null, "max": 2, "value": 1, "state": "within", "progress": 100, "left": 1, "streak": 14}]

        """

    func logged() throws -> InProcess {
        let d = try InProcess()
        d.now = "2026-11-21T21:00"
        let r = try d.run(input: GoalsCommandTests.script)
        #expect(r.stderr == "")
        #expect(r.status == 0)
        return d
    }

    @Test func aFortnightOfGoals() throws {
        let d = try logged()
        let r = try d.run(["goals", "--json"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        // steps: 4,200 of 10,000 today; the 18th to the 20th met 10,000. The 13th to the 17th
        // met the 8,000 in force then, another goal: the streak of this one stops there.
        // sleep: this week's mean (8h, 6h, 7h30m, 8h, 9h30m, 7h) is 7h40m; last week's, with
        // the goal set on its Wednesday, was 7h04m: two weeks.
        // bedtime: nothing yet today; the 20th (00:15) was in the window, the 19th (01:00) not.
        // resting_hr: 58 and 62 in turn, a mean of 60; no goal in October.
        // water: its goal ended on the 20th, so it is not listed.
        // coffee: at most 2 every day since the goal began on the 8th.
        #expect(r.stdout == GoalsCommandTests.today)

        // A past date is judged by the goals in force then: steps by 8,000, water listed.
        let past = try d.run(["goals", "2026-11-15", "--json"])
        #expect(
            past.stdout == """
                [{"attribute": "steps", "period": "daily", "min": 8000, "max": null, "value": 9000, "state": "within", "progress": 100, "left": 0, "streak": 3}, \
                {"attribute": "sleep", "period": "weekly", "min": 420, "max": 540, "value": 424, "state": "within", "progress": 100, "left": 116, "streak": 1}, \
                {"attribute": "bedtime", "period": "daily", "min": "23:00", "max": "00:30", "value": "23:30", "state": "within", "progress": 100, "left": 60, "streak": 8}, \
                {"attribute": "resting_hr", "period": "monthly", "min": 50, "max": 80, "value": 60, "state": "within", "progress": 100, "left": 20, "streak": 1}, \
                {"attribute": "water", "period": "daily", "min": 6, "max": null, "value": 6, "state": "within", "progress": 100, "left": 0, "streak": 8}, \
                {"attribute": "coffee", "period": "daily", "min": null, "max": 2, "value": 2, "state": "within", "progress": 100, "left": 0, "streak": 8}]

                """)

        // The text view: one line a goal at 120 columns, then the usual values of attributes without one.
        d.environment = ["COLUMNS": "120"]
        let text = try d.run(["goals"])
        #expect(text.status == 0)
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Goals on Saturday 21 November 2026")
        func line(_ name: String) -> String { lines.first { $0.hasPrefix("  \(name) ") } ?? "" }
        #expect(
            squeezed(line("steps"))
                == "steps >= 10,000 steps daily 4,200 under ████░░░░░░ 42% 5,800 steps to go streak 3 days")
        #expect(
            squeezed(line("sleep"))
                == "sleep 7h..9h weekly avg 7h 40m within ██████████ 100% 1h 20m a day to spare streak 2 weeks")
        #expect(squeezed(line("bedtime")) == "bedtime 23:00..00:30 daily — no data ░░░░░░░░░░ — — streak 1 day")
        #expect(
            squeezed(line("coffee"))
                == "coffee <= 2 cups daily 1 cup within ██████████ 100% 1 cup to spare streak 14 days")
        #expect(lines.contains("Usual on Saturdays (median of the 8 weeks before, without a goal)"))
        // Water has one Saturday before: too few for a usual value, and it says so.
        #expect(lines.contains("  water   5 glasses · no usual yet: 1 of 3 Saturdays"))
        #expect(lines.contains("  weight  72.8 kg · usual 72.5 kg from 3 Saturdays (+0.3 kg)"))
        // At 80 columns, two lines a goal: what stands, then the range, what is left and the streak.
        d.environment = ["COLUMNS": "80"]
        let narrow = try d.run(["goals"]).stdout.split(separator: "\n").map(String.init)
        let steps = try #require(narrow.firstIndex { $0.hasPrefix("  steps ") })
        #expect(squeezed(narrow[steps]) == "steps 4,200 under ████░░░░░░ 42%")
        #expect(narrow[steps + 1] == "    >= 10,000 steps daily · 5,800 steps to go · streak 3 days")
        #expect(narrow.allSatisfy { $0.count <= 80 })
        #expect(try d.sql("PRAGMA integrity_check") == "ok")
    }

    @Test func theExampleScriptRuns() throws {
        let d = try InProcess()
        d.now = "2026-11-21T21:00"
        let r = try d.run(["-f", InProcess.packageRoot + "/Examples/goals.daybook"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        // Goals from Monday the 16th; Monday to Wednesday logged, then 3,100 steps today
        // against the 9,000 set today. Sleep: the mean of 7h20m, 6h50m and 7h45m.
        let json = r.stdout.split(separator: "\n").last.map(String.init)
        #expect(
            json == """
                [{"attribute": "steps", "period": "daily", "min": 9000, "max": null, "value": 3100, "state": "under", "progress": 34, "left": 5900, "streak": 0}, \
                {"attribute": "sleep", "period": "weekly", "min": 420, "max": 540, "value": 438, "state": "within", "progress": 100, "left": 102, "streak": 1}, \
                {"attribute": "bedtime", "period": "daily", "min": "23:00", "max": "00:30", "value": null, "state": "no data", "progress": null, "left": null, "streak": 0}, \
                {"attribute": "resting_hr", "period": "monthly", "min": 50, "max": 80, "value": 58.7, "state": "within", "progress": 100, "left": 21.3, "streak": 1}, \
                {"attribute": "coffee", "period": "daily", "min": null, "max": 2, "value": 1, "state": "within", "progress": 100, "left": 1, "streak": 1}]
                """)
    }

    @Test func undoRevertsAGoal() throws {
        let d = try logged()
        let set = try d.run(["goal", "steps", "12000"])
        #expect(set.status == 0)
        #expect(set.stderr == "goal for steps: >= 12,000 steps daily, from today (was >= 10,000 steps daily)\n")
        #expect(
            try d.run(["goals", "--json"]).stdout.hasPrefix(
                #"[{"attribute": "steps", "period": "daily", "min": 12000,"#))
        let undo = try d.run(["undo"])
        #expect(undo.status == 0)
        #expect(undo.stderr.hasPrefix("undid: goal steps >= 12,000 steps daily from 2026-11-21"))
        #expect(try d.run(["goals", "--json"]).stdout == GoalsCommandTests.today)

        // Ending a goal, then undoing that, brings it back.
        #expect(
            try d.run(["goal", "coffee", "off"]).stderr
                == "ended the goal for coffee from today (was <= 2 cups daily)\n")
        #expect(!(try d.run(["goals", "--json"]).stdout.contains("coffee")))
        #expect(try d.run(["undo"]).stderr.hasPrefix("undid: goal coffee off from 2026-11-21"))
        #expect(try d.run(["goals", "--json"]).stdout == GoalsCommandTests.today)
        #expect(try d.sql("SELECT count(*) FROM goal WHERE removed_by IS NULL") == "8")
    }

    @Test func badRangesAreRefusedWithOneLineAndNothingWritten() throws {
        let d = try logged()
        #expect(try d.run(["track", "focus", "percentage"]).status == 0)
        func snapshot() throws -> String {
            try d.sql("SELECT count(*) FROM change") + "|" + d.sql("SELECT * FROM goal ORDER BY id")
        }
        let before = try snapshot()
        let cases: [([String], String)] = [
            (
                ["goal", "steps", "7h..9h"],
                "steps: '7h' is a duration, but steps is a count (steps); use a range like >= 8000, at most 2, 50..80 or between 50 and 80"
            ),
            (
                ["goal", "steps", "12000..8000"],
                "steps: the lower bound 12,000 is above the upper bound 8,000; write the smaller first: 8,000..12,000"
            ),
            (["goal", "focus", ">= 120%"], "focus: '120%' is not a percentage; use 0% to 100%, like 85%"),
            (
                ["goal", "stepz", ">=", "8000"],
                "unknown attribute 'stepz'; did you mean 'steps'? Or, to track a new one: track stepz TYPE (count, decimal, percentage, duration, time or yesno)"
            ),
            (
                ["goal", "sleep", "7..9", "weekly"],
                "sleep: '7' has no unit; sleep is a duration, so write h or m, like 7h..9h, at least 30m, <= 1h30m or between 7h and 9h"
            ),
            (
                ["goal", "bedtime", "23:00..23:00"],
                "bedtime: 23:00..23:00 is an empty window; give two different times, like 22:00..23:30"
            ),
            (
                ["goal", "steps", "8000", "weekli"],
                "'weekli' is not a period; did you mean 'weekly'? Use daily, weekly or monthly"
            ),
            (["goal", "water", "off"], "water has no goal on 2026-11-21; nothing was changed"),
            (["goal", "steps", "off", "weekly"], "'goal steps off' takes no period; got 'weekly'"),
            (
                ["goal", "steps", "8000", "--on", "2026-11-22"],
                "2026-11-22 is in the future; entries are written for today (2026-11-21) or earlier"
            ),
        ]
        for (arguments, message) in cases {
            let r = try d.run(arguments)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.stderr == "error: \(message)\n", "\(arguments)")
            #expect(r.stdout == "")
        }
        // In a script, the line number leads, and the next lines still run.
        let r = try d.run(input: "goal coffee between 3 and 1\ngoals --json\n")
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "<stdin>:1: error: coffee: the lower bound 3 is above the upper bound 1; write the smaller first: 1..3\n"
        )
        #expect(r.stdout == GoalsCommandTests.today)
        #expect(try snapshot() == before)
        // A range needs to be there at all: a usage error.
        let usage = try d.run(["goal", "steps"])
        #expect(usage.status == 64)
        #expect(usage.stderr == "error: goal needs RANGE; usage: goal ATTR RANGE [PERIOD]\n")
    }
}

/// Columns padded for reading, squeezed to single spaces for comparing.
private func squeezed(_ line: String) -> String {
    line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
}
