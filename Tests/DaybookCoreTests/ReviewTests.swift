import Testing

@testable import DaybookCore
@testable import DaybookStore

/// A review of October 2026 on a journal with known data, every figure worked out again here
/// from the data itself.
@Suite struct ReviewTests {
    func day(_ iso: String) -> Day { Day.parseISO(iso)! }
    func october(_ d: Int) -> Day { Day(year: 2026, month: 10, day: d)! }
    /// Days of October without a mood.
    let skipped: Set<Int> = [10, 11]
    func rating(_ d: Int) -> Int { 1 + d % 5 }

    /// September: a mood of 3 and 6h 40m of sleep every day, steps on two days. October: a
    /// mood on every day but the 10th and 11th, `1 + d % 5` with a two-line note; sleep
    /// 7h + d minutes; steps 8,000 + 100 d on the first 20 days; #gym every third day and
    /// #work every other day. A daily steps goal of at least 9,000 from 1 September.
    func journal(_ dir: TempDir) throws -> Journal {
        let journal = try openJournal(dir)
        let steps = journal.attribute(named: "steps")!
        let sleep = journal.attribute(named: "sleep")!
        try journal.beginBatch()
        for d in 1...30 {
            let day = Day(year: 2026, month: 9, day: d)!
            try journal.setMood(day: day, rating: 3, note: "")
            try journal.log(day: day, [(sleep, 400)])
            if d <= 2 { try journal.log(day: day, [(steps, 5000)]) }
        }
        for d in 1...31 {
            let day = october(d)
            if !skipped.contains(d) { try journal.setMood(day: day, rating: rating(d), note: "day \(d)\nmore of it") }
            try journal.log(day: day, [(sleep, Double(420 + d))])
            if d <= 20 { try journal.log(day: day, [(steps, Double(8000 + 100 * d))]) }
            if d % 3 == 0 { try journal.addNote(day: day, text: "lifted #gym") }
            if d % 2 == 0 { try journal.addNote(day: day, text: "long day #work") }
        }
        try journal.setGoal(steps, range: GoalRange(min: 9000, max: nil), period: .daily, from: day("2026-09-01"))
        try journal.commitBatch()
        return journal
    }

    @Test func checkInsAndMood() throws {
        let dir = try TempDir()
        let review = try journal(dir).review(of: ReviewPeriod(.month, holding: october(1)))
        #expect(review.complete)
        #expect(review.days == 31)
        let moodDays = (1...31).filter { !skipped.contains($0) }
        #expect(review.checkIns.days == moodDays.count)
        #expect(review.checkIns.of == 31)
        // 12 to 31 in a row.
        #expect(review.checkIns.longestRun == 20)
        #expect(review.checkIns.runFrom == october(12) && review.checkIns.runThrough == october(31))

        let mood = try #require(review.mood)
        let ratings = moodDays.map(rating)
        #expect(mood.count == ratings.count)
        let mean = Double(ratings.reduce(0, +)) / Double(ratings.count)
        #expect(mood.mean == (mean * 10).rounded() / 10)
        #expect(mood.spread == (1...5).map { r in ratings.filter { $0 == r }.count })
        #expect(mood.bestCount == ratings.filter { $0 == 5 }.count)
        #expect(mood.best.map(\.day) == [october(29), october(24), october(19)])
        #expect(mood.best.first?.note == "day 29")
        #expect(mood.worst.map(\.day) == [october(30), october(25), october(20)])
        #expect(mood.worstCount == 5)
        #expect(mood.previousMean == 3)
        #expect(mood.previousCount == 30)
    }

    @Test func goalsAttributesRecordsTagsAndLinks() throws {
        let dir = try TempDir()
        let review = try journal(dir).review(of: ReviewPeriod(.month, holding: october(1)))

        let goal = try #require(review.goals.first)
        #expect(review.goals.count == 1)
        #expect(goal.attribute.name == "steps")
        #expect(goal.judged == 31)
        let met = (1...31).filter { $0 <= 20 && 8000 + 100 * $0 >= 9000 }
        #expect(goal.met == met.count)
        #expect(goal.longestStreak == met.count)
        #expect(goal.previousJudged == 30 && goal.previousMet == 0)
        #expect(goal.trend == .better)

        let sleep = try #require(review.attributes.first { $0.attribute.name == "sleep" })
        let sleeps = (1...31).map { Double(420 + $0) }
        #expect(sleep.days == 31)
        #expect(sleep.mean == (sleeps.reduce(0, +) / 31).rounded())
        #expect(sleep.total == sleeps.reduce(0, +))
        #expect(sleep.previousDays == 30 && sleep.previousMean == 400 && sleep.previousTotal == 12000)
        let change = try #require(sleep.change)
        #expect(change.direction == .higher)
        #expect(change.difference == sleep.mean! - 400)
        let steps = try #require(review.attributes.first { $0.attribute.name == "steps" })
        #expect(steps.days == 20 && steps.mean == 9050 && steps.total == 181_000)
        // Two days in September: too few to compare.
        #expect(steps.previousDays == 2 && steps.change == nil)
        // Only what has a value in the period.
        #expect(review.attributes.map(\.attribute.name) == ["steps", "sleep"])

        // The first 5 and the first 1 of mood, the most steps and the longest sleep: each beats
        // every day before it, back to the first. The lowest steps and sleep are not records.
        let records = review.records.map { "\($0.subject.name) \($0.record.extreme.rawValue) \($0.day.iso)" }
        #expect(
            records == [
                "mood highest 2026-10-04", "mood lowest 2026-10-05", "steps highest 2026-10-20",
                "sleep highest 2026-10-31",
            ])
        #expect(review.records.allSatisfy { $0.record.reach == .ever })

        #expect(review.tags.map(\.tag) == ["work", "gym"])
        let gym = review.tags[1]
        let gymDays = (1...31).filter { $0 % 3 == 0 }
        #expect(gym.days == gymDays.count)
        let with = gymDays.filter { !skipped.contains($0) }.map(rating)
        let without = (1...31).filter { $0 % 3 != 0 && !skipped.contains($0) }.map(rating)
        #expect(gym.moodDaysWith == with.count && gym.moodDaysWithout == without.count)
        #expect(gym.moodWith == (Double(with.reduce(0, +)) / Double(with.count) * 10).rounded() / 10)
        #expect(gym.moodWithout == (Double(without.reduce(0, +)) / Double(without.count) * 10).rounded() / 10)

        // 29 days with a mood: one short of what a link needs.
        #expect(review.links.pairedDays == 29)
        #expect(review.links.tested == 0 && review.links.found.isEmpty)
        #expect(review.calendar.isEmpty && review.months.isEmpty)
    }

    @Test func aWeekSoFarWithLittleData() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.setMood(day: day("2026-11-17"), rating: 4, note: "")
        try journal.setMood(day: day("2026-11-19"), rating: 2, note: "")
        try journal.log(day: day("2026-11-18"), [(journal.attribute(named: "weight")!, 72.5)])
        let review = try journal.review(of: ReviewPeriod(.week, holding: day("2026-11-21")))
        #expect(!review.complete)
        #expect(review.lastDay == day("2026-11-21"))
        #expect(review.days == 6)
        #expect(review.checkIns.days == 2 && review.checkIns.of == 6 && review.checkIns.longestRun == 1)
        // Two moods: no mood lines.
        #expect(review.mood == nil)
        let weight = try #require(review.attributes.first)
        #expect(weight.days == 1 && weight.mean == 72.5 && weight.total == nil && weight.change == nil)
        #expect(review.records.isEmpty && review.goals.isEmpty && review.tags.isEmpty)
    }

    func yearRating(_ i: Int) -> Int { 1 + (i * 7 + i / 3) % 5 }
    func yearSleep(_ i: Int) -> Double {
        let minutes: Int = 360 + 30 * yearRating(i) + (i % 4) * 5
        return Double(minutes)
    }

    /// A year in which sleep follows mood closely, over 2025: the link holds under the
    /// insights' rules; a year's calendar and months are filled.
    @Test func aYearsLinksCalendarAndMonths() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let sleep = journal.attribute(named: "sleep")!
        let first = day("2025-01-01")
        try journal.beginBatch()
        for i in 0..<365 {
            let d = first.adding(days: i)
            try journal.setMood(day: d, rating: yearRating(i), note: "")
            try journal.log(day: d, [(sleep, yearSleep(i))])
        }
        try journal.commitBatch()
        let review = try journal.review(of: ReviewPeriod(.year, holding: first))
        #expect(review.links.pairedDays == 365)
        // Sleep on the same day, and on the day before.
        #expect(review.links.tested == 2)
        let link = try #require(review.links.found.first)
        #expect(link.kind == .correlation && link.subject.name == "sleep")
        guard case .correlation(let found) = link.detail else { return }
        #expect(found.r > 0.9 && found.days == 365)
        #expect(review.calendar.count == 365)
        #expect(review.calendar[first.ordinal] == Double(yearRating(0)))
        let months = try #require(review.months.first)
        #expect(months.attribute.name == "sleep")
        let january: [Double] = (0..<31).map(yearSleep)
        #expect(months.means[0] == january.reduce(0, +) / 31)
        #expect(months.means.allSatisfy { $0 != nil })
    }

    /// A weekly goal in a month's review judges the weeks that end in the month; a monthly
    /// goal in a week's review, only a month that ends in the week; a week still running
    /// judges no day of today.
    @Test func goalPeriodsAreJudgedWhenTheyEndInThePeriod() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let exercise = journal.attribute(named: "exercise")!
        let water = journal.attribute(named: "water")!
        let steps = journal.attribute(named: "steps")!
        try journal.beginBatch()
        // From 1 September to today: 40 minutes of exercise on odd days, `d % 9` glasses of
        // water and 9,000 steps every day.
        var current = day("2026-09-01")
        while current <= day("2026-11-21") {
            if current.dayOfMonth % 2 == 1 { try journal.log(day: current, [(exercise, 40)]) }
            try journal.log(day: current, [(water, Double(current.dayOfMonth % 9))])
            try journal.log(day: current, [(steps, 9000)])
            current = current.adding(days: 1)
        }
        try journal.setGoal(exercise, range: GoalRange(min: 30, max: nil), period: .weekly, from: day("2026-09-01"))
        try journal.setGoal(water, range: GoalRange(min: 4, max: nil), period: .monthly, from: day("2026-09-01"))
        try journal.setGoal(steps, range: GoalRange(min: 8000, max: nil), period: .daily, from: day("2026-09-01"))
        try journal.commitBatch()

        let october = try journal.review(of: ReviewPeriod(.month, holding: day("2026-10-01")))
        let weekly = try #require(october.goals.first { $0.attribute.name == "exercise" })
        // The weeks of October 2026 end on Sundays 4, 11, 18 and 25; each week's days with a
        // value all hold 40 minutes, so every week is met.
        #expect(weekly.judged == 4 && weekly.met == 4 && weekly.longestStreak == 4)
        // September's weeks end on 6, 13, 20 and 27 September.
        #expect(weekly.previousJudged == 4 && weekly.trend == .same)
        let monthly = try #require(october.goals.first { $0.attribute.name == "water" })
        let octoberWater = (1...31).map { Double($0 % 9) }
        #expect(monthly.judged == 1)
        #expect(monthly.met == (octoberWater.reduce(0, +) / 31 >= 4 ? 1 : 0))

        // 9 to 15 November: no month ends in it.
        let week = try journal.review(of: ReviewPeriod(.week, holding: day("2026-11-09")))
        let inWeek = try #require(week.goals.first { $0.attribute.name == "water" })
        #expect(inWeek.judged == 0 && inWeek.previousJudged == nil && inWeek.trend == nil)
        // This week so far: Monday 16 to Friday 20 judged, not today.
        let soFar = try journal.review(of: ReviewPeriod(.week, holding: day("2026-11-21")))
        let daily = try #require(soFar.goals.first { $0.attribute.name == "steps" })
        #expect(daily.judged == 5 && daily.met == 5)
        #expect(daily.previousJudged == 7 && daily.previousMet == 7)
    }

    /// 4 or 5 on even days, 1 or 2 on odd ones.
    func sunRating(_ d: Int) -> Int {
        let step: Int = d % 4 / 3
        return d % 2 == 0 ? 4 + step : 2 - step
    }

    /// A month in which mood is higher on the days tagged #sun: the tag's link holds over
    /// the month's 31 days.
    @Test func aTagsLinkOverAMonth() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.beginBatch()
        for d in 1...31 {
            let sunny = d % 2 == 0
            try journal.setMood(day: october(d), rating: sunRating(d), note: "")
            if sunny { try journal.addNote(day: october(d), text: "out #sun") }
        }
        try journal.commitBatch()
        let review = try journal.review(of: ReviewPeriod(.month, holding: october(1)))
        #expect(review.links.pairedDays == 31)
        // #sun on the same day, and on the day before.
        #expect(review.links.tested == 2)
        let link = try #require(review.links.found.first)
        guard case .tag(let tag) = link.detail else {
            Issue.record("not a tag: \(link)")
            return
        }
        #expect(tag.tag == "sun" && tag.daysWith == 15 && tag.daysWithout == 16)
        let with: [Int] = (1...31).filter { $0 % 2 == 0 }.map(sunRating)
        let mean: Double = Double(with.reduce(0, +)) / 15
        #expect(tag.moodWith == (mean * 10).rounded() / 10)
    }
}
