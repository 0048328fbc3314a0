import DaybookTestSupport
import Foundation
import Testing

/// `today`, `week` and `calendar` of a journal: cards, tables, JSON and CSV, refusals, and notes
/// that hold escapes.
@Suite struct DashboardTests {
    @Test func todayShowsCardsWithBarsAndWhatIsLeft() throws {
        let d = try InProcess.twoDayJournal()
        let r = try d.run(["today"])
        #expect(r.status == 0)
        #expect(r.stderr == "")
        let lines = r.stdout.split(separator: "\n")
        #expect(lines[0] == "Saturday 21 November 2026")
        #expect(lines[1] == "╭─ Mood ──────────────────────────────╮ ╭─ Activity ──────────────────────────╮")
        #expect(lines[2] == "│ 4 good     ████░                    │ │ steps  9,120  █████████░ 91%        │")
        // Beside the Sleep card's weekly goal's "avg 7h 20m", the bar is a cell narrower.
        #expect(r.stdout.contains("│ bedtime  01:05       ░░█████░● late │"))
        #expect(r.stdout.contains("│ sleep    avg 7h 20m  █████████ met  │"))
        #expect(r.stdout.contains("│          7h 20m on Saturday         │"))
        #expect(r.stdout.contains("│          35m late                   │"))
        #expect(r.stdout.contains("│ coffee  3 cups  ██████▓▓▓▓ over     │"))
        #expect(!r.stdout.contains("over 0%"))
        #expect(lines.allSatisfy { DashboardText.columns($0) <= 80 })
    }

    @Test func todayAsJSON() throws {
        let d = try InProcess.twoDayJournal()
        let r = try d.run(["today", "--json"])
        #expect(r.status == 0)
        let object = try #require(try DashboardText.json(r.stdout) as? [String: Any])
        #expect(object["date"] as? String == "2026-11-21")
        let attributes = try #require(object["attributes"] as? [[String: Any]])
        #expect(attributes.map { $0["attribute"] as? String } == ["steps", "sleep", "bedtime", "coffee"])
        let bedtime = try #require(attributes[2]["goal"] as? [String: Any])
        #expect(bedtime["state"] as? String == "over")
        #expect(bedtime["left"] as? Int == -35)
        // The top two insights of the day, as `insights` ranks them.
        let ranked = try #require(try DashboardText.json(try d.run(["insights", "--json"]).stdout) as? [[String: Any]])
        let top = ranked.prefix(2).compactMap { $0["sentence"] as? String }
        #expect(top.count == 2)
        #expect(object["insights"] as? [String] == top)
        // Yesterday has only a weight, no goal yet: no usual value either.
        let friday = try #require(try DashboardText.json(try d.run(["today", "yesterday", "--json"]).stdout) as? [String: Any])
        let items = try #require(friday["attributes"] as? [[String: Any]])
        #expect(items.count == 1)
        #expect(items[0]["value"] as? Double == 72.4)
        #expect(items[0]["goal"] is NSNull)
    }

    /// A usual value is a median, shown as `goals` shows it, so that the difference beside it
    /// adds up: 12 against a usual 31.5 is -19.5, not a usual "32". It says the days it rests
    /// on, and with fewer than 3 that there are too few, in `today` and `goals` alike.
    @Test func aUsualValueReadsAsAMedian() throws {
        let d = try InProcess()
        #expect(try d.run(["track", "pushups", "count", "max"]).status == 0)
        _ = try d.run(input: "log pushups 31 --on 2026-11-14\nlog pushups 32 --on 2026-11-07\nlog pushups 12\n")
        #expect(try d.run(["today"]).stdout.contains("no usual yet · 2 of 3 Saturdays"))
        #expect(try d.run(["goals"]).stdout.contains("12 · no usual yet: 2 of 3 Saturdays"))
        _ = try d.run(input: "log pushups 30 --on 2026-10-31\nlog pushups 33 --on 2026-10-24\n")
        let today = try d.run(["today"])
        #expect(today.stdout.contains("usual 31.5 · from 4 Saturdays · -19.5"), "\(today.stdout)")
        #expect(try d.run(["goals"]).stdout.contains("12 · usual 31.5 from 4 Saturdays (-19.5)"))
        let object = try #require(try DashboardText.json(try d.run(["today", "--json"]).stdout) as? [String: Any])
        let items = try #require(object["attributes"] as? [[String: Any]])
        let pushups = items.first { $0["attribute"] as? String == "pushups" }
        #expect(pushups?["usual"] as? Double == 31.5)
        #expect(pushups?["usual_days"] as? Int == 4)
    }

    @Test func weekTableWithDaysAndCSV() throws {
        let d = try InProcess.twoDayJournal()
        let r = try d.run(["week", "--days", "2"])
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                2 days to Saturday 21 November 2026
                day         mood    goals  steps   sleep  bedtime   weight  note
                ──────────  ──────  ─────  ─────  ──────  ───────  ───────  ────────────────────
                Fri 20 Nov  —                                      72.4 kg
                Sat 21 Nov  4 good  1/4    9,120  7h 20m    01:05           walked by the sea #…

                mood      ▆  mean 4 · 1 day
                steps     ▅  mean 9,120 · 1 day
                sleep     ▅  mean 7h 20m · 1 day
                bedtime   ▅  mean 01:05 · 1 day
                weight   ▅   mean 72.4 kg · 1 day
                coffee    ▅  mean 3 cups · 1 day

                """)
        let csv = try d.run(["week", "--days", "2", "--csv"]).stdout.split(separator: "\n")
        #expect(csv[0] == "date,weekday,mood,mood_label,goals_met,goals_total,steps,sleep,bedtime,weight,coffee,tags,mood_note,notes")
        #expect(csv[2] == "2026-11-21,saturday,4,good,1,4,9120,440,01:05,,3,outdoors friends,walked by the sea #outdoors,call Ana about Sunday #friends")
        for days in ["30", "366"] {
            let week = try #require(try DashboardText.json(try d.run(["week", "--days", days, "--json"]).stdout) as? [String: Any])
            #expect((week["days"] as? [Any])?.count == Int(days))
        }
        // The default stays seven days, in the form `show --json` prints.
        let seven = try #require(try DashboardText.json(try d.run(["week", "--json"]).stdout) as? [String: [[String: Any]]])
        #expect(seven["days"]?.count == 7)
        #expect(seven["days"]?.last?["date"] as? String == "2026-11-21")
        #expect(Set(seven["days"]!.last!.keys).isSuperset(of: ["date", "mood", "notes", "tags", "values"]))
    }

    @Test func badInputIsOneLineAndNothingIsShown() throws {
        let d = try InProcess.twoDayJournal()
        let cases: [([String], String)] = [
            (["week", "--days", "0"], "--days takes a number of days from 1 to 366; got 0"),
            (["week", "--days", "367"], "--days takes a number of days from 1 to 366; got 367"),
            (["week", "--days", "x"], "--days takes a number of days from 1 to 366; got x"),
            (["week", "--json", "--csv"], "give --json or --csv, not both"),
            (["calendar", "2026-13"], "'2026-13' is not a year or a month; use YYYY or YYYY-MM, like 2026 or 2026-11"),
            (["calendar", "26"], "'26' is not a year or a month"),
            (["calendar", "--attribute", "nope"], "nope"),
            (["today", "someday"], "'someday' is not a date"),
        ]
        for (arguments, message) in cases {
            let r = try d.run(arguments)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.stdout == "", "\(arguments)")
            #expect(r.stderr.contains(message), "\(arguments): \(r.stderr)")
            #expect(r.stderr.filter { $0 == "\n" }.count == 1, "\(arguments): \(r.stderr)")
        }
    }

    @Test func calendarAsGridJSONAndCSV() throws {
        let d = try InProcess.twoDayJournal()
        let text = try d.run(["calendar", "2026-11"])
        #expect(text.status == 0)
        #expect(
            text.stdout == """
                Mood in November 2026
                   1  2  9  16 23 30
                Mo    ·  ·  ·
                Tu    ·  ·  ·
                We    ·  ·  ·
                Th    ·  ·  ·
                Fr    ·  ·  ·
                Sa    ·  ·  4
                Su ·  ·  ·

                1 terrible  2 bad  3 okay  4 good  5 great  · no mood

                """)
        let month = try #require(try DashboardText.json(try d.run(["calendar", "2026-11", "--json"]).stdout) as? [String: Any])
        let days = try #require(month["days"] as? [[String: Any]])
        #expect(days.count == 30)
        #expect(days[20]["value"] as? Int == 4)
        #expect(days[20]["level"] as? Int == 4)
        #expect(days[19]["value"] is NSNull)
        let year = try d.run(["calendar", "--attribute", "weight", "--csv"]).stdout.split(separator: "\n")
        #expect(year.count == 366)
        #expect(year[0] == "date,value,level")
        #expect(year[324] == "2026-11-20,72.4,3")
        // The year fits 80 columns, and wraps its months below that.
        for width in [80, 60, 40, 20] {
            d.environment = ["COLUMNS": String(width)]
            let lines = try d.run(["calendar"]).stdout.split(separator: "\n")
            #expect(lines.allSatisfy { DashboardText.columns($0) <= width }, "\(width)")
            #expect(lines.contains { $0.hasPrefix("   Jan Feb") } == (width >= 60), "\(width)")
        }
    }

    @Test func notesWithEscapesShowEscapedInEveryView() throws {
        let d = try InProcess()
        d.now = "2026-11-21T21:40"
        let hostile = "title \u{1B}]0;pwned\u{07} clear \u{1B}[2J flip \u{202E}txet"
        #expect(try d.run(["mood", "3", hostile]).status == 0)
        #expect(try d.run(["note", hostile]).status == 0)
        #expect(try d.run(["log", "steps", "100"]).status == 0)
        let shown = "title ␛]0;pwned␇ clear ␛[2J flip <U+202E>txet"
        for command in [["today"], ["week"], ["show"], ["week", "--csv"]] {
            d.environment = ["COLUMNS": "200"]
            for colour in ["never", "always"] {
                let out = try d.run(["--color", colour] + command).stdout
                #expect(out.contains(shown), "\(command): \(out)")
                #expect(!out.contains("\u{1B}]") && !out.contains("\u{1B}[2J") && !out.contains("\u{202E}"), "\(command)")
                #expect(!out.unicodeScalars.contains { $0 == "\u{07}" }, "\(command)")
            }
            // Cut to fit at narrow widths, still never raw.
            d.environment = ["COLUMNS": "30"]
            let narrow = try d.run(["--color", "always"] + command).stdout
            #expect(!narrow.contains("\u{1B}]") && !narrow.contains("\u{1B}[2J") && !narrow.contains("\u{202E}"))
        }
        for command in [["today", "--json"], ["week", "--json"]] {
            let out = try d.run(command).stdout
            #expect(out.contains(#"title \u001b]0;pwned\u0007 clear \u001b[2J flip \u202etxet"#), "\(command)")
        }
    }
}
