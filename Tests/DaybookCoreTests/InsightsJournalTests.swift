import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// The journal-reading entry point: what it reads, in which windows, through which indexes.
@Suite struct InsightsJournalTests {
    /// 400 days ending on Saturday 21 November 2026: steps every day (logged twice on even
    /// days, summed), sleep every other day but not the last, a mood on most days, a #gym
    /// note every third day, and a steps goal for the last month.
    func journal(_ dir: TempDir) throws -> Journal {
        let journal = try openJournal(dir)
        let day = saturday.day
        let steps = journal.attribute(named: "steps")!
        let sleep = journal.attribute(named: "sleep")!
        try journal.beginBatch()
        for back in 0..<400 {
            let d = day.adding(days: -back)
            try journal.log(day: d, [(steps, Double(5000 + back))])
            if back % 2 == 0 { try journal.log(day: d, [(steps, 100)]) }
            if back % 2 == 1 { try journal.log(day: d, [(sleep, Double(400 + back % 60))]) }
            if back % 5 != 4 { try journal.setMood(day: d, rating: 1 + back % 5, note: "") }
            if back % 3 == 0 { try journal.addNote(day: d, text: "lifted #gym") }
        }
        try journal.setGoal(steps, range: GoalRange(min: 8000, max: nil), period: .daily, from: day.adding(days: -30))
        try journal.commitBatch()
        return journal
    }

    @Test func readsTheWindowsItNeeds() throws {
        let dir = try TempDir()
        let journal = try journal(dir)
        let day = saturday.day
        let input = try journal.insightInput(for: day)
        let yearStart = day.adding(days: -365)
        let recent = day.adding(days: -96)
        #expect(input.day == day)
        #expect(input.today == day)

        // The mood has a value on the day: the whole year before it, and older ones exist.
        #expect(input.mood.from == yearStart)
        #expect(input.mood.hasEarlier)
        #expect(input.mood.values.keys.allSatisfy { $0 >= yearStart && $0 <= day })
        #expect(input.mood.values.count == (0...365).filter { $0 % 5 != 4 }.count)
        #expect(input.mood.values[day.adding(days: -7)] == Double(1 + 7 % 5))

        // Steps, summed per day, over the year.
        let steps = try #require(input.attributes.first { $0.attribute.name == "steps" })
        #expect(steps.series.from == yearStart)
        #expect(steps.series.hasEarlier)
        #expect(steps.series.values.count == 366)
        #expect(steps.series.values[day] == 5100)
        #expect(steps.series.values[day.adding(days: -365)] == 5365)

        // Sleep has no value on the day: the 90 days of the links and the week before them only.
        let sleep = try #require(input.attributes.first { $0.attribute.name == "sleep" })
        #expect(sleep.series.from == recent)
        #expect(sleep.series.values.keys.allSatisfy { $0 >= recent && $0 <= day })
        #expect(sleep.series.values.count == (0...96).filter { $0 % 2 == 1 }.count)
        // Attributes never logged are there, empty.
        #expect(input.attributes.map(\.attribute.name) == journal.attributes.map(\.name))
        #expect(input.attributes.first { $0.attribute.name == "weight" }?.series.values.isEmpty == true)

        // Tags of the 90 days and the week before them, and none older.
        #expect(input.tags.keys.allSatisfy { $0 >= recent && $0 <= day })
        #expect(input.tags.count == (0...96).filter { $0 % 3 == 0 }.count)
        #expect(input.tags[day] == ["gym"])

        // Goals as `goals` judges them.
        #expect(input.goals.count == 1)
        #expect(input.goals.first?.status == (try journal.goalStatuses(on: day)).first?.status)

        #expect(try journal.insights(for: day) == Insights.compute(input))
    }

    @Test func aJournalWithoutOlderValuesSaysSo() throws {
        let dir = try TempDir()
        // Looked at the next morning: the Saturday has ended, and its steps are a whole day's.
        let journal = try openJournal(dir, at: LocalTime(day: saturday.day.adding(days: 1), minuteOfDay: 9 * 60))
        let day = saturday.day
        let steps = journal.attribute(named: "steps")!
        for back in 0..<20 {
            try journal.log(day: day.adding(days: -back), [(steps, Double(1000 + 100 * back))])
            try journal.setMood(day: day.adding(days: -back), rating: 3, note: "")
        }
        let input = try journal.insightInput(for: day)
        #expect(!input.mood.hasEarlier)
        #expect(input.attributes.first { $0.attribute.name == "steps" }?.series.hasEarlier == false)
        // 1,000 steps today, the fewest of all 20 days: on record.
        let record = try journal.insights(for: day).first { $0.kind == .record }
        #expect(
            record?.detail == .record(InsightRecord(value: 1000, extreme: .lowest, reach: .ever, span: nil, days: 20)))
    }

    @Test func itsOwnReadsGoThroughIndexesByDay() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        for sql in [WindowQueries.moodRange, WindowQueries.moodBefore, WindowQueries.valueBefore] {
            let plan = try journal.database.rows(
                "EXPLAIN QUERY PLAN " + sql, sql.filter { $0 == "?" }.map { _ in .text("2026-01-01") }
            ) {
                $0.string(3)
            }.joined(separator: "; ")
            #expect(plan.hasPrefix("SEARCH"), "\(sql): \(plan)")
            #expect(!plan.contains("SCAN"), "\(sql): \(plan)")
            #expect(plan.contains("mood_day") || plan.contains("PRIMARY KEY"), "\(sql): \(plan)")
        }
    }
}
