import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@Suite struct InsightsRankingTests {
    @Test func goalsAndRecordsComeBeforeSmallDeviations() {
        let insights = Insights.compute(RandomJournal.input(seed: 5, sleepEffect: 0.9, tagEffect: 1.2))
        for (a, b) in zip(insights, insights.dropFirst()) { #expect(a.notability >= b.notability) }
        let small = insights.filter {
            if case .comparison(let c) = $0.detail { return c.change.direction == .about }
            return false
        }
        let notable = insights.filter { [.record, .correlation, .tag].contains($0.kind) }
        for a in notable {
            for b in small { #expect(a.notability > b.notability) }
        }
        #expect(Insights.top(insights).count == min(5, insights.count))
        #expect(Insights.top(insights) == Array(insights.prefix(5)))
    }
}
