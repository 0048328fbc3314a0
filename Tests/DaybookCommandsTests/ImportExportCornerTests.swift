import DaybookTestSupport
import Foundation
import Testing

/// `import` and `export` at their edges: what a merge keeps and what a file that is not quite
/// right gets. Where an export goes, and what the environment changes, is checked on the binary
/// (`ImportExportCornerEndToEndTests`).
@Suite struct ImportExportCornerTests {
    func write(_ text: String, _ name: String, in d: InProcess) throws -> String { try d.writeFile(text, name) }

    static let daylioHeader = "full_date,date,weekday,time,mood,activities,note_title,note\n"

    // MARK: Merging

    /// `--replace` takes the file's rating; a file without a note for the mood leaves the
    /// journal's note, and its tags, as they are.
    @Test func replacingAMoodKeepsTheJournalsNoteWhereTheFileHasNone() throws {
        let daylio = Self.daylioHeader + "2026-11-20,November 20,Friday,9:00 PM,good,\"\",\"\",\"\"\n"
        let json = """
            {"format": "daybook", "version": 1,
            "moods": [{"date": "2026-11-20", "time": "2026-11-20T21:00:00+00:00", "rating": 4, "label": "good", "note": "", "tags": []}]}

            """
        for (arguments, text, name) in [
            (["import", "daylio"], daylio, "daylio.csv"), (["import"], json, "mood.json"),
        ] {
            let d = try InProcess()
            #expect(try d.run(["mood", "2", "terrible day #x", "--on", "2026-11-20"]).status == 0)
            let path = try write(text, name, in: d)
            let r = try d.run(arguments + [path, "--replace"])
            #expect(r.status == 0, "\(name): \(r.stderr)")
            #expect(
                try d.sql("SELECT rating || ' ' || note FROM mood WHERE removed_by IS NULL") == "4 terrible day #x",
                "\(name)")
            #expect(
                try d.sql("SELECT group_concat(name) FROM tag WHERE mood_id IS NOT NULL AND removed_by IS NULL") == "x",
                "\(name)")
            #expect(try d.run(["show", "2026-11-20"]).stdout.contains("terrible day #x"), "\(name)")
            // Undo brings the journal's rating back, with its note.
            #expect(try d.run(["undo"]).status == 0)
            #expect(
                try d.sql("SELECT rating || ' ' || note FROM mood WHERE removed_by IS NULL") == "2 terrible day #x",
                "\(name)")
        }
        // A file with a note of its own replaces the journal's.
        let d = try InProcess()
        #expect(try d.run(["mood", "2", "terrible day #x", "--on", "2026-11-20"]).status == 0)
        let path = try write(json.replacingOccurrences(of: #""note": """#, with: #""note": "fine after all""#), "n.json", in: d)
        #expect(try d.run(["import", path, "--replace"]).status == 0)
        #expect(try d.sql("SELECT rating || ' ' || note FROM mood WHERE removed_by IS NULL") == "4 fine after all")
        #expect(try d.sql("SELECT count(*) FROM tag WHERE mood_id IS NOT NULL AND removed_by IS NULL") == "0")
    }
}

extension ImportExportCornerTests {
    // MARK: Daylio

    /// A column daybook has no place for is kept in the entry's note under its name.
    /// Another program has no day-start: an entry it dated the 20th at 01:30 stays on the 20th
    /// and shows its time, though the journal's day begins at 03:00; it was not "written" on
    /// the 19th.
    @Test func anEntryBeforeTheDayStartKeepsItsDateAndTime() throws {
        let d = try InProcess()
        #expect(try d.run(["set", "day-start", "03:00"]).status == 0)
        let path = try write("[2026-11-20 01:30] Late night entry.\n", "late.txt", in: d)
        let r = try d.run(["import", "jrnl", path])
        #expect(r.status == 0, "\(r.stderr)")
        let show = try d.run(["show", "2026-11-20"])
        #expect(show.stdout.contains("  01:30   Late night entry. · n1\n"), "\(show.stdout)")
        #expect(!show.stdout.contains("written"))
    }

    @Test func daylioColumnsDaybookDoesNotKnowAreKeptInTheNote() throws {
        let d = try InProcess()
        let path = try write(
            "full_date,date,weekday,time,mood,activities,note_title,note,location,weather\n"
                + "2026-11-20,November 20,Friday,9:00 PM,good,\"a\",\"\",\"x\",\"Berlin, DE\",\"Sunny 12°C\"\n"
                + "2026-11-19,November 19,Thursday,8:00 PM,meh,\"\",\"\",\"\",\"\",\"Rain\"\n",
            "extra.csv", in: d)
        let r = try d.run(["import", "daylio", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            try d.sql("SELECT text FROM note WHERE day = '2026-11-20'")
                == "x\n#a\nlocation: Berlin, DE · weather: Sunny 12°C")
        // An empty value is left out.
        #expect(try d.sql("SELECT text FROM note WHERE day = '2026-11-19'") == "weather: Rain")
    }
}

extension ImportExportCornerTests {
    /// A last row cut short after a comma is refused with its line, and nothing is written; a
    /// row that only leaves out its empty last fields, as a spreadsheet may save it, is read.
    @Test func aDaylioRowCutShortIsRefused() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "already here"]).status == 0)
        let before = try d.liveCounts()
        let good = "2026-11-19,November 19,Thursday,9:00 pm,rad,\"\",\"\",\"fine\"\n"
        for (text, line, fields) in [
            (Self.daylioHeader + good + "2026-11-20,November 20,Friday,8:00 pm,good,\"work\",", 3, 7),
            (Self.daylioHeader + "2026-11-20,November 20,Friday,8:00 pm,good,,\n" + good, 2, 7),
            (
                "full_date;date;weekday;time;mood;activities;note_title;note\n2026-11-20;November 20;Friday;8:00 pm;good;;;\n"
                    + "2026-11-20;November 20;Friday;9:00 pm;good;work;\n", 3, 7
            ),
        ] {
            let path = try write(text, "cut.csv", in: d)
            let r = try d.run(["import", "daylio", path])
            #expect(r.status == 1, "\(text)")
            let delimiter = text.hasPrefix("full_date;") ? "a semicolon" : "a comma"
            #expect(
                r.stderr
                    == "error: \(path): line \(line): the row has \(fields) fields where the first line names 8 columns, and ends with \(delimiter), as if the file were cut short there; Daylio writes every column of every row; nothing was written\n"
            )
            #expect(try d.liveCounts() == before)
        }
        // Cut inside a quoted field: refused too.
        let quoted = try write(Self.daylioHeader + good + "2026-11-20,November 20,Friday,8:00 pm,good,\"wo", "q.csv", in: d)
        let q = try d.run(["import", "daylio", quoted])
        #expect(q.stderr == "error: \(quoted): line 3: a quoted field that starts here has no closing quote; nothing was written\n")
        #expect(try d.liveCounts() == before)
        // Empty last fields left out: read, the missing ones empty.
        let short = try write(Self.daylioHeader + "2026-11-20,November 20,Friday,8:00 pm,good,\"work\"\n", "s.csv", in: d)
        let s = try d.run(["import", "daylio", short])
        #expect(s.status == 0, "\(s.stderr)")
        #expect(try d.sql("SELECT text FROM note WHERE day = '2026-11-20'") == "#work")
    }
}

extension ImportExportCornerTests {
    // MARK: daybook's own export, edited elsewhere

    /// daybook's CSV saved by a spreadsheet says TRUE and FALSE: read in any letter case.
    @Test func builtinReadsInAnyLetterCase() throws {
        let d = try InProcess()
        #expect(try d.run(input: "track pages count unit pages\nlog steps 9000 pages 12\n").status == 0)
        let csv = try d.run(["export", "--format", "csv"]).stdout
        let rows = csv.components(separatedBy: "\r\n").map { row in
            row.hasPrefix("attribute,")
                ? row.replacingOccurrences(of: ",true,", with: ",TRUE,").replacingOccurrences(
                    of: ",false,", with: ",False,") : row
        }
        #expect(rows.contains { $0.contains(",TRUE,") } && rows.contains { $0.contains(",False,") })
        let path = try write(rows.joined(separator: "\r\n"), "excel.csv", in: d)
        let fresh = try InProcess()
        let r = try fresh.run(["import", path])
        #expect(r.status == 0, "\(r.stderr)")
        let builtins = "SELECT group_concat(name || ' ' || builtin, ', ') FROM (SELECT * FROM attribute WHERE removed_by IS NULL AND name IN ('steps', 'pages') ORDER BY name)"
        #expect(try fresh.sql(builtins) == "pages 0, steps 1")
        #expect(try fresh.run(["export", "--format", "csv"]).stdout == csv)
        // Anything else is still refused.
        let yes = try write(rows.joined(separator: "\r\n").replacingOccurrences(of: ",TRUE,", with: ",yes,"), "yes.csv", in: d)
        let bad = try fresh.run(["import", yes])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains(": builtin 'yes' is not true or false; nothing was written"), "\(bad.stderr)")
    }
}

extension ImportExportCornerTests {
    /// The Markdown export is named as what it is, and another file's message names both
    /// forms import reads back.
    @Test func theMarkdownExportAndOtherFilesAreNamed() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "already here"]).status == 0)
        let before = try d.liveCounts()
        let markdown = d.directory + "/journal.md"
        #expect(try d.run(["export", markdown]).status == 0)
        let md = try d.run(["import", markdown])
        #expect(md.status == 1)
        #expect(
            md.stderr
                == "error: \(markdown): line 1: this is daybook's Markdown export, which is for reading and is not read back; export the journal as JSON or CSV (export journal.json) and import that; nothing was written\n"
        )
        let other = try write("name,amount\nrent,900\n", "budget.csv", in: d)
        let o = try d.run(["import", other])
        #expect(o.status == 1)
        #expect(
            o.stderr
                == "error: \(other): line 1: this is not a daybook export: its JSON starts with {, and its CSV's first line names the columns kind, date, time...; this file's first line is 'name,amount'; nothing was written\n"
        )
        #expect(try d.liveCounts() == before)
    }
}

extension ImportExportCornerTests {
    /// Importing again with --keep, where the journal kept its own side, says so.
    @Test func importingAgainWithKeepSaysTheConflictsWereKept() throws {
        let d = try InProcess()
        #expect(try d.run(["mood", "2", "--on", "2026-11-20"]).status == 0)
        let path = try write(
            Self.daylioHeader + "2026-11-20,November 20,Friday,9:00 pm,good,\"\",\"\",\"fine\"\n"
                + "2026-11-19,November 19,Thursday,9:00 pm,rad,\"\",\"\",\"\"\n", "d.csv", in: d)
        let first = try d.run(["import", "daylio", path, "--keep"])
        #expect(first.stderr == "imported 2 days, 1 entry, 0 tags, 1 conflict (the journal's side kept)\n")
        let changes = try d.sql("SELECT count(*) FROM change")
        let again = try d.run(["import", "daylio", path, "--keep"])
        #expect(again.status == 0)
        #expect(
            again.stderr
                == "nothing to import: the journal already holds the rest of what \(path) holds, and keeps its own side of 1 conflict\n"
        )
        #expect(try d.sql("SELECT count(*) FROM change") == changes)
        #expect(try d.sql("SELECT rating FROM mood WHERE day = '2026-11-20' AND removed_by IS NULL") == "2")
    }
}

extension ImportExportCornerTests {
    /// A note without text is refused with its line, as `note ""` is.
    @Test func aNoteWithoutTextIsRefused() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "already here"]).status == 0)
        let before = try d.liveCounts()
        let json = try write(
            """
            {"format": "daybook", "version": 1,
            "notes": [{"id": 7, "date": "2026-11-20", "time": "2026-11-20T09:00:00+00:00", "at": null, "text": "fine", "tags": []},
            {"id": 8, "date": "2026-11-20", "time": "2026-11-20T09:00:00+00:00", "at": null,
             "text": "", "tags": []}]}

            """, "empty.json", in: d)
        let j = try d.run(["import", json])
        #expect(j.status == 1)
        #expect(
            j.stderr
                == "error: \(json): line 3: a note's text is empty; a note needs some text, as with note TEXT; nothing was written\n"
        )
        let csv = try write(
            "kind,date,time,id,name,value,text\r\nformat,,,,daybook,1,\r\nnote,2026-11-20,2026-11-20T09:00:00+00:00,,,,fine\r\nnote,2026-11-20,2026-11-20T09:00:00+00:00,,,,\"  \"\r\n",
            "empty.csv", in: d)
        let c = try d.run(["import", csv])
        #expect(c.status == 1)
        #expect(
            c.stderr
                == "error: \(csv): line 4: a note's text is only spaces; a note needs some text, as with note TEXT; nothing was written\n"
        )
        #expect(try d.liveCounts() == before)
    }
}

extension ImportExportCornerTests {
    /// A JSON object that gives a name twice is refused with the line and the name, in
    /// daybook's export and in jrnl's.
    @Test func aNameGivenTwiceInAJSONObjectIsRefused() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "already here"]).status == 0)
        let before = try d.liveCounts()
        let own = try write(
            """
            {"format": "daybook", "version": 1,
            "notes": [{"id": 7, "date": "2026-11-20", "time": "2026-11-20T09:00:00+00:00", "at": null,
              "text": "first",
              "text": "second", "tags": []}]}

            """, "twice.json", in: d)
        let r = try d.run(["import", own])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: \(own): line 4: \"text\" is given twice in one object (first on line 3); give each name once; nothing was written\n"
        )
        // In a long object too.
        let members = (1...40).map { "\"m\($0)\": \($0)" }.joined(separator: ",\n")
        let long = try write(
            "{\"format\": \"daybook\", \"version\": 1,\n" + members + ",\n\"m17\": 0}\n", "long.json", in: d)
        let l = try d.run(["import", long])
        #expect(
            l.stderr
                == "error: \(long): line 42: \"m17\" is given twice in one object (first on line 18); give each name once; nothing was written\n"
        )
        let jrnl = try write(
            """
            {"tags": {}, "entries": [{"title": "A", "body": "", "date": "2020-08-29", "time": "11:11",
              "date": "2020-08-30", "starred": false, "tags": []}]}

            """, "jrnl.json", in: d)
        let j = try d.run(["import", "jrnl", jrnl])
        #expect(j.status == 1)
        #expect(
            j.stderr
                == "error: \(jrnl): line 2: \"date\" is given twice in one object (first on line 1); give each name once; nothing was written\n"
        )
        #expect(try d.liveCounts() == before)
    }
}
