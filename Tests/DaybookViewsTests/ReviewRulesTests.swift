import DaybookCore
import DaybookViews
import Foundation
import Testing

/// A review words a mean by the core's rules, as goals do: "a day" or "on average" by
/// `meanReadsAsPerDay`, and a share of yes days rounded down (`Percent.roundedDown`).
@Suite struct ReviewRulesTests {
    static let today = Day(year: 2026, month: 11, day: 21)!
    /// The week of 9 November, and the week before it.
    static let period = ReviewPeriod(.week, holding: Day(year: 2026, month: 11, day: 9)!)

    static func sentence(_ attribute: Attribute, _ value: (Int) -> Double?) -> String {
        let first = Day(year: 2026, month: 11, day: 2)!
        var values: [(Day, Double)] = []
        for i in 0..<14 {
            if let v = value(i) { values.append((first.adding(days: i), v)) }
        }
        let review = Reviews.compute(
            ReviewInput(
                period: period, today: today, readFrom: first, moods: [], moodHasEarlier: false,
                attributes: [
                    ReviewInput.AttributeInput(attribute: attribute, values: values, hasEarlier: false, goals: GoalHistory([]))
                ], tags: [:]))
        return ReviewText.attribute(review.attributes[0], review: review)
    }

    /// A duration kept as an average is time the day held: "a day", as in goals, though it has
    /// no total.
    @Test func aDurationKeptAsAnAverageReadsADay() {
        let nap = Attribute(name: "nap", type: .duration, aggregation: .average, unit: "", group: "sleep")
        #expect(nap.meanReadsAsPerDay)
        let text = Self.sentence(nap) { _ in 30 }
        #expect(text.hasPrefix("Nap: 30m a day, about the same as in the week before"), "\(text)")
        #expect(!text.contains("on average"))
        // A weight is neither: "on average".
        let weight = Attribute(name: "weight", type: .decimal, aggregation: .last, unit: "kg", group: "body")
        #expect(Self.sentence(weight) { _ in 72 }.hasPrefix("Weight: 72 kg on average"))
    }

    /// 3 yes days of 7 are 42.9%: 42%, as a goal reads it, not 43%; 1 of 7 before (14.3%), so
    /// 28 points up (28.6).
    @Test func aShareOfYesDaysRoundsDown() {
        let walked = Attribute(name: "walked", type: .yesno, aggregation: .last, unit: "", group: "body")
        let text = Self.sentence(walked) { i in i < 7 ? (i == 0 ? 1 : 0) : (i % 7 < 3 ? 1 : 0) }
        #expect(text.hasPrefix("Walked: yes on 42% of days against 14% in the week before, 28 points"), "\(text)")
        #expect(GoalView.yesShare(3.0 / 7) == "yes on 42% of days")
    }
}
