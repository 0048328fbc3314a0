import Testing

@testable import DaybookCore
@testable import DaybookStore

/// Dates as people type them, read by `Day.parse` against a Saturday.
@Suite struct DayPhraseTests {
    // 2026-11-21 is a Saturday.
    let today = Day(year: 2026, month: 11, day: 21)!

    func iso(_ text: String, _ order: DayOrder = .dayMonth) throws -> String {
        try Day.parse(text, today: today, order: order).iso
    }

    func refusal(_ text: String, _ order: DayOrder = .dayMonth) -> String? {
        do {
            _ = try Day.parse(text, today: today, order: order)
            return nil
        } catch {
            return error.description
        }
    }

    /// `last` a weekday is the most recent one before today, whatever day today is.
    @Test func lastWeekdayIsTheMostRecentBeforeToday() throws {
        let wednesday = Day(year: 2026, month: 11, day: 25)!
        func last(_ name: String) throws -> String { try Day.parse("last " + name, today: wednesday).iso }
        #expect(try last("friday") == "2026-11-20")
        #expect(try last("tuesday") == "2026-11-24")
        #expect(try last("wednesday") == "2026-11-18")
        #expect(try last("thursday") == "2026-11-19")
        #expect(try last("sunday") == "2026-11-22")
    }

    @Test func relativeWords() throws {
        #expect(try iso("today") == "2026-11-21")
        #expect(try iso("yesterday") == "2026-11-20")
        #expect(try iso("saturday") == "2026-11-21")
        #expect(try iso("monday") == "2026-11-16")
        #expect(try iso("Mon") == "2026-11-16")
        #expect(try iso("last monday") == "2026-11-16")
        #expect(try iso("last saturday") == "2026-11-14")
        #expect(try iso("Last  Fri") == "2026-11-20")
        #expect(try iso("3 days ago") == "2026-11-18")
        #expect(try iso("0 days ago") == "2026-11-21")
        #expect(try iso("a day ago") == "2026-11-20")
        #expect(try iso("a week ago") == "2026-11-14")
        #expect(try iso("an week ago") == "2026-11-14")
        #expect(try iso("1 week ago") == "2026-11-14")
        #expect(try iso("2 weeks ago") == "2026-11-07")
        #expect(try iso("day before yesterday") == "2026-11-19")
        #expect(try iso("The Day Before Yesterday") == "2026-11-19")
    }

    @Test func dayAndMonthWithoutAYearIsTheMostRecentNotInTheFuture() throws {
        #expect(try iso("21 nov") == "2026-11-21")
        #expect(try iso("nov 21") == "2026-11-21")
        #expect(try iso("21 November") == "2026-11-21")
        #expect(try iso("sept 3") == "2026-09-03")
        #expect(try iso("22 nov") == "2025-11-22")
        #expect(try iso("25 dec") == "2025-12-25")
        #expect(try iso("29 feb") == "2024-02-29")
        #expect(try iso("21/11") == "2026-11-21")
        #expect(try iso("3/4") == "2026-04-03")
        #expect(try iso("3/4", .monthDay) == "2026-03-04")
        #expect(try iso("11/21", .monthDay) == "2026-11-21")
        #expect(try iso("21/11/2024") == "2024-11-21")
        #expect(try iso("11/21/2024", .monthDay) == "2024-11-21")
    }

    @Test func fullDates() throws {
        #expect(try iso("2026-11-21") == "2026-11-21")
        #expect(try iso("2026/11/21") == "2026-11-21")
        #expect(try iso("2027/01/02") == "2027-01-02")
    }

    @Test func refusalsNameTheWordAndTheForms() {
        #expect(refusal("someday") == "'someday' is not a date; use \(acceptedDateForms)")
        #expect(refusal("last mondy") == "'mondy' is not a date; use \(acceptedDateForms)")
        #expect(refusal("3 dayz ago") == "'dayz' is not a date; use \(acceptedDateForms)")
        #expect(refusal("3 days since") == "'since' is not a date; use \(acceptedDateForms)")
        #expect(refusal("21 novembre") == "'novembre' is not a date; use \(acceptedDateForms)")
        #expect(refusal("31 nov") == "'31 nov' is not a date: November has 30 days")
        #expect(
            refusal("11/21")
                == "'11/21' is not a date in day/month order (the day-order setting); use 21/11 or YYYY-MM-DD")
        #expect(
            refusal("21/11", .monthDay)
                == "'21/11' is not a date in month/day order (the day-order setting); use 11/21 or YYYY-MM-DD")
        #expect(
            refusal("1/2/3")
                == "'1/2/3' could be year/month/day, day/month/year or month/day/year; write the year in full: YYYY-MM-DD, YYYY/MM/DD or day/month/YYYY"
        )
        #expect(refusal("2026/02/30") == "'2026/02/30' is not a date; use \(acceptedDateForms)")
        #expect(refusal("1/2/3/4") == "'1/2/3/4' is not a date; use \(acceptedDateForms)")
        #expect(refusal("a") == "'a' is not a date; use \(acceptedDateForms)")
        // A word that is a date by itself is not what is wrong: the whole text is named.
        #expect(refusal("monday before last") == "'monday before last' is not a date; use \(acceptedDateForms)")
        #expect(refusal("yesterday morning") == "'yesterday morning' is not a date; use \(acceptedDateForms)")
        #expect(refusal("the day before") == "'the day before' is not a date; use \(acceptedDateForms)")
        #expect(refusal("day after yesterday") == "'day after yesterday' is not a date; use \(acceptedDateForms)")
        #expect(refusal("9999999 days ago")?.hasPrefix("'9999999' is not a date") == true)
        #expect(refusal("3650000 days ago")?.contains("falls outside the days daybook accepts") == true)
    }

    @Test func whichWordsNeedMore() {
        #expect(Day.needsMore(["last"]))
        #expect(Day.needsMore(["3"]))
        #expect(Day.needsMore(["a"]))
        #expect(Day.needsMore(["3", "days"]))
        #expect(Day.needsMore(["Nov"]))
        #expect(Day.needsMore(["day"]))
        #expect(Day.needsMore(["day", "before"]))
        #expect(Day.needsMore(["the", "day", "before"]))
        #expect(!Day.needsMore(["day", "before", "yesterday"]))
        #expect(!Day.needsMore(["monday"]))
        #expect(!Day.needsMore(["3", "days", "ago"]))
        #expect(!Day.needsMore(["2026-11-21"]))
        #expect(!Day.needsMore(["21", "nov"]))
    }
}
