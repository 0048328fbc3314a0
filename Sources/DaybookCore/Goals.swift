/// Where a value stands against a goal.
public enum GoalState: String, Sendable, CaseIterable {
    /// Below the lower bound (for a time of day: before the window).
    case under
    case within
    /// Above the upper bound (for a time of day: after the window).
    case over
    /// Nothing recorded in the period yet.
    case noData = "no data"
}

/// A goal: a range, judged over a period, in force from a day until the attribute's next goal
/// change.
public struct Goal: Sendable, Equatable {
    public var range: GoalRange
    public var period: GoalPeriod
    public var since: Day
    /// True when a weekly or monthly goal judges the period's sum (`--total`); by default it
    /// judges the mean of the daily values recorded in the period.
    public var total: Bool

    public init(range: GoalRange, period: GoalPeriod, since: Day, total: Bool = false) {
        self.range = range
        self.period = period
        self.since = since
        self.total = total
    }

    /// The value the goal judges for a period: the sum of its daily values with `total`, else
    /// their mean (circular for times of day); nil when nothing was recorded. A week's or a
    /// month's figure is rounded as it is shown (`ValueType.roundedMean`), so that the goal
    /// judges the number people read: a mean shown as 10,000 steps meets a goal of 10,000. A
    /// daily goal judges the day's value as it is shown (`ValueType.roundedValue`).
    public func periodValue(_ values: [Double], type: ValueType) -> Double? {
        let value = total ? (values.isEmpty ? nil : values.reduce(0, +)) : type.mean(values)
        return value.map(period == .daily ? type.roundedValue : type.roundedMean)
    }

    /// True when the period with these daily values meets the goal.
    public func isMet(_ values: [Double], type: ValueType) -> Bool {
        range.state(of: periodValue(values, type: type), type: type) == .within
    }

    /// True when `other` judges a period the same way: the same range, period and aggregation
    /// (the day it was set aside). A streak counts only periods judged alike.
    public func judgesLike(_ other: Goal) -> Bool {
        range == other.range && period == other.period && total == other.total
    }
}

/// One attribute's goals over time. Each change starts on a day and lasts until the next
/// change; a change without a goal ends the one before it (`goal ATTR off`). So a past day is
/// always judged by the goal that was in force then, whatever was set later.
public struct GoalHistory: Sendable, Equatable {
    public struct Change: Sendable, Equatable {
        public var since: Day
        /// nil: no goal from `since` on.
        public var goal: Goal?

        public init(since: Day, goal: Goal?) {
            self.since = since
            self.goal = goal
        }
    }

    /// Ordered by `since`, at most one change a day.
    public let changes: [Change]

    public init(_ changes: [Change]) {
        var byDay: [Int: Change] = [:]
        for change in changes { byDay[change.since.ordinal] = change }
        self.changes = byDay.values.sorted { $0.since < $1.since }
    }

    /// The goal in force on `day`, if any.
    public func inForce(on day: Day) -> Goal? {
        // The last change on or before `day` (binary search).
        var low = 0
        var high = changes.count
        while low < high {
            let mid = (low + high) / 2
            if changes[mid].since <= day { low = mid + 1 } else { high = mid }
        }
        return low == 0 ? nil : changes[low - 1].goal
    }

    /// The first day any goal was in force.
    public var earliest: Day? { changes.first { $0.goal != nil }?.since }

    /// How many of `goal`'s periods, ending the day before `start` (the start of a period),
    /// were judged by a goal like it (`Goal.judgesLike`) on their last day: the most a streak
    /// of `goal` can count before `start`. 0 when the period before was judged otherwise, or
    /// by no goal. A change that holds no period's last day (a goal set on Wednesday and
    /// replaced on Friday, for weekly goals) judged nothing, and does not stop it.
    public func periodsJudgedLike(_ goal: Goal, before start: Day) -> Int {
        let period = goal.period
        var first = start
        var last = start.adding(days: -1)
        // Each step goes back to the change in force on the last day of the period before the
        // ones counted so far: an earlier change every time.
        while let index = changes.lastIndex(where: { $0.since <= last }),
            changes[index].goal.map(goal.judgesLike) == true
        {
            // Every period whose last day falls from that change's first day through `last` was
            // judged by it.
            first = period.start(of: changes[index].since)
            last = first.adding(days: -1)
        }
        return first < start ? period.count(from: first, through: period.previousStart(start)) : 0
    }
}

// MARK: Judging one value

extension GoalRange {
    /// Values this close to a bound count as on it (means of whole numbers are not exact).
    static let tolerance = 1e-6

    /// Where `value` (a day's value, or a period's mean) stands.
    public func state(of value: Double?, type: ValueType) -> GoalState {
        guard let value else { return .noData }
        if type.isCircular {
            switch (min, max) {
            case (let low?, let high?):
                let span = Statistics.minutesClockwise(from: low, to: high)
                let offset = Statistics.minutesClockwise(from: low, to: value)
                if offset <= span + GoalRange.tolerance { return .within }
                // Outside the window: early when nearer its start, late when nearer its end.
                return 1440 - offset <= offset - span ? .under : .over
            case (let low?, nil):
                return type.difference(value, low) >= -GoalRange.tolerance ? .within : .under
            case (nil, let high?):
                return type.difference(value, high) <= GoalRange.tolerance ? .within : .over
            case (nil, nil):
                return .within
            }
        }
        if let min, value < min - GoalRange.tolerance { return .under }
        if let max, value > max + GoalRange.tolerance { return .over }
        return .within
    }

    /// Progress from 0 to 1, nil without a value. With a lower bound: value / lower bound,
    /// capped at 1 (a bound of 0 gives 1 for any value above 0, else 0). With only an upper
    /// bound: 1 while within, then upper bound / value. A time of day: 1 within, else 0.
    public func progress(of value: Double?, type: ValueType) -> Double? {
        guard let value else { return nil }
        if type.isCircular { return state(of: value, type: type) == .within ? 1 : 0 }
        if let min {
            if min <= 0 { return value > 0 ? 1 : 0 }
            return Swift.min(1, Swift.max(0, value / min))
        }
        if let max {
            if value <= max + GoalRange.tolerance { return 1 }
            return max <= 0 ? 0 : Swift.min(1, Swift.max(0, max / value))
        }
        return 1
    }

    /// What is left, in the attribute's units (minutes for a time of day), nil without a value:
    /// under, how much more reaches the lower bound (for a time of day, how early it is);
    /// within, the headroom below the upper bound (0 when there is none); over, how far above
    /// the upper bound, as a negative number (for a time of day, how late it is).
    public func left(of value: Double?, type: ValueType) -> Double? {
        guard let value else { return nil }
        let state = state(of: value, type: type)
        if type.isCircular {
            switch state {
            case .under: return min.map { Statistics.minutesClockwise(from: value, to: $0) }
            case .over: return max.map { -Statistics.minutesClockwise(from: $0, to: value) }
            case .within: return max.map { Statistics.minutesClockwise(from: value, to: $0) } ?? 0
            case .noData: return nil
            }
        }
        switch state {
        case .under: return min.map { $0 - value }
        case .over: return max.map { $0 - value }
        case .within: return max.map { Swift.max(0, $0 - value) } ?? 0
        case .noData: return nil
        }
    }
}

// MARK: Periods and streaks

/// A goal's standing for the period holding a day.
public struct GoalStatus: Sendable, Equatable {
    public let goal: Goal
    /// The days judged: from the start of the period through the day asked about.
    public let from: Day
    public let through: Day
    /// The day's value, or the mean of the daily values recorded in the period so far (their
    /// sum for a goal on the total).
    public let value: Double?
    public let state: GoalState
    /// 0 to 1.
    public let progress: Double?
    public let left: Double?
    /// Consecutive periods met up to and including this one; this one counts once met.
    public let streak: Int
    /// True when the streak reached `Goals.streakLimit` and was not followed further.
    public let streakCapped: Bool
}

/// Why a goal on a period's total cannot be set (`Goals.totalProblem`).
public enum TotalProblem: Sendable, Equatable {
    /// A daily goal judges the day's value; only weekly and monthly goals have a total.
    case dailyPeriod
    /// The attribute's values do not add up, so a goal over `period` judges their daily mean:
    /// why they do not (`Goals.totalMisfit`).
    case doesNotAddUp(attribute: String, period: GoalPeriod, why: String)
}

public enum Goals {
    /// How far back a streak is followed, in periods.
    public static let streakLimit = 1000

    /// A period's value: the mean of its daily values (circular for times of day).
    public static func periodValue(_ values: [(Day, Double)], type: ValueType) -> Double? {
        type.mean(values.map(\.1))
    }

    /// Judges the goal in force on `day` over the period holding it, as it stood at the end
    /// of `day`, following the streak back through the values themselves: `read(from, through)`
    /// returns the attribute's daily values in that window; the streak asks for windows going
    /// back from the period, and stops at the first period missed, at the first period whose
    /// last day had no goal or a goal that judged otherwise (another range, period or
    /// aggregation: `Goal.judgesLike`), or at `streakLimit` periods. Earlier periods are each
    /// judged by the goal in force on their last day, which is then one like the current goal.
    /// Returns nil when no goal is in force on `day`.
    ///
    /// The journal keeps each goal's met periods instead (`Journal.storedStreak`), so that a
    /// streak costs the same whatever its length; this walk is the reference it is checked
    /// against, and serves `streakLimit` 0 (no streak).
    public static func evaluate(
        type: ValueType, history: GoalHistory, on day: Day, streakLimit: Int = Goals.streakLimit,
        read: (Day, Day) throws -> [(Day, Double)]
    ) rethrows -> GoalStatus? {
        try evaluate(type: type, history: history, on: day, streakLimit: streakLimit, read: read) {
            start, goal, limit in
            try streakBefore(start, goal: goal, type: type, history: history, limit: limit, read: read)
        }
    }

    /// Judges the goal in force on `day` over the period holding it, as it stood at the end of
    /// `day`. `read(from, through)` returns the attribute's daily values in that window (only the
    /// period's are asked for); `streak(start, goal, limit)` the number of consecutive periods
    /// of `goal`, met and judged by a goal like it, that end the day before `start`, at most
    /// `limit`.
    public static func evaluate(
        type: ValueType, history: GoalHistory, on day: Day, streakLimit: Int = Goals.streakLimit,
        read: (Day, Day) throws -> [(Day, Double)], streak streakBefore: (Day, Goal, Int) throws -> Int
    ) rethrows -> GoalStatus? {
        guard let goal = history.inForce(on: day) else { return nil }
        let from = goal.period.start(of: day)
        let value = goal.periodValue(try read(from, day).map(\.1), type: type)
        let state = goal.range.state(of: value, type: type)
        var streak = state == .within ? 1 : 0
        let limit = streakLimit - streak
        if limit > 0 { streak += try streakBefore(from, goal, limit) }
        return GoalStatus(
            goal: goal, from: from, through: day, value: value, state: state,
            progress: goal.range.progress(of: value, type: type), left: goal.range.left(of: value, type: type),
            streak: streak, streakCapped: streak >= streakLimit)
    }

    /// The number of consecutive periods of `current`'s length that end the day before
    /// `start`, each judged by a goal like `current` on its last day, and met.
    static func streakBefore(
        _ start: Day, goal current: Goal, type: ValueType, history: GoalHistory, limit: Int,
        read: (Day, Day) throws -> [(Day, Double)]
    ) rethrows -> Int {
        let period = current.period
        guard let earliest = history.earliest, limit > 0 else { return 0 }
        let floor = period.start(of: earliest)
        var count = 0
        var end = start.adding(days: -1)
        // Daily values already read, for the days from `loadedFrom` to the day before `start`:
        // `cache[i]` holds the value of the day i days before `start` (an array, not a
        // dictionary: a streak can go back years, and hashing each day cost more than reading it).
        var loadedFrom = start
        var cache: [Double?] = []
        func cached(_ ordinal: Int) -> Double? {
            let i = start.ordinal - 1 - ordinal
            return i >= 0 && i < cache.count ? cache[i] : nil
        }
        var chunk = 64
        while count < limit, end >= earliest, let goal = history.inForce(on: end) {
            let periodStart = period.start(of: end)
            if periodStart < loadedFrom {
                let newFrom = Swift.max(floor, Swift.min(periodStart, loadedFrom.adding(days: -chunk)))
                cache.append(contentsOf: repeatElement(nil, count: Swift.max(0, loadedFrom.ordinal - newFrom.ordinal)))
                for (day, value) in try read(newFrom, loadedFrom.adding(days: -1)) {
                    let i = start.ordinal - 1 - day.ordinal
                    if i >= 0 && i < cache.count { cache[i] = value }
                }
                loadedFrom = newFrom
                chunk = Swift.min(chunk * 2, 4096)
            }
            let values = (periodStart.ordinal...end.ordinal).compactMap(cached)
            guard goal.judgesLike(current), goal.isMet(values, type: type) else { break }
            count += 1
            end = periodStart.adding(days: -1)
        }
        return count
    }

    /// Why a goal on the period's total does not fit `attribute` and `period`, or nil when it
    /// does: only weekly and monthly goals have a total, and only values that add up over days
    /// (`Attribute.addsUpOverDay`) have one.
    public static func totalProblem(_ attribute: Attribute, period: GoalPeriod) -> TotalProblem? {
        if period == .daily { return .dailyPeriod }
        return totalMisfit(attribute).map { .doesNotAddUp(attribute: attribute.name, period: period, why: $0) }
    }

    /// Why `attribute`'s values have no total over a period ("times of day do not add up"), or
    /// nil when they do.
    public static func totalMisfit(_ attribute: Attribute) -> String? {
        if attribute.addsUpOverDay { return nil }
        let what: String?
        switch attribute.type {
        case .time: what = "times of day do not add up"
        case .yesno: what = "yes/no values do not add up"
        case .percentage: what = "percentages do not add up"
        case .count, .decimal, .duration:
            let words: [Aggregation: String] = [
                .average: "the mean of the day's values", .min: "the lowest of the day's values",
                .max: "the highest of the day's values", .last: "the last value logged",
            ]
            what = words[attribute.aggregation].map { "its daily value is \($0), which does not add up" }
        }
        return what
    }

    // MARK: Suggestions

    /// Range forms to offer after `goal ATTR`, pre-filled from the usual value when there is
    /// one: for sleep with a usual 7h 20m, `["7h..9h", ">= 7h", "<= 7h"]` and "usual 7h 20m".
    /// Without one, examples that fit the attribute (`exampleForms`).
    /// Every form parses with `GoalRange.parse` for the attribute.
    public static func rangeSuggestions(for attribute: Attribute, usual: Double?) -> RangeSuggestions {
        let type = attribute.type
        let note = usual.map { "usual " + attribute.formatWithUnit($0) }
        guard let u = usual else { return RangeSuggestions(forms: exampleForms(for: attribute), usual: nil) }
        var forms: [String]
        switch type {
        case .count, .decimal, .percentage:
            let top = type == .percentage ? 100.0 : largestValue
            // Counts are whole numbers.
            let nice = { (v: Double) in type == .count ? roundNicely(v).rounded() : roundNicely(v) }
            let mid = nice(u)
            let low = nice(u * 0.9)
            let high = Swift.min(top, nice(u * 1.1))
            let text = { (v: Double) in type.typed(v) }
            forms = [">= " + text(mid), "<= " + text(mid)]
            if low < high { forms.insert(text(low) + ".." + text(high), at: 0) }
        case .duration:
            if u >= 120 {
                let low = (u / 60).rounded(.down) * 60
                let high = Swift.min(24 * 60, low + 120)
                forms = [type.typed(low) + ".." + type.typed(high), ">= " + type.typed(low), "<= " + type.typed(high)]
            } else {
                let step = Swift.max(5, (u / 5).rounded() * 5)
                forms = [">= " + type.typed(step), "<= " + type.typed(step)]
            }
        case .time:
            let start = Statistics.wrapMinutes(((u - 45) / 30).rounded() * 30)
            let end = Statistics.wrapMinutes(start + 90)
            let limit = Statistics.wrapMinutes((u / 15).rounded() * 15)
            forms = [type.typed(start) + ".." + type.typed(end), "<= " + type.typed(limit)]
        case .yesno:
            forms = ["yes", "no"]
        }
        return RangeSuggestions(forms: forms, usual: note)
    }

    /// Two significant digits, so that a suggestion reads like a goal a person would set:
    /// 8,437 is 8,400; 72.4 is 72; 2.3 is 2.3.
    static func roundNicely(_ value: Double) -> Double {
        guard value > 0 else { return 0 }
        var scale = 1.0
        while value / scale >= 100 { scale *= 10 }
        while value / scale < 10 && scale > 0.1 { scale /= 10 }
        return ((value / scale).rounded() * scale * 10).rounded() / 10
    }
}

/// What tab completion offers after `goal ATTR`.
public struct RangeSuggestions: Sendable, Equatable, CustomStringConvertible {
    /// Range forms, each a valid RANGE for the attribute.
    public let forms: [String]
    /// "usual 7h 20m", when the attribute has a usual value.
    public let usual: String?

    public init(forms: [String], usual: String?) {
        self.forms = forms
        self.usual = usual
    }

    /// "7h..9h, >= 7h, <= 9h, usual 7h 20m"
    public var description: String { (forms + (usual.map { [$0] } ?? [])).joined(separator: ", ") }
}
