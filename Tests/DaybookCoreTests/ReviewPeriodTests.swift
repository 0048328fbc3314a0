import Testing

@testable import DaybookCore
@testable import DaybookStore

/// The period arithmetic of `review`: which days a week, a month or a year covers, and the
/// words that name one.
@Suite struct ReviewPeriodTests {
    /// Saturday 21 November 2026.
    let today = Day(year: 2026, month: 11, day: 21)!

    func day(_ iso: String) -> Day { Day.parseISO(iso)! }
    func parse(_ text: String) throws(ReviewPeriodError) -> ReviewPeriod {
        try ReviewPeriod.parse(text.split(separator: " ").map(String.init), today: today)
    }

    @Test func theDefaultIsTheLastCompleteWeekFromMonday() throws {
        let week = try parse("")
        #expect(week.kind == .week)
        #expect(week.from == day("2026-11-09"))
        #expect(week.through == day("2026-11-15"))
        #expect(week.from.weekday == 1)
        #expect(week.isComplete(today: today))
        #expect(week.description == "2026-W46")
        #expect(try parse("week") == week)
        #expect(try parse("week last week") == week)
        #expect(try parse("last week") == week)
    }

    @Test func lastCompleteMonthAndYear() throws {
        let month = try parse("month")
        #expect(month.from == day("2026-10-01") && month.through == day("2026-10-31"))
        #expect(month.previous == ReviewPeriod(.month, holding: day("2026-09-15")))
        let year = try parse("year")
        #expect(year.from == day("2025-01-01") && year.through == day("2025-12-31"))
        #expect(try parse("year 2025") == year)
        #expect(try parse("2025") == year)
    }

    @Test func writtenPeriods() throws {
        #expect(try parse("2026-10") == ReviewPeriod(.month, holding: day("2026-10-01")))
        #expect(try parse("month october") == ReviewPeriod(.month, holding: day("2026-10-01")))
        // The most recent December that has begun is last year's.
        #expect(try parse("december").from == day("2025-12-01"))
        #expect(try parse("oct 2025").from == day("2025-10-01"))
        let w46 = try parse("week 2026-W46")
        #expect(w46.from == day("2026-11-09") && w46.through == day("2026-11-15"))
        // 2026-W01 begins on Monday 29 December 2025 (1 January 2026 is a Thursday).
        #expect(try parse("2026-W01").from == day("2025-12-29"))
        #expect(try parse("2020-W53").from == day("2020-12-28"))
        // A date: the week (or the kind given) holding it.
        #expect(try parse("2026-11-04") == ReviewPeriod(.week, holding: day("2026-11-02")))
        #expect(try parse("month 3 weeks ago").from == day("2026-10-01"))
    }

    @Test func aPeriodStillRunningIsSoFar() throws {
        let week = try parse("this week")
        #expect(week.from == day("2026-11-16"))
        #expect(!week.isComplete(today: today))
        #expect(week.lastDay(today: today) == today)
        let month = try parse("november")
        #expect(month.from == day("2026-11-01") && !month.isComplete(today: today))
        #expect(try parse("2026").lastDay(today: today) == today)
    }

    @Test func refusals() {
        func message(_ text: String) -> String {
            do {
                _ = try parse(text)
                return ""
            } catch {
                return error.description
            }
        }
        #expect(message("year 2026-10").hasPrefix("'2026-10' is a month, not a year"))
        #expect(message("2026-13").hasPrefix("'2026-13' is not a month"))
        #expect(message("2025-W53").hasPrefix("'2025-W53' is not a week: 2025 has weeks W01 to W52"))
        #expect(message("2027").contains("has not begun yet"))
        #expect(message("week soonish").hasPrefix("'soonish' is not a period; use week, month or year"))
        // A date that does not exist says why, not that it is no period.
        #expect(message("2026-02-30") == "'2026-02-30' is not a date: February 2026 has 28 days")
        #expect(message("month 2028-02-30") == "'2028-02-30' is not a date: February 2028 has 29 days")
        #expect(message("2026-11-31") == "'2026-11-31' is not a date: November 2026 has 30 days")
        #expect(message("2026-13-01") == "'2026-13-01' is not a date: months run from 01 to 12")
        #expect(message("2026-11-00") == "'2026-11-00' is not a date: November 2026 has 30 days")
    }

    @Test func weeksAtTheEdgesOfYears() {
        // 31 December 2024 (a Tuesday) is in 2025-W01; 1 January 2027 (a Friday) in 2026-W53.
        #expect(ReviewPeriod(.week, holding: day("2024-12-31")).isoWeek == (2025, 1))
        #expect(ReviewPeriod(.week, holding: day("2027-01-01")).isoWeek == (2026, 53))
        #expect(ReviewPeriod.weeksIn(2026) == 53 && ReviewPeriod.weeksIn(2025) == 52)
        // The first week of all has no week before it.
        #expect(ReviewPeriod(.week, holding: Day.earliest).previous == nil)
    }
}
