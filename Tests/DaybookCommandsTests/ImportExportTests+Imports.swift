import DaybookTestSupport
import Foundation
import Testing

extension ImportExportTests {
    // MARK: Daylio

    func importing(_ arguments: [String], into d: InProcess? = nil) throws -> (InProcess, RunResult) {
        let d = try d ?? InProcess()
        return (d, try d.run(["import"] + arguments))
    }

    func showJSON(_ d: InProcess, _ day: String) throws -> [String: Any] {
        let r = try d.run(["show", day, "--json"])
        return try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as! [String: Any]
    }

    func notesOf(_ day: [String: Any]) -> [(time: String, text: String)] {
        (day["notes"] as! [[String: Any]]).map { ($0["time"] as! String, $0["text"] as! String) }
    }

    @Test func daylioInEnglish() throws {
        let (d, r) = try importing(["daylio", Self.fixtures + "daylio-en.csv"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "imported 4 days, 5 entries, 11 tags, 0 conflicts\n")
        let day = try showJSON(d, "2023-12-17")
        // rad, good and meh: 4. The labels are the day's mood; the entry of meh alone is no note.
        #expect((day["mood"] as! [String: Any])["rating"] as? Int == 4)
        let notes = notesOf(day)
        #expect(notes.map(\.time) == ["2023-12-17T13:08:00+00:00", "2023-12-17T23:54:00+00:00"])
        #expect(notes[0].text == "#shopping #walk")
        #expect(
            notes[1].text
                == "Long day\nWe said \"never again\", then did it again.\n#friends #movies-tv (movies / tv) #sleep-8h (Sleep (8h+)) #k-o (K.O.) #flexed-biceps (💪)"
        )
        #expect(
            day["tags"] as? [String] == [
                "shopping", "walk", "friends", "movies-tv", "sleep-8h", "k-o", "flexed-biceps",
            ])
        let sixteenth = notesOf(try showJSON(d, "2023-12-16"))
        #expect(sixteenth[0].text == "Breakfast\nTea & toast\nthen the bus – late again\n#work")
        #expect(
            sixteenth[1].text
                == "First line.\nSecond line, after a break.\n\nA paragraph after a blank line.\n#bad-sleep #stressed-frustrated (stressed / frustrated) #cook"
        )
        // A row whose last fields are missing: a mood alone.
        #expect(notesOf(try showJSON(d, "2023-12-14")).map(\.text) == [])
        #expect((try showJSON(d, "2023-12-14")["mood"] as! [String: Any])["rating"] as? Int == 5)
        #expect(try count(d, "mood") == "4")
    }

    @Test func daylioInOtherLanguagesAndForms() throws {
        let cases: [(file: String, moods: String?, summary: String, day: String, rating: Int, first: String)] = [
            (
                "daylio-old-en.csv", nil, "5 days, 4 entries, 4 tags", "2018-05-18", 5,
                "Went to a party\n#clean #cook #music"
            ),
            (
                "daylio-de.csv", nil, "3 days, 2 entries, 4 tags", "2024-03-03", 5,
                "Mit Oma gebacken.\nAbends ein Spaziergang.\n#lesen #yoga #zu-hause\nEnergie: 4 · Stress: 2"
            ),
            (
                "daylio-pl.csv", nil, "4 days, 4 entries, 5 tags",
                "2020-12-31", 4, "Sylwester, \"szampan\"\n#rodzina #przyjaciele"
            ),
            ("daylio-ru.csv", nil, "4 days, 3 entries, 3 tags", "2022-02-22", 4, "Заметка, с запятой"),
            (
                "daylio-semicolon.csv", nil, "1 day, 1 entry, 2 tags", "2022-06-01", 4,
                "Une note; avec un point-virgule\n#lecture #vélo"
            ),
            (
                "daylio-custom-moods.csv", "Good=4,Medium=3,Not so good=2,Bad=2,Awful=1", "4 days, 2 entries, 1 tag",
                "2021-05-12", 4, "#work"
            ),
        ]
        for c in cases {
            let (d, r) = try importing(["daylio", Self.fixtures + c.file] + (c.moods.map { ["--moods", $0] } ?? []))
            #expect(r.status == 0, "\(c.file): \(r.stderr)")
            #expect(r.stderr == "imported \(c.summary), 0 conflicts\n", "\(c.file)")
            let day = try showJSON(d, c.day)
            #expect((day["mood"] as? [String: Any])?["rating"] as? Int == c.rating, "\(c.file)")
            #expect(notesOf(day).first?.text == c.first, "\(c.file)")
        }
    }

    @Test func thirtyEntriesOnOneDay() throws {
        let (d, r) = try importing(["daylio", Self.fixtures + "daylio-busy-day.csv"])
        #expect(r.stderr == "imported 1 day, 30 entries, 30 tags, 0 conflicts\n")
        let day = try showJSON(d, "2024-01-20")
        // Six of each rating, 5 to 1: a mean of 3.
        #expect((day["mood"] as! [String: Any])["rating"] as? Int == 3)
        let notes = notesOf(day)
        #expect(notes.count == 30)
        #expect(notes.first?.time == "2024-01-20T08:00:00+00:00")
        #expect(notes.first?.text == "Entry number 1\n#entry-01")
        #expect(notes.last?.time == "2024-01-20T22:01:00+00:00")
        // The mood is stamped with the time of the day's last entry.
        #expect(try d.sql("SELECT recorded_at FROM mood") == "2024-01-20T22:01:00+00:00")
    }

    @Test func unknownMoodLabelsWriteNothingAndSayHowToRateThem() throws {
        let d = try InProcess()
        #expect(try d.run(["mood", "3"]).status == 0)
        let before = try state(d)
        let r = try d.run(["import", "daylio", Self.fixtures + "daylio-custom-moods.csv"])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: \(Self.fixtures)daylio-custom-moods.csv: 2 mood labels have no rating: Medium (2 rows), Not so good (1 row); rate each 1 to 5 and import again with --moods 'Good=4, Awful=1, Medium=?, Not so good=?'; nothing was written\n"
        )
        #expect(try state(d) == before)
        // The suggestion, edited, is a --moods argument daybook takes.
        let edited = try d.run([
            "import", "daylio", Self.fixtures + "daylio-custom-moods.csv", "--moods",
            "Good=4, Awful=1, Medium=3, Not so good=2",
        ])
        #expect(edited.status == 0, "\(edited.stderr)")
        let bad = try d.run(["import", "daylio", Self.fixtures + "daylio-en.csv", "--moods", "rad=7"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("--moods gives 'rad' '7'; a mood is rated 1 to 5"))
    }

    // MARK: jrnl

    @Test func jrnlJournals() throws {
        let cases: [(file: String, summary: String, day: String, texts: [String])] = [
            (
                "jrnl-classic.txt", "2 days, 3 entries, 2 tags", "2013-06-10", ["Morning\n#starred"]
            ),
            (
                "jrnl-default.txt", "3 days, 3 entries, 6 tags", "2020-08-29",
                [
                    "Entry the first.\nLorem #ipsum dolor sit amet, with #Tom and #WorldDomination.\nA second line of the same paragraph.\n\n[1] A line that starts with a bracket is body text."
                ]
            ),
            (
                "jrnl-1x.txt", "3 days, 3 entries, 1 tag", "2010-06-10",
                ["A life without chocolate is like a bad analogy."]
            ),
            (
                "jrnl-export.json", "2 days, 3 entries, 4 tags", "2020-08-29",
                [
                    "Entry the first.\nLorem #ipsum dolor sit amet, with #Tom.\n\nA second paragraph, with \"quotes\" and café."
                ]
            ),
        ]
        for c in cases {
            let (d, r) = try importing(["jrnl", Self.fixtures + c.file])
            #expect(r.status == 0, "\(c.file): \(r.stderr)")
            #expect(r.stderr == "imported \(c.summary), 0 conflicts\n", "\(c.file)")
            let day = try showJSON(d, c.day)
            #expect(notesOf(day).map(\.text) == c.texts, "\(c.file)")
            #expect(day["mood"] is NSNull, "\(c.file)")
        }
        let (d, _) = try importing(["jrnl", Self.fixtures + "jrnl-classic.txt"])
        let ninth = notesOf(try showJSON(d, "2013-06-09"))
        #expect(ninth.map(\.time) == ["2013-06-09T15:39:00+00:00", "2013-06-09T21:05:00+00:00"])
        #expect(ninth[1].text == "Evening. Second entry of the day with #family.")
    }

    // MARK: Merging

    @Test func aDifferentMoodIsAConflict() throws {
        let d = try InProcess()
        #expect(try d.run(["mood", "2", "a long day", "--on", "2023-12-17"]).status == 0)
        let before = try state(d)
        let rows = try live(d)
        let file = Self.fixtures + "daylio-en.csv"

        let dry = try d.run(["import", "daylio", file, "--dry-run"])
        #expect(dry.status == 0)
        #expect(
            dry.stdout == """
                would import 4 days, 5 entries, 11 tags, 1 conflict
                line 2: 2023-12-17: mood 2 in the journal, 4 in the file
                nothing would be written: give --replace to take the file's side, or --keep to keep the journal's

                """)
        #expect(try state(d) == before)

        let refused = try d.run(["import", "daylio", file])
        #expect(refused.status == 1)
        #expect(
            refused.stderr
                == "error: \(file): 1 conflict with the journal: 2023-12-17: mood 2 in the journal, 4 in the file. Nothing was written: give --replace to take the file's side, or --keep to keep the journal's (--dry-run lists them)\n"
        )
        #expect(try state(d) == before)

        let kept = try d.run(["import", "daylio", file, "--keep"])
        #expect(kept.stderr == "imported 4 days, 5 entries, 11 tags, 1 conflict (the journal's side kept)\n")
        var day = try showJSON(d, "2023-12-17")
        #expect((day["mood"] as! [String: Any])["rating"] as? Int == 2)
        #expect(notesOf(day).count == 2)
        #expect(try d.run(["undo"]).stderr == "undid: import daylio-en.csv: 4 days, 5 entries, 11 tags\n")
        #expect(try live(d) == rows)

        let replaced = try d.run(["import", "daylio", file, "--replace"])
        #expect(replaced.stderr == "imported 4 days, 5 entries, 11 tags, 1 conflict (the file's side taken)\n")
        day = try showJSON(d, "2023-12-17")
        #expect((day["mood"] as! [String: Any])["rating"] as? Int == 4)
        // The replaced mood comes back with undo.
        #expect(try d.run(["undo"]).status == 0)
        day = try showJSON(d, "2023-12-17")
        #expect((day["mood"] as! [String: Any])["note"] as? String == "a long day")
        #expect(notesOf(day).isEmpty)

        let both = try d.run(["import", "daylio", file, "--keep", "--replace"])
        #expect(both.status == 64)
    }

    @Test func ownExportMergesIntoAJournalWithData() throws {
        let d = try InProcess.fullJournal()
        let path = d.directory + "/all.json"
        #expect(try d.run(["export", path]).status == 0)
        let other = try InProcess()
        #expect(try other.run(["mood", "4", "walked by the sea #outdoors"]).status == 0)
        #expect(try other.run(["mood", "5", "--on", "2026-11-19"]).status == 0)
        #expect(try other.run(["set", "color", "always"]).status == 0)
        #expect(try other.run(["note", "mine"]).status == 0)
        let dry = try other.run(["import", path, "--dry-run"])
        #expect(
            dry.stdout == """
                would import 3 days, 20 entries, 3 tags, 2 conflicts; 5 attributes, 5 goal changes, 1 setting
                line 5: setting color: always in the journal, never in the file
                line 37: 2026-11-19: mood 5 in the journal, 3 in the file
                nothing would be written: give --replace to take the file's side, or --keep to keep the journal's

                """)
        let r = try other.run(["import", path, "--keep"])
        #expect(r.status == 0, "\(r.stderr)")
        let today = try showJSON(other, "2026-11-21")
        #expect(notesOf(today).count == 3)
        #expect(try other.run(["set", "color"]).stdout.contains("always"))
        #expect((try showJSON(other, "2026-11-19")["mood"] as! [String: Any])["rating"] as? Int == 5)
    }

    // MARK: Undo, dry runs, bad files

    @Test func oneUndoRevertsTheWholeImport() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "before the import"]).status == 0)
        let before = try d.run(["export"]).stdout
        let shown = try d.run(["show", "--json"]).stdout
        let file = d.directory + "/full.json"
        let full = try InProcess.fullJournal()
        #expect(try full.run(["export", file]).status == 0)
        let r = try d.run(["import", file])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try d.run(["export"]).stdout != before)
        let u = try d.run(["undo"])
        #expect(
            u.stderr
                == "undid: import full.json: 4 days, 20 entries, 5 tags; 5 attributes, 5 goal changes, 2 settings\n")
        #expect(try d.run(["export"]).stdout == before)
        #expect(try d.run(["show", "--json"]).stdout == shown)
        #expect(try d.sql("SELECT count(*) FROM day_value") == "0")
    }

    @Test func aDryRunWritesNothing() throws {
        let d = try InProcess()
        // A read no longer creates the journal: a first write does.
        #expect(try d.run(["set", "color", "never"]).status == 0)
        #expect(try d.run(["show"]).status == 0)
        let before = try state(d)
        let r = try d.run(["import", "jrnl", Self.fixtures + "jrnl-default.txt", "--dry-run"])
        #expect(r.status == 0)
        #expect(r.stdout == "would import 3 days, 3 entries, 6 tags, 0 conflicts\n")
        #expect(r.stderr == "")
        #expect(try state(d) == before)
    }

    @Test func aBadFileChangesNothingAndNamesItsLine() throws {
        let d = try InProcess.fullJournal()
        let before = try state(d)
        let cases: [(name: String, text: String, error: String)] = [
            (
                "bad.csv",
                "full_date,date,weekday,time,mood,activities,note_title,note\n2024-01-02,January 2,Tuesday,9:00 pm,rad,,,\n2024-01-01,January 1,Monday,25:00,rad,,,\n",
                "line 3: time '25:00' is not a time of day; daybook reads a time such as 21:35, 9:35 pm or 9:35 p.m."
            ),
            (
                "quote.csv",
                "full_date,date,weekday,time,mood,activities,note_title,note\n2024-01-02,January 2,Tuesday,9:00 pm,rad,,,\"never closed\n",
                "line 2: a quoted field that starts here has no closing quote"
            ),
        ]
        for c in cases {
            let path = d.directory + "/" + c.name
            try c.text.write(toFile: path, atomically: false, encoding: .utf8)
            let r = try d.run(["import", "daylio", path])
            #expect(r.status == 1)
            #expect(r.stderr == "error: \(path): \(c.error); nothing was written\n")
        }
        let own: [(name: String, text: String, error: String)] = [
            (
                "rating.json",
                "{\"format\": \"daybook\", \"version\": 1,\n\"moods\": [\n{\"date\": \"2024-01-01\", \"time\": \"2024-01-01T09:00:00+00:00\", \"rating\": 4, \"note\": \"\"},\n{\"date\": \"2024-01-02\", \"time\": \"2024-01-02T09:00:00+00:00\", \"rating\": 9, \"note\": \"\"}\n]}\n",
                "line 4: \"rating\" is 9; a mood is rated 1 to 5"
            ),
            (
                "version.json", "{\"format\": \"daybook\",\n \"version\": 2}",
                "line 2: the export is in format version 2, written by a newer daybook; this one reads version 1. Upgrade daybook"
            ),
            (
                "kind.csv",
                "kind,date,time,id,name,value,text\r\nformat,,,,daybook,1,\r\nnote,2024-01-01,2024-01-01T09:00:00+00:00,,,,fine\r\nentry,2024-01-01,,,,,\r\n",
                "line 4: kind 'entry' is not a kind of record; a daybook export has format, setting, attribute, goal, mood, note and value rows"
            ),
            (
                "value.csv",
                "kind,date,time,name,value\nformat,,,daybook,1\nvalue,2024-01-01,2024-01-01T09:00:00+00:00,steps,12\nvalue,2024-01-01,2024-01-01T09:00:00+00:00,bedtime,1500\n",
                "line 4: bedtime's value 1500 is not a time of day (0 to 1439 minutes after midnight)"
            ),
            (
                "unknown.csv",
                "kind,date,time,name,value\nformat,,,daybook,1\nvalue,2024-01-01,2024-01-01T09:00:00+00:00,nosuch,12\n",
                "line 3: a value of 'nosuch', which neither the file nor the journal tracks"
            ),
            (
                "future.csv",
                "kind,date,time,name,value,text\nformat,,,daybook,1,\nnote,2026-11-22,2026-11-22T09:00:00+00:00,,,tomorrow\n",
                "line 3: 2026-11-22 is after today (2026-11-21); daybook writes nothing for days to come. Check the computer's date"
            ),
            (
                "setting.json",
                "{\"format\": \"daybook\", \"version\": 1, \"settings\": [\n{\"name\": \"day-start\", \"value\": \"13:00\"}]}",
                "line 2: setting day-start is '13:00'; it takes a time from 00:00 to 12:00, like 04:00"
            ),
            (
                "daylio.csv", "full_date,date,weekday,time,mood,activities,note_title,note\n",
                "line 1: this is Daylio's CSV export, not daybook's; import it with: import daylio FILE"
            ),
            (
                "jrnl.txt", "\n[2020-08-29 11:11] Title.\n",
                "line 2: this is a jrnl journal, not daybook's export; import it with: import jrnl FILE"
            ),
        ]
        for c in own {
            let path = d.directory + "/" + c.name
            try c.text.write(toFile: path, atomically: false, encoding: .utf8)
            let r = try d.run(["import", path])
            #expect(r.status == 1, "\(c.name)")
            #expect(r.stderr == "error: \(path): \(c.error); nothing was written\n", "\(c.name)")
        }
        let missing = try d.run(["import", d.directory + "/nosuch.json"])
        #expect(
            missing.stderr
                == "error: cannot read \(d.directory)/nosuch.json: No such file or directory; nothing was written\n")
        let folder = try d.run(["import", "jrnl", d.directory])
        #expect(folder.stderr.contains("is a folder"))
        #expect(try state(d) == before)
    }

    @Test func importArgumentsAreChecked() throws {
        let d = try InProcess()
        for (arguments, message) in [
            (["import"], "error: import needs FILE; usage: import [SOURCE] FILE\n"),
            (["import", "daylio"], "error: import daylio needs FILE; usage: import [SOURCE] FILE\n"),
            (["import", "JRNL"], "error: import jrnl needs FILE; usage: import [SOURCE] FILE\n"),
            (
                ["import", "evernote", "x.enex"],
                "error: import reads from daylio, jrnl, health, googlefit, gadgetbridge or csv, not 'evernote'; usage: import [SOURCE] FILE\n"
            ),
            (
                ["import", "a.json", "b.json"],
                "error: import reads from daylio, jrnl, health, googlefit, gadgetbridge or csv, not 'a.json'; usage: import [SOURCE] FILE\n"
            ),
            (
                ["import", "x.json", "--moods", "a=1"],
                "error: --moods rates Daylio's moods: import daylio FILE --moods MAP\n"
            ),
            // Each source owns its options; another source's are refused, before any file is read.
            (
                ["import", "jrnl", "x.txt", "--prefer", "a"],
                "error: --prefer is for Apple Health: import health FILE --prefer 'NAME,NAME'\n"
            ),
            (
                ["import", "csv", "x.csv", "--time-format", "%H"],
                "error: --time-format reads a jrnl journal: import jrnl FILE --time-format FORMAT\n"
            ),
            (
                ["import", "health", "x.zip", "--date", "d"],
                "error: --date is for a CSV file: import csv FILE --date COLUMN --map 'COLUMN=ATTRIBUTE'\n"
            ),
            (
                ["import", "googlefit", "x", "--map", "a=steps"],
                "error: --map is for a CSV file: import csv FILE --date COLUMN --map 'COLUMN=ATTRIBUTE'\n"
            ),
            (
                ["import", "daylio", "x.csv", "--unit", "a=km"],
                "error: --unit is for a CSV file: import csv FILE --date COLUMN --map 'COLUMN=ATTRIBUTE' --unit 'COLUMN=UNIT'\n"
            ),
            (
                ["import", "x.json", "--source", "Oura"],
                "error: --source is for a CSV file: import csv FILE --date COLUMN --map 'COLUMN=ATTRIBUTE' --source NAME\n"
            ),
            (
                ["import", "gadgetbridge", "x.db", "--moods", "a=1"],
                "error: --moods rates Daylio's moods: import daylio FILE --moods MAP\n"
            ),
        ] {
            let r = try d.run(arguments)
            #expect(r.status == 64, "\(arguments)")
            #expect(r.stderr == message, "\(arguments)")
        }
    }

    @Test func importInAScriptIsOneLine() throws {
        let d = try InProcess()
        let script =
            "note before\nimport daylio \(Self.fixtures)daylio-en.csv\nimport daylio \(Self.fixtures)daylio-custom-moods.csv\nnote after\n"
        let r = try d.run(input: script)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("<stdin>:3: error: \(Self.fixtures)daylio-custom-moods.csv: 2 mood labels have no rating"))
        #expect(try count(d, "note") == "7")
    }
}
