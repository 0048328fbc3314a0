#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Insights: a day compared with the person's own usual values, records, goals, weekday
/// patterns and links between mood and the rest. Pure functions: an `InsightInput` in,
/// insights out, most notable first. No journal, no terminal.
public enum Insights {
    /// How many `insights` shows without `--all`.
    public static let topCount = 5

    /// Every insight for `input.day`, most notable first. `serial` false tests links as if
    /// every day were independent of the day before: only to measure what counting the days
    /// that lean on each other (`Statistics.effectiveSampleSize`) changes.
    public static func compute(_ input: InsightInput, serial: Bool = true, correction: Correction = .holm)
        -> [Insight]
    {
        let day = input.day
        var found: [Insight] = []

        var subjects: [(InsightSubject, InsightSeries)] = [(.mood, input.mood)]
        subjects += input.attributes.map { (.attribute($0.attribute), $0.series) }

        for (subject, series) in subjects where series.values[day] != nil {
            if stillGoing(subject, day: day, today: input.today) {
                if let soFar = soFar(subject, series, input: input) { found.append(soFar) }
                continue
            }
            found += comparisons(subject, series, day: day)
            if let record = record(subject, series, day: day) {
                found.append(
                    Insight(
                        kind: .record, subject: subject, day: day, detail: .record(record),
                        notability: notability(record)))
            }
        }
        for entry in input.goals {
            found += goalInsights(entry, day: day, today: input.today)
        }

        // Weekday patterns and links test complete days only.
        let tested = withoutDayStillGoing(input)
        found += testedInsights(
            tested, subjects: [(.mood, tested.mood)] + tested.attributes.map { (.attribute($0.attribute), $0.series) },
            serial: serial, correction: correction)
        return rank(found, order: subjects.map(\.0.name))
    }

    /// The most notable `count` insights.
    public static func top(_ insights: [Insight], _ count: Int = topCount) -> [Insight] {
        Array(insights.prefix(count))
    }

    // MARK: Ranking

    static let kindOrder = Dictionary(uniqueKeysWithValues: Insight.Kind.allCases.enumerated().map { ($1, $0) })

    /// Most notable first. Of a subject's usual and average comparisons, the less notable one
    /// steps back, so that the top lines speak of different things.
    static func rank(_ insights: [Insight], order: [String]) -> [Insight] {
        var ranked = insights
        var best: [String: Double] = [:]
        for insight in ranked where insight.isComparison {
            best[insight.subject.name] = max(best[insight.subject.name] ?? 0, insight.notability)
        }
        var seen = Set<String>()
        for i in ranked.indices where ranked[i].isComparison {
            let name = ranked[i].subject.name
            if ranked[i].notability < best[name]! || seen.contains(name) { ranked[i].notability -= 15 }
            seen.insert(name)
        }
        let position = Dictionary(order.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        return ranked.enumerated().sorted { a, b in
            if a.element.notability != b.element.notability { return a.element.notability > b.element.notability }
            let ka = kindOrder[a.element.kind]!
            let kb = kindOrder[b.element.kind]!
            if ka != kb { return ka < kb }
            let pa = position[a.element.subject.name] ?? Int.max
            let pb = position[b.element.subject.name] ?? Int.max
            if pa != pb { return pa < pb }
            return a.offset < b.offset
        }.map(\.element)
    }

    static func notability(_ comparison: InsightComparison, average: Bool) -> Double {
        let change = comparison.change
        if change.direction == .about { return average ? 6 : 8 }
        let size: Double
        switch change.measure {
        case .percent: size = change.amount
        case .points:
            // A mood point is about a quarter of the scale; a percentage's points are relative.
            if let percent = average ? comparison.percentOfAverage : comparison.percentOfUsual {
                size = Double(abs(percent - 100))
            } else {
                size = change.amount * 25
            }
        case .minutes: size = change.amount / 3
        case .amount: size = 40
        }
        return 20 + min(50, size * 0.6) - (average ? 3 : 0)
    }

    static func notability(_ record: InsightRecord) -> Double {
        let beaten = Double(max(1, record.days - 1))
        return 45 + min(30, 10 * log2(max(1, beaten / Double(InsightWindows.recordMinimumDays))))
    }

    // MARK: Usual and average

    /// The comparisons of the day's value with its usual value and its 30-day average.
    static func comparisons(_ subject: InsightSubject, _ series: InsightSeries, day: Day) -> [Insight] {
        guard let value = series.values[day], subject.type != .yesno else { return [] }
        let type = subject.type
        // The usual value `goals`, `today` and the check-in use, by the same rule.
        let found = Goals.usual(series.values.map { ($0.key, $0.value) }, for: day, type: type)
        let usualDays = found.days
        let usual = found.value.map { shown($0, subject) }
        let recent = series.values.filter {
            $0.key < day && $0.key >= day.adding(days: -InsightWindows.averageDays)
        }
        let averageDays = recent.count
        let average =
            averageDays >= InsightWindows.averageMinimumDays
            ? type.mean(recent.sorted { $0.key < $1.key }.map(\.value)).map { shown($0, subject) } : nil
        let percentOfUsual = usual.flatMap { percent(value, of: $0, type: type) }
        let percentOfAverage = average.flatMap { percent(value, of: $0, type: type) }

        // The day against its usual value, or against its 30-day average: the same figures,
        // with the change measured from one or the other.
        func comparison(against base: Double) -> InsightComparison {
            InsightComparison(
                value: value, usual: usual, usualDays: usualDays, average30d: average, averageDays: averageDays,
                percentOfUsual: percentOfUsual, percentOfAverage: percentOfAverage,
                change: change(value, against: base, subject: subject))
        }
        var insights: [Insight] = []
        if let usual {
            let compared = comparison(against: usual)
            insights.append(
                Insight(
                    kind: .usual, subject: subject, day: day, detail: .comparison(compared),
                    notability: notability(compared, average: false)))
        } else {
            let missing = InsightMissingHistory(
                value: value, days: usualDays, needed: UsualValue.minimumDays, average30d: average)
            insights.append(
                Insight(kind: .usual, subject: subject, day: day, detail: .missingHistory(missing), notability: 2))
        }
        if let average {
            let compared = comparison(against: average)
            insights.append(
                Insight(
                    kind: .average, subject: subject, day: day, detail: .comparison(compared),
                    notability: notability(compared, average: true)))
        }
        return insights
    }

    /// value / baseline × 100, whole; nil for a time of day, or when the baseline is 0 or
    /// below, or the value below 0, where a percentage means nothing.
    public static func percent(_ value: Double, of baseline: Double, type: ValueType) -> Int? {
        guard type != .time, baseline > 0, value >= 0 else { return nil }
        let p = value / baseline * 100
        guard p.isFinite, p < 1e9 else { return nil }
        return Int(p.rounded())
    }

    /// How `value` stands against `baseline`. Under 5% away reads as "about" (for a time of
    /// day, under 15 minutes; for a mood, under 0.3 points, the same band at both ends of the
    /// scale); the direction always follows the sign of the difference.
    public static func change(_ value: Double, against baseline: Double, subject: InsightSubject) -> InsightChange {
        let type = subject.type
        let difference = shownDifference(type.difference(value, baseline), subject)
        if type == .time {
            let minutes = abs(difference)
            let direction: InsightChange.Direction = minutes < 15 ? .about : difference > 0 ? .higher : .lower
            return InsightChange(direction: direction, measure: .minutes, amount: minutes, difference: difference)
        }
        if subject == .mood {
            let direction: InsightChange.Direction =
                abs(difference) < moodAboutPoints ? .about : difference > 0 ? .higher : .lower
            return InsightChange(direction: direction, measure: .points, amount: abs(difference), difference: difference)
        }
        let pointsMeasure = type == .percentage
        guard let p = percent(value, of: baseline, type: type) else {
            let direction: InsightChange.Direction = difference == 0 ? .about : difference > 0 ? .higher : .lower
            return InsightChange(
                direction: direction, measure: pointsMeasure ? .points : .amount, amount: abs(difference),
                difference: difference)
        }
        let off = abs(p - 100)
        var direction: InsightChange.Direction = off < 5 ? .about : p > 100 ? .higher : .lower
        if pointsMeasure {
            if difference == 0 { direction = .about }
            return InsightChange(
                direction: direction, measure: .points, amount: abs(difference), difference: difference)
        }
        return InsightChange(direction: direction, measure: .percent, amount: Double(off), difference: difference)
    }

    /// A mood this close to its baseline (as shown, to 0.1) reads "about": 0.2 points is about
    /// the same, 0.3 is not.
    static let moodAboutPoints = 0.25

    // MARK: Rounding as shown

    static func round(_ x: Double, places: Int) -> Double {
        let shown = rounded(x, places: places)
        return shown == 0 ? 0 : shown  // no -0
    }

    /// A mean or a median as it is shown: a mood to 0.1, an attribute's by the rule every view
    /// follows (`ValueType.roundedMean`: decimals, percentages and counts under 100 to 0.1,
    /// larger counts whole, durations and times of day to the minute).
    public static func shown(_ x: Double, _ subject: InsightSubject) -> Double {
        switch subject {
        case .mood: return round(x, places: ValueType.meanDecimals)
        case .attribute(let attribute): return attribute.type.roundedMean(x)
        }
    }

    /// A difference as it is shown: like `shown`, but signed and never wrapped.
    public static func shownDifference(_ x: Double, _ subject: InsightSubject) -> Double {
        if subject.type == .time { return round(x, places: 0) }
        return shown(x, subject)
    }

    // MARK: Records

    /// The highest or lowest value in the longest span it beats, when it beats at least 5
    /// earlier days with a value. Looks back a year at most.
    static func record(_ subject: InsightSubject, _ series: InsightSeries, day: Day) -> InsightRecord? {
        guard let value = series.values[day], subject.type != .yesno else { return nil }
        let floor = day.adding(days: -InsightWindows.recordDays)
        let olderExists = series.hasEarlier || series.values.contains { $0.key < floor }
        // Values before `from` are unknown: without the whole year, say nothing.
        if series.from > floor && series.hasEarlier { return nil }
        let earlier = series.values.filter { $0.key < day && $0.key >= floor }.sorted { $0.key > $1.key }
        var position = Dictionary(uniqueKeysWithValues: earlier.map { ($0.key, $0.value) })
        var target = value
        if subject.type.isCircular {
            // Times of day are ordered around their circular mean: 00:30 is later than 23:40.
            let (_, offsets) = Statistics.linearizeTimes([value] + earlier.map(\.value))
            target = offsets[0]
            for (i, entry) in earlier.enumerated() { position[entry.key] = offsets[i + 1] }
        }
        var best: InsightRecord? = nil
        for extreme in [InsightExtreme.highest, .lowest] {
            var beaten = 0
            var stop: Day? = nil
            for entry in earlier {
                let p = position[entry.key]!
                let asFar = extreme == .highest ? p >= target - 1e-9 : p <= target + 1e-9
                if asFar {
                    stop = entry.key
                    break
                }
                beaten += 1
            }
            guard beaten >= InsightWindows.recordMinimumDays else { continue }
            let reach: InsightRecord.Reach
            let span: Int?
            if let stop {
                reach = .since(stop)
                span = day.ordinal - stop.ordinal
            } else if olderExists {
                reach = .year
                span = InsightWindows.recordDays
            } else {
                reach = .ever
                span = nil
            }
            let record = InsightRecord(value: value, extreme: extreme, reach: reach, span: span, days: beaten + 1)
            if best == nil || record.days > best!.days { best = record }
        }
        return best
    }

    // MARK: Goals

    static func goalInsights(_ entry: InsightInput.GoalEntry, day: Day, today: Day) -> [Insight] {
        let status = entry.status
        let open = status.goal.period.end(of: day) >= today
        let goal = InsightGoal(status: status, open: open, isToday: day == today)
        let subject = InsightSubject.attribute(entry.attribute)
        let daily = status.goal.period == .daily
        var score: Double
        switch status.state {
        case .within:
            score = open && status.goal.range.min == nil ? 50 : 70
        case .under: score = open ? 55 : 75
        case .over: score = 72
        case .noData: score = open ? 10 : 30
        }
        if !daily { score -= 10 }
        var insights = [Insight(kind: .goal, subject: subject, day: day, detail: .goal(goal), notability: score)]
        if status.streak >= 2 {
            insights.append(
                Insight(
                    kind: .streak, subject: subject, day: day, detail: .goal(goal),
                    notability: 45 + min(25, 2.5 * Double(status.streak))))
        }
        return insights
    }
}

extension Insight {
    var isComparison: Bool {
        if case .comparison = detail { return true }
        return false
    }
}
