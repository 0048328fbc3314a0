import DaybookCore
import DaybookTestSupport
import Foundation
import Testing

/// An input with one attribute: `values` maps days before `insightDay` (0 is the day itself) to values.
private func input(
    _ attribute: Attribute, _ values: [Int: Double], mood: [Int: Double] = [:], tags: [Int: [String]] = [:],
    hasEarlier: Bool = false, goals: [InsightInput.GoalEntry] = [], today: Day = insightDay
) -> InsightInput {
    let from = insightDay.adding(days: -InsightWindows.recordDays)
    func series(_ values: [Int: Double]) -> InsightSeries {
        InsightSeries(
            values: Dictionary(uniqueKeysWithValues: values.map { (insightDay.adding(days: -$0.key), $0.value) }),
            from: from, hasEarlier: hasEarlier)
    }
    return InsightInput(
        day: insightDay, today: today, mood: series(mood),
        attributes: [InsightInput.AttributeSeries(attribute: attribute, series: series(values))],
        tags: Dictionary(uniqueKeysWithValues: tags.map { (insightDay.adding(days: -$0.key), $0.value) }), goals: goals)
}

private func only(_ insights: [Insight], _ kind: Insight.Kind, _ name: String) -> [Insight] {
    insights.filter { $0.kind == kind && $0.subject.name == name }
}

private func comparison(_ insight: Insight?) -> InsightComparison? {
    if case .comparison(let c)? = insight?.detail { return c }
    return nil
}

private func record(_ insight: Insight?) -> InsightRecord? {
    if case .record(let r)? = insight?.detail { return r }
    return nil
}

private let steps = testAttribute("steps", .count, unit: "steps", aggregation: .sum)
private let bedtime = testAttribute("bedtime", .time)
private let sleep = testAttribute("sleep", .duration, aggregation: .sum)
private let coffee = testAttribute("coffee", .count, unit: "cups", aggregation: .sum)

@Suite struct InsightsComparisonTests {
    @Test func usualIsTheMedianOfTheSameWeekdayOverEightWeeks() throws {
        // Saturdays 1 to 8 weeks back; a Saturday 9 weeks back and other weekdays are ignored.
        var values: [Int: Double] = [0: 9405, 63: 1, 1: 50_000, 3: 50_000]
        for (week, v) in [8000.0, 9000, 7000, 8500, 10000, 6000, 8000, 9000].enumerated() { values[7 * (week + 1)] = v }
        let insights = Insights.compute(input(steps, values))
        let usual = try #require(comparison(only(insights, .usual, "steps").first))
        #expect(usual.usual == 8250)
        #expect(usual.usualDays == 8)
        #expect(usual.percentOfUsual == 114)
        #expect(usual.change == InsightChange(direction: .higher, measure: .percent, amount: 14, difference: 1155))
    }

    @Test func underFivePercentIsAboutTheUsual() throws {
        let values: [Int: Double] = [0: 8350, 7: 8000, 14: 8000, 21: 8000]
        let usual = try #require(comparison(only(Insights.compute(input(steps, values)), .usual, "steps").first))
        #expect(usual.percentOfUsual == 104)
        #expect(usual.change.direction == .about)
        let lower = try #require(
            comparison(
                only(Insights.compute(input(steps, [0: 7600, 7: 8000, 14: 8000, 21: 8000])), .usual, "steps").first))
        #expect(lower.percentOfUsual == 95)
        #expect(lower.change.direction == .lower)
        #expect(lower.change.amount == 5)
    }

    @Test func timesOfDayWrapAroundMidnight() throws {
        // A usual bedtime of 23:50, tonight at 00:20: 30 minutes later, not 23h 30m earlier.
        let values: [Int: Double] = [0: 20, 7: 23 * 60 + 40, 14: 23 * 60 + 50, 21: 0]
        let insights = Insights.compute(input(bedtime, values))
        let usual = try #require(comparison(only(insights, .usual, "bedtime").first))
        #expect(usual.usual == 1430)
        #expect(usual.percentOfUsual == nil)
        #expect(usual.change == InsightChange(direction: .higher, measure: .minutes, amount: 30, difference: 30))
        // Earlier across midnight the other way: 23:30 against a usual 00:10.
        let other = Insights.compute(input(bedtime, [0: 23 * 60 + 30, 7: 10, 14: 0, 21: 20]))
        let earlier = try #require(comparison(only(other, .usual, "bedtime").first))
        #expect(earlier.change == InsightChange(direction: .lower, measure: .minutes, amount: 40, difference: -40))
        // Under 15 minutes is about the usual.
        let near = Insights.compute(input(bedtime, [0: 5, 7: 23 * 60 + 55, 14: 23 * 60 + 55, 21: 23 * 60 + 55]))
        #expect(comparison(only(near, .usual, "bedtime").first)?.change.direction == .about)
    }

    @Test func fewerThanThreeDaysIsNotEnoughHistory() throws {
        let insights = Insights.compute(input(steps, [0: 9000, 7: 8000, 21: 8000, 1: 7000, 2: 7000, 3: 7000]))
        let usual = try #require(only(insights, .usual, "steps").first)
        guard case .missingHistory(let missing) = usual.detail else {
            Issue.record("expected missing history, got \(usual.detail)")
            return
        }
        #expect(missing.days == 2)
        #expect(missing.needed == 3)
        #expect(missing.average30d == 7400)
        // The 30-day average still compares.
        #expect(comparison(only(insights, .average, "steps").first)?.average30d == 7400)
    }

    @Test func averageExcludesTheDayAndEmptyDays() throws {
        // Days 1 to 30 before count; day 31 does not; the day itself does not.
        let values: [Int: Double] = [0: 100, 1: 2000, 2: 4000, 30: 6000, 31: 1_000_000]
        let average = try #require(comparison(only(Insights.compute(input(steps, values)), .average, "steps").first))
        #expect(average.average30d == 4000)
        #expect(average.averageDays == 3)
        #expect(average.percentOfAverage == 3)
        #expect(average.change.direction == .lower)
        #expect(average.change.amount == 97)
    }

    @Test func aUsualOfZeroComparesByAmount() throws {
        let insights = Insights.compute(input(coffee, [0: 2, 7: 0, 14: 0, 21: 0]))
        let usual = try #require(comparison(only(insights, .usual, "coffee").first))
        #expect(usual.percentOfUsual == nil)
        #expect(usual.change == InsightChange(direction: .higher, measure: .amount, amount: 2, difference: 2))
    }

    @Test func moodComparesInPoints() throws {
        let insights = Insights.compute(input(steps, [:], mood: [0: 4, 7: 3, 14: 4, 21: 3, 28: 3]))
        let usual = try #require(comparison(only(insights, .usual, "mood").first))
        #expect(usual.usual == 3)
        #expect(usual.change == InsightChange(direction: .higher, measure: .points, amount: 1, difference: 1))
        #expect(usual.percentOfUsual == 133)
    }

    @Test func yesNoValuesAreNotCompared() {
        let meditate = testAttribute("meditate", .yesno)
        #expect(Insights.compute(input(meditate, [0: 1, 7: 0, 14: 0, 21: 0])).isEmpty)
    }
}

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
        let insights = Insights.compute(input(coffee, values, goals: [.init(attribute: coffee, status: goal)]))
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

@Suite struct InsightsPatternTests {
    @Test func aWeekdayThatStandsOutIsFound() throws {
        var random = SeededRandom(seed: 7)
        var mood: [Int: Double] = [:]
        for back in 0..<84 {
            let monday = insightDay.adding(days: -back).weekday == 1
            mood[back] = max(1, min(5, ((monday ? 2.2 : 3.8) + 0.5 * random.gaussian()).rounded()))
        }
        let insights = Insights.compute(input(steps, [:], mood: mood))
        let found = try #require(only(insights, .weekday, "mood").first)
        guard case .weekday(let w) = found.detail else { return }
        #expect(w.weekday == 1)
        #expect(w.extreme == .lowest)
        #expect(w.days == 12)
        #expect(w.otherDays == 72)
        #expect(w.difference < -1)
    }

    @Test func aPlantedSleepLinkIsFound() throws {
        for seed: UInt64 in 1...5 {
            let insights = Insights.compute(RandomJournal.input(seed: seed, sleepEffect: 0.9))
            let link = try #require(only(insights, .correlation, "sleep").first, "seed \(seed)")
            guard case .correlation(let c) = link.detail else { return }
            #expect(c.r > 0.3)
            #expect(c.moodAbove > c.moodBelow)
            #expect(c.daysAbove >= 7 && c.daysBelow >= 7)
            #expect(c.days >= 60)
        }
    }

    @Test func aPlantedTagLinkIsFound() throws {
        for seed: UInt64 in 21...25 {
            let insights = Insights.compute(RandomJournal.input(seed: seed, tagEffect: 1.2))
            let tags = insights.compactMap { i -> InsightTag? in
                if case .tag(let t) = i.detail { return t }
                return nil
            }
            let gym = try #require(tags.first { $0.tag == "gym" }, "seed \(seed)")
            #expect(gym.moodWith - gym.moodWithout >= 0.5)
            #expect(gym.daysWith >= 7 && gym.daysWithout >= 7)
            #expect(!tags.contains { $0.tag != "gym" }, "seed \(seed)")
        }
    }

    @Test func pureNoiseYieldsNoLinkInAtLeast95Of100Seeds() {
        var quiet = 0
        for seed: UInt64 in 1000..<1100 {
            let insights = Insights.compute(RandomJournal.input(seed: seed))
            if !insights.contains(where: { [.correlation, .tag, .weekday].contains($0.kind) }) { quiet += 1 }
        }
        #expect(quiet >= 95, "\(quiet) of 100 noise journals were quiet")
    }
}

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

/// Property tests: what insights report matches a direct computation from the same data.
@Suite struct InsightsPropertyTests {
    /// The median, for times of day around their circular mean, written independently.
    private func median(_ values: [Double], time: Bool) -> Double {
        guard time else {
            let s = values.sorted()
            return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
        }
        let (anchor, offsets) = around(values)
        let m = median(offsets, time: false)
        return ((anchor + m).truncatingRemainder(dividingBy: 1440) + 1440).truncatingRemainder(dividingBy: 1440)
    }

    private func around(_ values: [Double]) -> (Double, [Double]) {
        let angles = values.map { $0 * 2 * Double.pi / 1440 }
        let anchor = atan2(angles.map(sin).reduce(0, +), angles.map(cos).reduce(0, +)) * 1440 / (2 * Double.pi)
        return (
            anchor,
            values.map { v in
                var d = (v - anchor).truncatingRemainder(dividingBy: 1440)
                while d > 720 { d -= 1440 }
                while d <= -720 { d += 1440 }
                return d
            }
        )
    }

    private func mean(_ values: [Double], time: Bool) -> Double {
        guard time else { return values.reduce(0, +) / Double(values.count) }
        let (anchor, offsets) = around(values)
        let m = offsets.reduce(0, +) / Double(offsets.count)
        return ((anchor + m).truncatingRemainder(dividingBy: 1440) + 1440).truncatingRemainder(dividingBy: 1440)
    }

    /// How far a shown value may be from the exact one: half its last shown digit. Means of
    /// decimals show one decimal, as every mean does (`ValueType.meanDecimals`).
    private func tolerance(_ subject: InsightSubject, _ exact: Double) -> Double {
        switch subject.type {
        case .count: return abs(exact) >= 100 ? 0.5 : 0.05
        case .decimal: return 0.05
        case .percentage: return 0.05
        case .duration, .time: return 0.5
        case .yesno: return 0.005
        }
    }

    private func distance(_ a: Double, _ b: Double, time: Bool) -> Double {
        guard time else { return abs(a - b) }
        let d = abs(a - b).truncatingRemainder(dividingBy: 1440)
        return min(d, 1440 - d)
    }

    private func series(_ input: InsightInput, _ name: String) -> DayValues {
        name == "mood" ? input.mood.values : input.attributes.first { $0.attribute.name == name }!.series.values
    }

    @Test func usualAndAverageMatchADirectComputation() throws {
        var compared = 0
        for seed: UInt64 in 1...40 {
            let input = RandomJournal.input(seed: seed, presence: 0.3 + 0.6 * Double(seed % 3) / 2)
            let insights = Insights.compute(input)
            let subjects: [InsightSubject] = [.mood] + input.attributes.map { .attribute($0.attribute) }
            for subject in subjects {
                let values = series(input, subject.name)
                let time = subject.type == .time
                let usuals = only(insights, .usual, subject.name)
                guard values[insightDay] != nil, subject.type != .yesno else {
                    #expect(usuals.isEmpty)
                    continue
                }
                #expect(usuals.count == 1, "seed \(seed) \(subject.name)")
                let weekdays = (1...8).compactMap { values[insightDay.adding(days: -7 * $0)] }
                if weekdays.count >= 3 {
                    let usual = try #require(comparison(usuals.first)?.usual, "seed \(seed) \(subject.name)")
                    let direct = median(weekdays, time: time)
                    #expect(
                        distance(usual, direct, time: time) <= tolerance(subject, direct) + 1e-9,
                        "seed \(seed) \(subject.name)")
                    #expect(comparison(usuals.first)?.usualDays == weekdays.count)
                    compared += 1
                } else {
                    guard case .missingHistory(let m)? = usuals.first?.detail else {
                        Issue.record("seed \(seed) \(subject.name): expected not enough history")
                        continue
                    }
                    #expect(m.days == weekdays.count)
                }
                let month = (1...30).compactMap { values[insightDay.adding(days: -$0)] }
                let averages = only(insights, .average, subject.name)
                if month.count >= 3 {
                    let average = try #require(comparison(averages.first)?.average30d)
                    let direct = mean(month, time: time)
                    #expect(
                        distance(average, direct, time: time) <= tolerance(subject, direct) + 1e-9,
                        "seed \(seed) \(subject.name)")
                    #expect(comparison(averages.first)?.averageDays == month.count)
                } else {
                    #expect(averages.isEmpty)
                }
            }
        }
        #expect(compared > 100)
    }

    @Test func correlationsMatchADirectPearson() throws {
        var checked = 0
        for seed: UInt64 in 1...30 {
            let input = RandomJournal.input(
                seed: seed, sleepEffect: Double(seed % 4) * 0.4, tagEffect: Double(seed % 3) * 0.6)
            for insight in Insights.compute(input) {
                guard case .correlation(let link) = insight.detail, let attribute = insight.subject.attribute else {
                    continue
                }
                let values = series(input, attribute.name)
                var xs: [Double] = []
                var ys: [Double] = []
                for back in 0..<90 {
                    let d = insightDay.adding(days: -back)
                    if let y = input.mood.values[d], let x = values[d] {
                        xs.append(x)
                        ys.append(y)
                    }
                }
                if attribute.type == .time { xs = around(xs).1 }
                let n = Double(xs.count)
                let sx = xs.reduce(0, +)
                let sy = ys.reduce(0, +)
                let sxy = zip(xs, ys).map(*).reduce(0, +)
                let sxx = xs.map { $0 * $0 }.reduce(0, +)
                let syy = ys.map { $0 * $0 }.reduce(0, +)
                let r = (n * sxy - sx * sy) / ((n * sxx - sx * sx) * (n * syy - sy * sy)).squareRoot()
                #expect(abs(link.r - r) < 1e-9, "seed \(seed) \(attribute.name)")
                #expect(link.days == xs.count)
                #expect(abs(r) >= 0.3)
                checked += 1
            }
        }
        #expect(checked >= 10)
    }
}
