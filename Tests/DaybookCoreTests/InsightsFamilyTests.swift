@testable import DaybookCore
@testable import DaybookStore
import DaybookTestSupport
import Testing

/// The family of tests of chance a day's links and weekday patterns form: what counts in it,
/// and what a link needs before it is tested.
@Suite struct InsightsFamilyTests {
    let sleep = RandomJournal.sleep

    /// Mood and sleep on the `count` days ending at `insightDay`, sleep from `hours` in turn.
    func series(count: Int, hours: (Int) -> Double, mood: (Int) -> Double) -> (InsightSeries, InsightSeries) {
        let from = insightDay.adding(days: -365)
        var sleep: [Day: Double] = [:]
        var moods: [Day: Double] = [:]
        for back in 0..<count {
            let d = insightDay.adding(days: -back)
            sleep[d] = hours(back) * 60
            moods[d] = mood(back)
        }
        return (
            InsightSeries(values: sleep, from: from, hasEarlier: false),
            InsightSeries(values: moods, from: from, hasEarlier: false)
        )
    }

    /// Sleep logged in whole hours, nearly always 7h: no threshold leaves 7 days on each side,
    /// so the link cannot be said, yet its test was computed and stays in the family.
    @Test func aTestThatCannotBeSaidStillCounts() throws {
        let (sleepSeries, mood) = series(
            count: 40, hours: { $0 % 10 == 0 ? 6 : $0 % 10 == 5 ? 8 : 7 }, mood: { Double(3 + ($0 % 10 == 5 ? 1 : 0)) })
        let pairs = Insights.paired(sleepSeries, mood: mood, day: insightDay)
        let candidate = try #require(Insights.correlation(sleep, pairs, day: insightDay, serial: true))
        #expect(candidate.insight == nil)
        #expect(candidate.isLink)
        #expect(candidate.p < 0.05)
        #expect(!candidate.largeEnough)
    }

    @Test func linksNeedThirtyDaysWithBoth() throws {
        let (short, shortMood) = series(count: 29, hours: { Double(6 + $0 % 3) }, mood: { Double(2 + $0 % 3) })
        #expect(
            Insights.correlation(sleep, Insights.paired(short, mood: shortMood, day: insightDay), day: insightDay, serial: true)
                == nil)
        // Said once, for the whole day, with the most days any link has.
        // Looked at the next day: the day has ended, and its sleep is a whole night's.
        let input = InsightInput(
            day: insightDay, today: insightDay.adding(days: 1), mood: shortMood,
            attributes: [InsightInput.AttributeSeries(attribute: sleep, series: short)], tags: [:], goals: [])
        let pending = Insights.compute(input).filter { $0.kind == .links }
        #expect(pending.count == 1)
        #expect(pending.first?.detail == .linksPending(InsightLinksPending(days: 29, needed: 30)))
        // At 30 the link is tested, and said: sleep and mood rise together.
        let (enough, mood) = series(count: 30, hours: { Double(6 + $0 % 3) }, mood: { Double(2 + $0 % 3) })
        let link = try #require(
            Insights.correlation(sleep, Insights.paired(enough, mood: mood, day: insightDay), day: insightDay, serial: true))
        #expect(link.insight?.kind == .correlation)
        let full = InsightInput(
            day: insightDay, today: insightDay.adding(days: 1), mood: mood,
            attributes: [InsightInput.AttributeSeries(attribute: sleep, series: enough)], tags: [:], goals: [])
        let found = Insights.compute(full)
        #expect(!found.contains { $0.kind == .links })
        #expect(found.contains { $0.kind == .correlation })
    }

    /// A mood about its usual value is so within 0.3 points, at the top of the scale and at
    /// its foot alike.
    @Test func theMoodsBandIsTheSameAtBothEnds() {
        let about = InsightChange.Direction.about
        #expect(Insights.change(5, against: 4.9, subject: .mood).direction == about)
        #expect(Insights.change(1, against: 1.1, subject: .mood).direction == about)
        #expect(Insights.change(1, against: 1.2, subject: .mood).direction == about)
        let lower = Insights.change(1, against: 1.3, subject: .mood)
        #expect(lower.direction == .lower)
        #expect(lower.amount == 0.3)
        #expect(Insights.change(5, against: 4.7, subject: .mood).direction == .higher)
    }
}
