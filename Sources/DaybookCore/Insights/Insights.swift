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

    /// Every insight for `input.day`, most notable first.
    public static func compute(_ input: InsightInput) -> [Insight] {
        let day = input.day
        var found: [Insight] = []

        var subjects: [(InsightSubject, InsightSeries)] = [(.mood, input.mood)]
        subjects += input.attributes.map { (.attribute($0.attribute), $0.series) }

        for (subject, series) in subjects where series.values[day] != nil {
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

        // Weekday patterns, correlations and tags are tests of chance: each is a candidate
        // here, and only those that pass Holm's correction over all of them are said.
        var candidates: [Candidate] = []
        for (subject, series) in subjects {
            if let candidate = weekdayPattern(subject, series, day: day) { candidates.append(candidate) }
        }
        for entry in input.attributes {
            for lag in lags(for: entry.attribute) {
                if let candidate = correlation(entry.attribute, entry.series, mood: input.mood, day: day, lag: lag) {
                    candidates.append(candidate)
                }
            }
        }
        candidates += tagCandidates(input)
        let adjusted = Statistics.holm(candidates.map(\.p))
        for (candidate, p) in zip(candidates, adjusted) where candidate.largeEnough && p < 0.05 {
            found.append(candidate.insight)
        }
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
        // The usual value the goals, hints and check-in use, here resting on at least 3 days.
        let found = Goals.usual(
            series.values.map { ($0.key, $0.value) }, for: day, type: type, minimum: InsightWindows.usualMinimumDays)
        let usualDays = found.days
        let usual = found.value.map { shown($0, subject) }
        let recent = series.values.filter {
            $0.key < day && $0.key >= day.adding(days: -InsightWindows.averageDays)
        }
        let averageDays = recent.count
        let average =
            averageDays >= InsightWindows.usualMinimumDays
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
                value: value, days: usualDays, needed: InsightWindows.usualMinimumDays, average30d: average)
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
    /// day, under 15 minutes); the direction always follows the sign of the difference.
    public static func change(_ value: Double, against baseline: Double, subject: InsightSubject) -> InsightChange {
        let type = subject.type
        let difference = shownDifference(type.difference(value, baseline), subject)
        if type == .time {
            let minutes = abs(difference)
            let direction: InsightChange.Direction = minutes < 15 ? .about : difference > 0 ? .higher : .lower
            return InsightChange(direction: direction, measure: .minutes, amount: minutes, difference: difference)
        }
        let pointsMeasure = subject == .mood || type == .percentage
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

    // MARK: Tests of chance

    /// A weekday pattern, correlation or tag link, with its p-value for the correction.
    struct Candidate {
        let insight: Insight
        let p: Double
        /// The effect is large enough to be worth saying.
        let largeEnough: Bool
    }

    /// Correlations of mood with the same day's value, and, for sleep and bedtime, with the
    /// day before's too.
    static func lags(for attribute: Attribute) -> [Int] {
        attribute.name == "sleep" || attribute.name == "bedtime" ? [0, 1] : [0]
    }

    /// Values on a line: times of day as their offset from their circular mean, so that
    /// 23:50 and 00:20 are 30 minutes apart. Returns the anchor to turn offsets back.
    static func linear(_ values: [Double], type: ValueType) -> (anchor: Double, positions: [Double]) {
        guard type.isCircular, !values.isEmpty else { return (0, values) }
        let (anchor, offsets) = Statistics.linearizeTimes(values)
        return (anchor, offsets)
    }

    static func fromLinear(_ position: Double, anchor: Double, type: ValueType) -> Double {
        type.isCircular ? Statistics.wrapMinutes(anchor + position) : position
    }

    /// The weekday of the last 12 weeks whose mean stands furthest from the other days'.
    static func weekdayPattern(_ subject: InsightSubject, _ series: InsightSeries, day: Day) -> Candidate? {
        let type = subject.type
        guard type != .yesno else { return nil }
        let first = day.adding(days: -(InsightWindows.weekdayDays - 1))
        let window = series.values.filter { $0.key >= first && $0.key <= day }.sorted { $0.key < $1.key }
        let (anchor, positions) = linear(window.map(\.value), type: type)
        var byWeekday = [[Double]](repeating: [], count: 8)
        for (entry, position) in zip(window, positions) { byWeekday[entry.key.weekday].append(position) }
        let means = (1...7).compactMap { w in Statistics.mean(byWeekday[w]).map { (w, $0) } }
        var chosen: (weekday: Int, difference: Double)? = nil
        for w in 1...7 {
            let mine = byWeekday[w]
            let others = (1...7).filter { $0 != w }.flatMap { byWeekday[$0] }
            guard mine.count >= InsightWindows.sideMinimumDays, others.count >= InsightWindows.sideMinimumDays,
                let a = Statistics.mean(mine), let b = Statistics.mean(others)
            else { continue }
            if chosen == nil || abs(a - b) > abs(chosen!.difference) { chosen = (w, a - b) }
        }
        guard let chosen, chosen.difference != 0 else { return nil }
        let mine = byWeekday[chosen.weekday]
        let others = (1...7).filter { $0 != chosen.weekday }.flatMap { byWeekday[$0] }
        // One test over all seven weekdays, so that picking the one that stands out is not
        // seven chances: an analysis of variance. (Welch's test of the picked weekday against
        // the rest is far too ready to see a pattern in noise: the weekday picked for its
        // extreme mean is often the one whose few values happen to vary little.)
        guard let test = Statistics.anova(Array(byWeekday[1...7])), let a = Statistics.mean(mine),
            let b = Statistics.mean(others)
        else { return nil }
        let extreme: InsightExtreme = chosen.difference > 0 ? .highest : .lowest
        // It must be the highest (or lowest) weekday, not only the furthest from the rest.
        let top = extreme == .highest ? means.max { $0.1 < $1.1 }?.0 : means.min { $0.1 < $1.1 }?.0
        let difference = shownDifference(chosen.difference, subject)
        var large: Bool
        switch subject {
        case .mood: large = abs(chosen.difference) >= 0.5
        case .attribute:
            if type == .time {
                large = abs(chosen.difference) >= 30
            } else {
                large = b != 0 && abs(chosen.difference) >= 0.1 * abs(b)
            }
        }
        let mean = shown(fromLinear(a, anchor: anchor, type: type), subject)
        let otherMean = shown(fromLinear(b, anchor: anchor, type: type), subject)
        large = large && top == chosen.weekday && difference != 0 && mean != otherMean
        let pattern = InsightWeekday(
            weekday: chosen.weekday, extreme: extreme, mean: mean, otherMean: otherMean, days: mine.count,
            otherDays: others.count, difference: difference, p: test.p)
        let size: Double =
            subject == .mood
            ? abs(chosen.difference) * 25
            : type == .time ? abs(chosen.difference) / 3 : abs(chosen.difference / b) * 100
        let insight = Insight(
            kind: .weekday, subject: subject, day: day, detail: .weekday(pattern),
            notability: 40 + min(25, size * 0.4))
        return Candidate(insight: insight, p: test.p, largeEnough: large)
    }

    /// A threshold that reads well, near `median`: two significant digits for counts and
    /// decimals, 5 points for a percentage, half hours for durations, quarter hours for times.
    static func roundThreshold(_ median: Double, type: ValueType, anchor: Double) -> Double {
        switch type {
        case .count:
            return median > 0 ? Goals.roundNicely(median).rounded() : median
        case .decimal:
            return median > 0 ? Goals.roundNicely(median) : median
        case .percentage:
            return (median / 5).rounded() * 5
        case .duration:
            return median >= 60 ? (median / 30).rounded() * 30 : max(5, (median / 5).rounded() * 5)
        case .time:
            let clock = Statistics.wrapMinutes(anchor + median)
            let rounded = Statistics.wrapMinutes((clock / 15).rounded() * 15)
            return ValueType.time.difference(rounded, anchor)
        case .yesno:
            return 0.5
        }
    }

    /// Mood against an attribute's value on the same day (`lag` 0) or the day before (1), over
    /// the 90 days ending at `day`.
    static func correlation(_ attribute: Attribute, _ series: InsightSeries, mood: InsightSeries, day: Day, lag: Int)
        -> Candidate?
    {
        let type = attribute.type
        var xs: [Double] = []
        var ys: [Double] = []
        for offset in 0..<InsightWindows.correlationDays {
            let d = day.adding(days: -offset)
            if let y = mood.values[d], let x = series.values[d.adding(days: -lag)] {
                xs.append(x)
                ys.append(y)
            }
        }
        let side = InsightWindows.sideMinimumDays
        guard xs.count >= 2 * side else { return nil }
        let (anchor, positions) = linear(xs, type: type)
        guard let r = Statistics.pearson(positions, ys) else { return nil }
        let p = Statistics.pearsonP(r: r, n: xs.count)

        var split: (threshold: Double, above: [Double], below: [Double])? = nil
        let median = Statistics.median(sorted: positions.sorted())
        let tries = type == .yesno ? [0.5] : [roundThreshold(median, type: type, anchor: anchor), median]
        for threshold in tries {
            var above: [Double] = []
            var below: [Double] = []
            for (x, y) in zip(positions, ys) {
                if x >= threshold - 1e-9 { above.append(y) } else { below.append(y) }
            }
            if above.count >= side && below.count >= side {
                split = (threshold, above, below)
                break
            }
        }
        guard let split, let meanAbove = Statistics.mean(split.above),
            let meanBelow = Statistics.mean(split.below)
        else { return nil }
        let moodAbove = round(meanAbove, places: 1)
        let moodBelow = round(meanBelow, places: 1)
        let threshold =
            type == .yesno ? 1 : shown(fromLinear(split.threshold, anchor: anchor, type: type), .attribute(attribute))
        let link = InsightCorrelation(
            lag: lag, r: r, p: p, days: xs.count, threshold: threshold, moodAbove: moodAbove, moodBelow: moodBelow,
            daysAbove: split.above.count, daysBelow: split.below.count)
        // The split must tell the same story as r.
        let agrees = (moodAbove - moodBelow) * r > 0
        let insight = Insight(
            kind: .correlation, subject: .attribute(attribute), day: day, detail: .correlation(link),
            notability: 50 + min(25, 40 * (abs(r) - 0.3)))
        return Candidate(insight: insight, p: p, largeEnough: abs(r) >= 0.3 && agrees)
    }

    /// Mood on days with each #tag against days without it, over the 90 days ending at `day`.
    static func tagCandidates(_ input: InsightInput) -> [Candidate] {
        let day = input.day
        var moodDays: [(Day, Double)] = []
        for offset in 0..<InsightWindows.correlationDays {
            let d = day.adding(days: -offset)
            if let y = input.mood.values[d] { moodDays.append((d, y)) }
        }
        var daysByTag: [String: Set<Day>] = [:]
        var order: [String] = []
        for (d, _) in moodDays.reversed() {
            for tag in input.tags[d] ?? [] {
                if daysByTag[tag] == nil { order.append(tag) }
                daysByTag[tag, default: []].insert(d)
            }
        }
        let side = InsightWindows.sideMinimumDays
        var candidates: [Candidate] = []
        for tag in order {
            let tagged = daysByTag[tag]!
            let with = moodDays.filter { tagged.contains($0.0) }.map(\.1)
            let without = moodDays.filter { !tagged.contains($0.0) }.map(\.1)
            guard with.count >= side, without.count >= side, let test = Statistics.welch(with, without),
                let a = Statistics.mean(with), let b = Statistics.mean(without)
            else { continue }
            let link = InsightTag(
                tag: tag, moodWith: round(a, places: 1), moodWithout: round(b, places: 1), daysWith: with.count,
                daysWithout: without.count, p: test.p)
            let insight = Insight(
                kind: .tag, subject: .mood, day: day, detail: .tag(link),
                notability: 50 + min(22, 15 * (abs(a - b) - 0.5)))
            candidates.append(
                Candidate(
                    insight: insight, p: test.p, largeEnough: abs(a - b) >= 0.5 && link.moodWith != link.moodWithout))
        }
        return candidates
    }
}

extension Insight {
    var isComparison: Bool {
        if case .comparison = detail { return true }
        return false
    }
}
