import Foundation
import Testing

/// `export` and `import` on the real binary: the byte-for-byte round trip of daybook's own
/// export, every import form on the fixtures of Tests/DaybookCoreTests/Fixtures, merging and
/// conflicts, --dry-run, undo of a whole import, bad files, and the export file's safety.
@Suite struct ImportExportTests {
    static let fixtures = Daybook.packageRoot + "/Tests/DaybookCoreTests/Fixtures/"

    /// A journal with every kind of data: moods (one overwritten), notes with commas, quotes,
    /// line breaks, a tab, a carriage return, bidirectional and zero-width characters and an
    /// emoji sequence, a note undone (a gap in the ids), values of every type (times of day,
    /// durations, percentages, yes/no, decimals), tracked attributes, built-ins tracked again
    /// (one the same, so that only the order changes), goal history (changed, ended) and settings.
    func fullJournal() throws -> Daybook {
        let d = try Daybook()
        let script = """
            track pages count unit pages group productivity
            track focus percentage
            track meditated yesno
            track mood_energy decimal average
            track steps count sum unit paces
            track water count sum unit glasses group food
            mood 2 rough start --on 2026-11-19
            mood 3 better, "much" better #better --on 2026-11-19
            mood 4 walked by the sea #outdoors
            note "call Ana, about \\"Sunday\\" #friends"
            note to be undone
            undo
            note "bidi \u{202E}evil\u{202C} text, zero\u{200B}width and 👩\u{200D}💻 #work"
            note "tab\tinside" --on 2026-11-20
            log steps 9120 sleep 7h20m bedtime 23:40 weight 72.45
            log steps 1000 bedtime 00:30 --on 2026-11-20
            log steps 1000 --on 2026-11-20
            log pages 12 focus 85% meditated yes mood_energy 3.333 --on 2026-11-20
            log productive 1:45 water 8 sleep 7.333h --on 2026-11-18
            goal steps 8000 --on 2026-11-01
            goal steps 10000 weekly --on 2026-11-15
            goal sleep 7h..9h
            goal bedtime 23:00..00:30 --on 2026-11-10
            goal bedtime off --on 2026-11-20
            set color never
            set history-notes off

            """
        let r = try d.run(input: script)
        #expect(r.status == 0, "\(r.stderr)")
        // Notes of several lines come in through one-shot commands (argv keeps line breaks).
        for note in [
            "two lines,\nthe second with \"quotes\", and a comma #multi", "a carriage\r\nreturn and a lone\rone",
            "\n\nblank lines around\n\n",
        ] {
            let n = try d.run(["note", note, "--on", "2026-11-18"])
            #expect(n.status == 0, "\(n.stderr)")
        }
        return d
    }

    func read(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    func count(_ d: Daybook, _ table: String) throws -> String {
        try d.sql("SELECT count(*) FROM \(table) WHERE removed_by IS NULL")
    }

    /// The journal's live rows.
    func live(_ d: Daybook) throws -> String {
        try ["mood", "note", "tag", "entry", "attribute", "setting", "goal"].map { try count(d, $0) }.joined(
            separator: ",")
    }

    /// The journal's live rows and its change log, to show that something wrote nothing.
    func state(_ d: Daybook) throws -> String {
        try live(d) + "," + d.sql("SELECT count(*) FROM change")
    }

    // MARK: The round trip

    /// The notes' ids, live or not, in order.
    func noteIDs(_ d: Daybook, live: Bool = true) throws -> String {
        try d.sql(
            "SELECT group_concat(nid, ' ') FROM (SELECT DISTINCT nid FROM note \(live ? "WHERE removed_by IS NULL" : "") ORDER BY nid)")
    }

    @Test(arguments: ["json", "csv"])
    func exportImportExportIsByteIdentical(format: String) throws {
        let d = try fullJournal()
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

        let fresh = try Daybook()
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
        let d = try Daybook()
        for line in ["note one", "note two", "note three", "note four"] {
            #expect(try d.run(line.split(separator: " ").map(String.init)).status == 0)
        }
        let file = d.directory + "/a.json"
        #expect(try d.run(["export", file]).status == 0)

        // Here n1 is a note, row 2 an old version of n1, and n3 a note deleted.
        let other = try Daybook()
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
        let d = try fullJournal()
        let json = d.directory + "/a.json"
        let csv = d.directory + "/a.csv"
        #expect(try d.run(["export", json]).status == 0)
        #expect(try d.run(["export", csv]).status == 0)
        let fresh = try Daybook()
        #expect(try fresh.run(["import", csv]).status == 0)
        let again = fresh.directory + "/b.json"
        #expect(try fresh.run(["export", again]).status == 0)
        #expect(try read(json) == (try read(again)))
    }

    @Test func theJSONExportReadsAsDocumented() throws {
        let d = try fullJournal()
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
        let d = try Daybook()
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
        let fresh = try Daybook()
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
        let d = try fullJournal()
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
        let d = try fullJournal()
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

    // MARK: The export file

    @Test func anExistingFileIsNeverOverwrittenWithoutForce() throws {
        let d = try fullJournal()
        let path = d.directory + "/out.json"
        try "precious".write(toFile: path, atomically: false, encoding: .utf8)
        let r = try d.run(["export", path])
        #expect(r.status == 1)
        #expect(r.stderr == "error: \(path) exists; give --force to overwrite it. Nothing was written\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        chmod(path, 0o644)
        let f = try d.run(["export", path, "--force"])
        #expect(f.status == 0, "\(f.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("{\n  \"format\": \"daybook\""))
        #expect(try mode(path) == 0o600)
        // A folder is refused.
        let folder = try d.run(["export", d.directory, "--force"])
        #expect(folder.status == 1)
        #expect(folder.stderr.contains("is a folder"))
    }

    @Test func theFileIsCreatedPrivate() throws {
        let d = try fullJournal()
        let path = d.directory + "/new.csv"
        // Whatever the umask: the test process's is inherited.
        let old = umask(0)
        defer { umask(old) }
        #expect(try d.run(["export", path]).status == 0)
        #expect(try mode(path) == 0o600)
    }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }

    @Test func exportArgumentsAreChecked() throws {
        let d = try fullJournal()
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

    // MARK: Daylio

    func importing(_ arguments: [String], into d: Daybook? = nil) throws -> (Daybook, RunResult) {
        let d = try d ?? Daybook()
        return (d, try d.run(["import"] + arguments))
    }

    func showJSON(_ d: Daybook, _ day: String) throws -> [String: Any] {
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
        let d = try Daybook()
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
        let d = try Daybook()
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
        let d = try fullJournal()
        let path = d.directory + "/all.json"
        #expect(try d.run(["export", path]).status == 0)
        let other = try Daybook()
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
        let d = try Daybook()
        #expect(try d.run(["note", "before the import"]).status == 0)
        let before = try d.run(["export"]).stdout
        let shown = try d.run(["show", "--json"]).stdout
        let file = d.directory + "/full.json"
        let full = try fullJournal()
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
        let d = try Daybook()
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
        let d = try fullJournal()
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
        let d = try Daybook()
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
        ] {
            let r = try d.run(arguments)
            #expect(r.status == 64, "\(arguments)")
            #expect(r.stderr == message, "\(arguments)")
        }
    }

    @Test func importInAScriptIsOneLine() throws {
        let d = try Daybook()
        let script =
            "note before\nimport daylio \(Self.fixtures)daylio-en.csv\nimport daylio \(Self.fixtures)daylio-custom-moods.csv\nnote after\n"
        let r = try d.run(input: script)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("<stdin>:3: error: \(Self.fixtures)daylio-custom-moods.csv: 2 mood labels have no rating"))
        #expect(try count(d, "note") == "7")
    }
}
