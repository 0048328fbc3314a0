import DaybookCore
import DaybookStore
import Foundation
import Testing

@Suite struct GoalJudgingTests {
    @Test func stateProgressAndLeftForALowerBound() {
        let goal = GoalRange(min: 8000, max: nil)
        #expect(goal.state(of: 6200, type: .count) == .under)
        #expect(goal.progress(of: 6200, type: .count) == 0.775)
        #expect(goal.left(of: 6200, type: .count) == 1800)
        #expect(goal.state(of: 8000, type: .count) == .within)
        #expect(goal.progress(of: 12000, type: .count) == 1)
        #expect(goal.left(of: 12000, type: .count) == 0)
        #expect(goal.state(of: nil, type: .count) == .noData)
        #expect(goal.progress(of: nil, type: .count) == nil)
        #expect(goal.left(of: nil, type: .count) == nil)
    }

    @Test func anUpperBoundShowsTheHeadroom() {
        let goal = GoalRange(min: nil, max: 2)
        #expect(goal.state(of: 1, type: .count) == .within)
        #expect(goal.left(of: 1, type: .count) == 1)
        #expect(goal.progress(of: 1, type: .count) == 1)
        #expect(goal.state(of: 4, type: .count) == .over)
        #expect(goal.left(of: 4, type: .count) == -2)
        #expect(goal.progress(of: 4, type: .count) == 0.5)
        let range = GoalRange(min: 420, max: 540)
        #expect(range.state(of: 400, type: .duration) == .under)
        #expect(range.left(of: 400, type: .duration) == 20)
        #expect(range.state(of: 480, type: .duration) == .within)
        #expect(range.left(of: 480, type: .duration) == 60)
        #expect(range.state(of: 600, type: .duration) == .over)
        #expect(range.left(of: 600, type: .duration) == -60)
        #expect(range.progress(of: 600, type: .duration) == 1)
    }

    @Test func aBoundOfZero() {
        let atLeastZero = GoalRange(min: 0, max: nil)
        #expect(atLeastZero.state(of: 0, type: .count) == .within)
        #expect(atLeastZero.progress(of: 0, type: .count) == 0)
        #expect(atLeastZero.progress(of: 3, type: .count) == 1)
        let none = GoalRange(min: nil, max: 0)
        #expect(none.state(of: 0, type: .count) == .within)
        #expect(none.progress(of: 0, type: .count) == 1)
        #expect(none.state(of: 1, type: .count) == .over)
        #expect(none.progress(of: 1, type: .count) == 0)
        #expect(none.left(of: 1, type: .count) == -1)
    }

    @Test func aTimeWindowAcrossMidnight() {
        let window = GoalRange(min: 23 * 60, max: 30)  // 23:00..00:30
        #expect(window.state(of: 23 * 60 + 40, type: .time) == .within)
        #expect(window.left(of: 23 * 60 + 40, type: .time) == 50)
        #expect(window.state(of: 15, type: .time) == .within)
        #expect(window.left(of: 15, type: .time) == 15)
        #expect(window.state(of: 60, type: .time) == .over)
        #expect(window.left(of: 60, type: .time) == -30)
        #expect(window.progress(of: 60, type: .time) == 0)
        #expect(window.state(of: 22 * 60, type: .time) == .under)
        #expect(window.left(of: 22 * 60, type: .time) == 60)
        #expect(window.progress(of: 23 * 60, type: .time) == 1)
        // Far outside: whichever end is nearer decides early or late.
        #expect(window.state(of: 11 * 60, type: .time) == .over)
        #expect(window.state(of: 12 * 60, type: .time) == .under)
        // A limit on a time of day looks half a day either way.
        let byHalfPast = GoalRange(min: nil, max: 23 * 60 + 30)
        #expect(byHalfPast.state(of: 22 * 60, type: .time) == .within)
        #expect(byHalfPast.state(of: 30, type: .time) == .over)
        #expect(byHalfPast.left(of: 30, type: .time) == -60)
    }
}
