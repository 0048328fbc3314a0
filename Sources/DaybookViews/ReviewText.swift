import DaybookCore

/// The one place a review becomes English, for its text and its Markdown alike. Numbers are
/// written in the attribute's own style (`Attribute.formatWithUnit`, through `InsightText`);
/// a direction word follows the sign of the change; links are links, never causes; every
/// claim says how many days it rests on; a part with too little data says so.
public enum ReviewText {
    // MARK: Periods

    static func dayMonth(_ day: Day) -> String { "\(day.dayOfMonth) \(Day.monthNames[day.month - 1])" }

    /// "Week 46 of 2026, 9 to 15 November", "October 2026", "2025"; "..., so far (6 of 7 days)"
    /// while it runs.
    public static func title(_ review: Review) -> String {
        let period = review.period
        var text: String
        switch period.kind {
        case .week:
            let (year, week) = period.isoWeek
            text = "Week \(week) of \(year), \(span(period.from, period.through))"
        case .month: text = "\(Day.monthNames[period.from.month - 1]) \(period.from.year)"
        case .year: text = "\(period.from.year)"
        }
        if !review.complete { text += ", so far (\(review.days) of \(Words.counted(period.length, "day")))" }
        return text
    }

    /// How the period before is named in a sentence: "the week before", "September",
    /// "December 2025", "2024".
    static func previousName(_ review: Review) -> String {
        guard let previous = review.previous else { return "the period before" }
        switch previous.kind {
        case .week: return "the week before"
        case .month:
            let name = Day.monthNames[previous.from.month - 1]
            return previous.from.year == review.period.from.year ? name : "\(name) \(previous.from.year)"
        case .year: return "\(previous.from.year)"
        }
    }

    /// "4 to 16 October", "28 September to 3 October", "30 December 2025 to 2 January 2026".
    static func span(_ from: Day, _ through: Day) -> String {
        if from.year != through.year { return "\(dayMonth(from)) \(from.year) to \(dayMonth(through)) \(through.year)" }
        if from.month != through.month { return "\(dayMonth(from)) to \(dayMonth(through))" }
        return "\(from.dayOfMonth) to \(dayMonth(through))"
    }

    static func noun(_ review: Review) -> String { "this " + review.period.kind.rawValue }

    static func count(_ n: Int) -> String { ValueType.count.format(Double(n)) }

    // MARK: Check-ins and mood

    /// "A mood on 29 of 31 days; the longest run, 20 days in a row (12 to 31 October)."
    public static func checkIns(_ review: Review) -> String {
        let c = review.checkIns
        guard c.days > 0 else { return "No mood logged \(noun(review)) (\(Words.counted(c.of, "day")))." }
        var text = "A mood on \(count(c.days)) of \(Words.counted(c.of, "day"))"
        if c.longestRun > 1, let from = c.runFrom, let through = c.runThrough {
            text += "; the longest run, \(count(c.longestRun)) days in a row (\(span(from, through)))"
        }
        return text + "."
    }

    /// "Mean 3.1 over 29 days, 0.1 points higher than in September (3.0, 30 days)." or why
    /// there is none.
    public static func moodMean(_ review: Review) -> String {
        guard let mood = review.mood else {
            return "Too few moods for a mean: \(count(review.checkIns.days)) logged, \(Review.minimumDays) needed."
        }
        let mean = ValueType.decimal.format(mood.mean, decimals: 1)
        var text = "Mean \(mean) over \(Words.counted(mood.count, "day"))"
        if let before = mood.previousMean {
            let change = Insights.change(mood.mean, against: before, subject: .mood)
            let shown = ValueType.decimal.format(before, decimals: 1)
            let basis = "(\(shown), \(Words.counted(mood.previousCount, "day")))"
            if change.direction == .about {
                text += ", about the same as in \(previousName(review)) \(basis)"
            } else {
                let word = change.direction == .higher ? "higher" : "lower"
                text +=
                    ", \(ValueType.decimal.format(change.amount)) \(change.amount == 1 ? "point" : "points") \(word) than in \(previousName(review)) \(basis)"
            }
        } else if mood.previousCount > 0 {
            text += "; too few moods in \(previousName(review)) to compare (\(count(mood.previousCount)))"
        }
        return text + "."
    }

    /// "Best: 5 great on 6 days, most recently Thu 29 Oct (day 29), ...". `quote` writes what
    /// a person wrote, the first line of each note: made printable for the terminal, escaped
    /// for Markdown.
    public static func moodDays(_ mood: ReviewMood, best: Bool, quote: (String) -> String = printable) -> String? {
        let days = best ? mood.best : mood.worst
        guard let rating = days.first?.rating else { return nil }
        let total = best ? mood.bestCount : mood.worstCount
        let listed = days.map { day in day.note.isEmpty ? day.day.short : "\(day.day.short) (\(quote(day.note)))" }
        let recent = total > days.count ? ", the latest " : ": "
        return "\(best ? "Best" : "Worst"): \(rating) \(Mood.label(rating)) on \(Words.counted(total, "day"))\(recent)"
            + listed.joined(separator: "; ") + "."
    }

    // MARK: Goals

    static func periodNoun(_ period: GoalPeriod) -> String {
        switch period {
        case .daily: return "day"
        case .weekly: return "week"
        case .monthly: return "month"
        }
    }

    /// "Steps (at least 9,000 steps daily): met on 11 of 31 days, 11 in a row at most; better
    /// than in September (0 of 30)."
    public static func goal(_ goal: ReviewGoal, review: Review) -> String {
        let attribute = goal.attribute
        let name = InsightText.name(.attribute(attribute)).capitalizedFirst
        let noun = periodNoun(goal.goal.period)
        let head =
            "\(printable(name)) (\(InsightText.rangeWords(goal.goal.range, attribute)) \(GoalView.periodText(goal.goal)))"
        guard goal.judged > 0 else {
            return "\(head): no \(noun) of it ended in \(ReviewText.noun(review))\(review.complete ? "" : " yet")."
        }
        var text = "\(head): met on \(count(goal.met)) of \(Words.counted(goal.judged, noun))"
        if goal.longestStreak > 1 { text += ", \(count(goal.longestStreak)) in a row at most" }
        let before = "\(previousName(review)) (\(count(goal.previousMet ?? 0)) of \(count(goal.previousJudged ?? 0)))"
        switch goal.trend {
        case .better?: text += "; better than in \(before)"
        case .worse?: text += "; not as well as in \(before)"
        case .same?: text += "; as in \(before)"
        case nil: text += "; nothing to compare in \(previousName(review))"
        }
        return text + "."
    }

    // MARK: Attributes

    /// The size of a change in the attribute's own terms: "36m", "850 steps", "0.7 kg",
    /// "3 points" (a percentage), "25m" (a time of day).
    static func amount(_ attribute: Attribute, _ difference: Double) -> String {
        let size = abs(difference)
        switch attribute.type {
        case .duration, .time: return formatDuration(size)
        case .percentage: return ValueType.decimal.format(size) + (size == 1 ? " point" : " points")
        case .yesno: return "\(Percent.roundedDown(size)) points"
        default: return InsightText.amount(.attribute(attribute), size)
        }
    }

    /// A mean as it reads: "7h 16m", "9,050 steps", "72.1 kg"; a yes/no's share of yes days,
    /// "yes on 60% of days", rounded down as goals round it (`Percent.roundedDown`).
    static func mean(_ attribute: Attribute, _ value: Double) -> String {
        attribute.type == .yesno ? GoalView.yesShare(value) : InsightText.amount(.attribute(attribute), value)
    }

    /// "Sleep: 7h 16m a day against 6h 40m in September, 36m longer (31 and 30 days; 225h 16m
    /// in all)."
    public static func attribute(_ part: ReviewAttribute, review: Review) -> String {
        let attribute = part.attribute
        let subject = InsightSubject.attribute(attribute)
        let name = printable(InsightText.name(subject).capitalizedFirst)
        guard let mean = part.mean else { return "\(name): nothing logged." }
        // "A day" or "on average" by the core's rule, as goals read it (`meanReadsAsPerDay`).
        let each = attribute.type == .yesno ? "" : attribute.meanReadsAsPerDay ? " a day" : " on average"
        let total = part.total.map { "; \(InsightText.amount(subject, $0)) in all" } ?? ""
        let previous = previousName(review)
        guard let change = part.change, let before = part.previousMean else {
            let why: String
            if part.days < Review.minimumDays {
                why = "too few days to compare (\(Review.minimumDays) needed)"
            } else if part.previousDays == 0 {
                why = "none in \(previous) to compare"
            } else {
                why = "too few days in \(previous) to compare (\(count(part.previousDays)))"
            }
            return
                "\(name): \(self.mean(attribute, mean))\(each) over \(Words.counted(part.days, "day"))\(total); \(why)."
        }
        let days = "\(count(part.days)) and \(Words.counted(part.previousDays, "day"))"
        if change.direction == .about {
            return
                "\(name): \(self.mean(attribute, mean))\(each), about the same as in \(previous) (\(self.mean(attribute, before)); \(days)\(total))."
        }
        let word = InsightText.directionWord(subject, up: change.difference > 0)
        let against = attribute.type == .yesno ? "\(Percent.roundedDown(before))%" : self.mean(attribute, before)
        return
            "\(name): \(self.mean(attribute, mean))\(each) against \(against) in \(previous), \(amount(attribute, change.difference)) \(word) (\(days)\(total))."
    }

    // MARK: Records, tags and links

    /// "Sat 31 Oct: Longest sleep on record: 7h 31m (61 days logged)."
    public static func record(_ record: ReviewRecord) -> String {
        let insight = Insight(
            kind: .record, subject: record.subject, day: record.day, detail: .record(record.record), notability: 0)
        return record.day.short + ": " + InsightText.sentence(insight)
    }

    /// "#work on 15 days: mood 3.1 on them against 3.0 on the others (14 and 15 days)."
    /// `quote` writes the tag's name, as `moodDays` a note.
    public static func tag(_ tag: ReviewTag, quote: (String) -> String = printable) -> String {
        let head = "#\(quote(tag.tag)) on \(Words.counted(tag.days, "day"))"
        guard let with = tag.moodWith, let without = tag.moodWithout else {
            return head
                + "; too few moods to compare (\(count(tag.moodDaysWith)) with it, \(count(tag.moodDaysWithout)) without)."
        }
        let a = ValueType.decimal.format(with, decimals: 1)
        let b = ValueType.decimal.format(without, decimals: 1)
        return head
            + ": mood \(a) on them against \(b) on the others (\(count(tag.moodDaysWith)) and \(Words.counted(tag.moodDaysWithout, "day")))."
    }

    /// The links found, each as `insights` says it; or why there are none.
    public static func links(_ review: Review) -> [String] {
        let links = review.links
        if !links.found.isEmpty { return links.found.map(InsightText.sentence) }
        if links.pairedDays < links.needed {
            return [
                "Too few days for links with mood: \(Words.counted(links.pairedDays, "day")) with a mood and a value or a tag to pair it with, \(count(links.needed)) needed."
            ]
        }
        let possible = links.possible.map { ": " + InsightText.possible($0) } ?? ""
        return [
            "No link with mood stands out \(noun(review))\(possible) (\(Words.counted(links.tested, "test")) over \(Words.counted(links.pairedDays, "day")), after Holm's correction)."
        ]
    }
}
