import DaybookTestSupport
import Foundation
import Testing

/// `chart` through the real binary on a generated journal of 500 days with gaps (single days,
/// and three whole weeks), against the same series computed by sqlite3 from the journal file.
@Suite struct ChartEndToEndTests {
    /// 500 days to Saturday 21 November 2026.
    static let first = "2025-07-10"

    static func script() -> String {
        var random = SeededRandom(seed: 36)
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        let start = formatter.date(from: first)!
        var lines: [String] = []
        for i in 0..<500 {
            if (200..<221).contains(i) { continue }  // three weeks with nothing
            let day = formatter.string(from: start.addingTimeInterval(Double(i) * 86400))
            if random.uniform() < 0.15 { continue }
            let steps = 3000 + Int(random.uniform() * 12000)
            let weight = 70 + (random.uniform() * 60).rounded() / 10
            let bed = (23 * 60 - 90 + Int(random.uniform() * 180)) % 1440
            lines.append(
                "log steps \(steps) weight \(weight) bedtime \(String(format: "%02d:%02d", bed / 60, bed % 60)) --on \(day)")
            if random.uniform() < 0.8 { lines.append("mood \(1 + Int(random.uniform() * 5)) --on \(day)") }
        }
        lines.append("goal weight 70..75")
        return lines.joined(separator: "\n") + "\n"
    }

    func journal() throws -> Daybook {
        let d = try Daybook()
        d.now = "2026-11-21T21:00"
        let r = try d.run(input: Self.script())
        #expect(r.status == 0, "\(r.stderr)")
        return d
    }

    /// The points of `chart ARGS --json`: date to value (nil for a gap).
    func points(_ d: Daybook, _ arguments: [String]) throws -> [(String, Double?)] {
        let r = try d.run(["chart"] + arguments + ["--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
        let list = try #require(object["points"] as? [[String: Any]])
        return list.map { ($0["date"] as! String, ($0["value"] as? NSNumber)?.doubleValue) }
    }

    /// sqlite3's rows of `sql`: the step's first day to its value.
    func sqlite(_ d: Daybook, _ sql: String) throws -> [String: Double] {
        let r = try d.execute("/usr/bin/sqlite3", ["-batch", "-separator", "|", d.journal, sql])
        #expect(r.status == 0, "\(r.stderr)")
        var out: [String: Double] = [:]
        for line in r.stdout.split(separator: "\n") {
            let parts = line.split(separator: "|")
            out[String(parts[0])] = Double(parts[1])!
        }
        return out
    }

    static let week = "date(day, '-' || ((CAST(strftime('%w', day) AS INTEGER) + 6) % 7) || ' days')"

    /// A week's or a month's mean of a decimal (or of the mood) as it is shown: to 0.1 (docs/scripts.md).
    static func mean(_ x: Double) -> Double { (x * 10).rounded() / 10 }

    func same(
        _ points: [(String, Double?)], _ expected: [String: Double], tolerance: Double, _ what: String, gaps: Bool = true,
        shown: (Double) -> Double = { $0 }
    ) {
        #expect(!expected.isEmpty)
        #expect(Set(points.compactMap { $0.1 == nil ? nil : $0.0 }) == Set(expected.keys), "\(what): the steps with a value")
        for (date, value) in points {
            guard let value else { continue }
            let want = expected[date].map(shown) ?? .nan
            #expect(abs(value - want) <= tolerance, "\(what) \(date): \(value) against sqlite3's \(want)")
        }
        // Consecutive steps: every gap is there as a null, not left out.
        #expect(gaps ? points.count > expected.count : points.count == expected.count, "\(what): gaps are points")
        #expect(points.map(\.0) == points.map(\.0).sorted())
    }

    @Test func seriesEqualSqlite3() throws {
        let d = try journal()
        // Steps add up: a week's total.
        same(
            try points(d, ["steps", "all", "--by", "week"]),
            try sqlite(d, "SELECT \(Self.week) AS w, sum(value) FROM day_value WHERE attribute = 'steps' GROUP BY w"),
            tolerance: 0, "steps by week")
        // Weight is a level: the mean of a month's days.
        same(
            try points(d, ["weight", "all", "--by", "month"]),
            try sqlite(d, "SELECT strftime('%Y-%m-01', day) AS m, avg(value) FROM day_value WHERE attribute = 'weight' GROUP BY m"),
            tolerance: 0.0001, "weight by month", gaps: false, shown: Self.mean)
        // Bedtimes round midnight: the mean on a clock from noon to noon.
        same(
            try points(d, ["bedtime", "all", "--by", "week"]),
            try sqlite(
                d,
                "SELECT w, CASE WHEN a >= 1440 THEN a - 1440 ELSE a END FROM (SELECT \(Self.week) AS w, avg(CASE WHEN value < 720 THEN value + 1440 ELSE value END) AS a FROM day_value WHERE attribute = 'bedtime' GROUP BY w)"
            ), tolerance: 0.011, "bedtime by week", shown: { $0.rounded() })
        // The mood's mean by week.
        same(
            try points(d, ["mood", "all", "--by", "week"]),
            try sqlite(d, "SELECT \(Self.week) AS w, avg(rating) FROM mood WHERE removed_by IS NULL GROUP BY w"),
            tolerance: 0.0001, "mood by week", shown: Self.mean)
        // Days, over a month.
        same(
            try points(d, ["steps", "2026-10", "--by", "day"]),
            try sqlite(d, "SELECT day, value FROM day_value WHERE attribute = 'steps' AND day BETWEEN '2026-10-01' AND '2026-10-31'"),
            tolerance: 0, "steps by day")
    }

    /// The step follows the period and the width: days for a month, weeks for a year, months
    /// for all of it at 80 columns; and every line fits.
    @Test func stepFollowsPeriodAndWidth() throws {
        let d = try journal()
        for (period, step) in [(["2026-10"], "day"), (["1", "year"], "week"), (["all"], "month")] {
            d.environment = ["COLUMNS": "80"]
            let r = try d.run(["chart", "steps"] + period + ["--json"])
            #expect(r.stdout.contains("\"step\": \"\(step)\""), "\(period): \(r.stdout.prefix(120))")
        }
        for width in [40, 80, 132, 200] {
            d.environment = ["COLUMNS": String(width)]
            for arguments in [["steps", "all"], ["weight"], ["bedtime", "3", "months"], ["mood"], ["weight", "mood"]] {
                let r = try d.run(["--color", "always", "chart"] + arguments)
                #expect(r.status == 0, "\(r.stderr)")
                let plain = r.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
                for line in plain.split(separator: "\n") {
                    #expect(line.count <= width, "chart \(arguments) at \(width): \(line)")
                }
            }
        }
    }

    /// A bad line says what was wrong and what is accepted, on one line of standard error.
    @Test func badInputIsOneLine() throws {
        let d = try journal()
        for (arguments, words) in [
            (["stepz"], "unknown attribute"), (["steps", "sometime"], "not a period for a chart"),
            (["steps", "mood", "--lag", "x"], "--lag takes a number of days from 0 to 30"),
            (["steps", "--lag", "1"], "--lag pairs two attributes"), (["steps", "--by", "year"], "day"),
        ] {
            let r = try d.run(["chart"] + arguments)
            #expect(r.status != 0, "\(arguments)")
            #expect(r.stdout == "")
            #expect(r.stderr.contains(words), "\(arguments): \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(arguments): \(r.stderr)")
        }
    }
}
