import Foundation
import Testing

/// Dates as people type them, for arguments and for `--on`. The clock is
/// pinned to Saturday 2026-11-21.
@Suite struct DatePhraseTests {
    func logged(_ d: InProcess, _ date: [String]) throws -> String {
        let r = try d.run(["log", "steps", "100", "--on"] + date)
        #expect(r.status == 0, "\(date): \(r.stderr)")
        return r.stderr
    }

    @Test func onTakesEveryForm() throws {
        let cases: [([String], String)] = [
            (["today"], "today"),
            (["yesterday"], "yesterday"),
            (["monday"], "Mon 16 Nov"),
            (["last", "monday"], "Mon 16 Nov"),
            (["last monday"], "Mon 16 Nov"),
            (["last", "saturday"], "Sat 14 Nov"),
            (["3", "days", "ago"], "Wed 18 Nov"),
            (["a", "week", "ago"], "Sat 14 Nov"),
            (["2", "weeks", "ago"], "Sat 7 Nov"),
            (["21", "nov"], "today"),
            (["nov", "19"], "Thu 19 Nov"),
            (["12", "november"], "Thu 12 Nov"),
            (["25", "dec"], "Thu 25 Dec 2025"),
            (["10/11"], "Tue 10 Nov"),
            (["2026-11-01"], "Sun 1 Nov"),
            (["2026/10/31"], "Sat 31 Oct"),
            (["day", "before", "yesterday"], "Thu 19 Nov"),
            (["the", "day", "before", "yesterday"], "Thu 19 Nov"),
            (["--on=last", "fri"], "yesterday"),
        ]
        // Each on a journal of its own, where it adds to no other day's steps.
        for (words, shown) in cases {
            let d = try InProcess()
            let date = words.first!.hasPrefix("--on=") ? [] : words
            let r =
                words.first!.hasPrefix("--on=")
                ? try d.run(["log", "steps", "100"] + words) : try d.run(["log", "steps", "100", "--on"] + date)
            #expect(r.status == 0, "\(words): \(r.stderr)")
            #expect(r.stderr == "logged steps 100 for \(shown)\n", "\(words)")
        }
    }

    @Test func argumentsSpanTheWordsOfADate() throws {
        let d = try InProcess()
        _ = try logged(d, ["2026-11-16"])
        let show = try d.run(["show", "last", "monday"])
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout == "Monday 16 November 2026\n  steps   100\n")
        let ago = try d.run(["show", "5", "days", "ago"])
        #expect(ago.stdout == "Monday 16 November 2026\n  steps   100\n")
        let before = try d.run(["log", "steps", "7", "the", "day", "before", "yesterday"])
        #expect(before.stderr == "logged steps 7 for Thu 19 Nov\n")
        let phrase = try d.run(["log", "slept", "8", "hours", "day", "before", "yesterday"])
        #expect(phrase.stderr == "logged sleep 8h for Thu 19 Nov\n")
        #expect(try d.run(["show", "the", "day", "before", "yesterday"]).stdout.hasPrefix("Thursday 19 November 2026\n"))
        let week = try d.run(["week", "a", "week", "ago"])
        #expect(week.status == 0, "\(week.stderr)")
        #expect(week.stdout.hasPrefix("7 days to Saturday 14 November 2026\n"))
        // The shell reads the same words.
        let shell = try d.run(input: "show last monday\nlog steps 5 --on 2 weeks ago\nshow nov 7\n")
        #expect(shell.status == 0, "\(shell.stderr)")
        #expect(shell.stdout == "Monday 16 November 2026\n  steps   100\nSaturday 7 November 2026\n  steps   5\n")
    }

    @Test func dayOrderSwitchesSlashedDates() throws {
        let d = try InProcess()
        #expect(try logged(d, ["3/11"]) == "logged steps 100 for Tue 3 Nov\n")
        let set = try d.run(["set", "day-order", "month-day"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(try logged(d, ["11/4"]) == "logged steps 100 for Wed 4 Nov\n")
        let bad = try d.run(["set", "day-order", "year-first"])
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("day-month or month-day"))
    }

    @Test func refusalsNameTheWordAndWriteNothing() throws {
        let d = try InProcess()
        _ = try d.run(["note", "start"])
        let forms = "use today, yesterday, a weekday (monday or mon), last monday, 3 days ago, a week ago, 21 nov, nov 21, 21/11, or YYYY-MM-DD"
        let cases: [([String], String)] = [
            (["show", "last", "mondy"], "error: 'mondy' is not a date; \(forms)\n"),
            (["show", "last"], "error: 'last' is not a date; \(forms)\n"),
            (["show", "3", "dayz", "ago"], "error: 'dayz' is not a date; \(forms)\n"),
            (["log", "steps", "1", "--on", "3", "days", "hence"], "error: 'hence' is not a date; \(forms)\n"),
            (["log", "steps", "1", "--on", "31", "nov"], "error: '31 nov' is not a date: November has 30 days\n"),
            (["log", "steps", "1", "--on", "monday before last"], "error: 'monday before last' is not a date; \(forms)\n"),
            (
                ["log", "steps", "1", "--on", "1/2/3"],
                "error: '1/2/3' could be year/month/day, day/month/year or month/day/year; write the year in full: YYYY-MM-DD, YYYY/MM/DD or day/month/YYYY\n"
            ),
            (
                ["log", "steps", "1", "--on", "11/21"],
                "error: '11/21' is not a date in day/month order (the day-order setting); use 21/11 or YYYY-MM-DD\n"
            ),
            (
                ["log", "steps", "1", "--on", "2026/12/01"],
                "error: 2026-12-01 is in the future; entries are written for today (2026-11-21) or earlier\n"
            ),
        ]
        for (arguments, message) in cases {
            let r = try d.run(arguments)
            #expect(r.status != 0, "\(arguments)")
            #expect(r.stderr == message, "\(arguments)")
        }
        #expect(try d.sql("SELECT count(*) FROM entry") == "0")
    }

    @Test func wordsThatGoOnADateAreRefusedWithIt() throws {
        let d = try InProcess()
        #expect(try d.run(["log", "steps", "1", "--on", "2026-01-01"]).status == 0)  // creates the journal
        let forms = "use today, yesterday, a weekday (monday or mon), last monday, 3 days ago, a week ago, 21 nov, nov 21, 21/11, or YYYY-MM-DD"
        let cases: [([String], String)] = [
            (["mood", "3", "--on", "monday", "before", "last"], "monday before last"),
            (["note", "called", "the", "bank", "--on", "friday", "before", "last"], "friday before last"),
            (["note", "called", "the", "bank", "--on=friday", "after", "next"], "friday after next"),
            (["show", "monday", "before", "last"], "monday before last"),
            (["show", "next", "friday"], "next friday"),
            (["week", "this", "monday"], "this monday"),
            (["log", "steps", "5", "--on", "monday", "before", "last"], "monday before last"),
            (["log", "steps", "5", "monday", "before", "last"], "monday before last"),
            (["log", "slept", "5h,", "3", "coffees", "monday", "before", "last"], "monday before last"),
            (["log", "steps", "5", "--on", "next", "friday"], "next friday"),
        ]
        for (arguments, phrase) in cases {
            let r = try d.run(arguments)
            #expect(r.status != 0, "\(arguments)")
            #expect(r.stderr == "error: '\(phrase)' is not a date; \(forms)\n", "\(arguments)")
        }
        #expect(try d.sql("SELECT (SELECT count(*) FROM entry) + (SELECT count(*) FROM note) + (SELECT count(*) FROM mood)") == "1")
        // A whole date still ends where it ends.
        let mood = try d.run(["mood", "3", "--on", "monday", "long", "day"])
        #expect(mood.stderr == "mood 3 (okay) for Mon 16 Nov\n")
        #expect(try d.sql("SELECT day || ' ' || note FROM mood") == "2026-11-16 long day")
    }

    @Test func aDateInNoteTextIsText() throws {
        let d = try InProcess()
        let r = try d.run(["note", "met", "Ana", "last", "monday"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try d.sql("SELECT day || ' ' || text FROM note") == "2026-11-21 met Ana last monday")
    }
}
