import Foundation
import Testing

/// `review` on the real binary: its text, its JSON read back, its Markdown, its refusals.
@Suite struct ReviewEndToEndTests {
    /// September 2026: 6h of sleep and a mood of 3 every day. October: a mood of `1 + d % 5`
    /// with a note, 7h of sleep on odd days and 8h on even ones. Today is Saturday 21 November.
    func journal() throws -> Daybook {
        let d = try Daybook()
        d.now = "2026-11-21T09:30"
        var lines: [String] = []
        for day in 1...30 {
            let date = "2026-09-" + (day < 10 ? "0" : "") + String(day)
            lines += ["mood 3 --on \(date)", "log sleep 6h --on \(date)"]
        }
        for day in 1...31 {
            let date = "2026-10-" + (day < 10 ? "0" : "") + String(day)
            lines += [
                "mood \(1 + day % 5) day \(day) #walk --on \(date)",
                "log sleep \(day % 2 == 1 ? "7h" : "8h") --on \(date)",
            ]
        }
        let r = try d.run(input: lines.joined(separator: "\n") + "\n")
        #expect(r.status == 0, "\(r.stderr)")
        return d
    }

    @Test func aMonthInText() throws {
        let d = try journal()
        let r = try d.run(["review", "month"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        let lines = r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "Review: October 2026")
        let text = lines.joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(text.contains("A mood on 31 of 31 days; the longest run, 31 days in a row (1 to 31 October)."))
        let ratings = (1...31).map { 1 + $0 % 5 }
        let mean = (Double(ratings.reduce(0, +)) / 31 * 10).rounded() / 10
        let shown = mean == mean.rounded() ? String(Int(mean)) : String(mean)
        #expect(text.contains("Mean \(shown) over 31 days, about the same as in September (3, 30 days)."))
        // 16 nights of 7h and 15 of 8h: 7h 29m a day, 232h in all, against 6h.
        #expect(
            text.contains("Sleep: 7h 29m a day against 6h in September, 1h 29m longer (31 and 30 days; 232h in all)."))
        #expect(text.contains("#walk on 31 days"))
        #expect(lines.allSatisfy { $0.count <= 80 })
    }

    /// A month draws each attribute's days as a sparkline, within 40 columns, in ASCII under
    /// --ascii: October's sleep, 7h on odd days and 8h on even ones, alternates.
    @Test func aMonthHasASparklineOfEachAttributesDays() throws {
        let d = try journal()
        d.environment["COLUMNS"] = "40"
        let text = try d.run(["review", "month"]).stdout.split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        let days = try #require(text.firstIndex(of: "Days"), "\(text)")
        let alternating = String(repeating: "▁█", count: 15) + "▁"
        // "sleep" and 31 days fit 40 columns on one line; a longer name puts them under it
        // (the review-month snapshots at 40 columns).
        #expect(Array(text[(days + 1)...]) == [
            "         1      8      15     22     29", "  sleep  " + alternating,
            "    low 1 Oct 7h · high 2 Oct 8h", "",
        ])
        #expect(text.allSatisfy { $0.unicodeScalars.count <= 40 })
        let ascii = try d.run(["review", "month", "--ascii"]).stdout
        #expect(ascii.contains("\n  sleep  " + String(repeating: "_#", count: 15) + "_\n"), "\(ascii)")
        #expect(ascii.unicodeScalars.allSatisfy { $0.isASCII })
        // A week has none.
        let week = try d.run(["review", "week"]).stdout
        #expect(!week.contains("Days"))
    }

    @Test func jsonReadsBack() throws {
        let d = try journal()
        let r = try d.run(["review", "2026-10", "--json"])
        #expect(r.status == 0 && r.stderr == "")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        #expect(object["period"] as? String == "2026-10")
        #expect(object["from"] as? String == "2026-10-01" && object["through"] as? String == "2026-10-31")
        #expect(object["days"] as? Int == 31)
        let attributes = try #require(object["attributes"] as? [[String: Any]])
        let sleep = try #require(attributes.first { $0["attribute"] as? String == "sleep" })
        #expect(sleep["mean"] as? Int == 449)
        #expect(sleep["previous_mean"] as? Int == 360)
        #expect(sleep["total"] as? Int == 13920)
        #expect(sleep["direction"] as? String == "higher")
        let mood = try #require(object["mood"] as? [String: Any])
        #expect(mood["days"] as? Int == 31)
        #expect(mood["previous_mean"] as? Double == 3)
        let best = try #require((mood["best"] as? [[String: Any]])?.first)
        #expect(best["date"] as? String == "2026-10-29" && best["note"] as? String == "day 29 #walk")
    }

    @Test func markdownToKeep() throws {
        let d = try journal()
        let r = try d.run(["review", "month", "october", "--markdown"])
        #expect(r.status == 0 && r.stderr == "")
        #expect(r.stdout.hasPrefix("# Review: October 2026\n\n## Check-ins\n\n- A mood on 31 of 31 days"))
        #expect(r.stdout.contains("\n| sleep | 7h 29m | 31 | 6h | 30 |\n"))
        #expect(!r.stdout.contains("\u{1B}"))
    }

    @Test func theDefaultAndAPeriodSoFar() throws {
        let d = try journal()
        let week = try d.run(["review"])
        #expect(week.stdout.hasPrefix("Review: Week 46 of 2026, 9 to 15 November\n"))
        #expect(week.stdout.contains("No mood logged this week (7 days)."))
        let soFar = try d.run(["review", "this", "month"])
        #expect(soFar.stdout.hasPrefix("Review: November 2026, so far (21 of 30 days)\n"))
    }

    @Test func badPeriodsAreRefusedInOneLine() throws {
        let d = try journal()
        for (words, message) in [
            (["review", "year", "2026-10"], "error: '2026-10' is a month, not a year; use week, month or year, then"),
            (["review", "2027"], "error: 2027 has not begun yet (today is 2026-11-21)"),
            (["review", "week", "someday"], "error: 'someday' is not a period; use week, month or year"),
            (["review", "--json", "--markdown"], "error: give --json or --markdown, not both"),
        ] {
            let r = try d.run(words)
            #expect(r.status != 0, "\(words)")
            #expect(r.stdout == "", "\(words)")
            #expect(r.stderr.hasPrefix(message), "\(words): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(words): \(r.stderr)")
        }
    }
}
