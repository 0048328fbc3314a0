import DaybookCore
import DaybookStore
import Foundation
import Testing

@Suite struct GoalPeriodTests {
    let steps = GoalRange(min: 8000, max: nil)

    @Test func dailyStreakCountsTheCurrentDayOnceMet() {
        let h = history([("2026-11-01", steps, .daily)])
        let store = Store()
        store.set(from: "2026-11-16", through: "2026-11-20", 9000)
        store.values[day("2026-11-15").ordinal] = 7999
        // Today (the 21st) so far below the goal: the streak is the five days before it.
        store.values[day("2026-11-21").ordinal] = 3000
        var status = evaluate(.count, h, on: "2026-11-21", store)!
        #expect(status.state == .under)
        #expect(status.value == 3000)
        #expect(status.left == 5000)
        #expect(status.streak == 5)
        #expect(status.from == day("2026-11-21"))
        // Once met, today counts.
        store.values[day("2026-11-21").ordinal] = 8000
        status = evaluate(.count, h, on: "2026-11-21", store)!
        #expect(status.state == .within)
        #expect(status.streak == 6)
        // A day with nothing recorded breaks the streak.
        store.values[day("2026-11-18").ordinal] = nil
        #expect(evaluate(.count, h, on: "2026-11-21", store)!.streak == 3)
    }

    @Test func anEmptyCurrentPeriodHasNoDataAndKeepsTheStreak() {
        let h = history([("2026-11-01", steps, .daily)])
        let store = Store()
        store.set(from: "2026-11-18", through: "2026-11-20", 8500)
        let status = evaluate(.count, h, on: "2026-11-21", store)!
        #expect(status.state == .noData)
        #expect(status.value == nil)
        #expect(status.progress == nil)
        #expect(status.left == nil)
        #expect(status.streak == 3)
    }

    @Test func aStreakStopsWhereNoGoalWasInForce() {
        let h = history([("2026-11-19", steps, .daily)])
        let store = Store()
        store.set(from: "2026-10-01", through: "2026-11-21", 9000)
        #expect(evaluate(.count, h, on: "2026-11-21", store)!.streak == 3)
        #expect(evaluate(.count, h, on: "2026-11-18", store) == nil)
        // Ended on the 20th, set again on the 21st: only the 21st counts.
        let ended = history([("2026-11-01", steps, .daily), ("2026-11-20", nil, .daily), ("2026-11-21", steps, .daily)])
        #expect(evaluate(.count, ended, on: "2026-11-21", store)!.streak == 1)
        #expect(evaluate(.count, ended, on: "2026-11-20", store) == nil)
        #expect(evaluate(.count, ended, on: "2026-11-19", store)!.streak == 19)
    }

    @Test func aBedtimeStreakAcrossMidnight() {
        let h = history([("2026-11-01", GoalRange(min: 23 * 60, max: 30), .daily)])
        let store = Store([
            ("2026-11-16", 23 * 60 + 50), ("2026-11-17", 50), ("2026-11-18", 23 * 60 + 10), ("2026-11-19", 20),
            ("2026-11-20", 0), ("2026-11-21", 23 * 60 + 59),
        ])
        let status = evaluate(.time, h, on: "2026-11-21", store)!
        #expect(status.state == .within)
        #expect(status.left == 31)
        #expect(status.streak == 4)  // the 17th, at 00:50, was 20 minutes late
    }

    @Test func aWeeklyGoalSetMidWeekJudgesTheWholeWeeksMean() {
        // Set on Wednesday 18 November; the ISO week runs Monday 16 to Sunday 22.
        let h = history([("2026-11-18", GoalRange(min: 420, max: 540), .weekly)])
        let store = Store([
            ("2026-11-09", 480), ("2026-11-16", 360), ("2026-11-17", 400), ("2026-11-19", 480), ("2026-11-21", 500),
        ])
        let status = evaluate(.duration, h, on: "2026-11-21", store)!
        #expect(status.from == day("2026-11-16"))
        #expect(status.through == day("2026-11-21"))
        #expect(status.value == (360 + 400 + 480 + 500) / 4.0)  // 435: days with no value left out
        #expect(status.state == .within)
        #expect(status.left == 105)
        // The week before had no goal: the streak is this week alone.
        #expect(status.streak == 1)
        // The 22nd is in the future of the 21st and is not read.
        #expect(store.reads.allSatisfy { $0.1 <= day("2026-11-21") })
        // On Tuesday of that week no goal was in force yet.
        #expect(evaluate(.duration, h, on: "2026-11-17", store) == nil)
    }

    @Test func weeklyStreakOverSeveralWeeks() {
        let h = history([("2026-10-01", GoalRange(min: 8000, max: nil), .weekly)])
        let store = Store()
        // Each week's mean is 8,000 or more, though single days are not.
        store.set(from: "2026-10-26", through: "2026-11-22", 9000)
        for iso in ["2026-10-27", "2026-11-03", "2026-11-10", "2026-11-17"] { store.values[day(iso).ordinal] = 4000 }
        store.values[day("2026-10-20").ordinal] = 1000  // the week of 19 October: mean 1,000
        let status = evaluate(.count, h, on: "2026-11-18", store)!
        // The mean as it is shown, and judged: 7,333.33 reads 7,333.
        #expect(status.value == ((9000 + 4000 + 9000) / 3.0).rounded())
        #expect(status.state == .under)
        #expect(status.streak == 3)  // weeks of 26 Oct, 2 Nov, 9 Nov
        #expect(evaluate(.count, h, on: "2026-11-22", store)!.streak == 4)
    }

    @Test func aDailyGoalChangedMidMonthDoesNotRewriteThePast() {
        let h = history([
            ("2026-11-01", GoalRange(min: 8000, max: nil), .daily),
            ("2026-11-15", GoalRange(min: 10000, max: nil), .daily),
        ])
        let store = Store()
        store.set(from: "2026-10-20", through: "2026-11-20", 9000)
        let now = evaluate(.count, h, on: "2026-11-20", store)!
        #expect(now.goal.range.min == 10000)
        #expect(now.state == .under)
        #expect(now.streak == 0)
        let before = evaluate(.count, h, on: "2026-11-14", store)!
        #expect(before.goal.range.min == 8000)
        #expect(before.state == .within)
        #expect(before.streak == 14)  // 1 to 14 November; no goal in October
    }

    @Test func aMonthlyGoalChangedMidMonth() {
        let h = history([
            ("2026-09-10", GoalRange(min: 8000, max: nil), .monthly),
            ("2026-11-15", GoalRange(min: 10000, max: nil), .monthly),
        ])
        let store = Store()
        store.set(from: "2026-09-01", through: "2026-11-20", 9000)
        let november = evaluate(.count, h, on: "2026-11-20", store)!
        #expect(november.from == day("2026-11-01"))
        #expect(november.state == .under)
        #expect(november.left == 1000)
        // October and September met the goal in force then, 8,000, not this one: a streak
        // counts only months judged by the goal as it stands.
        #expect(november.streak == 0)
        let october = evaluate(.count, h, on: "2026-10-31", store)!
        #expect(october.goal.range.min == 8000)
        #expect(october.streak == 2)
    }

    @Test func aStreakCountsOnlyPeriodsJudgedByTheGoalAsItStands() {
        // A daily goal of 8,000 met for two weeks (63,000 steps a week), then a goal of
        // 70,000 steps a week from Monday 9 November.
        let h = GoalHistory(
            [
                GoalHistory.Change(
                    since: day("2026-10-26"),
                    goal: Goal(range: GoalRange(min: 8000, max: nil), period: .daily, since: day("2026-10-26"))),
                GoalHistory.Change(
                    since: day("2026-11-09"),
                    goal: Goal(range: GoalRange(min: 70000, max: nil), period: .weekly, since: day("2026-11-09"), total: true)),
            ])
        let store = Store()
        store.set(from: "2026-10-26", through: "2026-11-08", 9000)
        store.values[day("2026-11-09").ordinal] = 1000
        let status = evaluate(.count, h, on: "2026-11-09", store)!
        #expect(status.state == .under)
        // The weeks before were judged by the daily goal: they count for none of this one.
        #expect(status.streak == 0)
        #expect(h.periodsJudgedLike(status.goal, before: day("2026-11-09")) == 0)
        #expect(evaluate(.count, h, on: "2026-11-08", store)!.streak == 14)
        // Met, the week counts alone.
        store.values[day("2026-11-10").ordinal] = 69000
        #expect(evaluate(.count, h, on: "2026-11-10", store)!.streak == 1)
        #expect(evaluate(.count, h, on: "2026-11-16", store)!.streak == 1)
    }

    @Test func aGoalSetAgainAlikeKeepsTheStreak() {
        let a = GoalRange(min: 5, max: nil)
        let store = Store()
        store.set(from: "2026-10-01", through: "2026-11-22", 6)
        // Weekly from 1 October, set again the same way on Wednesday 11 November: the same
        // goal, the streak goes on.
        let again = history([("2026-10-01", a, .weekly), ("2026-11-11", a, .weekly)])
        // The weeks of 28 September to 16 November.
        #expect(evaluate(.count, again, on: "2026-11-22", store)!.streak == 8)
        #expect(again.periodsJudgedLike(again.inForce(on: day("2026-11-22"))!, before: day("2026-11-16")) == 7)
        // A daily goal from Wednesday 4 to Thursday 5 November held no week's last day: the
        // week of 2 November was judged by the weekly goal again, and the streak goes on.
        let between = history([("2026-10-01", a, .weekly), ("2026-11-04", a, .daily), ("2026-11-06", a, .weekly)])
        #expect(evaluate(.count, between, on: "2026-11-22", store)!.streak == 8)
        // Another bound from the 6th on: the weeks before count no more.
        let other = history([("2026-10-01", a, .weekly), ("2026-11-06", GoalRange(min: 4, max: nil), .weekly)])
        #expect(evaluate(.count, other, on: "2026-11-22", store)!.streak == 3)  // weeks of 2, 9 and 16 Nov
        // The same bounds on the period's total judge otherwise.
        let total = GoalHistory([
            GoalHistory.Change(since: day("2026-10-01"), goal: Goal(range: a, period: .weekly, since: day("2026-10-01"))),
            GoalHistory.Change(
                since: day("2026-11-16"), goal: Goal(range: a, period: .weekly, since: day("2026-11-16"), total: true)),
        ])
        #expect(evaluate(.count, total, on: "2026-11-22", store)!.streak == 1)
    }

    @Test func aLongStreakIsReadInGrowingWindowsAndBounded() {
        let h = history([("2016-01-01", GoalRange(min: 1, max: nil), .daily)])
        let store = Store()
        store.set(from: "2016-01-01", through: "2026-11-21", 5)
        store.values[day("2026-06-30").ordinal] = 0
        let status = evaluate(.count, h, on: "2026-11-21", store)!
        #expect(status.streak == 144)  // 1 July to 21 November
        #expect(!status.streakCapped)
        // Reads stop soon after the miss: not ten years of days.
        #expect(store.daysRead < 2 * 144 + 64)
        store.reads.removeAll()
        store.values[day("2026-06-30").ordinal] = 5
        let capped = evaluate(.count, h, on: "2026-11-21", store, limit: 500)!
        #expect(capped.streak == 500)
        #expect(capped.streakCapped)
        #expect(store.daysRead < 2 * 500 + 64)
    }

    @Test func historyKeepsOneChangePerDayAndFindsTheGoalInForce() {
        let a = GoalRange(min: 1, max: nil)
        let b = GoalRange(min: 2, max: nil)
        let h = history([("2026-11-10", b, .daily), ("2026-11-01", a, .weekly), ("2026-11-15", nil, .daily)])
        #expect(h.inForce(on: day("2026-10-31")) == nil)
        #expect(h.inForce(on: day("2026-11-01"))?.range == a)
        #expect(h.inForce(on: day("2026-11-09"))?.period == .weekly)
        #expect(h.inForce(on: day("2026-11-14"))?.range == b)
        #expect(h.inForce(on: day("2026-11-15")) == nil)
        #expect(h.earliest == day("2026-11-01"))
    }
}
