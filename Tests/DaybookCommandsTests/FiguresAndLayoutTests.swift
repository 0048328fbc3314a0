import Foundation
import Testing

/// Figures that must agree with the ones beside them, and layouts at 40 columns. The clock is
/// pinned to Saturday 2026-11-21 09:30.
@Suite struct FiguresAndLayoutTests {
    /// A weekly sleep goal whose mean is 6h 41.5m: shown as 6h 42m, with 18m a day to go.
    func weeklySleep() throws -> InProcess {
        let d = try InProcess()
        for line in [
            ["goal", "sleep", "at", "least", "7h", "weekly", "--on", "2026-11-16"],
            ["log", "sleep", "6h41m", "--on", "2026-11-16"], ["log", "sleep", "6h42m", "--on", "2026-11-17"],
        ] {
            let r = try d.run(line)
            #expect(r.status == 0, "\(line): \(r.stderr)")
        }
        return d
    }

    @Test func whatIsLeftAddsUpWithTheMeanShown() throws {
        let d = try weeklySleep()
        let goals = try d.run(["goals"]).stdout
        #expect(goals.contains("avg 6h 42m"), "\(goals)")
        #expect(goals.contains("18m a day to go"), "\(goals)")
        #expect(!goals.contains("19m"), "\(goals)")
    }

    /// `today` with a weekly goal: the bar and percentage stand beside the week's mean they
    /// measure, and the day's own value (or that there is none) is said below.
    @Test func todayShowsTheWeeksMeanBesideItsBar() throws {
        let d = try weeklySleep()
        var today = try d.run(["today"]).stdout
        let barLine = try #require(today.split(separator: "\n").first { $0.contains("95%") }, "\(today)")
        #expect(barLine.contains("sleep  avg 6h 42m"), "\(today)")
        #expect(today.contains("none on Saturday"), "\(today)")
        #expect(today.contains("18m a day to go"), "\(today)")
        #expect(try d.run(["log", "sleep", "7h20m"]).status == 0)
        today = try d.run(["today"]).stdout
        #expect(today.contains("7h 20m on Saturday"), "\(today)")
        // The mean of 6h 41m, 6h 42m and 7h 20m.
        #expect(today.contains("sleep  avg 6h 54m"), "\(today)")

        // Met over the week with no sleep on the day: the mean is beside "met", not a dash.
        let met = try InProcess()
        for line in [
            ["goal", "sleep", "at", "least", "7h", "weekly", "--on", "2026-11-16"],
            ["log", "sleep", "7h30m", "--on", "2026-11-16"],
        ] {
            #expect(try met.run(line).status == 0)
        }
        let shown = try met.run(["today"]).stdout
        let line = try #require(shown.split(separator: "\n").first { $0.contains("met") }, "\(shown)")
        #expect(line.contains("sleep  avg 7h 30m"), "\(shown)")
        #expect(!shown.contains("sleep  —"), "\(shown)")
        #expect(shown.contains("none on Saturday"), "\(shown)")
    }

    /// At 40 columns a long attribute name goes on a line of its own, and the value, state, bar
    /// and percentage stay on the next.
    @Test func aLongNameKeepsTheGoalsStateBarAndPercentage() throws {
        let d = try InProcess()
        for line in [
            ["track", "pushups_before_breakfast_daily", "count"],
            ["goal", "pushups_before_breakfast_daily", "at", "least", "30", "monthly", "--on", "2026-11-01"],
            ["log", "pushups_before_breakfast_daily", "25", "--on", "2026-11-02"],
        ] {
            #expect(try d.run(line).status == 0, "\(line)")
        }
        d.environment["COLUMNS"] = "40"
        let lines = try d.run(["goals"]).stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  pushups_before_breakfast_daily"), "\(lines)")
        #expect(lines.contains("    avg 25  under  ████████░░  83%"), "\(lines)")
        #expect(lines.allSatisfy { $0.count <= 40 })
    }

    /// A month's calendar has the day each week starts on over its column, and its legend's
    /// bands are the lowest and highest value drawn at each level: no two share an edge.
    @Test func theCalendarHasDayNumbersAndBandsThatDoNotTouch() throws {
        let d = try InProcess()
        for (day, steps) in [("02", "3,800"), ("09", "6,600"), ("12", "7,800"), ("16", "9,400"), ("19", "10,600"), ("20", "12,200")] {
            #expect(try d.run(["log", "steps", steps, "--on", "2026-11-" + day]).status == 0)
        }
        d.environment["COLUMNS"] = "40"
        let out = try d.run(["calendar", "2026-11", "--attribute", "steps"]).stdout
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines[1] == "   1  2  9  16 23 30", "\(out)")
        // Monday the 2nd, 9th and 16th, at levels 1, 2 and 4; Friday the 20th under 16.
        #expect(lines[2] == "Mo    1  2  4", "\(out)")
        #expect(lines[6] == "Fr    ·  ·  5", "\(out)")
        // The scale's five equal steps from 3,800 to 12,200 start at 5,480, 7,160...; each band
        // reads as the values drawn in it, and none ends where the next begins.
        let legend = lines.drop { !$0.isEmpty }.dropFirst().joined(separator: "  ")
        #expect(legend.hasPrefix("1 3,800  2 6,600  3 7,800  4 9,400  5 10,600–12,200  · no value"), "\(out)")
        #expect(!legend.contains("5,480"), "\(out)")
        // A year at 40 columns: months apart by more than a day number's width.
        let year = try d.run(["calendar", "2026", "--attribute", "steps"]).stdout
        #expect(year.contains("   March               April\n   1  2  9  16 23 30   1  6  13 20 27\n"), "\(year)")
    }
}
