import DaybookCore
import Foundation
import Testing

private func day(_ iso: String) -> Day { Day.parseISO(iso)! }

private func range(_ text: String, _ type: ValueType, unit: String = "") throws -> GoalRange {
    try GoalRange.parse(text, type: type, unit: unit, name: "x")
}

/// The refusal for `text`, or nil when it parsed.
private func refusal(_ text: String, _ type: ValueType, unit: String = "", name: String = "x") -> String? {
    do {
        _ = try GoalRange.parse(text, type: type, unit: unit, name: name)
        return nil
    } catch {
        return error.description
    }
}

/// Daily values in memory, read the way the journal reads them: a window, oldest first. Counts
/// the days each read covered.
private final class Store {
    var values: [Int: Double] = [:]
    var reads: [(Day, Day)] = []

    init(_ pairs: [(String, Double)] = []) {
        for (iso, value) in pairs { values[day(iso).ordinal] = value }
    }

    func set(from first: String, through last: String, _ value: Double) {
        for ordinal in day(first).ordinal...day(last).ordinal { values[ordinal] = value }
    }

    func read(_ from: Day, _ through: Day) -> [(Day, Double)] {
        reads.append((from, through))
        guard from <= through else { return [] }
        return (from.ordinal...through.ordinal).compactMap { o in values[o].map { (Day(ordinal: o), $0) } }
    }

    var daysRead: Int { reads.reduce(0) { $0 + max(0, $1.1.ordinal - $1.0.ordinal + 1) } }
}

private func history(_ changes: [(String, GoalRange?, GoalPeriod)]) -> GoalHistory {
    GoalHistory(
        changes.map { iso, range, period in
            GoalHistory.Change(since: day(iso), goal: range.map { Goal(range: $0, period: period, since: day(iso)) })
        })
}

private func evaluate(
    _ type: ValueType, _ h: GoalHistory, on iso: String, _ store: Store, limit: Int = Goals.streakLimit
)
    -> GoalStatus?
{
    Goals.evaluate(type: type, history: h, on: day(iso), streakLimit: limit, read: store.read)
}

@Suite struct GoalRangeParsingTests {
    @Test func countForms() throws {
        #expect(try range(">= 8000", .count) == GoalRange(min: 8000, max: nil))
        #expect(try range(">=8000", .count) == GoalRange(min: 8000, max: nil))
        #expect(try range("at least 8,000", .count) == GoalRange(min: 8000, max: nil))
        #expect(try range("At Least 8.2k", .count) == GoalRange(min: 8200, max: nil))
        #expect(try range("<= 2", .count) == GoalRange(min: nil, max: 2))
        #expect(try range("at most 2", .count) == GoalRange(min: nil, max: 2))
        #expect(try range("50..80", .count) == GoalRange(min: 50, max: 80))
        #expect(try range("50 .. 80", .count) == GoalRange(min: 50, max: 80))
        #expect(try range("between 50 and 80", .count) == GoalRange(min: 50, max: 80))
        #expect(try range("8000", .count) == GoalRange(min: 8000, max: nil))
        #expect(try range("8000..", .count) == GoalRange(min: 8000, max: nil))
        #expect(try range("..2", .count) == GoalRange(min: nil, max: 2))
        #expect(try range("0..0", .count) == GoalRange(min: 0, max: 0))
        // The attribute's own unit may follow a number.
        #expect(try range("at most 2 cups", .count, unit: "cups") == GoalRange(min: nil, max: 2))
        #expect(try range("50..80 bpm", .count, unit: "bpm") == GoalRange(min: 50, max: 80))
    }

    @Test func decimalAndPercentageForms() throws {
        #expect(try range("60..75.5", .decimal) == GoalRange(min: 60, max: 75.5))
        #expect(try range("-5..5", .decimal) == GoalRange(min: -5, max: 5))
        #expect(try range("<= 72.5 kg", .decimal, unit: "kg") == GoalRange(min: nil, max: 72.5))
        #expect(try range(">= 80%", .percentage) == GoalRange(min: 80, max: nil))
        #expect(try range("between 80 and 100", .percentage) == GoalRange(min: 80, max: 100))
        #expect(try range("80%..100%", .percentage) == GoalRange(min: 80, max: 100))
    }

    @Test func durationForms() throws {
        #expect(try range("7h..9h", .duration) == GoalRange(min: 420, max: 540))
        #expect(try range("between 7h 30m and 9h", .duration) == GoalRange(min: 450, max: 540))
        #expect(try range("at least 30m", .duration) == GoalRange(min: 30, max: nil))
        #expect(try range("<= 1h30m", .duration) == GoalRange(min: nil, max: 90))
        #expect(try range("7:30..9:00", .duration) == GoalRange(min: 450, max: 540))
    }

    @Test func timeFormsIncludingWindowsAcrossMidnight() throws {
        #expect(try range("22:00..23:30", .time) == GoalRange(min: 1320, max: 1410))
        let wrapping = try range("23:00..00:30", .time)
        #expect(wrapping == GoalRange(min: 1380, max: 30))
        #expect(wrapping.wraps(.time))
        #expect(try range("10pm..11:30pm", .time) == GoalRange(min: 1320, max: 1410))
        #expect(try range("<= 23:30", .time) == GoalRange(min: nil, max: 1410))
        #expect(try range("at least 6am", .time) == GoalRange(min: 360, max: nil))
    }

    @Test func yesNoForms() throws {
        #expect(try range("yes", .yesno) == GoalRange(min: 1, max: nil))
        #expect(try range("no", .yesno) == GoalRange(min: nil, max: 0))
        #expect(refusal("yes..no", .yesno) == "x: a yes/no goal is yes or no; got 'yes..no'")
    }

    @Test func refusalsAreOneClearLine() {
        #expect(
            refusal("7h..9h", .count, unit: "steps", name: "steps")
                == "steps: '7h' is a duration, but steps is a count (steps); use a range like >= 8000, at most 2, 50..80 or between 50 and 80"
        )
        #expect(
            refusal("12000..8000", .count, name: "steps")
                == "steps: the lower bound 12,000 is above the upper bound 8,000; write the smaller first: 8,000..12,000"
        )
        #expect(
            refusal("9h..7h", .duration, name: "sleep")
                == "sleep: the lower bound 9h is above the upper bound 7h; write the smaller first: 7h..9h")
        #expect(
            refusal(">= 120%", .percentage, name: "focus")
                == "focus: '120%' is not a percentage; use 0% to 100%, like 85%")
        #expect(
            refusal("80..120", .percentage, name: "focus")
                == "focus: '120' is not a percentage; use 0% to 100%, like 85%")
        #expect(
            refusal("7..9", .duration, name: "sleep")
                == "sleep: '7' has no unit; sleep is a duration, so write h or m, like 7h..9h, at least 30m, <= 1h30m or between 7h and 9h"
        )
        #expect(
            refusal("22:00..23:30", .count, name: "steps")
                == "steps: '22:00' is a time of day, but steps is a count; use a range like >= 8000, at most 2, 50..80 or between 50 and 80"
        )
        #expect(
            refusal("7h..9h", .time, name: "bedtime")
                == "bedtime: '7h' is a duration, but bedtime is a time of day; use a range like 22:00..23:30, 23:00..00:30 (across midnight), <= 23:30 or at least 6am"
        )
        #expect(
            refusal("23:00", .time, name: "bedtime")
                == "bedtime: a goal for a time of day is a window or a limit, like 22:00..23:30, 23:00..00:30 (across midnight), <= 23:30 or at least 6am; got '23:00'"
        )
        #expect(
            refusal("23:00..23:00", .time, name: "bedtime")
                == "bedtime: 23:00..23:00 is an empty window; give two different times, like 22:00..23:30")
        #expect(
            refusal("at most 2 mugs", .count, unit: "cups", name: "coffee")
                == "coffee: 'mugs' is not a unit that fits (coffee is in cups); use a range like >= 8000, at most 2, 50..80 or between 50 and 80"
        )
        #expect(
            refusal(">= 8000 yearly", .count, unit: "steps", name: "steps")
                == "steps: 'yearly' is not a period goals have; the periods are daily, weekly and monthly")
        #expect(
            refusal("> 8000", .count, name: "steps")
                == "steps: '> 8000' is not a range; use >= or <= (bounds count as met), like >= 8000, at most 2, 50..80 or between 50 and 80"
        )
        #expect(
            refusal("between 50", .count, name: "hr")
                == "hr: 'between 50' is not a range; write between LOW and HIGH, like between 50 and 80")
        #expect(refusal("-5..5", .count, name: "steps")?.hasPrefix("steps: '-5' is not a count") == true)
        #expect(refusal("", .count, name: "steps")?.hasPrefix("steps: a goal needs a range") == true)
        #expect(refusal("..", .count, name: "steps")?.hasPrefix("steps: '..' is not a range") == true)
        #expect(
            refusal("25h..26h", .duration, name: "sleep") == "sleep: '25h' is longer than a day; durations go up to 24h"
        )
    }

    @Test func formatReadsInTheAttributesUnitsAndParsesBack() throws {
        let steps = Attribute(name: "steps", type: .count, aggregation: .sum, unit: "steps", group: "activity")
        let coffee = Attribute(name: "coffee", type: .count, aggregation: .sum, unit: "cups", group: "food")
        let sleep = Attribute(name: "sleep", type: .duration, aggregation: .sum, unit: "", group: "sleep")
        let bedtime = Attribute(name: "bedtime", type: .time, aggregation: .last, unit: "", group: "sleep")
        let cases: [(Attribute, String, String)] = [
            (steps, "at least 8000", ">= 8,000 steps"), (coffee, "at most 2", "<= 2 cups"),
            (sleep, "between 7h 30m and 9h", "7h30m..9h"), (bedtime, "23:00..00:30", "23:00..00:30"),
            (coffee, "1..3", "1..3 cups"),
        ]
        for (attribute, typed, shown) in cases {
            let parsed = try GoalRange.parse(typed, type: attribute.type, unit: attribute.unit)
            #expect(parsed.format(attribute) == shown)
            #expect(try GoalRange.parse(shown, type: attribute.type, unit: attribute.unit) == parsed)
        }
    }
}

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
        #expect(status.value == (9000 + 4000 + 9000) / 3.0)
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

@Suite struct UsualValueTests {
    @Test func medianOfTheSameWeekdayOverEightWeeks() {
        let saturday = day("2026-11-21")
        #expect(saturday.weekday == 6)
        let values: [(Day, Double)] = [
            (saturday, 99999),  // today: excluded
            (day("2026-11-14"), 8000), (day("2026-11-07"), 6000), (day("2026-10-31"), 10000),
            // 24 October: no value, left out
            (day("2026-10-17"), 7000),
            (day("2026-09-26"), 1000),  // the 8th week back: counted
            (day("2026-09-19"), 50000),  // 9 weeks back: outside
            (day("2026-11-20"), 40000), (day("2026-11-15"), 40000),  // other weekdays
        ]
        #expect(Goals.usual(values, for: saturday, type: .count) == UsualValue(value: 7000, days: 5))
        #expect(Goals.usualWindow(for: saturday).from == day("2026-09-26"))
        #expect(Goals.usualWindow(for: saturday).through == day("2026-11-14"))
        #expect(Goals.usual(values.filter { $0.0 != day("2026-09-26") }, for: saturday, type: .count).value == 7500)
        #expect(Goals.usual([(saturday, 5)], for: saturday, type: .count) == UsualValue(value: nil, days: 0))
        // Two days are not a habit: the same minimum of 3 everywhere a usual value is shown.
        let two = Goals.usual(Array(values[1...2]), for: saturday, type: .count)
        #expect(two == UsualValue(value: nil, days: 2))
        #expect(two.missing == 1)
    }

    @Test func bedtimesAroundMidnight() {
        let saturday = day("2026-11-21")
        let values: [(Day, Double)] = [
            (day("2026-11-14"), 23 * 60 + 50), (day("2026-11-07"), 10), (day("2026-10-31"), 23 * 60 + 40),
        ]
        #expect(Goals.usual(values, for: saturday, type: .time).value == Double(23 * 60 + 50))
    }

    @Test func suggestionsArePrefilledFromTheUsualValueAndParse() throws {
        let sleep = Attribute(name: "sleep", type: .duration, aggregation: .sum, unit: "", group: "sleep")
        let s = Goals.rangeSuggestions(for: sleep, usual: 440)
        #expect(s.forms == ["7h..9h", ">= 7h", "<= 9h"])
        #expect(s.usual == "usual 7h 20m")
        #expect(s.description == "7h..9h, >= 7h, <= 9h, usual 7h 20m")
        let steps = Attribute(name: "steps", type: .count, aggregation: .sum, unit: "steps", group: "activity")
        #expect(Goals.rangeSuggestions(for: steps, usual: 8437).forms == ["7600..9300", ">= 8400", "<= 8400"])
        let bedtime = Attribute(name: "bedtime", type: .time, aggregation: .last, unit: "", group: "sleep")
        #expect(Goals.rangeSuggestions(for: bedtime, usual: 23 * 60 + 10).forms == ["22:30..00:00", "<= 23:15"])
        let attributes = [
            sleep, steps, bedtime,
            Attribute(name: "focus", type: .percentage, aggregation: .average, unit: "", group: "other"),
            Attribute(name: "weight", type: .decimal, aggregation: .last, unit: "kg", group: "health"),
            Attribute(name: "meditated", type: .yesno, aggregation: .last, unit: "", group: "health"),
            Attribute(name: "mindful", type: .duration, aggregation: .sum, unit: "", group: "health"),
        ]
        for attribute in attributes {
            for usual in [nil, 0.0, 1, 2.5, 17, 95, 440, 1430] as [Double?] {
                if let usual, (try? attribute.type.parse(attribute.type.format(usual))) == nil { continue }
                for form in Goals.rangeSuggestions(for: attribute, usual: usual).forms {
                    #expect(
                        (try? GoalRange.parse(form, type: attribute.type, unit: attribute.unit)) != nil,
                        "\(attribute.name) \(form)")
                }
            }
        }
    }
}

@Suite struct GoalStoreTests {
    func journal(_ now: String = "2026-11-21") throws -> (Journal, String) {
        let dir = FileManager.default.temporaryDirectory.path + "/daybook-goals-" + UUID().uuidString
        let clock = LocalTime(day: day(now), minuteOfDay: 9 * 60 + 30)
        return (try Journal(path: dir + "/journal.sqlite3", clock: { clock }), dir)
    }

    @Test func goalsKeepTheirHistoryAndUndoWorks() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let steps = j.attribute(named: "steps")!
        try j.setGoal(steps, range: GoalRange(min: 8000, max: nil), period: .daily, from: day("2026-11-01"))
        let write = try j.setGoal(
            steps, range: GoalRange(min: 10000, max: nil), period: .daily, from: day("2026-11-15"))
        #expect(write.previous?.range.min == 8000)
        #expect(write.nextChange == nil)
        try j.endGoal(steps, from: day("2026-11-20"))
        #expect(try j.goal("steps", on: day("2026-10-31")) == nil)
        #expect(try j.goal("steps", on: day("2026-11-14"))?.range.min == 8000)
        #expect(try j.goal("steps", on: day("2026-11-19"))?.range.min == 10000)
        #expect(try j.goal("steps", on: day("2026-11-21")) == nil)
        #expect(throws: JournalError.self) { try j.endGoal(steps, from: day("2026-11-21")) }
        // Filling in an earlier goal leaves the later ones in force.
        let filled = try j.setGoal(
            steps, range: GoalRange(min: 5000, max: nil), period: .weekly, from: day("2026-10-01"))
        #expect(filled.nextChange == day("2026-11-01"))
        #expect(try j.goal("steps", on: day("2026-11-02"))?.range.min == 8000)
        // Setting a goal again on the same day replaces that day's change.
        try j.setGoal(steps, range: GoalRange(min: 6000, max: nil), period: .weekly, from: day("2026-10-01"))
        #expect(try j.goal("steps", on: day("2026-10-01"))?.range.min == 6000)
        #expect(try j.goalHistory("steps", through: day("2026-11-30")).changes.count == 4)
        // Undo goes back change by change.
        _ = try j.undo()
        #expect(try j.goal("steps", on: day("2026-10-01"))?.range.min == 5000)
        _ = try j.undo()
        #expect(try j.goal("steps", on: day("2026-10-01")) == nil)
        _ = try j.undo()
        #expect(try j.goal("steps", on: day("2026-11-21"))?.range.min == 10000)
    }

    @Test func theGoalInForceIsOneIndexSeek() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let plan = try j.database.rows(
            "EXPLAIN QUERY PLAN SELECT since, period, min, max FROM goal WHERE attribute = ? AND since <= ? AND removed_by IS NULL ORDER BY since DESC LIMIT 1",
            [.text("steps"), .text("2026-11-21")]
        ) { $0.string(3) }
        #expect(plan.contains { $0.contains("USING INDEX goal_attribute_since") }, "\(plan)")
        #expect(!plan.contains { $0.contains("TEMP B-TREE") }, "\(plan)")
    }

    /// With no values to go by, the goals offered fit each attribute's type and unit, and the
    /// way round a person sets it: the journal's own built-in attributes, then units, then types.
    @Test func examplesFitTheAttributeWithoutHistory() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let first: [String: String] = [
            "steps": ">= 8000", "distance": ">= 5", "exercise": ">= 30m", "active_energy": ">= 400",
            "stand_hours": ">= 12", "sleep": "7h..9h", "bedtime": "22:00..23:30", "wake_time": "06:30..07:30",
            "mindful": ">= 10m", "heart_rate": "60..80", "resting_hr": "<= 60", "weight": "70..75", "water": ">= 8",
            "coffee": "<= 2", "productive": ">= 4h",
        ]
        #expect(Set(j.attributes.map(\.name)) == Set(first.keys))
        for attribute in j.attributes {
            let forms = try j.rangeSuggestions(attribute).forms
            #expect(forms.first == first[attribute.name], "\(attribute.name): \(forms)")
            #expect(try j.rangeSuggestions(attribute).usual == nil)
            for form in forms {
                #expect((try? GoalRange.parse(form, type: attribute.type, unit: attribute.unit)) != nil, "\(attribute.name) \(form)")
            }
        }
        #expect(try j.rangeSuggestions(j.attribute(named: "water")!).forms == [">= 8", "6..10"])
        #expect(try j.rangeSuggestions(j.attribute(named: "bedtime")!).forms == ["22:00..23:30", "<= 23:30"])
        // Attributes a person tracked: by their unit, else by their type.
        let custom: [(Attribute, [String])] = [
            (Attribute(name: "tea", type: .count, aggregation: .sum, unit: "cups", group: "food"), ["<= 2", "1..3"]),
            (Attribute(name: "reading", type: .count, aggregation: .sum, unit: "pages", group: "other"), [">= 25", "20..40"]),
            (Attribute(name: "pushups", type: .count, aggregation: .sum, unit: "", group: "activity"), [">= 10", "<= 2", "5..10"]),
            (Attribute(name: "water", type: .count, aggregation: .sum, unit: "ml", group: "food"), [">= 10", "<= 2", "5..10"]),
            (Attribute(name: "lights_out", type: .time, aggregation: .last, unit: "", group: "sleep"), ["22:00..23:30", "<= 23:30"]),
            (Attribute(name: "wake_up", type: .time, aggregation: .last, unit: "", group: "other"), ["06:30..07:30", "<= 07:30", ">= 06:00"]),
            (Attribute(name: "lunch", type: .time, aggregation: .last, unit: "", group: "food"), ["08:00..09:00", "<= 09:00", ">= 08:00"]),
            (Attribute(name: "reading_time", type: .duration, aggregation: .sum, unit: "", group: "other"), [">= 30m", "<= 1h", "30m..1h"]),
        ]
        for (attribute, forms) in custom {
            #expect(Goals.rangeSuggestions(for: attribute, usual: nil).forms == forms, "\(attribute.name)")
            for form in forms {
                #expect((try? GoalRange.parse(form, type: attribute.type, unit: attribute.unit)) != nil, "\(attribute.name) \(form)")
            }
        }
    }

    @Test func statusesReadThroughTheJournal() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let steps = j.attribute(named: "steps")!
        try j.setGoal(steps, range: GoalRange(min: 8000, max: nil), period: .daily, from: day("2026-11-18"))
        for (iso, value) in [("2026-11-18", 9000.0), ("2026-11-19", 8000), ("2026-11-20", 12000), ("2026-11-21", 2000)]
        {
            try j.log(day: day(iso), [(steps, value)])
        }
        let statuses = try j.goalStatuses(on: day("2026-11-21"))
        #expect(statuses.count == 1)
        #expect(statuses[0].attribute.name == "steps")
        #expect(statuses[0].status.state == .under)
        #expect(statuses[0].status.streak == 3)
        try j.log(day: day("2026-10-31"), [(steps, 7000)])
        try j.log(day: day("2026-11-07"), [(steps, 9000)])
        #expect(try j.usualValue(of: steps, on: day("2026-11-21")) == nil)  // two Saturdays: too few
        #expect(try j.rangeSuggestions(steps).usual == nil)
        try j.log(day: day("2026-10-24"), [(steps, 8000)])
        #expect(try j.usual(of: steps, on: day("2026-11-21")) == UsualValue(value: 8000, days: 3))
        #expect(try j.rangeSuggestions(steps).usual == "usual 8,000 steps")
    }
}
