import Foundation
import Testing

/// A day still going, through the commands: at 9:00 with 800 steps, `insights`, `today` and
/// `review month` tell the steps "so far" and neither compare them nor make them a record; the
/// next day the same 800 steps are judged as a whole day. A weight logged at 9:00 is compared
/// at once.
@Suite struct DayStillGoingCommandTests {
    /// 8 weeks to Friday 20 November 2026 of 9,000 to 13,900 steps, a weight near 71 kg and a
    /// mood; Saturday the 21st, at 9:00, 800 steps and 68 kg so far.
    func morning() throws -> InProcess {
        let d = try InProcess()
        d.now = "2026-11-21T09:00"
        var lines: [String] = []
        for back in 1...56 {
            let date = Self.iso(daysBefore: back)
            lines.append("log steps \(9000 + (back * 733) % 5000) weight \(70 + Double(back % 7) / 5) --on \(date)")
            lines.append("mood \(3 + back % 2) --on \(date)")
        }
        lines.append("log steps 800 weight 60")
        let r = try d.run(input: lines.joined(separator: "\n") + "\n")
        #expect(r.stderr == "")
        #expect(r.status == 0)
        return d
    }

    static func iso(daysBefore back: Int) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: formatter.date(from: "2026-11-21")!.addingTimeInterval(-Double(back) * 86400))
    }

    func text(_ d: InProcess, _ arguments: [String]) throws -> [String] {
        let r = try d.run(arguments)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        return r.stdout.split(separator: "\n").map(String.init)
    }

    func objects(_ d: InProcess, _ arguments: [String]) throws -> [[String: Any]] {
        let r = try d.run(arguments)
        #expect(r.status == 0)
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
    }

    @Test func atNineTheStepsSoFarAreNotJudged() throws {
        let d = try morning()
        let lines = try text(d, ["insights", "--all"])
        #expect(lines.contains("  800 steps so far."))
        let steps = lines.filter { $0.contains("steps") }
        #expect(!steps.contains { $0.contains("fewer") || $0.contains("record") || $0.contains("usual") })
        #expect(!lines.contains { $0.contains("Fewest") })
        // The weight is what it is: compared with the usual Saturday, and the lowest.
        #expect(lines.contains { $0.hasPrefix("  Weight 60 kg,") && $0.contains("lower than your usual Saturday") })
        #expect(lines.contains { $0.hasPrefix("  Lowest weight") })

        let objects = try objects(d, ["insights", "--all", "--json"])
        let kinds = objects.filter { $0["attribute"] as? String == "steps" }.map { $0["kind"] as? String }
        #expect(kinds.contains("so_far"))
        #expect(!kinds.contains { ["usual", "average", "record"].contains($0) })
        let soFar = try #require(objects.first { $0["kind"] as? String == "so_far" })
        #expect(soFar["value"] as? Int == 800)
        #expect(soFar["usual"] is NSNull)
        #expect(soFar["sentence"] as? String == "800 steps so far.")

        let today = try text(d, ["today"]).joined(separator: "\n")
        #expect(!today.contains("fewer"))
        #expect(!today.contains("Fewest"))

        let review = try text(d, ["review", "month", "2026-11"]).joined(separator: "\n")
        #expect(!review.contains("Fewest steps"))
    }

    @Test func theNextDayTheSameStepsAreAWholeDay() throws {
        let d = try morning()
        d.now = "2026-11-22T09:00"
        let lines = try text(d, ["insights", "2026-11-21", "--all"])
        #expect(!lines.contains { $0.contains("so far") })
        #expect(lines.contains { $0.hasPrefix("  800 steps, ") && $0.contains("fewer than your usual Saturday") })
        #expect(lines.contains { $0.hasPrefix("  Fewest steps") && $0.contains(": 800") })
        let review = try text(d, ["review", "month", "2026-11"]).joined(separator: "\n")
        #expect(review.contains("Fewest steps"))
    }

    @Test func theDayEndsAtTheDayStart() throws {
        // At 02:00 with the day starting at 04:00, the 21st is still going.
        let d = try morning()
        #expect(try d.run(["set", "day-start", "04:00"]).status == 0)
        d.now = "2026-11-22T02:00"
        #expect(try text(d, ["insights", "--all"]).contains("  800 steps so far."))
        d.now = "2026-11-22T04:00"
        #expect(!(try text(d, ["insights", "2026-11-21", "--all"]).contains("  800 steps so far.")))
    }
}
