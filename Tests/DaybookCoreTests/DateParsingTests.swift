import Testing

@testable import DaybookCore
@testable import DaybookStore

@Suite struct DateParsingTests {
    // 2026-11-21 is a Saturday.
    let today = Day(year: 2026, month: 11, day: 21)!

    @Test func weekdayOfKnownDates() {
        #expect(today.weekday == 6)
        #expect(Day(year: 1970, month: 1, day: 1)!.weekday == 4)
        #expect(Day(year: 2000, month: 2, day: 29)!.weekday == 2)
    }

    @Test func words() throws {
        #expect(try Day.parse("today", today: today) == today)
        #expect(try Day.parse("Yesterday", today: today).iso == "2026-11-20")
        #expect(try Day.parse("sat", today: today) == today)
        #expect(try Day.parse("friday", today: today).iso == "2026-11-20")
        #expect(try Day.parse("sun", today: today).iso == "2026-11-15")
        #expect(try Day.parse("mon", today: today).iso == "2026-11-16")
        #expect(try Day.parse("2024-02-29", today: today).iso == "2024-02-29")
    }

    @Test(arguments: ["2023-02-29", "2026-13-01", "2026-1-1", "0000-01-01", "someday", "fr", "2026-11-21x", ""])
    func refused(_ text: String) {
        #expect(throws: DateParseError.self) { try Day.parse(text, today: today) }
    }

    @Test func wordsNeverLeadOutsideYears1To9999() throws {
        let first = Day(year: 1, month: 1, day: 1)!
        #expect(try Day.parse("today", today: first) == first)
        #expect(try Day.parse("mon", today: first) == first)  // 0001-01-01 was a Monday
        for word in ["yesterday", "sunday"] {
            let error = #expect(throws: DateParseError.self) { try Day.parse(word, today: first) }
            #expect(error?.outOfRange == true)
        }
        #expect(throws: DateParseError.self) { try Day.parse("tomorrow", today: Day(year: 9999, month: 12, day: 31)!) }
    }

    @Test func roundTripOverCenturies() {
        for ordinal in stride(from: -700_000, through: 2_900_000, by: 997) {
            let day = Day(ordinal: ordinal)
            let c = day.components
            #expect(Day(year: c.year, month: c.month, day: c.day) == day || c.year < 1 || c.year > 9999)
            if c.year >= 1 && c.year <= 9999 { #expect(Day.parseISO(day.iso) == day) }
        }
    }

    @Test func periods() {
        #expect(today.startOfISOWeek.iso == "2026-11-16")
        #expect(Day(year: 2026, month: 11, day: 16)!.startOfISOWeek.iso == "2026-11-16")
        #expect(Day(year: 2026, month: 11, day: 22)!.startOfISOWeek.iso == "2026-11-16")
        #expect(today.startOfMonth.iso == "2026-11-01")
        #expect(Day(year: 2024, month: 2, day: 10)!.endOfMonth.iso == "2024-02-29")
    }

    @Test func pinnedClockAndTimestamps() {
        let t = LocalTime.parsePinned("2026-11-21T23:05")!
        #expect(t.day == today)
        #expect(t.minuteOfDay == 23 * 60 + 5)
        #expect(LocalTime(day: today, minuteOfDay: 9 * 60 + 12, second: 5, utcOffset: 3600).iso8601 == "2026-11-21T09:12:05+01:00")
        #expect(LocalTime(day: today, minuteOfDay: 0, second: 0, utcOffset: -16200).iso8601 == "2026-11-21T00:00:00-04:30")
    }
}
