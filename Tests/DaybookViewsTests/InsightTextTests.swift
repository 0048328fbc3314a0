import DaybookCore
import DaybookTestSupport
import DaybookViews
import Foundation
import Testing

private let day = insightDay  // a Saturday
private let steps = RandomJournal.steps
private let sleep = RandomJournal.sleep
private let bedtime = RandomJournal.bedtime
private let weight = RandomJournal.weight
private let focus = RandomJournal.focus
private let coffee = RandomJournal.coffee
private let meditate = RandomJournal.meditate
private let restingHR = testAttribute("resting_hr", .count, unit: "bpm", aggregation: .min)

private func text(_ kind: Insight.Kind, _ subject: InsightSubject, _ detail: Insight.Detail) -> String {
    InsightText.sentence(Insight(kind: kind, subject: subject, day: day, detail: detail, notability: 0))
}

private func usual(
    _ attribute: InsightSubject, _ value: Double, _ usual: Double, days: Int, kind: Insight.Kind = .usual
) -> String {
    let type = attribute.type
    let change = Insights.change(value, against: usual, subject: attribute)
    let comparison = InsightComparison(
        value: value, usual: usual, usualDays: days, average30d: usual, averageDays: days,
        percentOfUsual: Insights.percent(value, of: usual, type: type),
        percentOfAverage: Insights.percent(value, of: usual, type: type), change: change)
    return text(kind, attribute, .comparison(comparison))
}

private func status(
    _ attribute: Attribute, _ range: GoalRange, _ period: GoalPeriod = .daily, values: [Int: Double], since: Int = 60
) -> GoalStatus {
    let start = day.adding(days: -since)
    let history = GoalHistory([.init(since: start, goal: Goal(range: range, period: period, since: start))])
    return Goals.evaluate(type: attribute.type, history: history, on: day) { from, through in
        from > through
            ? []
            : (from.ordinal...through.ordinal).compactMap { o in values[day.ordinal - o].map { (Day(ordinal: o), $0) } }
    }!
}

private func goal(
    _ attribute: Attribute, _ range: GoalRange, _ period: GoalPeriod = .daily, values: [Int: Double], open: Bool = true,
    kind: Insight.Kind = .goal, since: Int = 60
) -> String {
    let s = status(attribute, range, period, values: values, since: since)
    return text(kind, .attribute(attribute), .goal(InsightGoal(status: s, open: open, isToday: open)))
}

/// Every kind of insight, word for word, singular and plural.
@Suite struct InsightTextTests {
    @Test func usualValues() {
        #expect(
            usual(.attribute(steps), 9120, 8000, days: 8)
                == "9,120 steps, 14% more than your usual Saturday (8,000 steps, from 8 Saturdays).")
        #expect(
            usual(.attribute(steps), 6800, 8000, days: 3)
                == "6,800 steps, 15% fewer than your usual Saturday (8,000 steps, from 3 Saturdays).")
        #expect(
            usual(.attribute(steps), 1, 8000, days: 3)
                == "1 step, 100% fewer than your usual Saturday (8,000 steps, from 3 Saturdays).")
        #expect(
            usual(.attribute(weight), 72.5, 72.1, days: 4)
                == "Weight 72.5 kg, about your usual Saturday (72.1 kg, from 4 Saturdays).")
        #expect(
            usual(.attribute(sleep), 430, 490, days: 8)
                == "Sleep 7h 10m, 12% shorter than your usual Saturday (8h 10m, from 8 Saturdays).")
        #expect(
            usual(.attribute(sleep), 540, 480, days: 5)
                == "Sleep 9h, 13% longer than your usual Saturday (8h, from 5 Saturdays).")
        #expect(
            usual(.attribute(bedtime), 20, 1430, days: 6)
                == "Bedtime 00:20, 30 minutes later than your usual Saturday (23:50, from 6 Saturdays).")
        #expect(
            usual(.attribute(bedtime), 22 * 60 + 30, 23 * 60 + 50, days: 6)
                == "Bedtime 22:30, 1h 20m earlier than your usual Saturday (23:50, from 6 Saturdays).")
        #expect(
            usual(.attribute(focus), 85, 75, days: 4)
                == "Focus 85%, 10 points higher than your usual Saturday (75%, from 4 Saturdays).")
        #expect(
            usual(.attribute(coffee), 2, 1.5, days: 8)
                == "Coffee 2 cups, 33% more than your usual Saturday (1.5 cups, from 8 Saturdays).")
        // None at all: the amount missing, not "100% fewer".
        #expect(
            usual(.attribute(coffee), 0, 1, days: 8)
                == "Coffee 0 cups, 1 cup fewer than your usual Saturday (1 cup, from 8 Saturdays).")
        #expect(
            usual(.attribute(sleep), 0, 450, days: 8)
                == "Sleep 0m, 7h 30m shorter than your usual Saturday (7h 30m, from 8 Saturdays).")
        #expect(
            usual(.attribute(coffee), 1, 0, days: 3)
                == "Coffee 1 cup, 1 cup more than your usual Saturday (0 cups, from 3 Saturdays).")
        #expect(
            usual(.attribute(coffee), 2, 0, days: 3)
                == "Coffee 2 cups, 2 cups more than your usual Saturday (0 cups, from 3 Saturdays).")
        #expect(usual(.mood, 4, 3, days: 5) == "Mood 4, 1 point higher than your usual Saturday (3, from 5 Saturdays).")
        #expect(
            usual(.mood, 3, 3.5, days: 6)
                == "Mood 3, 0.5 points lower than your usual Saturday (3.5, from 6 Saturdays).")
        #expect(usual(.mood, 3, 3, days: 3) == "Mood 3, about your usual Saturday (3, from 3 Saturdays).")
        #expect(
            usual(.attribute(restingHR), 52, 60, days: 7)
                == "Resting hr 52 bpm, 13% lower than your usual Saturday (60 bpm, from 7 Saturdays).")
    }

    @Test func thirtyDayAverages() {
        #expect(
            usual(.attribute(steps), 9120, 8000, days: 27, kind: .average)
                == "9,120 steps, 14% more than your 30-day average (8,000 steps, from 27 days).")
        #expect(
            usual(.mood, 3, 3.4, days: 3, kind: .average)
                == "Mood 3, 0.4 points lower than your 30-day average (3.4, from 3 days).")
        #expect(
            usual(.attribute(bedtime), 23 * 60 + 45, 23 * 60 + 40, days: 30, kind: .average)
                == "Bedtime 23:45, about your 30-day average (23:40, from 30 days).")
    }

    @Test func notEnoughHistory() {
        func missing(_ subject: InsightSubject, _ days: Int) -> String {
            text(
                .usual, subject,
                .missingHistory(InsightMissingHistory(value: 1, days: days, needed: 3, average30d: nil)))
        }
        #expect(
            missing(.attribute(steps), 0)
                == "Not enough history yet for a usual Saturday of steps: no Saturdays yet, 3 more needed.")
        #expect(
            missing(.attribute(steps), 1)
                == "Not enough history yet for a usual Saturday of steps: 1 Saturday so far, 2 more needed.")
        #expect(
            missing(.mood, 2)
                == "Not enough history yet for a usual Saturday of mood: 2 Saturdays so far, 1 more needed.")
    }

    @Test func records() {
        func record(_ subject: InsightSubject, _ r: InsightRecord) -> String { text(.record, subject, .record(r)) }
        #expect(
            record(
                .attribute(sleep),
                InsightRecord(value: 490, extreme: .highest, reach: .since(day.adding(days: -6)), span: 6, days: 6))
                == "Longest sleep in 6 days: 8h 10m.")
        #expect(
            record(
                .attribute(sleep),
                InsightRecord(value: 300, extreme: .lowest, reach: .since(day.adding(days: -9)), span: 9, days: 7))
                == "Shortest sleep in 9 days: 5h (7 of them logged).")
        #expect(
            record(
                .attribute(coffee),
                InsightRecord(value: 0, extreme: .lowest, reach: .since(day.adding(days: -30)), span: 30, days: 6))
                == "Least coffee in 30 days: 0 cups (6 of them logged).")
        #expect(
            record(
                .attribute(coffee),
                InsightRecord(value: 1, extreme: .highest, reach: .since(day.adding(days: -8)), span: 8, days: 8))
                == "Most coffee in 8 days: 1 cup.")
        let march = Day(year: 2026, month: 3, day: 14)!
        #expect(
            record(
                .attribute(steps),
                InsightRecord(
                    value: 12400, extreme: .highest, reach: .since(march), span: day.ordinal - march.ordinal, days: 180)
            )
                == "Most steps since 14 March: 12,400 (180 days logged).")
        let lastYear = Day(year: 2025, month: 11, day: 30)!
        #expect(
            record(
                .attribute(steps),
                InsightRecord(
                    value: 900, extreme: .lowest, reach: .since(lastYear), span: day.ordinal - lastYear.ordinal,
                    days: 300))
                == "Fewest steps since 30 November 2025: 900 (300 days logged).")
        #expect(
            record(
                .attribute(weight), InsightRecord(value: 75.2, extreme: .highest, reach: .year, span: 365, days: 300))
                == "Highest weight in a year: 75.2 kg (300 days logged).")
        #expect(
            record(.attribute(steps), InsightRecord(value: 1000, extreme: .lowest, reach: .ever, span: nil, days: 20))
                == "Fewest steps on record: 1,000 (20 days logged).")
        #expect(
            record(
                .attribute(bedtime),
                InsightRecord(value: 40, extreme: .highest, reach: .since(day.adding(days: -7)), span: 7, days: 7))
                == "Latest bedtime in 7 days: 00:40.")
        #expect(
            record(
                .attribute(bedtime),
                InsightRecord(value: 1380, extreme: .lowest, reach: .since(day.adding(days: -12)), span: 12, days: 12))
                == "Earliest bedtime in 12 days: 23:00.")
        #expect(
            record(
                .mood,
                InsightRecord(value: 5, extreme: .highest, reach: .since(day.adding(days: -12)), span: 12, days: 10))
                == "Highest mood in 12 days: 5 (10 of them logged).")
    }

    @Test func goals() {
        let atLeast = GoalRange(min: 10000, max: nil)
        let atMost2 = GoalRange(min: nil, max: 2)
        let window = GoalRange(min: 23 * 60, max: 30)
        #expect(goal(steps, atLeast, values: [0: 10400]) == "Steps goal met: 10,400 (goal: at least 10,000 steps).")
        #expect(
            goal(steps, atLeast, values: [0: 4200])
                == "5,800 steps to go for your steps goal: 4,200 so far (goal: at least 10,000 steps).")
        #expect(
            goal(steps, atLeast, values: [0: 9999])
                == "1 step to go for your steps goal: 9,999 so far (goal: at least 10,000 steps).")
        #expect(
            goal(steps, atLeast, values: [0: 4200], open: false)
                == "Steps goal missed: 4,200, 5,800 steps short (goal: at least 10,000 steps).")
        #expect(
            goal(coffee, atMost2, values: [0: 1])
                == "Coffee within goal so far: 1 cup (goal: at most 2 cups), 1 cup to spare.")
        #expect(goal(coffee, atMost2, values: [0: 2]) == "Coffee within goal so far: 2 cups (goal: at most 2 cups).")
        #expect(goal(coffee, atMost2, values: [0: 0], open: false) == "Coffee goal met: 0 cups (goal: at most 2 cups).")
        #expect(goal(coffee, atMost2, values: [0: 3]) == "Coffee over goal: 3 cups, 1 cup over (goal: at most 2 cups).")
        #expect(
            goal(coffee, atMost2, values: [0: 5]) == "Coffee over goal: 5 cups, 3 cups over (goal: at most 2 cups).")
        #expect(
            goal(bedtime, window, values: [0: 50])
                == "Bedtime 00:50, 20 minutes later than your goal allows (goal: between 23:00 and 00:30).")
        #expect(
            goal(bedtime, window, values: [0: 22 * 60 + 59])
                == "Bedtime 22:59, 1 minute earlier than your goal allows (goal: between 23:00 and 00:30).")
        #expect(goal(bedtime, window, values: [0: 10]) == "Bedtime goal met: 00:10 (goal: between 23:00 and 00:30).")
        // What is left reads as `goals` writes it: a time of day's headroom is a duration.
        #expect(
            goal(bedtime, GoalRange(min: nil, max: 23 * 60 + 30), values: [0: 22 * 60 + 50])
                == "Bedtime within goal so far: 22:50 (goal: no later than 23:30), 40m to spare.")
        #expect(
            goal(bedtime, GoalRange(min: nil, max: 23 * 60 + 30), values: [1: 0])
                == "No bedtime logged yet for your goal (goal: no later than 23:30).")
        #expect(
            goal(bedtime, GoalRange(min: 6 * 60, max: nil), values: [1: 0], open: false)
                == "No bedtime logged for your goal (goal: no earlier than 06:00).")
        // Weekly and monthly goals judge a mean; 21 November 2026 is a Saturday.
        #expect(
            goal(sleep, GoalRange(min: 420, max: 540), .weekly, values: [0: 480, 1: 440, 2: 460, 3: 460])
                == "Sleep goal met this week: 7h 40m a day on average (goal: between 7h and 9h).")
        #expect(
            goal(sleep, GoalRange(min: 420, max: 540), .weekly, values: [0: 480, 1: 440], open: false)
                == "Sleep goal met the week of 16 November: 7h 40m a day on average (goal: between 7h and 9h).")
        #expect(
            goal(restingHR, GoalRange(min: 50, max: 80), .monthly, values: [0: 58, 1: 62])
                == "Resting hr goal met this month: 60 bpm on average (goal: between 50 and 80 bpm).")
        #expect(
            goal(steps, GoalRange(min: 8000, max: nil), .monthly, values: [0: 6000, 1: 7000], open: false)
                == "Steps goal missed in November: 6,500 a day on average, 1,500 steps a day short (goal: at least 8,000 steps)."
        )
        #expect(goal(meditate, GoalRange(min: 1, max: nil), values: [0: 1]) == "Meditate goal met.")
        #expect(goal(meditate, GoalRange(min: 1, max: nil), values: [0: 0]) == "Meditate goal not met yet (goal: yes).")
        #expect(
            goal(meditate, GoalRange(min: 1, max: nil), values: [0: 0], open: false)
                == "Meditate goal missed (goal: yes).")
        #expect(
            goal(meditate, GoalRange(min: 1, max: nil), .weekly, values: [0: 0, 1: 1])
                == "Meditate goal not met every day this week (goal: yes).")
    }

    @Test func streaks() {
        let atMost2 = GoalRange(min: nil, max: 2)
        let values = Dictionary(uniqueKeysWithValues: (0..<14).map { ($0, 1.0) })
        #expect(
            goal(coffee, atMost2, values: values, kind: .streak, since: 13)
                == "14 days in a row within your coffee goal (at most 2 cups).")
        var missedToday = Dictionary(uniqueKeysWithValues: (1...8).map { ($0, 12000.0) })
        missedToday[0] = 4000
        #expect(
            goal(steps, GoalRange(min: 10000, max: nil), values: missedToday, kind: .streak, since: 8)
                == "8 days in a row within your steps goal (at least 10,000 steps), until yesterday.")
        let s = status(steps, GoalRange(min: 10000, max: nil), values: missedToday, since: 8)
        #expect(
            text(.streak, .attribute(steps), .goal(InsightGoal(status: s, open: false, isToday: false)))
                == "8 days in a row within your steps goal (at least 10,000 steps), until the day before.")
        let weeks = Dictionary(uniqueKeysWithValues: (0..<13).map { ($0, 480.0) })
        #expect(
            goal(sleep, GoalRange(min: 420, max: 540), .weekly, values: weeks, kind: .streak, since: 12)
                == "2 weeks in a row within your sleep goal (between 7h and 9h).")
        let long = Dictionary(uniqueKeysWithValues: (0..<1100).map { ($0, 1.0) })
        #expect(
            goal(coffee, atMost2, values: long, kind: .streak, since: 1099)
                == "1,000 or more days in a row within your coffee goal (at most 2 cups).")
    }

    @Test func weekdays() {
        func weekday(_ subject: InsightSubject, _ w: InsightWeekday) -> String { text(.weekday, subject, .weekday(w)) }
        #expect(
            weekday(
                .mood,
                InsightWeekday(
                    weekday: 1, extreme: .lowest, mean: 2.9, otherMean: 3.6, days: 12, otherDays: 72, difference: -0.7,
                    p: 0.001))
                == "Mondays stand out for mood: 2.9 on average, against 3.6 on other days (12 Mondays, 72 other days)."
        )
        #expect(
            weekday(
                .attribute(steps),
                InsightWeekday(
                    weekday: 6, extreme: .highest, mean: 12100, otherMean: 8300, days: 11, otherDays: 71,
                    difference: 3800, p: 0.001))
                == "Saturdays stand out for steps: 12,100 on average, against 8,300 on other days (11 Saturdays, 71 other days)."
        )
        #expect(
            weekday(
                .attribute(bedtime),
                InsightWeekday(
                    weekday: 5, extreme: .highest, mean: 40, otherMean: 1410, days: 12, otherDays: 70, difference: 70,
                    p: 0.001))
                == "Fridays stand out for bedtime: 00:40 on average, against 23:30 on other days (12 Fridays, 70 other days)."
        )
        #expect(
            weekday(
                .attribute(coffee),
                InsightWeekday(
                    weekday: 7, extreme: .lowest, mean: 0.8, otherMean: 2.1, days: 7, otherDays: 8, difference: -1.3,
                    p: 0.001))
                == "Sundays stand out for coffee: 0.8 cups on average, against 2.1 cups on other days (7 Sundays, 8 other days)."
        )
        #expect(
            weekday(
                .attribute(sleep),
                InsightWeekday(
                    weekday: 3, extreme: .lowest, mean: 380, otherMean: 450, days: 9, otherDays: 60, difference: -70,
                    p: 0.001))
                == "Wednesdays stand out for sleep: 6h 20m on average, against 7h 30m on other days (9 Wednesdays, 60 other days)."
        )
    }

    @Test func correlations() {
        func link(
            _ attribute: Attribute, r: Double, threshold: Double, above: Double, below: Double, days: Int
        ) -> String {
            text(
                .correlation, .attribute(attribute),
                .correlation(
                    InsightCorrelation(
                        r: r, p: 0.001, days: days, effectiveDays: Double(days) * 0.7, threshold: threshold,
                        moodAbove: above, moodBelow: below, daysAbove: days / 2, daysBelow: days - days / 2)))
        }
        #expect(
            link(sleep, r: 0.42, threshold: 420, above: 3.9, below: 3.1, days: 41)
                == "Mood tends to be higher on days with more sleep: 3.9 on days with sleep 7h or more, against 3.1 otherwise (a moderate link, r = 0.42, 41 days)."
        )
        #expect(
            link(bedtime, r: -0.35, threshold: 1410, above: 3, below: 3.6, days: 70)
                == "Mood tends to be lower on days with a later bedtime: 3 on days with bedtime 23:30 or later, against 3.6 otherwise (a moderate link, r = -0.35, 70 days)."
        )
        // The word follows r as it is shown: -0.4986 reads -0.50, strong.
        #expect(
            link(coffee, r: -0.4986, threshold: 1, above: 2.9, below: 3.5, days: 50)
                == "Mood tends to be lower on days with more coffee: 2.9 on days with coffee 1 cup or more, against 3.5 otherwise (a strong link, r = -0.50, 50 days)."
        )
        #expect(
            link(steps, r: 0.3, threshold: 8000, above: 3.8, below: 3.2, days: 60)
                == "Mood tends to be higher on days with more steps: 3.8 on days with 8,000 steps or more, against 3.2 otherwise (a moderate link, r = 0.30, 60 days)."
        )
        #expect(
            link(coffee, r: -0.5, threshold: 1, above: 2.9, below: 3.5, days: 50)
                == "Mood tends to be lower on days with more coffee: 2.9 on days with coffee 1 cup or more, against 3.5 otherwise (a strong link, r = -0.50, 50 days)."
        )
        #expect(
            link(coffee, r: -0.45, threshold: 3, above: 2.9, below: 3.5, days: 50)
                == "Mood tends to be lower on days with more coffee: 2.9 on days with coffee 3 cups or more, against 3.5 otherwise (a moderate link, r = -0.45, 50 days)."
        )
        #expect(
            link(weight, r: -0.31, threshold: 72.5, above: 3.1, below: 3.6, days: 45)
                == "Mood tends to be lower on days with a higher weight: 3.1 on days with weight 72.5 kg or more, against 3.6 otherwise (a moderate link, r = -0.31, 45 days)."
        )
        #expect(
            link(meditate, r: 0.33, threshold: 1, above: 3.8, below: 3.1, days: 60)
                == "Mood tends to be higher on days with meditate yes: 3.8, against 3.1 on days without (a moderate link, r = 0.33, 60 days)."
        )
    }

    @Test func tags() {
        func tag(_ t: InsightTag) -> String { text(.tag, .mood, .tag(t)) }
        #expect(
            tag(InsightTag(tag: "gym", moodWith: 4.1, moodWithout: 3.3, daysWith: 12, daysWithout: 60, p: 0.001))
                == "Mood tends to be higher on days tagged #gym: 4.1 on average, against 3.3 otherwise (12 days with the tag, 60 without)."
        )
        #expect(
            tag(InsightTag(tag: "late-shift", moodWith: 2.6, moodWithout: 3.4, daysWith: 7, daysWithout: 7, p: 0.01))
                == "Mood tends to be lower on days tagged #late-shift: 2.6 on average, against 3.4 otherwise (7 days with the tag, 7 without)."
        )
    }

    @Test func countsKeptAsALevelAreHigherOrLower() {
        let restingHR = InsightSubject.attribute(restingHR)
        #expect(
            text(
                .record, restingHR,
                .record(
                    InsightRecord(value: 48, extreme: .lowest, reach: .since(day.adding(days: -20)), span: 20, days: 20)
                ))
                == "Lowest resting hr in 20 days: 48 bpm.")
        #expect(
            text(
                .correlation, restingHR,
                .correlation(
                    InsightCorrelation(
                        r: -0.4, p: 0.001, days: 40, effectiveDays: 40, threshold: 60, moodAbove: 3, moodBelow: 3.5,
                        daysAbove: 20, daysBelow: 20)))
                == "Mood tends to be lower on days with a higher resting hr: 3 on days with resting hr 60 bpm or more, against 3.5 otherwise (a moderate link, r = -0.40, 40 days)."
        )
    }

    @Test func strengthWords() {
        #expect(InsightCorrelation.Strength(r: 0.29) == .weak)
        #expect(InsightCorrelation.Strength(r: -0.3) == .moderate)
        #expect(InsightCorrelation.Strength(r: 0.49) == .moderate)
        #expect(InsightCorrelation.Strength(r: -0.5) == .strong)
        #expect(InsightCorrelation.Strength(r: -0.4986) == .strong)
        #expect(InsightCorrelation.Strength(r: 0.2951) == .moderate)
        #expect(InsightCorrelation.Strength(r: 0.4949) == .moderate)
        #expect(InsightText.r(0.3) == "0.30")
        #expect(InsightText.r(-0.046) == "-0.05")
        #expect(InsightText.r(-0.004) == "0.00")
        #expect(InsightText.r(1) == "1.00")
    }
}
