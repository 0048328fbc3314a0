/// Everything a review is computed from: data read from the journal, no journal.
/// `Journal.reviewInput(for:)` reads it; tests may build it by hand.
public struct ReviewInput: Sendable {
    public struct AttributeInput: Sendable {
        public var attribute: Attribute
        /// Daily values from `ReviewInput.readFrom` through the review's last day, oldest first.
        public var values: [(Day, Double)]
        /// True when a value exists before `readFrom`.
        public var hasEarlier: Bool
        /// Every goal change up to the review's last day.
        public var goals: GoalHistory

        public init(attribute: Attribute, values: [(Day, Double)], hasEarlier: Bool, goals: GoalHistory) {
            self.attribute = attribute
            self.values = values
            self.hasEarlier = hasEarlier
            self.goals = goals
        }
    }

    public var period: ReviewPeriod
    public var today: Day
    /// The first day read: early enough for the period before, for a year of history before
    /// each day of the period (records), and for every goal period that ends in either.
    public var readFrom: Day
    /// Moods from `readFrom` through the review's last day, oldest first, with their notes.
    public var moods: [(day: Day, rating: Int, note: String)]
    public var moodHasEarlier: Bool
    /// Each tracked attribute, in the journal's order.
    public var attributes: [AttributeInput]
    /// The tags of each day of the period that has some.
    public var tags: [Day: [String]]

    public init(
        period: ReviewPeriod, today: Day, readFrom: Day, moods: [(day: Day, rating: Int, note: String)],
        moodHasEarlier: Bool, attributes: [AttributeInput], tags: [Day: [String]]
    ) {
        self.period = period
        self.today = today
        self.readFrom = readFrom
        self.moods = moods
        self.moodHasEarlier = moodHasEarlier
        self.attributes = attributes
        self.tags = tags
    }

    /// The first day a review of `period` reads.
    public static func readFrom(_ period: ReviewPeriod) -> Day {
        let history = period.from.adding(days: -InsightWindows.recordDays)
        // A month that ends in the period before may begin up to 30 days before it.
        let goals = (period.previous?.from ?? period.from).adding(days: -31)
        return max(Day.earliest, min(history, goals))
    }
}

/// Reviews: pure functions of a `ReviewInput`.
public enum Reviews {
    public static func compute(_ input: ReviewInput) -> Review {
        let period = input.period
        let last = period.lastDay(today: input.today)
        let previous = period.previous
        let moodsIn = input.moods.filter { $0.day >= period.from && $0.day <= last }
        let moodsBefore = previous.map { p in input.moods.filter { $0.day >= p.from && $0.day <= p.through } } ?? []

        var attributes: [ReviewAttribute] = []
        var goals: [ReviewGoal] = []
        var records: [ReviewRecord] = []
        var months: [ReviewMonths] = []
        var daily: [ReviewDaily] = []
        var series: [InsightInput.AttributeSeries] = []
        for entry in input.attributes {
            let attribute = entry.attribute
            // A value that adds up over a day is left out while its day is still going: it is
            // not the day's value yet (`Insights.stillGoing`). Goals judge only periods that
            // have ended, so they lose nothing.
            let subject = InsightSubject.attribute(attribute)
            let complete = entry.values.filter { !Insights.stillGoing(subject, day: $0.0, today: input.today) }
            var values = DayValues()
            values.reserve(from: input.readFrom, through: last)
            for (day, value) in complete { values[day] = value }
            let inPeriod = complete.filter { $0.0 >= period.from && $0.0 <= last }
            let before = previous.map { p in complete.filter { $0.0 >= p.from && $0.0 <= p.through } } ?? []
            if !inPeriod.isEmpty {
                attributes.append(compare(attribute, inPeriod.map(\.1), before.map(\.1)))
                let all = InsightSeries(values: values, from: input.readFrom, hasEarlier: entry.hasEarlier)
                records += self.records(subject, inPeriod, series: all)
                if period.kind == .year { months.append(monthly(attribute, inPeriod, year: period.from.year)) }
                if period.kind == .month {
                    var byDay = [Double?](repeating: nil, count: period.length)
                    for (day, value) in inPeriod { byDay[day.ordinal - period.from.ordinal] = value }
                    daily.append(ReviewDaily(attribute: attribute, values: byDay))
                }
            }
            if let goal = goalReview(entry, values: values, period: period, today: input.today) { goals.append(goal) }
            series.append(
                InsightInput.AttributeSeries(
                    attribute: attribute,
                    series: InsightSeries(values: values, from: input.readFrom, hasEarlier: entry.hasEarlier)))
        }

        var moodValues = DayValues()
        moodValues.reserve(from: input.readFrom, through: last)
        for mood in input.moods { moodValues[mood.day] = Double(mood.rating) }
        let moodSeries = InsightSeries(values: moodValues, from: input.readFrom, hasEarlier: input.moodHasEarlier)
        let moodRecords = self.records(.mood, moodsIn.map { ($0.day, Double($0.rating)) }, series: moodSeries)

        let linkInput = InsightInput(
            day: last, today: input.today, mood: moodSeries, attributes: series, tags: input.tags, goals: [])
        let links = Insights.links(linkInput, days: last.ordinal - period.from.ordinal + 1)

        var calendar: [Int: Double] = [:]
        if period.kind == .year { for mood in moodsIn { calendar[mood.day.ordinal] = Double(mood.rating) } }

        return Review(
            period: period, previous: previous, complete: period.isComplete(today: input.today), lastDay: last,
            checkIns: checkIns(moodsIn.map(\.day), days: last.ordinal - period.from.ordinal + 1),
            mood: mood(moodsIn, before: moodsBefore), goals: goals, attributes: attributes,
            records: moodRecords + records, tags: tags(input.tags, moods: moodsIn, from: period.from, through: last),
            links: links, calendar: calendar, months: months, daily: daily)
    }

    // MARK: Check-ins and mood

    /// Days with a mood (oldest first) of `days`, and the longest run of them in a row.
    static func checkIns(_ moodDays: [Day], days: Int) -> ReviewCheckIns {
        var best: (length: Int, from: Day?, through: Day?) = (0, nil, nil)
        var runStart: Day? = nil
        var previous: Day? = nil
        for day in moodDays {
            if let p = previous, p.adding(days: 1) == day {} else { runStart = day }
            let length = day.ordinal - runStart!.ordinal + 1
            if length > best.length { best = (length, runStart, day) }
            previous = day
        }
        return ReviewCheckIns(
            days: moodDays.count, of: days, longestRun: best.length, runFrom: best.from, runThrough: best.through)
    }

    static func mood(_ moods: [(day: Day, rating: Int, note: String)], before: [(day: Day, rating: Int, note: String)])
        -> ReviewMood?
    {
        guard moods.count >= Review.minimumDays else { return nil }
        let ratings = moods.map { Double($0.rating) }
        var spread = [Int](repeating: 0, count: 5)
        for mood in moods { spread[max(1, min(5, mood.rating)) - 1] += 1 }
        let high = moods.map(\.rating).max()!
        let low = moods.map(\.rating).min()!
        func days(_ rating: Int) -> [ReviewMoodDay] {
            moods.filter { $0.rating == rating }.reversed().prefix(ReviewMood.shownDays).map {
                ReviewMoodDay(day: $0.day, rating: $0.rating, note: firstLine($0.note))
            }
        }
        let previousMean = before.count >= Review.minimumDays ? Statistics.mean(before.map { Double($0.rating) }) : nil
        return ReviewMood(
            count: moods.count, mean: Insights.shown(Statistics.mean(ratings)!, .mood), spread: spread,
            best: days(high), bestCount: spread[high - 1], worst: high == low ? [] : days(low),
            worstCount: high == low ? 0 : spread[low - 1], previousMean: previousMean.map { Insights.shown($0, .mood) },
            previousCount: before.count)
    }

    /// The first line of a note, without the spaces around it.
    static func firstLine(_ note: String) -> String {
        let line = note.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first ?? ""
        return String(
            line.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\r" }.reversed())
    }

    // MARK: Attributes

    /// The period's values against the period before's: their means as they are shown (a share
    /// of yes days rounded down, `Percent.roundedDown`), their
    /// totals for what adds up over days (`Goals.totalMisfit`, the rule of goals on a total),
    /// and the change once each side has `Review.minimumDays` days.
    static func compare(_ attribute: Attribute, _ values: [Double], _ before: [Double]) -> ReviewAttribute {
        let type = attribute.type
        let subject = InsightSubject.attribute(attribute)
        let addsUp = Goals.totalMisfit(attribute) == nil
        // A share of yes days is a whole percentage rounded down, as goals show it.
        func shown(_ x: Double) -> Double {
            type == .yesno ? Double(Percent.roundedDown(x)) / 100 : Insights.shown(x, subject)
        }
        let mean = type.mean(values).map(shown)
        let previousMean = type.mean(before).map(shown)
        var change: InsightChange? = nil
        if values.count >= Review.minimumDays, before.count >= Review.minimumDays, let mean, let previousMean {
            change = Insights.change(mean, against: previousMean, subject: subject)
        }
        // A total is a figure computed from values, rounded as it is shown, like a mean.
        return ReviewAttribute(
            attribute: attribute, days: values.count, mean: mean,
            total: addsUp ? type.roundedMean(values.reduce(0, +)) : nil,
            previousDays: before.count, previousMean: previousMean,
            previousTotal: addsUp && !before.isEmpty ? type.roundedMean(before.reduce(0, +)) : nil, change: change)
    }

    /// Each month's mean of a year's values, January first.
    static func monthly(_ attribute: Attribute, _ values: [(Day, Double)], year: Int) -> ReviewMonths {
        var byMonth = [[Double]](repeating: [], count: 12)
        for (day, value) in values where day.year == year { byMonth[day.month - 1].append(value) }
        return ReviewMonths(attribute: attribute, means: byMonth.map { attribute.type.mean($0) })
    }

    // MARK: Records

    /// The period's highest and lowest values that are records as `insights` tells them
    /// (`Insights.record`: beating at least 5 earlier days, looking back a year at most),
    /// reaching back at least `ReviewRecord.minimumSpan` days, or to the first value.
    static func records(_ subject: InsightSubject, _ values: [(Day, Double)], series: InsightSeries) -> [ReviewRecord] {
        guard values.count > 0, subject.type != .yesno else { return [] }
        var positions = values.map(\.1)
        if subject.type.isCircular { positions = Statistics.linearizeTimes(positions).1 }
        // The first day that reached each end: a later day as high beats nothing.
        var found: [ReviewRecord] = []
        let ends: [(InsightExtreme, Int?)] = [
            (
                .highest,
                positions.indices.max { positions[$0] < positions[$1] || positions[$0] == positions[$1] && $0 > $1 }
            ),
            (
                .lowest,
                positions.indices.min { positions[$0] < positions[$1] || positions[$0] == positions[$1] && $0 < $1 }
            ),
        ]
        for (extreme, index) in ends {
            guard let index else { continue }
            let day = values[index].0
            guard let record = Insights.record(subject, series, day: day), record.extreme == extreme else { continue }
            let far: Bool
            switch record.reach {
            case .ever, .year: far = true
            case .since: far = (record.span ?? 0) >= ReviewRecord.minimumSpan
            }
            if far { found.append(ReviewRecord(subject: subject, day: day, record: record)) }
        }
        return found
    }

    // MARK: Tags

    /// The tags used on most days of the period, with the mood on their days against the other
    /// days with a mood.
    static func tags(_ tags: [Day: [String]], moods: [(day: Day, rating: Int, note: String)], from: Day, through: Day)
        -> [ReviewTag]
    {
        var days: [String: Set<Day>] = [:]
        for (day, list) in tags where day >= from && day <= through {
            for tag in list { days[tag, default: []].insert(day) }
        }
        let top = days.sorted { $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key }
            .prefix(Review.tagCount)
        return top.map { tag, tagged in
            let with = moods.filter { tagged.contains($0.day) }.map { Double($0.rating) }
            let without = moods.filter { !tagged.contains($0.day) }.map { Double($0.rating) }
            func mean(_ values: [Double]) -> Double? {
                values.count >= Review.minimumDays ? Statistics.mean(values).map { Insights.shown($0, .mood) } : nil
            }
            return ReviewTag(
                tag: tag, days: tagged.count, moodWith: mean(with), moodWithout: mean(without),
                moodDaysWith: with.count, moodDaysWithout: without.count)
        }
    }
}
