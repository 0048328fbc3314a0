import Foundation
import Testing

/// `chart A B` on the insights' 12-week journal: the same r as `insights`, claimed when
/// `insights` claims it and not otherwise.
@Suite struct ChartCommandTests {
    func object(_ d: InProcess, _ arguments: [String]) throws -> [String: Any] {
        let r = try d.run(arguments)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "")
        return try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    }

    @Test func pairsAgreeWithInsights() throws {
        let d = try InsightsCommandTests().logged()
        let r = try d.run(["insights", "2026-11-21", "--all", "--json"])
        let insights = try #require(try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [[String: Any]])
        let sleep = try #require(
            insights.first { $0["kind"] as? String == "correlation" && $0["attribute"] as? String == "sleep" })
        let chart = try object(d, ["chart", "sleep", "mood", "--json"])
        #expect(chart["claimed"] as? Bool == true)
        #expect(chart["n"] as? Int == sleep["days"] as? Int)
        let a = try #require(chart["r"] as? Double), b = try #require(sleep["r"] as? Double)
        // insights --json gives r to two decimals.
        #expect((a * 100).rounded() == (b * 100).rounded(), "\(a) against \(b)")
        let pairs = try #require(chart["pairs"] as? [[String: Any]])
        // At 21:00 on the 21st its sleep is not a whole day's yet: 83 days, as in insights.
        #expect(pairs.count == 83)
        #expect(pairs.first?["date"] as? String == "2026-08-30")

        // Coffee runs 0, 1, 2 and mood does not follow it: insights claims nothing, nor does chart.
        let claimed = insights.contains { $0["kind"] as? String == "correlation" && $0["attribute"] as? String == "coffee" }
        let coffee = try object(d, ["chart", "coffee", "mood", "--json"])
        #expect(coffee["claimed"] as? Bool == claimed)
        let text = try d.run(["chart", "coffee", "mood"]).stdout
        #expect(text.contains(claimed ? "link:" : "no link that insights would claim"), "\(text)")

        // Under 30 days with both, nothing is claimed whatever r is.
        let few = try object(d, ["chart", "sleep", "mood", "2026-11", "--json"])
        #expect(few["claimed"] as? Bool == false)
        #expect(try d.run(["chart", "sleep", "mood", "2026-11"]).stdout.contains("too few to say"))
    }

    /// --lag 1 pairs the day before's A with the day's B.
    @Test func lagPairsTheDayBefore() throws {
        let d = try InsightsCommandTests().logged()
        let chart = try object(d, ["chart", "steps", "sleep", "--lag", "1", "--json"])
        #expect(chart["lag"] as? Int == 1)
        let pairs = try #require(chart["pairs"] as? [[String: Any]])
        // The 21st's sleep is not a whole night's at 21:00 on the 21st: 82 pairs, not 83.
        #expect(pairs.count == 82)
        // 31 August's sleep (day 1) against 30 August's steps (day 0).
        let first = try #require(pairs.first)
        #expect(first["date"] as? String == "2026-08-31")
        #expect(first["x"] as? Double == Double(InsightsCommandTests.steps(0)))
        #expect(first["y"] as? Double == Double(InsightsCommandTests.sleep(1)))
    }

    /// `all` pairs from the first day with both, not from the first day a date can name.
    @Test func allStartsAtTheFirstPair() throws {
        let d = try InsightsCommandTests().logged()
        let chart = try object(d, ["chart", "sleep", "mood", "all", "--json"])
        #expect(chart["from"] as? String == "2026-08-30")
        // The day still going is left out, as in insights.
        #expect(chart["n"] as? Int == 83)
        #expect(chart["claimed"] as? Bool == true)
    }

    /// `chart mood` counts each rating, and its JSON holds them.
    @Test func moodShares() throws {
        let d = try InsightsCommandTests().logged()
        let chart = try object(d, ["chart", "mood", "12", "weeks", "--json"])
        let ratings = try #require(chart["ratings"] as? [String: Int])
        var counts = [0, 0, 0, 0, 0]
        for i in 0..<84 { counts[InsightsCommandTests.mood(i) - 1] += 1 }
        #expect((1...5).map { ratings[String($0)] } == counts)
        let text = try d.run(["chart", "mood", "12", "weeks"]).stdout
        #expect(text.contains("5 great"))
        #expect(text.contains("1 terrible"))
    }
}
