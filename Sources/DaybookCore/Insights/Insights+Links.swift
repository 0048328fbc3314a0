// Links with mood: mood against each attribute and each #tag on the same day, and against
// yesterday's value of what adds up over a day (sleep, steps, exercise, ...) and yesterday's
// #tags. Each is tested at the scale of days (`Statistics.dayLevelLink`): what a season, a
// trend or a slow wander does to both series is taken away first, so that a link claimed is
// one between days. The tests join the family of `testedInsights` (or of a review's links).

extension Insights {
    /// The tests of mood against each attribute and each #tag over the `days` days ending at
    /// the input's day, then against the day before's sleep, steps and exercise and #tags,
    /// and the most days any of them rests on. Yesterday is asked only of what is known to
    /// carry over to the next day: every test added to the family makes each harder to pass.
    static func linkCandidates(_ input: InsightInput, serial: Bool, days: Int = InsightWindows.correlationDays)
        -> (candidates: [Candidate], pairedDays: Int)
    {
        var candidates: [Candidate] = []
        var pairedDays = 0
        for lag in [0, 1] {
            for entry in input.attributes where lag == 0 || entry.attribute.testedTheDayAfter {
                let pairs = paired(entry.series, mood: input.mood, day: input.day, window: days, lag: lag)
                if lag == 0 { pairedDays = max(pairedDays, pairs.filter { $0 != nil }.count) }
                if let candidate = correlation(entry.attribute, pairs, day: input.day, serial: serial, lag: lag) {
                    candidates.append(candidate)
                }
            }
            let tags = tagCandidates(input, serial: serial, days: days, lag: lag)
            candidates += tags.candidates
            if lag == 0 { pairedDays = max(pairedDays, tags.moodDays) }
        }
        return (candidates, pairedDays)
    }

    /// The `window` days ending at `day` (90 for insights, a review's period), oldest first:
    /// the attribute's value `lag` days before each day and the day's mood, when both are
    /// known, nil for the others. A night's sleep belongs to the day it ends: lag 0 pairs the
    /// mood with last night's sleep, lag 1 with the night before.
    static func paired(
        _ series: InsightSeries, mood: InsightSeries, day: Day, window: Int = InsightWindows.correlationDays,
        lag: Int = 0
    ) -> [(x: Double, y: Double)?] {
        (0..<window).reversed().map { offset in
            let d = day.adding(days: -offset)
            guard let x = series.values[d.adding(days: -lag)], let y = mood.values[d] else { return nil }
            return (x, y)
        }
    }

    /// Mood against an attribute's value (on the same day, or `lag` days before), over the days
    /// of `pairs` (see `paired`), when at least `InsightWindows.linkMinimumDays` have both:
    /// Pearson's r at the scale of days (`Statistics.dayLevelLink`), tested over the days it is
    /// worth (every day when `serial` is false); then the mood above and below a threshold
    /// near the median, to say it. Said only when r is 0.3 or more and the split tells the
    /// same story; a split under `InsightWindows.moodSplitMinimum` is said as such, not as a
    /// tendency (`InsightCorrelation.smallSplit`).
    static func correlation(
        _ attribute: Attribute, _ pairs: [(x: Double, y: Double)?], day: Day, serial: Bool, lag: Int = 0
    ) -> Candidate? {
        let type = attribute.type
        let known = pairs.compactMap { $0 }
        guard known.count >= InsightWindows.linkMinimumDays else { return nil }
        let ys = known.map(\.y)
        let (anchor, positions) = linear(known.map(\.x), type: type)
        var next = positions.makeIterator()
        let xDays = pairs.map { $0 == nil ? nil : next.next() }
        guard
            let test = Statistics.dayLevelLink(
                xDays, pairs.map { $0?.y }, halfWidth: InsightWindows.slowHalfWidth, serial: serial)
        else { return nil }
        let r = test.r
        let unsaid = Candidate(insight: nil, p: test.p, largeEnough: false, isLink: true, effectiveDays: test.effective)

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
            r: r, p: test.p, days: known.count, effectiveDays: test.effective, threshold: threshold,
            moodAbove: moodAbove, moodBelow: moodBelow, daysAbove: split.above.count, daysBelow: split.below.count,
            lag: lag)
        // The split must tell the same story as r.
        let agrees = (moodAbove - moodBelow) * r > 0
        let insight = Insight(
            kind: .correlation, subject: .attribute(attribute), day: day, detail: .correlation(link),
            notability: 50 + min(25, 40 * (abs(r) - 0.3)) - (lag == 0 ? 0 : 1))
        return Candidate(
            insight: insight, p: test.p, largeEnough: abs(r) >= 0.3 && agrees, isLink: true,
            effectiveDays: test.effective)
    }

    /// Mood on days with each #tag (or after them, with `lag` 1) against the other days, over
    /// the days with a mood among the 90 ending at `day` (or `days` of them: a review's
    /// period), when there are at least `InsightWindows.linkMinimumDays` of them and each side
    /// has `InsightWindows.tagMinimumDays`, in `InsightWindows.tagMinimumRuns` separate runs
    /// at least: the tag as 0 or 1 against the mood at the scale of
    /// days (`Statistics.dayLevelLink`: a pooled t-test over the days the pair is worth, so
    /// that a run of tagged days counts for what it is worth). Also returns those days' count.
    static func tagCandidates(_ input: InsightInput, serial: Bool, days: Int = InsightWindows.correlationDays, lag: Int = 0)
        -> (candidates: [Candidate], moodDays: Int)
    {
        let day = input.day
        let window = (0..<days).reversed().map { day.adding(days: -$0) }
        let moods = window.map { input.mood.values[$0] }
        var daysByTag: [String: Set<Day>] = [:]
        var order: [String] = []
        for (d, mood) in zip(window, moods) where mood != nil {
            for tag in input.tags[d.adding(days: -lag)] ?? [] {
                if daysByTag[tag] == nil { order.append(tag) }
                daysByTag[tag, default: []].insert(d)
            }
        }
        let moodDays = moods.filter { $0 != nil }.count
        guard !order.isEmpty else { return ([], 0) }
        guard moodDays >= InsightWindows.linkMinimumDays else { return ([], moodDays) }
        let side = InsightWindows.tagMinimumDays
        var candidates: [Candidate] = []
        for tag in order {
            let tagged = daysByTag[tag]!
            var with: [Double] = []
            var without: [Double] = []
            for (d, mood) in zip(window, moods) {
                guard let mood else { continue }
                if tagged.contains(d) { with.append(mood) } else { without.append(mood) }
            }
            let marks = zip(window, moods).map { d, mood in mood == nil ? nil : tagged.contains(d) ? 1.0 : 0 }
            // Runs of tagged days (days without a mood in between do not part them): a tag
            // that came in a few long runs cannot be told from the weeks it fell in.
            var runs = 0
            var inRun = false
            for mark in marks where mark != nil {
                if mark == 1 && !inRun { runs += 1 }
                inRun = mark == 1
            }
            guard with.count >= side, without.count >= side, runs >= InsightWindows.tagMinimumRuns,
                let a = Statistics.mean(with),
                let b = Statistics.mean(without),
                let test = Statistics.dayLevelLink(
                    marks, moods, halfWidth: InsightWindows.slowHalfWidth, serial: serial)
            else { continue }
            let link = InsightTag(
                tag: tag, moodWith: round(a, places: 1), moodWithout: round(b, places: 1), daysWith: with.count,
                daysWithout: without.count, p: test.p, r: test.r, effectiveDays: test.effective, lag: lag)
            let insight = Insight(
                kind: .tag, subject: .mood, day: day, detail: .tag(link),
                notability: 50 + min(22, 15 * (abs(a - b) - 0.5)) - (lag == 0 ? 0 : 1))
            let large =
                abs(link.moodWith - link.moodWithout) >= InsightWindows.moodSplitMinimum - 1e-9
                && (a - b) * test.r > 0
            candidates.append(
                Candidate(insight: insight, p: test.p, largeEnough: large, isLink: true, effectiveDays: test.effective))
        }
        return (candidates, moodDays)
    }
}

extension Attribute {
    /// Sleep, steps and exercise (the built-in attributes of those names, when they add up
    /// over a day): yesterday's value is tested against today's mood as well as today's.
    var testedTheDayAfter: Bool { addsUpOverDay && ["sleep", "steps", "exercise"].contains(name) }
}
