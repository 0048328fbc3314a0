import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@Suite struct InsightsPatternTests {
    @Test func aWeekdayThatStandsOutIsFound() throws {
        var random = SeededRandom(seed: 7)
        var mood: [Int: Double] = [:]
        for back in 0..<84 {
            let monday = insightDay.adding(days: -back).weekday == 1
            mood[back] = max(1, min(5, ((monday ? 2.2 : 3.8) + 0.5 * random.gaussian()).rounded()))
        }
        let insights = Insights.compute(input(steps, [:], mood: mood))
        let found = try #require(only(insights, .weekday, "mood").first)
        guard case .weekday(let w) = found.detail else { return }
        #expect(w.weekday == 1)
        #expect(w.extreme == .lowest)
        #expect(w.days == 12)
        #expect(w.otherDays == 72)
        #expect(w.difference < -1)
    }

    @Test func aPlantedSleepLinkIsFound() throws {
        for seed: UInt64 in 1...5 {
            let insights = Insights.compute(RandomJournal.input(seed: seed, sleepEffect: 0.9))
            let link = try #require(only(insights, .correlation, "sleep").first, "seed \(seed)")
            guard case .correlation(let c) = link.detail else { return }
            #expect(c.r > 0.3)
            #expect(c.moodAbove > c.moodBelow)
            #expect(c.daysAbove >= 7 && c.daysBelow >= 7)
            #expect(c.days >= 60)
        }
    }

    @Test func aPlantedTagLinkIsFound() throws {
        for seed: UInt64 in 21...25 {
            let insights = Insights.compute(RandomJournal.input(seed: seed, tagEffect: 1.2))
            let tags = insights.compactMap { i -> InsightTag? in
                if case .tag(let t) = i.detail { return t }
                return nil
            }
            let gym = try #require(tags.first { $0.tag == "gym" }, "seed \(seed)")
            #expect(gym.moodWith - gym.moodWithout >= 0.5)
            #expect(gym.daysWith >= 7 && gym.daysWithout >= 7)
            #expect(!tags.contains { $0.tag != "gym" }, "seed \(seed)")
        }
    }

    @Test func pureNoiseYieldsNoLinkInAtLeast95Of100Seeds() {
        var quiet = 0
        for seed: UInt64 in 1000..<1100 {
            let insights = Insights.compute(RandomJournal.input(seed: seed))
            if !insights.contains(where: { [.correlation, .tag, .weekday].contains($0.kind) }) { quiet += 1 }
        }
        #expect(quiet >= 95, "\(quiet) of 100 noise journals were quiet")
    }
}
