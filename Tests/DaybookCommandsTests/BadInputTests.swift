import Foundation
import Testing

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
        let d = try InProcess()
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
        let d = try InProcess()
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
