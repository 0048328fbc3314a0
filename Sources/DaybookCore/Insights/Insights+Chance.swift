// The insights that are tests of chance: a weekday that stands out, mood against each
// attribute, mood on days with each #tag. Every test computed for a day is one of a family,
// and only those that pass Holm's correction over the whole family are said.

extension Insights {
    /// One test of the family, with its p-value for the correction.
    struct Candidate {
        /// What is said when the test passes; nil when the test counts in the family but its
        /// result cannot be put in words (no split of the days with enough on each side).
        let insight: Insight?
        let p: Double
        /// The effect is large enough to be worth saying.
        let largeEnough: Bool
        /// A link (an attribute or a tag against mood), not a weekday pattern.
        let isLink: Bool
    }

    /// The weekday patterns, links and tags that pass Holm's correction over every test
    /// computed for the day. While no link can be tested yet for want of days, one insight
    /// that says how many there are and how many links need.
    static func testedInsights(_ input: InsightInput, subjects: [(InsightSubject, InsightSeries)], serial: Bool)
        -> [Insight]
    {
        let day = input.day
        var candidates: [Candidate] = []
        for (subject, series) in subjects {
            if let candidate = weekdayPattern(subject, series, day: day) { candidates.append(candidate) }
        }
        let links = linkCandidates(input, serial: serial)
        candidates += links.candidates
        let linkDays = links.pairedDays
        var found = passing(candidates)
        if linkDays > 0, linkDays < InsightWindows.linkMinimumDays, !candidates.contains(where: \.isLink) {
            let pending = InsightLinksPending(days: linkDays, needed: InsightWindows.linkMinimumDays)
            found.append(Insight(kind: .links, subject: .mood, day: day, detail: .linksPending(pending), notability: 2))
        }
        return found
    }

    /// The tests of mood against each attribute and each #tag over the `days` days ending at
    /// the input's day, and the most days any of them rests on.
    static func linkCandidates(_ input: InsightInput, serial: Bool, days: Int = InsightWindows.correlationDays)
        -> (candidates: [Candidate], pairedDays: Int)
    {
        var candidates: [Candidate] = []
        var pairedDays = 0
        for entry in input.attributes {
            let pairs = paired(entry.series, mood: input.mood, day: input.day, window: days)
            pairedDays = max(pairedDays, pairs.filter { $0 != nil }.count)
            if let candidate = correlation(entry.attribute, pairs, day: input.day, serial: serial) {
                candidates.append(candidate)
            }
        }
        let tags = tagCandidates(input, serial: serial, days: days)
        return (candidates + tags.candidates, max(pairedDays, tags.moodDays))
    }

    /// What the family says: the insights of the tests that pass Holm's correction over all of
    /// `candidates` with an effect large enough to be worth saying, in the family's order.
    static func passing(_ candidates: [Candidate]) -> [Insight] {
        let adjusted = Statistics.holm(candidates.map(\.p))
        var found: [Insight] = []
        for (candidate, p) in zip(candidates, adjusted) where candidate.largeEnough && p < 0.05 {
            if let insight = candidate.insight { found.append(insight) }
        }
        return found
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

    // MARK: Weekdays

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
        guard let chosen else { return nil }
        let mine = byWeekday[chosen.weekday]
        let others = (1...7).filter { $0 != chosen.weekday }.flatMap { byWeekday[$0] }
        // One test over all seven weekdays, so that picking the one that stands out is not
        // seven chances: an analysis of variance. (Welch's test of the picked weekday against
        // the rest is far too ready to see a pattern in noise: the weekday picked for its
        // extreme mean is often the one whose few values happen to vary little.) Days that
        // lean on the day before need no correction here: neighbouring weekdays' means then
        // move together, which makes the weekdays look more alike, not less.
        guard let test = Statistics.anova(Array(byWeekday[1...7])), let a = Statistics.mean(mine),
            let b = Statistics.mean(others)
        else { return nil }
        guard chosen.difference != 0 else { return Candidate(insight: nil, p: test.p, largeEnough: false, isLink: false) }
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
        return Candidate(insight: insight, p: test.p, largeEnough: large, isLink: false)
    }

    // MARK: Links

    /// The 90 days ending at `day` (or `window` days: a review's period), oldest first: the
    /// attribute's value and the mood of each day that has both (a night's sleep belongs to the
    /// day it ends, so the same day's), nil for the others.
    static func paired(
        _ series: InsightSeries, mood: InsightSeries, day: Day, window: Int = InsightWindows.correlationDays
    ) -> [(x: Double, y: Double)?] {
        (0..<window).reversed().map { offset in
            let d = day.adding(days: -offset)
            guard let x = series.values[d], let y = mood.values[d] else { return nil }
            return (x, y)
        }
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

    /// Mood against an attribute's value on the same day, over the days of `pairs` (see
    /// `paired`), when at least `InsightWindows.linkMinimumDays` have both. Pearson's r, tested
    /// over the effective number of days (`Statistics.effectiveSampleSize`; every day when
    /// `serial` is false); then the mood above and below a threshold near the median, to say it.
    static func correlation(_ attribute: Attribute, _ pairs: [(x: Double, y: Double)?], day: Day, serial: Bool)
        -> Candidate?
    {
        let type = attribute.type
        let known = pairs.compactMap { $0 }
        guard known.count >= InsightWindows.linkMinimumDays else { return nil }
        let ys = known.map(\.y)
        let (anchor, positions) = linear(known.map(\.x), type: type)
        guard let r = Statistics.pearson(positions, ys) else { return nil }
        var effective = Double(known.count)
        if serial, let mx = Statistics.mean(positions), let my = Statistics.mean(ys),
            let vx = Statistics.variance(positions), let vy = Statistics.variance(ys)
        {
            // Mood's own leaning on the day before is read from what the line through the
            // days leaves of it: a link that is there would otherwise lend the mood the
            // attribute's rhythm (a weekly one, say) and count against itself.
            let slope = r * (vy / vx).squareRoot()
            var next = zip(positions, ys).makeIterator()
            var xDays: [Double?] = []
            var rest: [Double?] = []
            for pair in pairs {
                guard pair != nil, let (x, y) = next.next() else {
                    xDays.append(nil)
                    rest.append(nil)
                    continue
                }
                xDays.append(x)
                rest.append(y - my - slope * (x - mx))
            }
            effective = Statistics.effectiveSampleSize(xDays, rest)
        }
        let p = Statistics.pearsonP(r: r, effective: effective)
        let unsaid = Candidate(insight: nil, p: p, largeEnough: false, isLink: true)

        let side = InsightWindows.sideMinimumDays
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
        // Without a split the test still counts in the family; it is only not said.
        guard let split, let meanAbove = Statistics.mean(split.above), let meanBelow = Statistics.mean(split.below)
        else { return unsaid }
        let moodAbove = round(meanAbove, places: 1)
        let moodBelow = round(meanBelow, places: 1)
        let threshold =
            type == .yesno ? 1 : shown(fromLinear(split.threshold, anchor: anchor, type: type), .attribute(attribute))
        let link = InsightCorrelation(
            r: r, p: p, days: known.count, effectiveDays: effective, threshold: threshold, moodAbove: moodAbove,
            moodBelow: moodBelow, daysAbove: split.above.count, daysBelow: split.below.count)
        // The split must tell the same story as r.
        let agrees = (moodAbove - moodBelow) * r > 0
        let insight = Insight(
            kind: .correlation, subject: .attribute(attribute), day: day, detail: .correlation(link),
            notability: 50 + min(25, 40 * (abs(r) - 0.3)))
        return Candidate(insight: insight, p: p, largeEnough: abs(r) >= 0.3 && agrees, isLink: true)
    }

    /// Mood on days with each #tag against days without it, over the days with a mood among
    /// the 90 ending at `day` (or `days` of them: a review's period), when there are at least
    /// `InsightWindows.linkMinimumDays` of them: Welch's t-test, its t and degrees of freedom
    /// scaled to the effective number of days of mood and tag together (every day when
    /// `serial` is false). Also returns those days' count.
    static func tagCandidates(_ input: InsightInput, serial: Bool, days: Int = InsightWindows.correlationDays)
        -> (candidates: [Candidate], moodDays: Int)
    {
        let day = input.day
        let window = (0..<days).reversed().map { day.adding(days: -$0) }
        let moods = window.map { input.mood.values[$0] }
        var daysByTag: [String: Set<Day>] = [:]
        var order: [String] = []
        for (d, mood) in zip(window, moods) where mood != nil {
            for tag in input.tags[d] ?? [] {
                if daysByTag[tag] == nil { order.append(tag) }
                daysByTag[tag, default: []].insert(d)
            }
        }
        let moodDays = moods.filter { $0 != nil }.count
        guard !order.isEmpty else { return ([], 0) }
        guard moodDays >= InsightWindows.linkMinimumDays else { return ([], moodDays) }
        let side = InsightWindows.sideMinimumDays
        var candidates: [Candidate] = []
        for tag in order {
            let tagged = daysByTag[tag]!
            var with: [Double] = []
            var without: [Double] = []
            for (d, mood) in zip(window, moods) {
                guard let mood else { continue }
                if tagged.contains(d) { with.append(mood) } else { without.append(mood) }
            }
            guard with.count >= side, without.count >= side, let test = Statistics.welch(with, without),
                let a = Statistics.mean(with), let b = Statistics.mean(without)
            else { continue }
            var p = test.p
            if serial {
                // Mood's leaning on the day before, from what the tag leaves of it (see `correlation`).
                let marks = zip(window, moods).map { d, mood in mood == nil ? nil : tagged.contains(d) ? 1.0 : 0 }
                let rest = zip(marks, moods).map { mark, mood in mood.map { $0 - (mark == 1 ? a : b) } }
                let share = Statistics.effectiveSampleSize(marks, rest) / Double(moodDays)
                p = Statistics.studentTwoSidedP(t: test.t * share.squareRoot(), df: test.df * share)
            }
            let link = InsightTag(
                tag: tag, moodWith: round(a, places: 1), moodWithout: round(b, places: 1), daysWith: with.count,
                daysWithout: without.count, p: p)
            let insight = Insight(
                kind: .tag, subject: .mood, day: day, detail: .tag(link),
                notability: 50 + min(22, 15 * (abs(a - b) - 0.5)))
            candidates.append(
                Candidate(
                    insight: insight, p: p, largeEnough: abs(a - b) >= 0.5 && link.moodWith != link.moodWithout,
                    isLink: true))
        }
        return (candidates, moodDays)
    }
}
