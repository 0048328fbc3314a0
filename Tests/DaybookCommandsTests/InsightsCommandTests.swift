import Foundation
import Testing

/// `insights` through the command line, on a generated 12-week journal.
@Suite struct InsightsCommandTests {
    /// 30 August to 21 November 2026: 84 days; the 21st is "today", a Saturday, at 21:00.
    static let days: [String] = {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let start = formatter.date(from: "2026-08-30")!
        return (0..<84).map { formatter.string(from: start.addingTimeInterval(Double($0) * 86400)) }
    }()

    /// Saturdays (the 84 days start on a Sunday) walk far more. Mood follows the night's sleep
    /// and is a point higher on #gym days.
    static func steps(_ i: Int) -> Int {
        if i == 83 { return 15000 }
        return (i % 7 == 6 ? 12000 : 7000) + (i * 7919) % 2000
    }
    static func sleep(_ i: Int) -> Int { i == 83 ? 510 : 360 + 25 * ((i * 37) % 7) }
    static func gym(_ i: Int) -> Bool { i % 3 == 0 }
    static func mood(_ i: Int) -> Int {
        let rested = (i * 37) % 7 >= 3 || i == 83
        return min(5, 2 + (rested ? 1 : 0) + (gym(i) ? 1 : 0) + ((i * 13) % 4 == 0 ? 1 : 0))
    }

    static let script: String = {
        var lines: [String] = []
        for (i, day) in days.enumerated() {
            let bed = i == 83 ? 40 : (23 * 60 + (i * 17) % 90) % 1440
            let bedtime = String(format: "%02d:%02d", bed / 60, bed % 60)
            lines.append(
                "log steps \(steps(i)) sleep \(sleep(i))m bedtime \(bedtime) coffee \(i % 3) --on \(day)")
            lines.append("mood \(mood(i)) \(gym(i) ? "lifted #gym" : "a day") --on \(day)")
        }
        lines += [
            "goal steps >= 10000 --on 2026-09-20", "goal coffee at most 2 --on 2026-09-20",
            "goal bedtime 23:00..00:30 --on 2026-09-20",
        ]
        return lines.joined(separator: "\n") + "\n"
    }()

    func logged() throws -> InProcess {
        let d = try InProcess()
        d.now = "2026-11-21T21:00"
        let r = try d.run(input: InsightsCommandTests.script)
        #expect(r.stderr == "")
        #expect(r.status == 0)
        return d
    }

    func objects(_ d: InProcess, _ arguments: [String]) throws -> [[String: Any]] {
        let r = try d.run(arguments)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
    }

    @Test func twelveWeeks() throws {
        let d = try logged()
        // The next morning: the 21st has ended, and its steps are a whole day's.
        d.now = "2026-11-22T08:00"
        let all = try objects(d, ["insights", "2026-11-21", "--all", "--json"])
        func find(_ kind: String, _ attribute: String) -> [String: Any]? {
            all.first { $0["kind"] as? String == kind && $0["attribute"] as? String == attribute }
        }

        // Steps against the 8 Saturdays before, worked out here.
        let saturdays = (1...8).map { InsightsCommandTests.steps(83 - 7 * $0) }.sorted()
        let usualSteps = Double(saturdays[3] + saturdays[4]) / 2
        let steps = try #require(find("usual", "steps"))
        #expect(steps["value"] as? Double == 15000)
        #expect(steps["usual"] as? Double == usualSteps)
        #expect(steps["percent_of_usual"] as? Int == Int((15000 / usualSteps * 100).rounded()))
        #expect(steps["days"] as? Int == 8)
        let previous30 = (53..<83).map { Double(InsightsCommandTests.steps($0)) }
        #expect(steps["average_30d"] as? Double == (previous30.reduce(0, +) / 30).rounded())

        // 15,000 steps: the most of the 84 days, and nothing older.
        let record = try #require(find("record", "steps"))
        #expect(record["sentence"] as? String == "Most steps on record: 15,000 (84 days logged).")

        // 00:40 tonight, after a window ending at 00:30: 10 minutes late.
        let bedtime = try #require(find("goal", "bedtime"))
        #expect(bedtime["goal_state"] as? String == "over")
        #expect(
            bedtime["sentence"] as? String
                == "Bedtime 00:40, 10 minutes later than your goal allows (goal: between 23:00 and 00:30).")
        #expect(find("goal", "steps")?["goal_state"] as? String == "within")
        // Coffee has been 0, 1 or 2 cups every day since the goal began on 20 September.
        #expect(find("streak", "coffee")?["streak"] as? Int == 63)

        // The planted patterns and links.
        let saturday = try #require(find("weekday", "steps"))
        #expect(saturday["weekday"] as? String == "saturday")
        #expect(saturday["days"] as? Int == 12)
        let sleep = try #require(
            all.first {
                $0["kind"] as? String == "correlation" && $0["attribute"] as? String == "sleep"
                    && $0["lag"] as? Int == 0
            })
        #expect((sleep["r"] as? Double ?? 0) >= 0.3)
        #expect((sleep["p"] as? Double ?? 1) < 0.05)
        #expect(sleep["days"] as? Int == 84)
        let gym = try #require(find("tag", "mood"))
        #expect(gym["tag"] as? String == "gym")
        #expect(gym["days"] as? Int == 28)
        #expect(gym["other_days"] as? Int == 56)

        // The top 5, as text, are the first five of --all.
        let text = try d.run(["insights", "2026-11-21"])
        #expect(text.status == 0)
        #expect(text.stderr == "")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Insights for Saturday 21 November 2026")
        let top = try objects(d, ["insights", "2026-11-21", "--json"])
        #expect(top.count == 5)
        for (line, object) in zip(lines.dropFirst(), top) { #expect(line == "  " + (object["sentence"] as! String)) }
        for (a, b) in zip(top, all) { #expect(a["sentence"] as? String == b["sentence"] as? String) }
        let links = top.contains { ["correlation", "tag"].contains($0["kind"] as? String) }
        #expect(lines.contains("  Links are correlations over the last 90 days, not causes.") == links)
        #expect(lines.last == "")
    }

    @Test func theFirstDayHasNotEnoughHistory() throws {
        let d = try logged()
        let r = try d.run(["insights", "2026-08-30", "--all"])
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                Insights for Sunday 30 August 2026
                  Not enough history yet for a usual Sunday: 3 are needed; mood, steps, sleep, bedtime and coffee have none.
                  No links with mood yet: 29 more days with both logged are needed (1 so far).

                """)
    }

    @Test func anEmptyJournalAndABadDate() throws {
        let d = try InProcess()
        let missing = try d.run(["insights"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: no journal at "), "\(missing.stderr)")
        // A setting makes a journal with nothing recorded in it.
        #expect(try d.run(["set", "color", "never"]).status == 0)
        let empty = try d.run(["insights"])
        #expect(empty.status == 0)
        #expect(
            empty.stdout
                == "Insights for Saturday 21 November 2026\n  nothing to compare yet: log a value or a mood for this day\n"
        )
        #expect(try d.run(["insights", "--json"]).stdout == "[]\n")
        let bad = try d.run(["insights", "someday"])
        #expect(bad.status != 0)
        #expect(bad.stdout == "")
        #expect(
            bad.stderr
                == "error: 'someday' is not a date; use today, yesterday, a weekday (monday or mon), last monday, 3 days ago, a week ago, 21 nov, nov 21, 21/11, or YYYY-MM-DD\n")
    }
}
