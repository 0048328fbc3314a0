import Foundation
import Testing

@Suite struct OneShotTests {
    @Test func oneCommandConfirmsOnStandardError() throws {
        let d = try Daybook()
        let r = try d.run(["mood", "4", "calm day"])
        #expect(r.status == 0)
        #expect(r.stdout == "")
        #expect(r.stderr == "mood 4 (good) for today\n")
        let show = try d.run(["show", "--json"])
        #expect(
            show.stdout
                == #"{"date": "2026-11-21", "mood": {"rating": 4, "label": "good", "note": "calm day"}, "notes": [], "tags": [], "values": {}}"#
                + "\n")
    }

    @Test func exitStatuses() throws {
        let d = try Daybook()
        #expect(try d.run(["moood", "4"]).status == 64)
        #expect(try d.run(["show", "--jsn"]).status == 64)
        #expect(try d.run(["--bogus"]).status == 64)
        let bad = try d.run(["mood", "7"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "error: mood is rated 1 to 5 (terrible, bad, okay, good, great); got 7\n")
        #expect(try d.run(["--version"]).stdout.hasPrefix("daybook "))
        let help = try d.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--journal PATH"))
        #expect(help.stdout.contains("mood RATING [NOTE...]"))
    }

    @Test func optionsAnywhereOnTheLine() throws {
        let d = try Daybook()
        #expect(try d.run(["mood", "3", "long", "day", "--on", "yesterday"]).status == 0)
        let r = try d.run(["show", "yesterday"])
        #expect(r.stdout == "Friday 20 November 2026\n  mood    3 okay · long day\n")
    }

    @Test func commandsWithDashC() throws {
        let d = try Daybook()
        let r = try d.run(["-c", "note one", "-c", "log stepz 5", "-c", "note two"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("-c 2: error: unknown attribute 'stepz'; did you mean 'steps'?"))
        #expect(try d.sql("SELECT group_concat(text, ',') FROM note") == "one,two")
    }

    @Test func scriptFromAFileNamesTheFileInErrors() throws {
        let d = try Daybook()
        let path = d.directory + "/in.daybook"
        try "note ok\nlog sleep 7\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = try d.run(["-f", path])
        #expect(r.status == 1)
        #expect(r.stderr == "\(path):2: error: sleep: '7' is not a duration; use 7h30m, 7h, 45m, 7:30 or 7.5h\n")
    }

    @Test func undoSaysWhatItReverted() throws {
        let d = try Daybook()
        try d.run(["log", "steps", "8200", "sleep", "7h30m"])
        let r = try d.run(["undo"])
        #expect(r.status == 0)
        #expect(r.stderr == "undid: log steps 8,200, sleep 7h 30m for 2026-11-21\n")
        let again = try d.run(["undo"])
        #expect(again.status == 1)
        #expect(again.stderr == "error: nothing to undo\n")
        // A change made by a script is another session's: undo says so.
        try d.run(input: "note from a script\n")
        #expect(try d.run(["undo"]).stderr == "undid: a note on 2026-11-21 (made in another session at 09:30)\n")
    }

    @Test func defaultJournalLocation() throws {
        let d = try Daybook()
        d.environment["XDG_DATA_HOME"] = d.directory + "/data"
        #expect(try d.run(["note", "hello"], journalFlag: false).status == 0)
        let path = d.directory + "/data/daybook/journal.sqlite3"
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: d.directory + "/data/daybook")
        #expect(folder[.posixPermissions] as? Int == 0o700)
        d.environment["DAYBOOK_JOURNAL"] = d.directory + "/other.sqlite3"
        #expect(try d.run(["note", "there"], journalFlag: false).status == 0)
        #expect(FileManager.default.fileExists(atPath: d.directory + "/other.sqlite3"))
    }
}

@Suite struct BadInputTests {
    @Test func eachBadLineSaysWhatIsAcceptedAndWritesNothing() throws {
        let cases: [(String, String)] = [
            ("mood 7", "mood is rated 1 to 5 (terrible, bad, okay, good, great); got 7"),
            ("log steps lots", "steps: 'lots' is not a count; use a whole number 0 or more, like 8200, 8,200 or 8.2k"),
            ("log bedtime 25:00", "bedtime: '25:00' is not a time of day; use 23:40, 11:40pm or 7am"),
            ("log steps 100 sleep 7", "sleep: '7' is not a duration; use 7h30m, 7h, 45m, 7:30 or 7.5h"),
            (
                "log stepz 100",
                "unknown attribute 'stepz'; did you mean 'steps'? Or, to track a new one: track stepz TYPE (count, decimal, percentage, duration, time or yesno)"
            ),
            ("note hello --on tomorrow", "2026-11-22 is in the future; entries are written for today (2026-11-21) or earlier"),
            ("mood 4 --on someday", "'someday' is not a date; use today, yesterday, a weekday (monday or mon), last monday, 3 days ago, a week ago, 21 nov, nov 21, 21/11, or YYYY-MM-DD"),
            ("note \"never closed", "unterminated quote (\"); close it with \", or write a lone quote as \\\""),
            ("track 9lives count", "'9lives' is not a name for an attribute; use a letter, then letters, digits, _ or -, at most 40"),
            ("track pages counts", "'counts' is not a value type; use count, decimal, percentage, duration, time or yesno"),
            ("track nap time sum", "times of day cannot be summed; use average, min, max or last"),
            ("day 2026-12-01", "2026-12-01 is in the future; entries are written for today (2026-11-21) or earlier"),
            ("note    ", "note needs TEXT; usage: note TEXT..."),
        ]
        let d = try Daybook()
        try d.run(input: "mood 3\n")
        let before = try d.sql("SELECT count(*) FROM change")
        for (line, message) in cases {
            let r = try d.run(input: line + "\n")
            #expect(r.status == 1, "\(line)")
            #expect(r.stderr == "<stdin>:1: error: \(message)\n", "\(line)")
            #expect(r.stdout == "", "\(line)")
        }
        #expect(try d.sql("SELECT count(*) FROM change") == before)
    }

    @Test func aDirectoryOrAForeignFileIsNeverAJournal() throws {
        let d = try Daybook()
        let dirResult = try d.run(["--journal", d.directory, "note", "x"], journalFlag: false)
        #expect(dirResult.status == 1)
        #expect(dirResult.stderr == "error: journal path \(d.directory) is a directory; give the path of a file with --journal\n")

        let text = d.directory + "/diary.txt"
        let content = String(repeating: "Dear diary, today was fine.\n", count: 10)
        try content.write(toFile: text, atomically: true, encoding: .utf8)
        let r = try d.run(["--journal", text, "note", "x"], journalFlag: false)
        #expect(r.status == 1)
        #expect(r.stderr.contains("is not a SQLite database, so not a daybook journal; it was left untouched"))
        #expect(try String(contentsOfFile: text, encoding: .utf8) == content)
    }
}

@Suite struct SessionTests {
    @Test func dayChangesWhereLaterCommandsWrite() throws {
        let d = try Daybook()
        let r = try d.run(input: "day yesterday\nmood 2\nshow\nday\nmood 5\n")
        #expect(r.status == 0)
        #expect(r.stdout == "Friday 20 November 2026\n  mood    2 bad\n")
        #expect(try d.sql("SELECT group_concat(day || '=' || rating, ' ') FROM mood WHERE removed_by IS NULL ORDER BY day")
            == "2026-11-20=2 2026-11-21=5")
    }

    @Test func sourceRunsAnotherFileAndReportsItsLines() throws {
        let d = try Daybook()
        let inner = d.directory + "/inner.daybook"
        try "note from inner\n\nmood 9\n".write(toFile: inner, atomically: true, encoding: .utf8)
        let r = try d.run(input: "note before\nsource \(inner)\nnote after\nsource /nonexistent/file\n")
        #expect(r.status == 1)
        #expect(
            r.stderr == "\(inner):3: error: mood is rated 1 to 5 (terrible, bad, okay, good, great); got 9\n"
                + "<stdin>:4: error: cannot read /nonexistent/file: No such file or directory\n")
        #expect(try d.sql("SELECT group_concat(text, ',') FROM note") == "before,from inner,after")
    }

    /// `daybook source FILE`, like `source` in the shell, runs the file as a script: its reads
    /// print, its writes confirm nothing, its errors name their line, and one line ends it.
    @Test func sourceAsOneCommandSaysOnlyErrorsAndASummary() throws {
        let d = try Daybook()
        let file = d.directory + "/f.daybook"
        try "note one\n# skipped\n\nmood 9\nlog steps 8200\nmood 7\nshow\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let r = try d.run(["source", file])
        #expect(r.status == 1)
        #expect(
            r.stderr == "\(file):4: error: mood is rated 1 to 5 (terrible, bad, okay, good, great); got 9\n"
                + "\(file):6: error: mood is rated 1 to 5 (terrible, bad, okay, good, great); got 7\n"
                + "\(file): 2 lines failed; the other 3 ran\n")
        #expect(r.stdout.contains("steps"))
        let clean = d.directory + "/clean.daybook"
        try "note two\n".write(toFile: clean, atomically: true, encoding: .utf8)
        let ok = try d.run(["source", clean])
        #expect(ok.status == 0)
        #expect(ok.stderr == "\(clean): 1 line ran\n")
        #expect(try d.sql("SELECT group_concat(text, ',') FROM note") == "one,two")
        // Only the outer file is summed up; a file it sources reports its errors alone.
        let outer = d.directory + "/outer.daybook"
        try "source \(file)\nnote three\n".write(toFile: outer, atomically: true, encoding: .utf8)
        let nested = try d.run(["source", outer])
        #expect(nested.stderr.hasSuffix("\n\(outer): 2 lines failed; the other 5 ran\n"))
        #expect(nested.stderr.components(separatedBy: "\n").count == 4)
    }

    @Test func atomicScriptsApplyAllOrNothing() throws {
        let d = try Daybook()
        let failing = try d.run(["--atomic"], input: "note one\nnote two\nmood 9\n")
        #expect(failing.status == 1)
        #expect(failing.stderr.hasSuffix("daybook: 1 line failed; with --atomic nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: d.journal), "nothing written, not even a journal")
        let ok = try d.run(["--atomic"], input: "note one\nnote two\n")
        #expect(ok.status == 0)
        #expect(try d.sql("SELECT count(*) FROM note") == "2")
    }

    @Test func quitEndsAScript() throws {
        let d = try Daybook()
        #expect(try d.run(input: "note a\nquit\nnote b\n").status == 0)
        #expect(try d.sql("SELECT count(*) FROM note") == "1")
    }
}

@Suite struct ExampleTests {
    @Test func firstWeek() throws {
        let d = try Daybook()
        // Wide enough for whole notes in the week's table.
        d.environment = ["COLUMNS": "200"]
        let script = try String(contentsOfFile: Daybook.packageRoot + "/Examples/first-week.daybook", encoding: .utf8)
        let r = try d.run(input: script)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        // Weekday names mean the most recent such day: on Saturday 21 November, "sun" is the 15th.
        #expect(
            r.stdout.hasPrefix(
                """
                7 days to Saturday 21 November 2026
                day         mood      steps  exercise   sleep  bedtime      water  coffee  note

                """))
        #expect(r.stdout.contains("\nSun 15 Nov  4 good    5,500            8h 30m    22:50                     quiet day, read a lot #reading\n"))
        #expect(r.stdout.contains("\nMon 16 Nov  3 okay    4,300            6h 50m    23:55             3 cups  slow start, rain all day\n"))
        #expect(r.stdout.contains("\nWed 18 Nov  2 bad     3,800            5h 45m    00:40             4 cups  deadline day #work\n"))
        #expect(try d.sql("SELECT count(*) FROM mood") == "7")
        #expect(try d.sql("SELECT sum(value) FROM day_value WHERE attribute = 'steps'") == "54800.0")
    }

    @Test func trackReading() throws {
        let d = try Daybook()
        let script = try String(contentsOfFile: Daybook.packageRoot + "/Examples/track-reading.daybook", encoding: .utf8)
        let r = try d.run(input: script)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(
            r.stdout == """
                Saturday 21 November 2026
                  09:30      finished The Left Hand of Darkness #reading · n1
                  pages      42
                  meditated  yes
                  tags       #reading

                """)
    }
}
