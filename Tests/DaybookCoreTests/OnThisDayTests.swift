import DaybookCore
import DaybookStore
import Foundation
import Testing

/// A year ago, a month ago and the same day in earlier years, on real journals.
@Suite struct OnThisDayTests {
    func journal() throws -> (Journal, String) {
        let dir = FileManager.default.temporaryDirectory.path + "/daybook-onthisday-" + UUID().uuidString
        let clock = LocalTime(day: day("2028-12-31"), minuteOfDay: 9 * 60 + 30)
        return (try Journal(path: dir + "/journal.sqlite3", clock: { clock }), dir)
    }

    @Test func theSameDayAYearBefore() {
        #expect(day("2026-11-21").sameDay(yearsBefore: 1) == day("2025-11-21"))
        #expect(day("2026-11-21").sameDay(yearsBefore: 10) == day("2016-11-21"))
        // 29 February in a year without one is 28 February; in a leap year, itself.
        #expect(day("2028-02-29").sameDay(yearsBefore: 1) == day("2027-02-28"))
        #expect(day("2028-02-29").sameDay(yearsBefore: 4) == day("2024-02-29"))
        #expect(day("2029-03-01").sameDay(yearsBefore: 1) == day("2028-03-01"))
        #expect(day("0001-05-01").sameDay(yearsBefore: 1) == nil)
        // On 28 February after a leap year, its 29 February stands for that day too.
        #expect(day("2029-02-28").sameDays(yearsBefore: 1) == [day("2028-02-28"), day("2028-02-29")])
        #expect(day("2029-02-28").sameDays(yearsBefore: 2) == [day("2027-02-28")])
        #expect(day("2028-02-28").sameDays(yearsBefore: 4) == [day("2024-02-28")])
        #expect(day("2029-03-01").sameDays(yearsBefore: 1) == [day("2028-03-01")])
    }

    @Test func theSameDayAMonthBefore() {
        #expect(day("2026-11-21").sameDayOfMonthBefore() == day("2026-10-21"))
        #expect(day("2026-01-15").sameDayOfMonthBefore() == day("2025-12-15"))
        // A shorter month before: its last day.
        #expect(day("2027-03-31").sameDayOfMonthBefore() == day("2027-02-28"))
        #expect(day("2027-03-29").sameDayOfMonthBefore() == day("2027-02-28"))
        #expect(day("2028-03-31").sameDayOfMonthBefore() == day("2028-02-29"))
        #expect(day("2026-05-31").sameDayOfMonthBefore() == day("2026-04-30"))
        #expect(day("0001-01-10").sameDayOfMonthBefore() == nil)
    }

    @Test func aYearAgoIsTheMoodAndTheFirstLineOfItsNote() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try j.recollection(for: day("2026-11-21")) == nil)
        _ = try j.setMood(day: day("2025-11-21"), rating: 4, note: "  walked by the sea\nand then home")
        try j.addNote(day: day("2025-11-21"), text: "a note")
        let found = try #require(try j.recollection(for: day("2026-11-21")))
        #expect(found == Recollection(day: day("2025-11-21"), distance: .year, rating: 4, text: "walked by the sea"))
    }

    @Test func withoutAMoodTheFirstNoteOfTheDay() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The first in the day's order (by the time it is about), not the first written.
        try j.addNote(day: day("2025-11-21"), text: "evening\nmore", at: 20 * 60)
        try j.addNote(day: day("2025-11-21"), text: "\nmorning", at: 8 * 60)
        let found = try #require(try j.recollection(for: day("2026-11-21")))
        #expect(found == Recollection(day: day("2025-11-21"), distance: .year, rating: nil, text: "morning"))
    }

    @Test func aMonthAgoOnlyWhenAYearAgoHeldNothing() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try j.setMood(day: day("2027-02-28"), rating: 2, note: nil)
        // A month before 31 March is the last day of February.
        #expect(
            try j.recollection(for: day("2027-03-31"))
                == Recollection(day: day("2027-02-28"), distance: .month, rating: 2, text: nil))
        // Values alone are not remembered.
        let steps = try #require(j.attribute(named: "steps"))
        _ = try j.log(day: day("2026-03-31"), [(steps, 9000)])
        #expect(try j.recollection(for: day("2027-03-31"))?.distance == .month)
        _ = try j.setMood(day: day("2026-03-31"), rating: 5, note: "spring")
        #expect(try j.recollection(for: day("2027-03-31"))?.distance == .year)
        // 29 February a year later is remembered on 28 February, after 28 February itself.
        _ = try j.setMood(day: day("2028-02-29"), rating: 3, note: "leap")
        #expect(try j.recollection(for: day("2029-02-28"))?.day == day("2028-02-29"))
        #expect(try j.recollection(for: day("2029-02-28"))?.distance == .year)
        try j.addNote(day: day("2028-02-28"), text: "the day before")
        #expect(try j.recollection(for: day("2029-02-28"))?.text == "the day before")
        // A month before 29 March of a year without 29 February is 28 February.
        #expect(try j.recollection(for: day("2029-03-29")) == nil)
    }

    @Test func everyEarlierYearNewestFirst() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(try j.onThisDay(day("2028-02-29")).isEmpty)
        let steps = try #require(j.attribute(named: "steps"))
        _ = try j.setMood(day: day("2020-02-29"), rating: 4, note: "leap day")
        _ = try j.log(day: day("2021-02-28"), [(steps, 5000)])
        try j.addNote(day: day("2027-02-28"), text: "last year")
        _ = try j.setMood(day: day("2027-03-01"), rating: 1, note: nil)
        _ = try j.setMood(day: day("2028-02-29"), rating: 5, note: "today itself")
        let days = try j.onThisDay(day("2028-02-29")).map(\.day)
        #expect(days == [day("2027-02-28"), day("2021-02-28"), day("2020-02-29")])
        #expect(try j.onThisDay(day("2019-02-28")).isEmpty)
        // 28 February of a year without a 29th: each leap year's 29 February too, newest first.
        _ = try j.setMood(day: day("2020-02-28"), rating: 2, note: nil)
        let late = try j.onThisDay(day("2029-02-28")).map(\.day)
        #expect(
            late == [day("2028-02-29"), day("2027-02-28"), day("2021-02-28"), day("2020-02-29"), day("2020-02-28")])
    }

    @Test func aJournalThatBeginsOnTwentyNinthFebruary() throws {
        let (j, dir) = try journal()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try j.setMood(day: day("2024-02-29"), rating: 5, note: "the first day")
        // A year ago on 28 February 2025 is 29 February 2024, and so is that day in earlier years.
        #expect(try j.recollection(for: day("2025-02-28"))?.day == day("2024-02-29"))
        #expect(try j.onThisDay(day("2025-02-28")).map(\.day) == [day("2024-02-29")])
        #expect(try j.onThisDay(day("2026-02-28")).map(\.day) == [day("2024-02-29")])
    }
}
