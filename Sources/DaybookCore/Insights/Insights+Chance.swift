// The insights that are tests of chance: a weekday that stands out, mood against each
// attribute, mood on days with each #tag (the links: `Insights+Links.swift`). Every test
// computed for a day is one of a family, and only those that pass Holm's correction over the
// whole family are said.

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
        /// What a link's days are worth as independent days; nil for a weekday pattern.
        var effectiveDays: Double? = nil
    }

    /// How the p-values of a family are corrected for their number. Holm's is what daybook
    /// uses; Benjamini and Hochberg's is here to be measured against it.
    public enum Correction: Sendable {
        case holm, benjaminiHochberg
    }

    /// The weekday patterns, links and tags that pass Holm's correction over every test
    /// computed for the day, the links only when they passed a week before too (`held`).
    /// While no link can be tested yet for want of days, one insight that says how many there
    /// are and how many links need. A link that passes today but was not held says nothing:
    /// neither the link nor that nothing stands out.
    static func testedInsights(
        _ input: InsightInput, subjects: [(InsightSubject, InsightSeries)], serial: Bool,
        correction: Correction = .holm
    ) -> [Insight] {
        let day = input.day
        var candidates: [Candidate] = []
        for (subject, series) in subjects {
            if let candidate = weekdayPattern(subject, series, day: day) { candidates.append(candidate) }
        }
        let links = linkCandidates(input, serial: serial)
        candidates += links.candidates
        let linkDays = links.pairedDays
        let passed = passing(candidates, correction: correction)
        // With `serial` false (every day taken as independent, for measurement) a link is
        // judged on one look, as before.
        var found = !serial ? passed : held(passed, input, serial: serial, correction: correction) { earlier in
            subjects.compactMap { weekdayPattern($0.0, $0.1, day: earlier.day) }
                + linkCandidates(earlier, serial: serial).candidates
        }
        if linkDays > 0, linkDays < InsightWindows.linkMinimumDays, !candidates.contains(where: \.isLink) {
            let pending = InsightLinksPending(days: linkDays, needed: InsightWindows.linkMinimumDays)
            found.append(Insight(kind: .links, subject: .mood, day: day, detail: .linksPending(pending), notability: 2))
        } else if !passed.contains(where: { linkKey($0) != nil }),
            let none = nothingStandsOut(candidates, days: linkDays)
        {
            found.append(Insight(kind: .links, subject: .mood, day: day, detail: .linksNone(none), notability: 2))
        }
        return found
    }

    /// The links of `found` that also passed a week before: the family recomputed for the
    /// window that ends `InsightWindows.linkHoldDays` days before the input's day (`family`
    /// gives its tests), under the same correction. A link read again every few days is tested
    /// again and again over nearly the same days, and one that passes once by chance would be
    /// said on one of ten looks a month far more often than the 5% of one look; a link that is
    /// there was there a week before. Weekday patterns are kept as they are.
    static func held(
        _ found: [Insight], _ input: InsightInput, serial: Bool, correction: Correction,
        family: (InsightInput) -> [Candidate]
    ) -> [Insight] {
        guard found.contains(where: { linkKey($0) != nil }) else { return found }
        var earlier = input
        earlier.day = input.day.adding(days: -InsightWindows.linkHoldDays)
        let tests = family(earlier)
        let before = Set(passing(tests, correction: correction).compactMap(linkKey))
        // A link that could not be tested a week before (too few days then) has no earlier
        // look to share: it stands on today's.
        let tested = Set(tests.compactMap { $0.insight.flatMap(linkKey) })
        return found.filter { insight in
            linkKey(insight).map { before.contains($0) || !tested.contains($0) } ?? true
        }
    }

    /// What makes a link the same link on another day: its attribute or #tag, and its lag;
    /// nil for what is not a link.
    static func linkKey(_ insight: Insight) -> String? {
        if case .correlation(let c) = insight.detail { return "a \(insight.subject.name) \(c.lag)" }
        if case .tag(let t) = insight.detail { return "t \(t.tag) \(t.lag)" }
        return nil
    }

    /// What the links of a family could have shown, when none stands out: over the most
    /// effective days any link had, the smallest |r| whose p passes the first step of the
    /// correction (0.05 over the number of tests; the same first step for Holm's and Benjamini
    /// and Hochberg's), and never under the 0.3 any link needs. Nil when no link was tested.
    static func nothingStandsOut(_ candidates: [Candidate], days: Int) -> InsightLinksNone? {
        guard let effective = candidates.filter(\.isLink).compactMap(\.effectiveDays).max() else { return nil }
        let smallest = Statistics.smallestVisibleR(effective: effective, alpha: 0.05 / Double(candidates.count))
        return InsightLinksNone(
            days: days, effectiveDays: effective, smallestR: max(0.3, smallest), tests: candidates.count)
    }

    /// What the family says: the insights of the tests that pass Holm's correction (or
    /// `correction`) over all of `candidates` with an effect large enough to be worth saying,
    /// in the family's order.
    static func passing(_ candidates: [Candidate], correction: Correction = .holm) -> [Insight] {
        let p = candidates.map(\.p)
        let adjusted = correction == .holm ? Statistics.holm(p) : Statistics.benjaminiHochberg(p)
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
}
