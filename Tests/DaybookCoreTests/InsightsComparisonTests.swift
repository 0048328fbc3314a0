import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@Suite struct InsightsComparisonTests {
    @Test func usualIsTheMedianOfTheSameWeekdayOverEightWeeks() throws {
        // Saturdays 1 to 8 weeks back; a Saturday 9 weeks back and other weekdays are ignored.
        var values: [Int: Double] = [0: 9405, 63: 1, 1: 50_000, 3: 50_000]
        for (week, v) in [8000.0, 9000, 7000, 8500, 10000, 6000, 8000, 9000].enumerated() { values[7 * (week + 1)] = v }
        let insights = Insights.compute(input(steps, values))
        let usual = try #require(comparison(only(insights, .usual, "steps").first))
        #expect(usual.usual == 8250)
        #expect(usual.usualDays == 8)
        #expect(usual.percentOfUsual == 114)
        #expect(usual.change == InsightChange(direction: .higher, measure: .percent, amount: 14, difference: 1155))
    }

    @Test func underFivePercentIsAboutTheUsual() throws {
        let values: [Int: Double] = [0: 8350, 7: 8000, 14: 8000, 21: 8000]
        let usual = try #require(comparison(only(Insights.compute(input(steps, values)), .usual, "steps").first))
        #expect(usual.percentOfUsual == 104)
        #expect(usual.change.direction == .about)
        let lower = try #require(
            comparison(
                only(Insights.compute(input(steps, [0: 7600, 7: 8000, 14: 8000, 21: 8000])), .usual, "steps").first))
        #expect(lower.percentOfUsual == 95)
        #expect(lower.change.direction == .lower)
        #expect(lower.change.amount == 5)
    }

    @Test func timesOfDayWrapAroundMidnight() throws {
        // A usual bedtime of 23:50, tonight at 00:20: 30 minutes later, not 23h 30m earlier.
        let values: [Int: Double] = [0: 20, 7: 23 * 60 + 40, 14: 23 * 60 + 50, 21: 0]
        let insights = Insights.compute(input(bedtime, values))
        let usual = try #require(comparison(only(insights, .usual, "bedtime").first))
        #expect(usual.usual == 1430)
        #expect(usual.percentOfUsual == nil)
        #expect(usual.change == InsightChange(direction: .higher, measure: .minutes, amount: 30, difference: 30))
        // Earlier across midnight the other way: 23:30 against a usual 00:10.
        let other = Insights.compute(input(bedtime, [0: 23 * 60 + 30, 7: 10, 14: 0, 21: 20]))
        let earlier = try #require(comparison(only(other, .usual, "bedtime").first))
        #expect(earlier.change == InsightChange(direction: .lower, measure: .minutes, amount: 40, difference: -40))
        // Under 15 minutes is about the usual.
        let near = Insights.compute(input(bedtime, [0: 5, 7: 23 * 60 + 55, 14: 23 * 60 + 55, 21: 23 * 60 + 55]))
        #expect(comparison(only(near, .usual, "bedtime").first)?.change.direction == .about)
    }

    @Test func fewerThanThreeDaysIsNotEnoughHistory() throws {
        let insights = Insights.compute(input(steps, [0: 9000, 7: 8000, 21: 8000, 1: 7000, 2: 7000, 3: 7000]))
        let usual = try #require(only(insights, .usual, "steps").first)
        guard case .missingHistory(let missing) = usual.detail else {
            Issue.record("expected missing history, got \(usual.detail)")
            return
        }
        #expect(missing.days == 2)
        #expect(missing.needed == 3)
        #expect(missing.average30d == 7400)
        // The 30-day average still compares.
        #expect(comparison(only(insights, .average, "steps").first)?.average30d == 7400)
    }

    @Test func averageExcludesTheDayAndEmptyDays() throws {
        // Days 1 to 30 before count; day 31 does not; the day itself does not.
        let values: [Int: Double] = [0: 100, 1: 2000, 2: 4000, 30: 6000, 31: 1_000_000]
        let average = try #require(comparison(only(Insights.compute(input(steps, values)), .average, "steps").first))
        #expect(average.average30d == 4000)
        #expect(average.averageDays == 3)
        #expect(average.percentOfAverage == 3)
        #expect(average.change.direction == .lower)
        #expect(average.change.amount == 97)
    }

    @Test func aUsualOfZeroComparesByAmount() throws {
        let insights = Insights.compute(input(coffee, [0: 2, 7: 0, 14: 0, 21: 0]))
        let usual = try #require(comparison(only(insights, .usual, "coffee").first))
        #expect(usual.percentOfUsual == nil)
        #expect(usual.change == InsightChange(direction: .higher, measure: .amount, amount: 2, difference: 2))
    }

    @Test func moodComparesInPoints() throws {
        let insights = Insights.compute(input(steps, [:], mood: [0: 4, 7: 3, 14: 4, 21: 3, 28: 3]))
        let usual = try #require(comparison(only(insights, .usual, "mood").first))
        #expect(usual.usual == 3)
        #expect(usual.change == InsightChange(direction: .higher, measure: .points, amount: 1, difference: 1))
        #expect(usual.percentOfUsual == 133)
    }

    @Test func yesNoValuesAreNotCompared() {
        let meditate = testAttribute("meditate", .yesno)
        #expect(Insights.compute(input(meditate, [0: 1, 7: 0, 14: 0, 21: 0])).isEmpty)
    }
}
