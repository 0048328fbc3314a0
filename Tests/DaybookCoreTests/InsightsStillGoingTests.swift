import DaybookCore
import DaybookStore
import DaybookTestSupport
import Testing

/// A day still going: values that add up over a day are told "so far", never compared with
/// the usual value or the average, nor made a record, until the day ends; the others are
/// compared as on any day.
@Suite struct InsightsStillGoingTests {
    static let weight = testAttribute("weight", .decimal, unit: "kg", aggregation: .average)

    /// 800 on the day; 9,000 to 13,900 on each of the 60 days before.
    static let morning: [Int: Double] = {
        var values: [Int: Double] = [0: 800]
        for back in 1...60 { values[back] = Double(9000 + (back * 733) % 5000) }
        return values
    }()

    @Test func stepsOnADayStillGoingReadSoFar() {
        let found = Insights.compute(input(steps, Self.morning, today: insightDay))
        #expect(only(found, .usual, "steps").isEmpty)
        #expect(only(found, .average, "steps").isEmpty)
        #expect(only(found, .record, "steps").isEmpty)
        #expect(only(found, .soFar, "steps").map(\.detail) == [.soFar(value: 800)])
    }

    @Test func theNextDayTheSameValueIsJudgedComplete() throws {
        let found = Insights.compute(input(steps, Self.morning, today: insightDay.adding(days: 1)))
        #expect(only(found, .soFar, "steps").isEmpty)
        let usual = try #require(comparison(only(found, .usual, "steps").first))
        #expect(usual.value == 800)
        #expect(usual.change.direction == .lower)
        let lowest = try #require(record(only(found, .record, "steps").first))
        #expect(lowest.extreme == .lowest)
        #expect(lowest.value == 800)
    }

    @Test func everyKindThatAddsUpWaitsForTheDayToEnd() {
        // A duration and a count summed over the day wait; a day after today waits too.
        for attribute in [sleep, coffee, steps] {
            let values = Self.morning.mapValues { attribute.name == "coffee" ? ($0 / 3000).rounded() : $0 / 20 }
            for today in [insightDay, insightDay.adding(days: -1)] {
                let found = Insights.compute(input(attribute, values, today: today))
                #expect(only(found, .soFar, attribute.name).count == 1)
                #expect(
                    found.filter { $0.subject.name == attribute.name && ![.soFar, .weekday].contains($0.kind) }.isEmpty)
                // A weekday pattern rests on complete days: the same as without the day so far.
                var earlier = values
                earlier[0] = nil
                let without = Insights.compute(input(attribute, earlier, today: today))
                #expect(only(found, .weekday, attribute.name).map(\.detail) == only(without, .weekday, attribute.name).map(\.detail))
            }
        }
    }

    @Test func valuesThatDoNotAddUpAreComparedWhileTheDayIsGoing() throws {
        // A weight is what it is at 9:00: compared, and a record, on the day itself.
        let values = Self.morning.mapValues { $0 == 800 ? 60 : 70 + $0 / 10_000 }
        let found = Insights.compute(input(Self.weight, values, today: insightDay))
        #expect(only(found, .soFar, "weight").isEmpty)
        let usual = try #require(comparison(only(found, .usual, "weight").first))
        #expect(usual.change.direction == .lower)
        #expect(record(only(found, .record, "weight").first)?.extreme == .lowest)
        // So is the mood.
        let moods = Self.morning.mapValues { $0 == 800 ? 1.0 : $0 > 11_000 ? 4.0 : 3.0 }
        let withMood = Insights.compute(input(Self.weight, values, mood: moods, today: insightDay))
        #expect(only(withMood, .usual, "mood").count == 1)
        #expect(only(withMood, .record, "mood").count == 1)
    }

    @Test func aReviewThatIncludesTodayLeavesTheDaySoFarOut() {
        var values: [(Day, Double)] = []
        for back in 0...40 { values.append((insightDay.adding(days: -back), back == 0 ? 800 : Double(9000 + back * 10))) }
        let period = ReviewPeriod(.month, holding: insightDay)
        func review(today: Day) -> Review {
            Reviews.compute(
                ReviewInput(
                    period: period, today: today, readFrom: insightDay.adding(days: -60), moods: [],
                    moodHasEarlier: false,
                    attributes: [
                        ReviewInput.AttributeInput(attribute: steps, values: values, hasEarlier: false, goals: GoalHistory([]))
                    ], tags: [:]))
        }
        let going = review(today: insightDay)
        let days = insightDay.dayOfMonth - 1
        #expect(going.attributes.first?.days == days)
        #expect(going.attributes.first?.total == values.dropFirst().filter { $0.0 >= period.from }.map(\.1).reduce(0, +))
        #expect(!going.records.contains { $0.day == insightDay })
        let ended = review(today: insightDay.adding(days: 1))
        #expect(ended.attributes.first?.days == days + 1)
        #expect(ended.records.contains { $0.day == insightDay && $0.record.extreme == .lowest })
    }
}
