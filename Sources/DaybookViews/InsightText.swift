import DaybookCore

/// The one place an insight becomes an English sentence. Numbers are written in the
/// attribute's own style (8,200 steps, 7h 30m, 23:40, 72.5 kg, 85%); a direction word always
/// follows the sign of the difference; links are told as links, never as causes; every claim
/// says how many days it rests on.
public enum InsightText {
    public static func sentence(_ insight: Insight) -> String {
        let subject = insight.subject
        switch insight.detail {
        case .comparison(let comparison):
            return self.comparison(comparison, subject: subject, day: insight.day, average: insight.kind == .average)
        case .missingHistory(let missing):
            return self.missing(missing, subject: subject, day: insight.day)
        case .record(let record):
            return self.record(record, subject: subject, day: insight.day)
        case .goal(let goal):
            guard let attribute = subject.attribute else { return "" }
            return insight.kind == .streak
                ? streak(goal, attribute: attribute, day: insight.day) : self.goal(goal, attribute: attribute)
        case .weekday(let pattern):
            return weekday(pattern, subject: subject)
        case .correlation(let link):
            guard let attribute = subject.attribute else { return "" }
            return correlation(link, attribute: attribute)
        case .tag(let link):
            return tag(link)
        case .linksPending(let pending):
            return linksPending(pending)
        case .soFar(let value):
            return soFar(value, subject: subject, day: insight.day)
        case .linksNone(let none):
            return linksNone(none)
        }
    }

    /// "800 steps so far.", "Exercise 25m so far.": a value that adds up over a
    /// day, on a day still going, told as it stands and compared with nothing.
    static func soFar(_ value: Double, subject: InsightSubject, day: Day) -> String {
        "\(valuePhrase(subject, value)) so far."
    }

    // MARK: Words

    /// How an attribute is named in a sentence: `resting_hr` reads "resting hr".
    public static func name(_ subject: InsightSubject) -> String {
        subject.name.replacingAll("_", with: " ")
    }

    static func plural(_ count: Int, _ noun: String) -> String { Words.counted(count, noun) }

    static func weekdayName(_ weekday: Int) -> String { Day.weekdayNames[weekday - 1].capitalizedFirst }

    /// A count that adds up over the day (steps, cups): "more" and "fewer". A count kept as a
    /// level (a resting heart rate) is "higher" or "lower".
    static func isAmount(_ subject: InsightSubject) -> Bool {
        guard let attribute = subject.attribute else { return false }
        return attribute.type == .count && attribute.addsUpOverDay
    }

    /// The word for a difference of this sign: more or fewer (counts that add up), higher or
    /// lower, longer or shorter (durations), later or earlier (times of day).
    public static func directionWord(_ subject: InsightSubject, up: Bool) -> String {
        switch subject.type {
        case .count where isAmount(subject): return up ? "more" : "fewer"
        case .duration: return up ? "longer" : "shorter"
        case .time: return up ? "later" : "earlier"
        case .count, .decimal, .percentage, .yesno: return up ? "higher" : "lower"
        }
    }

    /// The word for the top or bottom of a range of values: "most steps", "least coffee",
    /// "longest sleep", "latest bedtime", "highest mood".
    static func extremeWord(_ subject: InsightSubject, _ extreme: InsightExtreme) -> String {
        let high = extreme == .highest
        switch subject.type {
        case .count where isAmount(subject):
            if high { return "most" }
            return subject.attribute.map { $0.unit == $0.name } == true ? "fewest" : "least"
        case .duration: return high ? "longest" : "shortest"
        case .time: return high ? "latest" : "earliest"
        case .count, .decimal, .percentage, .yesno: return high ? "highest" : "lowest"
        }
    }

    // MARK: Numbers

    /// A value, mean or median with its unit: "8,000 steps", "1.6 cups", "7h 30m", "23:40",
    /// "72.5 kg", "85%"; a mood as "3.5". Means arrive rounded as they are shown
    /// (`Insights.shown`); a count's mean keeps its decimal.
    public static func amount(_ subject: InsightSubject, _ value: Double) -> String {
        guard let attribute = subject.attribute else { return ValueType.decimal.format(value) }
        return attribute.formatWithUnit(value, decimals: meanDecimals(attribute))
    }

    /// Like `amount`, without a unit that repeats the name: after "steps", "8,000".
    static func bare(_ subject: InsightSubject, _ value: Double) -> String {
        guard let attribute = subject.attribute else { return ValueType.decimal.format(value) }
        return attribute.format(value, decimals: meanDecimals(attribute))
    }

    /// The decimals that let a count's mean read "1.6"; nil for the other types, whose values
    /// and means show as they are.
    static func meanDecimals(_ attribute: Attribute) -> Int? {
        attribute.type == .count ? ValueType.meanDecimals : nil
    }

    /// The day's value after its name: "9,120 steps", "Sleep 7h 10m", "Coffee 2 cups", "Mood 4";
    /// in the middle of a sentence, "sleep 7h 10m".
    static func valuePhrase(_ subject: InsightSubject, _ value: Double, capitalized: Bool = true) -> String {
        if let attribute = subject.attribute, attribute.unit == attribute.name, attribute.type == .count {
            return amount(subject, value)
        }
        return (capitalized ? name(subject).capitalizedFirst : name(subject)) + " " + bare(subject, value)
    }

    /// Minutes as a person says them: "30 minutes", "1 minute", "1h 10m".
    static func minutes(_ value: Double) -> String {
        let whole = Int(value.rounded())
        return whole < 60 ? plural(whole, "minute") : formatDuration(Double(whole))
    }

    static func points(_ value: Double) -> String {
        ValueType.decimal.format(value) + (value == 1 ? " point" : " points")
    }

    static func date(_ day: Day, relativeTo reference: Day) -> String {
        "\(day.dayOfMonth) \(Day.monthNames[day.month - 1])" + (day.year == reference.year ? "" : " \(day.year)")
    }

    // MARK: Usual and average

    static func change(_ change: InsightChange, subject: InsightSubject) -> String {
        let word = directionWord(subject, up: change.direction == .higher)
        switch change.measure {
        case .percent: return "\(ValueType.count.format(change.amount))% \(word) than"
        case .points: return "\(points(change.amount)) \(word) than"
        case .minutes: return "\(minutes(change.amount)) \(word) than"
        case .amount: return "\(amount(subject, change.amount)) \(word) than"
        }
    }

    static func comparison(_ comparison: InsightComparison, subject: InsightSubject, day: Day, average: Bool) -> String
    {
        let weekday = weekdayName(day.weekday)
        let baseline: String
        let basis: String
        if average, let value = comparison.average30d {
            baseline = "your 30-day average"
            basis = amount(subject, value) + ", from " + plural(comparison.averageDays, "day")
        } else {
            baseline = "your usual " + weekday
            basis = amount(subject, comparison.usual ?? 0) + ", from " + plural(comparison.usualDays, weekday)
        }
        var how =
            comparison.change.direction == .about ? "about" : change(comparison.change, subject: subject)
        let base = average ? comparison.average30d : comparison.usual
        if comparison.value == 0, comparison.change.measure == .percent, comparison.change.direction == .lower,
            let base
        {
            // None at all reads as the amount missing, not as "100% fewer".
            how = "\(amount(subject, base)) \(directionWord(subject, up: false)) than"
        }
        return "\(valuePhrase(subject, comparison.value)), \(how) \(baseline) (\(basis))."
    }

    /// The usual values that cannot be given yet, said once: "Not enough history yet for a
    /// usual Saturday: 3 are needed; mood and sleep have 2, steps 1, coffee none."
    /// One alone reads as `sentence` has it. Nil for none.
    public static func missingHistory(_ insights: [Insight]) -> String? {
        let missing = insights.compactMap { insight -> (InsightSubject, InsightMissingHistory)? in
            if case .missingHistory(let m) = insight.detail { return (insight.subject, m) }
            return nil
        }
        guard let (subject, first) = missing.first, let day = insights.first?.day else { return nil }
        if missing.count == 1 { return self.missing(first, subject: subject, day: day) }
        let weekday = weekdayName(day.weekday)
        var groups: [(days: Int, names: [String])] = []
        for (subject, m) in missing {
            if let i = groups.firstIndex(where: { $0.days == m.days }) {
                groups[i].names.append(name(subject))
            } else {
                groups.append((m.days, [name(subject)]))
            }
        }
        groups.sort { $0.days > $1.days }
        let parts = groups.enumerated().map { i, group -> String in
            let names = group.names.dropLast().joined(separator: ", ") + (group.names.count > 1 ? " and " : "")
                + group.names.last!
            let verb = i > 0 ? " " : group.names.count == 1 ? " has " : " have "
            return names + verb + (group.days == 0 ? "none" : ValueType.count.format(Double(group.days)))
        }
        return "Not enough history yet for a usual \(weekday): \(ValueType.count.format(Double(first.needed))) are needed; "
            + parts.joined(separator: ", ") + "."
    }

    static func missing(_ missing: InsightMissingHistory, subject: InsightSubject, day: Day) -> String {
        let weekday = weekdayName(day.weekday)
        let have = missing.days == 0 ? "no \(weekday)s yet" : plural(missing.days, weekday) + " so far"
        let more = missing.needed - missing.days
        return
            "Not enough history yet for a usual \(weekday) of \(name(subject)): \(have), \(ValueType.count.format(Double(more))) more needed."
    }

    // MARK: Records

    static func record(_ record: InsightRecord, subject: InsightSubject, day: Day) -> String {
        let head = extremeWord(subject, record.extreme).capitalizedFirst + " " + name(subject)
        let value = bare(subject, record.value)
        let logged = plural(record.days, "day") + " logged"
        switch record.reach {
        case .since(let since):
            let span = record.span ?? 0
            if span <= 60 {
                let rest = record.days < span ? " (\(ValueType.count.format(Double(record.days))) of them logged)" : ""
                return "\(head) in \(plural(span, "day")): \(value)\(rest)."
            }
            return "\(head) since \(date(since, relativeTo: day)): \(value) (\(logged))."
        case .year:
            return "\(head) in a year: \(value) (\(logged))."
        case .ever:
            return "\(head) on record: \(value) (\(logged))."
        }
    }

    // MARK: Goals

    /// A goal's range in words: "at least 10,000 steps", "at most 2 cups", "between 7h and
    /// 9h", "between 23:00 and 00:30", "no later than 23:30".
    public static func rangeWords(_ range: GoalRange, _ attribute: Attribute) -> String {
        if attribute.type == .yesno { return range.min != nil ? "yes" : "no" }
        let time = attribute.type == .time
        switch (range.min, range.max) {
        case (let low?, let high?):
            return "between \(attribute.type.format(low)) and \(attribute.formatWithUnit(high))"
        case (let low?, nil):
            return (time ? "no earlier than " : "at least ") + attribute.formatWithUnit(low)
        case (nil, let high?):
            return (time ? "no later than " : "at most ") + attribute.formatWithUnit(high)
        case (nil, nil):
            return "any value"
        }
    }

    /// " this week", " the week of 9 Nov", " this month", " in October"; "" for a daily goal.
    static func periodPhrase(_ goal: InsightGoal) -> String {
        let status = goal.status
        switch status.goal.period {
        case .daily: return ""
        case .weekly:
            return goal.open
                ? " this week" : " the week of \(status.from.dayOfMonth) \(Day.monthNames[status.from.month - 1])"
        case .monthly: return goal.open ? " this month" : " in \(Day.monthNames[status.from.month - 1])"
        }
    }

    static func goal(_ goal: InsightGoal, attribute: Attribute) -> String {
        let status = goal.status
        let subject = InsightSubject.attribute(attribute)
        let Name = name(subject).capitalizedFirst
        let period = periodPhrase(goal)
        let daily = status.goal.period == .daily
        let range = "(goal: \(rangeWords(status.goal.range, attribute)))"
        // What is left reads as in `goals`: "5,800 steps to go", "1 cup to spare", "2 cups over".
        let leftText = GoalView.leftText(attribute, status, appearance: .plain)
        let onAverage = daily ? "" : status.goal.total ? " in all" : GoalView.perDay(attribute, status.goal) + " on average"
        let value = status.value.map { Insights.shown($0, subject) }
        let valueText = value.map { bare(subject, $0) + onAverage } ?? ""
        let left = GoalView.shownLeft(attribute, status).map { abs(Insights.shownDifference($0, subject)) } ?? 0

        if attribute.type == .yesno {
            switch status.state {
            case .within: return "\(Name) goal met\(period)."
            case .noData: return "No \(name(subject)) logged\(goal.open ? " yet" : "")\(period) for your goal \(range)."
            case .under, .over:
                if !daily { return "\(Name) goal not met every day\(period) \(range)." }
                return goal.open && status.state == .under
                    ? "\(Name) goal not met yet \(range)." : "\(Name) goal missed \(range)."
            }
        }
        switch status.state {
        case .noData:
            return "No \(name(subject)) logged\(goal.open ? " yet" : "")\(period) for your goal \(range)."
        case .within:
            if goal.open && status.goal.range.min == nil {
                let spare = left > 0 ? ", " + leftText : ""
                return "\(Name) within goal so far\(period): \(valueText) \(range)\(spare)."
            }
            return "\(Name) goal met\(period): \(valueText) \(range)."
        case .under, .over:
            let under = status.state == .under
            if attribute.type == .time {
                let word = directionWord(subject, up: !under)
                return "\(Name) \(valueText)\(period), \(minutes(left)) \(word) than your goal allows \(range)."
            }
            if !under {
                return "\(Name) over goal\(period): \(valueText), \(leftText) \(range)."
            }
            if goal.open {
                return "\(leftText) for your \(name(subject)) goal\(period): \(valueText) so far \(range)."
            }
            let short = GoalView.leftAmount(attribute, status) ?? ""
            return "\(Name) goal missed\(period): \(valueText), \(short) short \(range)."
        }
    }

    static func streak(_ goal: InsightGoal, attribute: Attribute, day: Day) -> String {
        let status = goal.status
        let length =
            ValueType.count.format(Double(status.streak)) + (status.streakCapped ? " or more " : " ")
            + Words.noun(status.goal.period.noun, count: status.streak)
        var until = ""
        if status.state != .within {
            switch status.goal.period {
            case .daily:
                until = goal.isToday ? ", until yesterday" : ", until the day before"
            case .weekly: until = ", until the week before"
            case .monthly: until = ", until the month before"
            }
        }
        let subject = InsightSubject.attribute(attribute)
        return
            "\(length) in a row within your \(name(subject)) goal (\(rangeWords(status.goal.range, attribute)))\(until)."
    }

    // MARK: Weekdays and links

    /// "Mondays stand out for mood: 2.2 on average, against 3.8 on other days (...)". The test
    /// behind it shows that the weekdays differ, not that this one is the highest or lowest.
    static func weekday(_ pattern: InsightWeekday, subject: InsightSubject) -> String {
        let weekday = weekdayName(pattern.weekday)
        return
            "\(weekday)s stand out for \(name(subject)): \(bare(subject, pattern.mean)) on average, against \(bare(subject, pattern.otherMean)) on other days (\(plural(pattern.days, weekday)), \(plural(pattern.otherDays, "other day")))."
    }

    /// "0.42", "-0.35": r to two decimals.
    public static func r(_ value: Double) -> String {
        let hundredths = Int((abs(value) * 100).rounded())
        let text = "\(hundredths / 100)." + (hundredths % 100 < 10 ? "0" : "") + "\(hundredths % 100)"
        return (value < 0 && hundredths != 0 ? "-" : "") + text
    }

    static func correlation(_ link: InsightCorrelation, attribute: Attribute) -> String {
        let subject = InsightSubject.attribute(attribute)
        let mood = link.r > 0 ? "higher" : "lower"
        let strength = "(a \(link.strength.rawValue) link, r = \(r(link.r)), \(plural(link.days, "day")))"
        let above = ValueType.decimal.format(link.moodAbove)
        let below = ValueType.decimal.format(link.moodBelow)
        let named = name(subject)
        // A split under half a point is no tendency: "Mood is a little higher on days with...".
        let tends = link.smallSplit ? "is a little" : "tends to be"
        // Yesterday's value: "after a day with more steps".
        let on = link.lag == 0 ? "on days with" : "after a day with"
        let onThem = link.lag == 0 ? "on days with" : "after days with"
        if attribute.type == .yesno {
            let without = link.lag == 0 ? "on days without" : "after days without"
            return
                "Mood \(tends) \(mood) \(on) \(named) yes: \(above), against \(below) \(without) \(strength)."
        }
        let more: String
        let threshold: String
        switch attribute.type {
        case .count where isAmount(subject):
            more = "more \(named)"
            threshold =
                (attribute.unit == attribute.name ? "" : named + " ") + amount(subject, link.threshold) + " or more"
        case .duration:
            more = "more \(named)"
            threshold = "\(named) \(amount(subject, link.threshold)) or more"
        case .time:
            more = "a later \(named)"
            threshold = "\(named) \(amount(subject, link.threshold)) or later"
        default:
            more = "a higher \(named)"
            threshold = "\(named) \(amount(subject, link.threshold)) or more"
        }
        return
            "Mood \(tends) \(mood) \(on) \(more): \(above) \(onThem) \(threshold), against \(below) otherwise \(strength)."
    }

    /// "No link with mood stands out: with 64 effective days, only a link of r = 0.41 or
    /// stronger would show."
    static func linksNone(_ none: InsightLinksNone) -> String {
        "No link with mood stands out: \(possible(none))."
    }

    /// "with 64 effective days, only a link of r = 0.41 or stronger would show": what links
    /// could have shown.
    public static func possible(_ none: InsightLinksNone) -> String {
        let effective = Int(none.effectiveDays.rounded())
        return "with \(plural(effective, "effective day")), only a link of r = \(r(none.smallestR)) or stronger would show"
    }

    /// "No links with mood yet: 16 more days with both logged are needed (14 so far)."
    static func linksPending(_ pending: InsightLinksPending) -> String {
        let more = pending.needed - pending.days
        return
            "No links with mood yet: \(ValueType.count.format(Double(more))) more \(more == 1 ? "day" : "days") with both logged \(more == 1 ? "is" : "are") needed (\(ValueType.count.format(Double(pending.days))) so far)."
    }

    static func tag(_ link: InsightTag) -> String {
        let mood = link.moodWith > link.moodWithout ? "higher" : "lower"
        if link.lag != 0 {
            return
                "Mood tends to be \(mood) after a day with #\(link.tag): \(ValueType.decimal.format(link.moodWith)) on average, against \(ValueType.decimal.format(link.moodWithout)) after days without (\(plural(link.daysWith, "day")) after one, \(ValueType.count.format(Double(link.daysWithout))) not)."
        }
        return
            "Mood tends to be \(mood) on days tagged #\(link.tag): \(ValueType.decimal.format(link.moodWith)) on average, against \(ValueType.decimal.format(link.moodWithout)) otherwise (\(plural(link.daysWith, "day")) with the tag, \(ValueType.count.format(Double(link.daysWithout))) without)."
    }
}
