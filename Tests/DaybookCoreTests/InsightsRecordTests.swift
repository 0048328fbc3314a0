import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@Suite struct InsightsRecordTests {
    @Test func highestSinceAnEarlierDayAtLeastAsHigh() throws {
        // 8h 10m tonight; 6 days back was 8h 30m; the 5 days between were shorter.
        let values: [Int: Double] = [0: 490, 1: 400, 2: 410, 3: 420, 4: 380, 5: 450, 6: 510, 7: 300]
        let found = try #require(record(only(Insights.compute(input(sleep, values)), .record, "sleep").first))
        #expect(
            found
                == InsightRecord(
                    value: 490, extreme: .highest, reach: .since(insightDay.adding(days: -6)), span: 6, days: 6))
    }

    @Test func aRecordBeatsAtLeastFiveDays() {
        let values: [Int: Double] = [0: 490, 1: 400, 2: 410, 3: 420, 4: 380, 5: 510]
        #expect(only(Insights.compute(input(sleep, values)), .record, "sleep").isEmpty)
    }

    @Test func gapsCountOnlyTheDaysLogged() throws {
        let values: [Int: Double] = [0: 2, 2: 4, 4: 5, 6: 3, 8: 4, 9: 6, 30: 1]
        let found = try #require(record(only(Insights.compute(input(coffee, values)), .record, "coffee").first))
        #expect(found.extreme == .lowest)
        #expect(found.reach == .since(insightDay.adding(days: -30)))
        #expect(found.span == 30)
        #expect(found.days == 6)
    }

    @Test func aYearOrEverWhenNothingBeatsIt() throws {
        var values: [Int: Double] = [0: 20_000]
        for back in 1...365 { values[back] = Double(5000 + back) }
        values[366] = 30_000  // beyond the year: not looked at
        let year = try #require(record(only(Insights.compute(input(steps, values)), .record, "steps").first))
        #expect(year.reach == .year)
        #expect(year.span == 365)
        #expect(year.days == 366)
        // Nothing older than the year, and nothing known before: on record.
        values[366] = nil
        let ever = try #require(record(only(Insights.compute(input(steps, values)), .record, "steps").first))
        #expect(ever.reach == .ever)
        #expect(ever.span == nil)
        // Older values exist but were not read: the year stands.
        let older = try #require(
            record(only(Insights.compute(input(steps, values, hasEarlier: true)), .record, "steps").first))
        #expect(older.reach == .year)
    }

    @Test func latestBedtimeIsOrderedAroundMidnight() throws {
        // 00:40 is later than 23:50 and 00:30; 23:10 is the earliest.
        let values: [Int: Double] = [
            0: 40, 1: 23 * 60 + 50, 2: 30, 3: 23 * 60 + 10, 4: 0, 5: 23 * 60 + 30, 6: 10, 7: 55,
        ]
        let found = try #require(record(only(Insights.compute(input(bedtime, values)), .record, "bedtime").first))
        #expect(found.extreme == .highest)
        #expect(found.reach == .since(insightDay.adding(days: -7)))
        #expect(found.days == 7)
    }
}
