import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

@Suite struct InsightsGoalTests {
    private func status(
        _ range: GoalRange, _ period: GoalPeriod, values: [Int: Double], since: Int = 30, type: ValueType
    )
        -> GoalStatus
    {
        let history = GoalHistory([
            .init(
                since: insightDay.adding(days: -since),
                goal: Goal(range: range, period: period, since: insightDay.adding(days: -since)))
        ])
        return Goals.evaluate(type: type, history: history, on: insightDay) { from, through in
            (from.ordinal...through.ordinal).compactMap { o in
                values[insightDay.ordinal - o].map { (Day(ordinal: o), $0) }
            }
        }!
    }

    @Test func goalsAndStreaksReuseTheGoalJudging() throws {
        let values: [Int: Double] = [0: 1, 1: 2, 2: 2, 3: 0, 4: 5]
        let goal = status(GoalRange(min: nil, max: 2), .daily, values: values, type: .count)
        let insights = Insights.compute(
            input(coffee, values, goals: [.init(attribute: coffee, status: goal)], today: insightDay))
        let judged = try #require(only(insights, .goal, "coffee").first)
        guard case .goal(let g) = judged.detail else {
            Issue.record("not a goal")
            return
        }
        #expect(g.status == goal)
        #expect(g.status.state == .within)
        #expect(g.open)
        #expect(g.isToday)
        let streak = try #require(only(insights, .streak, "coffee").first)
        guard case .goal(let s) = streak.detail else { return }
        #expect(s.status.streak == 4)
    }

    @Test func aPastPeriodIsClosed() throws {
        let goal = status(GoalRange(min: 8000, max: nil), .daily, values: [0: 5000], type: .count)
        let insights = Insights.compute(
            input(steps, [0: 5000], goals: [.init(attribute: steps, status: goal)], today: insightDay.adding(days: 2)))
        guard case .goal(let g)? = only(insights, .goal, "steps").first?.detail else {
            Issue.record("no goal")
            return
        }
        #expect(!g.open)
        #expect(!g.isToday)
        #expect(g.status.state == .under)
        #expect(only(insights, .streak, "steps").isEmpty)
    }
}
