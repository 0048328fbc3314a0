import Foundation
import Testing

/// A year ago today in `today` and `show`, in text and JSON, and `show --on-this-day`, through
/// the real binary.
@Suite struct OnThisDayEndToEndTests {
    @Test func aYearAgoInShowAndToday() throws {
        let d = try Daybook()
        #expect(try d.run(["mood", "4", "walked by the sea\nand home", "--on", "2025-11-21"]).status == 0)
        #expect(try d.run(["note", "today's note"]).status == 0)
        var r = try d.run(["show"])
        #expect(r.status == 0)
        #expect(r.stdout.hasSuffix("A year ago, Fri 21 Nov 2025: 4 good · walked by the sea\n"), "\(r.stdout)")
        r = try d.run(["today"])
        #expect(r.stdout.hasSuffix("\n\nA year ago, Fri 21 Nov 2025: 4 good · walked by the sea\n"), "\(r.stdout)")
        r = try d.run(["show", "--json"])
        #expect(
            r.stdout.hasSuffix(
                #", "looking_back": {"date": "2025-11-21", "ago": "year", "mood": {"rating": 4, "label": "good"}, "text": "walked by the sea"}}"#
                    + "\n"), "\(r.stdout)")
        r = try d.run(["today", "--json"])
        #expect(r.stdout.contains(#""looking_back": {"date": "2025-11-21""#), "\(r.stdout)")
        // A day with nothing a year or a month before says nothing of it.
        r = try d.run(["show", "2025-11-21"])
        #expect(!r.stdout.contains("ago"), "\(r.stdout)")
        #expect(try d.run(["show", "2025-11-21", "--json"]).stdout.hasSuffix(#""looking_back": null}"# + "\n"))
    }

    @Test func aMonthAgoWhenAYearAgoHeldNothing() throws {
        let d = try Daybook()
        d.now = "2027-03-31T09:30"
        #expect(try d.run(["note", "last of February", "--on", "2027-02-28"]).status == 0)
        let r = try d.run(["show"])
        #expect(r.stdout.hasSuffix("A month ago, Sun 28 Feb 2027: last of February\n"), "\(r.stdout)")
    }

    @Test func everyEarlierYear() throws {
        let d = try Daybook()
        var r = try d.run(["show", "--on-this-day"])
        // No journal: nothing to say, and nothing created.
        #expect(r.status == 1)
        #expect(try d.run(["mood", "3", "--on", "2026-11-20"]).status == 0)
        r = try d.run(["show", "--on-this-day"])
        #expect(r.status == 0)
        #expect(r.stdout == "")
        #expect(r.stderr == "nothing on 21 November in earlier years\n")
        #expect(try d.run(["mood", "5", "fine day", "--on", "2024-11-21"]).status == 0)
        #expect(try d.run(["log", "steps", "9120", "sleep", "7h20m", "--on", "2024-11-21"]).status == 0)
        #expect(try d.run(["note", "rain", "--on", "2020-11-21"]).status == 0)
        r = try d.run(["show", "--on-this-day"])
        #expect(
            r.stdout == """
                21 November in earlier years
                  2024 Thu  5 great · fine day · steps 9,120, sleep 7h 20m
                  2020 Sat  rain

                """)
        r = try d.run(["show", "--on-this-day", "--json"])
        #expect(
            r.stdout.hasPrefix(#"{"date": "2026-11-21", "days": [{"date": "2024-11-21", "mood": {"rating": 5"#),
            "\(r.stdout)")
        #expect(r.stdout.contains(#"{"date": "2020-11-21", "mood": null"#))
        // Another day's earlier years.
        #expect(try d.run(["show", "2025-11-21", "--on-this-day"]).stdout.contains("2024 Thu"))
        let both = try d.run(["show", "--on-this-day", "--history", "n1"])
        #expect(both.status == 1)
        #expect(both.stderr == "error: show takes --on-this-day or --history n1, not both\n")
    }
}
