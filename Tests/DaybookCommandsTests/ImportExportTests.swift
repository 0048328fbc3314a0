import DaybookTestSupport
import Foundation
import Testing

/// `export` and `import`: the byte-for-byte round trip of daybook's own export, every import
/// form on the fixtures of Tests/DaybookCoreTests/Fixtures (in `ImportExportTests+Imports`),
/// merging and conflicts, --dry-run, undo of a whole import, and bad files. The export file's
/// mode is checked on the binary (`ImportExportEndToEndTests`).
@Suite struct ImportExportTests {
    static let fixtures = InProcess.packageRoot + "/Tests/DaybookCoreTests/Fixtures/"

    func read(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func count(_ d: InProcess, _ table: String) throws -> String {
        try d.sql("SELECT count(*) FROM \(table) WHERE removed_by IS NULL")
    }

    /// The journal's live rows.
    func live(_ d: InProcess) throws -> String {
        try ["mood", "note", "tag", "entry", "attribute", "setting", "goal"].map { try count(d, $0) }.joined(
            separator: ",")
    }

    /// The journal's live rows and its change log, to show that something wrote nothing.
    func state(_ d: InProcess) throws -> String {
        try live(d) + "," + d.sql("SELECT count(*) FROM change")
    }

    // MARK: The round trip

    /// The notes' ids, live or not, in order.
    func noteIDs(_ d: InProcess, live: Bool = true) throws -> String {
        try d.sql(
            "SELECT group_concat(nid, ' ') FROM (SELECT DISTINCT nid FROM note \(live ? "WHERE removed_by IS NULL" : "") ORDER BY nid)")
    }

    @Test(arguments: ["json", "csv"])
    func exportImportExportIsByteIdentical(format: String) throws {
        let d = try InProcess.fullJournal()
        // A note about a time of day, and an edited note, whose row is no longer its id.
        let at = try d.run(["note", "breakfast by the window", "--on", "yesterday", "--at", "08:15"])
        #expect(at.status == 0, "\(at.stderr)")
        // (Without a tag: an edit writes the note's tags again, which moves them to the end of
        // its day's tags in `show`, an order that an export does not carry.)
        let edit = try d.run(["edit", "n1", "call Ben instead, about Saturday"])
        #expect(edit.status == 0, "\(edit.stderr)")
        #expect(try d.sql("SELECT id FROM note WHERE nid = 1 AND removed_by IS NULL") != "1")
        let first = d.directory + "/first." + format
        let e = try d.run(["export", first])
        #expect(e.status == 0, "\(e.stderr)")
        #expect(e.stderr == "exported 4 days to \(first) (\(format))\n")
        let exported = String(decoding: try read(first), as: UTF8.self)
        if format == "json" {
            #expect(exported.contains(#"{"id": 1, "date": "2026-11-21", "time": "2026-11-21T09:30:00+00:00", "at": null, "text": "call Ben instead, about Saturday", "tags": []}"#))
            #expect(exported.contains(#""time": "2026-11-21T09:30:00+00:00", "at": "08:15", "text": "breakfast by the window""#))
        } else {
            #expect(exported.contains("\r\nnote,2026-11-21,2026-11-21T09:30:00+00:00,1,,,\"call Ben instead, about Saturday\",,,,,,,,,,,,,,\r\n"))
            #expect(exported.contains(",breakfast by the window,,,,,,,,,,08:15,,,,\r\n"))
        }
        // Standard output gives the same bytes.
        let out = try d.run(["export", "--format", format])
        #expect(Data(out.stdout.utf8) == (try read(first)))

        let fresh = try InProcess()
        let i = try fresh.run(["import", first])
        #expect(i.status == 0, "\(i.stderr)")
        #expect(
            i.stderr == "imported 4 days, 21 entries, 4 tags, 0 conflicts; 5 attributes, 5 goal changes, 2 settings\n")
        let second = fresh.directory + "/second." + format
        #expect(try fresh.run(["export", second]).status == 0)
        #expect(try read(first) == (try read(second)))

        // The notes keep their ids.
        #expect(try noteIDs(fresh) == (try noteIDs(d)))
        #expect(try fresh.sql("SELECT count(*) FROM note WHERE id <> nid") == "0")
        #expect(try fresh.run(["show", "2026-11-21"]).stdout.contains("call Ben instead, about Saturday · n1\n"))
        let breakfast = try fresh.run(["show", "2026-11-20"]).stdout.split(separator: "\n").first {
            $0.contains("breakfast by the window · written 21 Nov · n")
        }
        #expect(breakfast?.split(separator: " ").first == "08:15", "\(breakfast ?? "")")
        for day in ["2026-11-18", "2026-11-20", "2026-11-21"] {
            #expect(try fresh.run(["show", day]).stdout == (try d.run(["show", day])).stdout)
        }

        // What the commands show is the same too.
        for day in ["2026-11-18", "2026-11-19", "2026-11-20", "2026-11-21"] {
            #expect(try fresh.run(["show", day, "--json"]).stdout == (try d.run(["show", day, "--json"])).stdout)
        }
        #expect(try fresh.run(["week", "--json"]).stdout == (try d.run(["week", "--json"])).stdout)
        #expect(try fresh.run(["goals", "--json"]).stdout == (try d.run(["goals", "--json"])).stdout)
        #expect(try fresh.run(["set"]).stdout == (try d.run(["set"])).stdout)

        // Importing the same file again writes nothing, and records no change.
        let changes = try fresh.sql("SELECT count(*) FROM change")
        let again = try fresh.run(["import", first])
        #expect(again.status == 0)
        #expect(again.stderr.hasPrefix("nothing to import"))
        #expect(try fresh.sql("SELECT count(*) FROM change") == changes)

        // A new note gets an id that no note of the journal ever had.
        let before = try noteIDs(fresh, live: false).split(separator: " ")
        #expect(try fresh.run(["note", "after the import"]).status == 0)
        let new = try fresh.sql("SELECT nid FROM note WHERE text = 'after the import'")
        #expect(!before.contains(Substring(new)))
        #expect(Int(new)! > before.compactMap { Int($0) }.max()!)
        #expect(try fresh.run(["show", "--json"]).stdout.contains(#"{"id": "n\#(new)", "#))
    }

    /// An id that a row of the journal has, as its own or as its note's, is never given again.
    @Test func anImportNeverGivesAnIdTwice() throws {
        let d = try InProcess()
        for line in ["note one", "note two", "note three", "note four"] {
            #expect(try d.run(line.split(separator: " ").map(String.init)).status == 0)
        }
        let file = d.directory + "/a.json"
        #expect(try d.run(["export", file]).status == 0)

        // Here n1 is a note, row 2 an old version of n1, and n3 a note deleted.
        let other = try InProcess()
        #expect(try other.run(["note", "mine"]).status == 0)
        #expect(try other.run(["edit", "n1", "mine, edited"]).status == 0)
        #expect(try other.run(["note", "gone"]).status == 0)
        #expect(try other.run(["delete", "n3", "--yes"]).status == 0)
        let i = try other.run(["import", file])
        #expect(i.status == 0, "\(i.stderr)")
        // n4 is free and kept; one, two and three get new ids after it.
        #expect(
            try other.sql("SELECT group_concat(nid || ' ' || text, ', ') FROM (SELECT * FROM note ORDER BY id)")
                == "1 mine, 1 mine, edited, 3 gone, 4 four, 5 one, 6 two, 7 three")
        #expect(try other.sql("SELECT count(*) FROM note WHERE id <> nid") == "1")
        #expect(try other.run(["note", "later"]).status == 0)
        #expect(try other.sql("SELECT nid FROM note WHERE text = 'later'") == "8")
    }

    @Test func csvAndJSONHoldTheSameJournal() throws {
        let d = try InProcess.fullJournal()
        let json = d.directory + "/a.json"
        let csv = d.directory + "/a.csv"
        #expect(try d.run(["export", json]).status == 0)
        #expect(try d.run(["export", csv]).status == 0)
        let fresh = try InProcess()
        #expect(try fresh.run(["import", csv]).status == 0)
        let again = fresh.directory + "/b.json"
        #expect(try fresh.run(["export", again]).status == 0)
        #expect(try read(json) == (try read(again)))
    }

    @Test func theJSONExportReadsAsDocumented() throws {
        let d = try InProcess.fullJournal()
        let text = try d.run(["export"]).stdout
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
        #expect(object["format"] as? String == "daybook")
        #expect(object["version"] as? Int == 1)
        let notes = object["notes"] as! [[String: Any]]
        #expect(notes.count == 6)
        let multi = notes.first { ($0["text"] as? String)?.hasPrefix("two lines") == true }!
        #expect(multi["text"] as? String == "two lines,\nthe second with \"quotes\", and a comma #multi")
        #expect(multi["tags"] as? [String] == ["multi"])
        #expect(multi["date"] as? String == "2026-11-18")
        #expect(multi["time"] as? String == "2026-11-21T09:30:00+00:00")
        #expect((multi["id"] as? Int).map { $0 > 0 } == true)
        let bidi = notes.first { ($0["text"] as? String)?.hasPrefix("bidi") == true }!
        #expect(bidi["text"] as? String == "bidi \u{202E}evil\u{202C} text, zero\u{200B}width and 👩\u{200D}💻 #work")
        // Control and bidirectional characters are escaped in the file, as --json escapes them.
        #expect(text.contains("bidi \\u202eevil\\u202c"))
        #expect(!text.contains("\u{202E}"))
        let values = object["values"] as! [[String: Any]]
        let sleep = values.first { $0["attribute"] as? String == "sleep" && $0["date"] as? String == "2026-11-18" }!
        #expect(sleep["value"] as? Double == 439.98)
        #expect(sleep["shown"] as? String == "7h20m")
        let bedtime = values.first { $0["attribute"] as? String == "bedtime" && $0["date"] as? String == "2026-11-21" }!
        #expect(bedtime["value"] as? Int == 1420)
        #expect(bedtime["shown"] as? String == "23:40")
        let goals = object["goals"] as! [[String: Any]]
        #expect(goals.count == 5)
        let off = goals.first { $0["attribute"] as? String == "bedtime" && $0["since"] as? String == "2026-11-20" }!
        #expect(off["period"] is NSNull && off["min"] is NSNull && off["max"] is NSNull)
        let moods = object["moods"] as! [[String: Any]]
        #expect(moods.count == 2)
        #expect(moods[0]["note"] as? String == "better, much better #better")
        #expect(moods[0]["rating"] as? Int == 3)
        let attributes = object["attributes"] as! [[String: Any]]
        #expect(attributes.last?["name"] as? String == "water")
        let steps = attributes.first { $0["name"] as? String == "steps" }!
        #expect(steps["unit"] as? String == "paces")
        let settings = object["settings"] as! [[String: Any]]
        #expect(settings.map { $0["name"] as! String } == ["color", "history-notes"])
    }

    @Test(arguments: ["json", "csv"])
    func plausibleRangesTravelWithTheExport(format: String) throws {
        let d = try InProcess()
        let script = """
            track pages count unit pages range ..2000
            track steps range 100..50000
            track bedtime range 18:00..04:00
            track water range off

            """
        let t = try d.run(input: script)
        #expect(t.status == 0, "\(t.stderr)")
        let ranges = """
            SELECT group_concat(name || ' ' || ifnull(range_min, '-') || ' ' || ifnull(range_max, '-'), ', ')
            FROM (SELECT * FROM attribute WHERE removed_by IS NULL AND name IN ('pages', 'steps', 'bedtime', 'water') ORDER BY name)
            """
        #expect(try d.sql(ranges) == "bedtime 1080.0 240.0, pages - 2000.0, steps 100.0 50000.0, water - -")
        let file = d.directory + "/ranges." + format
        #expect(try d.run(["export", file]).status == 0)
        let exported = String(decoding: try read(file), as: UTF8.self)
        if format == "json" {
            #expect(exported.contains(#""builtin": false, "range_min": null, "range_max": 2000}"#))
            #expect(exported.contains(#""name": "bedtime", "type": "time", "aggregation": "last", "unit": "", "group": "sleep", "builtin": true, "range_min": 1080, "range_max": 240}"#))
        } else {
            #expect(exported.contains("\r\nattribute,,,,pages,,,,count,sum,pages,other,false,,,,,,2000,,\r\n"))
        }

        // Into an empty journal: the same ranges, and the same file out again.
        let fresh = try InProcess()
        let i = try fresh.run(["import", file])
        #expect(i.status == 0, "\(i.stderr)")
        #expect(try fresh.sql(ranges) == (try d.sql(ranges)))
        let second = fresh.directory + "/second." + format
        #expect(try fresh.run(["export", second]).status == 0)
        #expect(try read(file) == (try read(second)))

        // A file from before exports carried ranges (and sources) keeps the journal's, with no conflict.
        let old = fresh.directory + "/old." + format
        let stripped =
            format == "json"
            ? exported.replacing(#/, "range_min": [^,]*, "range_max": [^}]*/#, with: "")
            : exported.replacing(#/,[^,\r\n]*,[^,\r\n]*,[^,\r\n]*,[^,\r\n]*\r\n/#, with: "\r\n")
        #expect(!stripped.contains("range_"))
        try Data(stripped.utf8).write(to: URL(fileURLWithPath: old))
        try fresh.run(input: "track steps range 1..100000\n")
        let o = try fresh.run(["import", old])
        #expect(o.status == 0, "\(o.stderr)")
        #expect(o.stderr == "nothing to import: the journal already holds what \(old) holds\n")
        #expect(try fresh.sql(ranges) == "bedtime 1080.0 240.0, pages - 2000.0, steps 1.0 100000.0, water - -")

        // The file's range against another in a journal with values of it: a conflict, named.
        #expect(try fresh.run(["log", "steps", "5000"]).status == 0)
        let c = try fresh.run(["import", file])
        #expect(c.status != 0)
        #expect(
            c.stderr.contains(
                "attribute steps: count, sum, in steps, group activity, plausible range 1..100,000 steps in the journal, count, sum, in steps, group activity, plausible range 100..50,000 steps in the file"
            ), "\(c.stderr)")
        #expect(try fresh.sql(ranges).contains("steps 1.0 100000.0"))
    }

    @Test func theCSVExportOpensInSpreadsheets() throws {
        let d = try InProcess.fullJournal()
        let path = d.directory + "/a.csv"
        #expect(try d.run(["export", path]).status == 0)
        let bytes = try read(path)
        #expect(Array(bytes.prefix(3)) == [0xEF, 0xBB, 0xBF])
        let text = String(decoding: bytes.dropFirst(3), as: UTF8.self)
        #expect(
            text.hasPrefix(
                "kind,date,time,id,name,value,text,tags,type,aggregation,unit,group,builtin,period,min,max,at,range_min,range_max,source,file\r\nformat,,,,daybook,1,"
            ))
        #expect(text.contains(",\"two lines,\nthe second with \"\"quotes\"\", and a comma #multi\",multi,"))
        #expect(text.contains("\r\nvalue,2026-11-21,2026-11-21T09:30:00+00:00,,bedtime,1420,23:40,"))
        #expect(text.contains("\r\ngoal,2026-11-20,,,bedtime,,,,,,,,,,,,,,,,\r\n"))
        #expect(text.contains("\r\nsetting,,,,history-notes,off,"))
        // Raw text in the file: the bidirectional character is kept as it is.
        #expect(text.contains("bidi \u{202E}evil"))
    }

    // MARK: Markdown

    @Test func markdownIsAReadableJournal() throws {
        let d = try InProcess.fullJournal()
        let r = try d.run(["export", "--format", "markdown", "--from", "2026-11-20"])
        #expect(r.status == 0)
        #expect(
            r.stdout == """
                # Journal

                ## Friday 20 November 2026

                - **bedtime** 00:30
                - **pages** 12
                - **focus** 85%
                - **meditated** yes
                - **mood_energy** 3.333
                - **steps** 2,000 paces
                - **note** tab␉inside · written 21 Nov

                ## Saturday 21 November 2026

                - **mood** 4 good · walked by the sea #outdoors
                - **sleep** 7h 20m
                - **bedtime** 23:40
                - **weight** 72.45 kg
                - **steps** 9,120 paces
                - **09:30** call Ana, about "Sunday" #friends
                - **09:30** bidi <U+202E>evil<U+202C> text, zero<U+200B>width and 👩‍💻 #work

                """)
        let md = try d.run(["export", "--format", "markdown", "--to", "2026-11-18"]).stdout
        #expect(md.contains("## Wednesday 18 November 2026\n"))
        // Notes written later than their day: no time, and the day they were written.
        #expect(md.contains("- **note** two lines,  \n  the second with \"quotes\", and a comma #multi · written 21 Nov\n"))
        #expect(md.contains("- **note** a carriage  \n  return and a lone  \n  one · written 21 Nov\n"))
        // A note's time of day is the one given with --at, as `show` gives it.
        #expect(try d.run(["note", "early run", "--at", "07:00"]).status == 0)
        #expect(try d.run(["export", "--format", "markdown", "--from", "2026-11-21"]).stdout.contains("- **07:00** early run\n"))
        // A file named .md is Markdown without --format.
        #expect(try d.run(["export", d.directory + "/j.md"]).status == 0)
        #expect(
            try String(contentsOfFile: d.directory + "/j.md", encoding: .utf8).hasPrefix("# Journal\n\n## Wednesday"))
    }

    @Test func exportArgumentsAreChecked() throws {
        let d = try InProcess.fullJournal()
        let range = try d.run(["export", "--from", "2026-11-21", "--to", "2026-11-20"])
        #expect(range.status == 1)
        #expect(range.stderr == "error: --from 2026-11-21 is after --to 2026-11-20; give the earlier day with --from\n")
        let format = try d.run(["export", "--format", "xml"])
        #expect(format.stderr == "error: --format takes json, csv or markdown; got xml\n")
        let date = try d.run(["export", "--from", "someday"])
        #expect(date.stderr.hasPrefix("error: 'someday' is not a date"))
        let force = try d.run(["export", "--force"])
        #expect(force.status == 1)
        // A range limits the days; definitions go out whole.
        let part = try d.run(["export", "--from", "2026-11-21"]).stdout
        #expect(!part.contains("\"2026-11-20\", \"time\""))
        #expect(part.contains("\"attribute\": \"bedtime\", \"since\": \"2026-11-10\""))
    }
}
