import DaybookTestSupport
import Foundation
import Testing

/// `import` and `export` at their edges that need the process: standard output as a file,
/// `TMPDIR` and the time zone from the environment, and files made by other programs. On the
/// real binary.
@Suite struct ImportExportCornerEndToEndTests {
    func write(_ text: String, _ name: String, in d: Daybook) throws -> String { try d.writeFile(text, name) }

    static let daylioHeader = "full_date,date,weekday,time,mood,activities,note_title,note\n"
}

extension ImportExportCornerEndToEndTests {
    // MARK: Export

    /// `export -` writes to standard output, as `export` without FILE does; `./-` is a file.
    @Test func exportToDashIsStandardOutput() throws {
        let d = try Daybook()
        #expect(try d.run(["mood", "4", "walked by the sea #outdoors"]).status == 0)
        #expect(try d.run(["note", "call Ana"]).status == 0)
        let script = #"cd "$D" && "$DAYBOOK" --journal "$J" export - "$@""#
        for format in [[], ["--format", "csv"], ["--format", "markdown"]] {
            let r = try d.execute("/bin/sh", ["-c", script, "sh"] + format)
            #expect(r.status == 0, "\(r.stderr)")
            #expect(r.stderr == "")
            #expect(r.stdout == (try d.run(["export"] + format)).stdout, "\(format)")
            #expect(r.stdout.contains("call Ana"))
            #expect(!FileManager.default.fileExists(atPath: d.directory + "/-"), "\(format)")
        }
        let force = try d.execute("/bin/sh", ["-c", script, "sh", "--force"])
        #expect(force.status == 1)
        #expect(
            force.stderr
                == "error: --force overwrites FILE, and no FILE is given; without one (or with -) the export goes to standard output\n"
        )
        let file = try d.execute("/bin/sh", ["-c", #"cd "$D" && "$DAYBOOK" --journal "$J" export ./-"#])
        #expect(file.status == 0, "\(file.stderr)")
        #expect(file.stdout == "")
        #expect(try String(contentsOfFile: d.directory + "/-", encoding: .utf8) == (try d.run(["export"])).stdout)
    }
}

extension ImportExportCornerEndToEndTests {
    // MARK: A journal that is not there yet

    /// A dry run, and an import that fails, create no journal (nor its folders) where there is
    /// none yet; an import that writes does.
    @Test func onlyAnImportThatWritesCreatesTheJournal() throws {
        let d = try Daybook()
        let folder = d.directory + "/newdir"
        let journal = folder + "/sub/x.sqlite3"
        try FileManager.default.createDirectory(atPath: d.directory + "/tmp", withIntermediateDirectories: true)
        d.environment["TMPDIR"] = d.directory + "/tmp"
        let empty = try write(Self.daylioHeader, "empty.csv", in: d)
        let future = try write(Self.daylioHeader + "2026-11-22,November 22,Sunday,9:00 pm,rad,\"\",\"\",\"\"\n", "future.csv", in: d)
        let good = try write(Self.daylioHeader + "2026-11-20,November 20,Friday,9:00 pm,rad,\"\",\"\",\"fine\"\n", "good.csv", in: d)
        let cases: [([String], Int32, String)] = [
            (["import", "daylio", empty], 1, "error: \(empty): the file holds no entries; nothing was written\n"),
            (
                ["import", "daylio", future], 1,
                "error: \(future): line 2: 2026-11-22 is after today (2026-11-21); daybook writes nothing for days to come. Check the computer's date; nothing was written\n"
            ),
            (["import", "daylio", good, "--dry-run"], 0, ""),
        ]
        for (arguments, status, stderr) in cases {
            let r = try d.run(["--journal", journal] + arguments, journalFlag: false)
            #expect(r.status == status, "\(arguments): \(r.stderr)")
            #expect(r.stderr == stderr, "\(arguments)")
            #expect(!FileManager.default.fileExists(atPath: folder), "\(arguments)")
        }
        let dry = try d.run(["--journal", journal, "import", "daylio", good, "--dry-run"], journalFlag: false)
        #expect(dry.stdout == "would import 1 day, 1 entry, 0 tags, 0 conflicts\n")
        // Nothing is left in the temporary folder either.
        let temporary = try FileManager.default.contentsOfDirectory(atPath: d.directory + "/tmp")
        #expect(temporary.isEmpty, "\(temporary)")

        let r = try d.run(["--journal", journal, "import", "daylio", good], journalFlag: false)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "imported 1 day, 1 entry, 0 tags, 0 conflicts\n")
        let text = try d.execute("/usr/bin/sqlite3", [journal, "SELECT text FROM note"])
        #expect(text.stdout == "fine\n")
    }
}

extension ImportExportCornerEndToEndTests {
    /// An SQLite database, a gzip file and a zip archive are named as what they are, not as
    /// text that is not UTF-8, whatever import reads them.
    @Test func binaryFilesAreNamed() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "already here"]).status == 0)
        let before = try d.liveCounts()
        let other = try Daybook()
        #expect(try other.run(["note", "in another journal"]).status == 0)
        let json = try write(try other.run(["export"]).stdout, "export.json", in: d)
        #expect(try d.execute("/bin/gzip", ["-k", json]).status == 0)
        let zip = d.directory + "/backup.daylio"
        try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0, 0, 0, 0x08, 0] + Array("backup.json".utf8) + [0xFF, 0xFE, 0x00])
            .write(to: URL(fileURLWithPath: zip))
        let reads = "import reads daybook's JSON or CSV export, or Daylio's or jrnl's (import daylio FILE, import jrnl FILE)"
        let cases = [
            (
                other.journal,
                "this is an SQLite database, not a text file; \(reads). A daybook journal is read by exporting it: daybook --journal FILE export journal.json"
            ),
            (json + ".gz", "this is a gzip-compressed file, not a text file; uncompress it (gunzip) and import the file it holds"),
            (
                zip,
                "this is a zip archive, not a text file (a Daylio backup, .daylio, is one); \(reads): export Daylio's entries as CSV, or unzip the archive and import the file it holds"
            ),
        ]
        for (path, message) in cases {
            for source in [[], ["daylio"], ["jrnl"]] {
                let r = try d.run(["import"] + source + [path])
                #expect(r.status == 1, "\(source) \(path)")
                #expect(r.stderr == "error: \(path): \(message); nothing was written\n", "\(source) \(path)")
            }
        }
        #expect(try d.liveCounts() == before)
    }
}

extension ImportExportCornerEndToEndTests {
    /// Daylio and jrnl write local times: the same file imported again after the computer's
    /// time zone changed matches what the first import wrote, by day and local time of day.
    @Test func importingAgainInAnotherTimeZoneWritesNothing() throws {
        let daylio = Self.daylioHeader
            + "2026-11-20,November 20,Friday,9:00 pm,good,\"walk\",\"\",\"by the sea\"\n"
            + "2026-07-01,July 1,Wednesday,8:15 am,rad,\"\",\"\",\"summer\"\n"
        let jrnl = "[2026-11-20 21:00] Evening.\nA quiet one.\n\n[2026-07-01 08:15] Morning.\n"
        for (source, text) in [("daylio", daylio), ("jrnl", jrnl)] {
            let d = try Daybook()
            let path = try write(text, "file.txt", in: d)
            d.environment["TZ"] = "Europe/Berlin"
            let first = try d.run(["import", source, path])
            #expect(first.status == 0, "\(source): \(first.stderr)")
            #expect(
                try d.sql("SELECT group_concat(recorded_at, ' ') FROM (SELECT recorded_at FROM note ORDER BY day)")
                    == "2026-07-01T08:15:00+02:00 2026-11-20T21:00:00+01:00", "\(source)")
            let before = try d.liveCounts()
            d.environment["TZ"] = "America/New_York"
            let dry = try d.run(["import", source, path, "--dry-run"])
            #expect(dry.stdout == "would import 0 days, 0 entries, 0 tags, 0 conflicts\n", "\(source)")
            let again = try d.run(["import", source, path])
            #expect(again.status == 0, "\(source): \(again.stderr)")
            #expect(again.stderr == "nothing to import: the journal already holds what \(path) holds\n", "\(source)")
            #expect(try d.liveCounts() == before, "\(source)")
        }
        // daybook's own export keeps matching instants: a note at the same local time with
        // another offset is another note.
        let d = try Daybook()
        let own = try write(
            """
            {"format": "daybook", "version": 1,
            "notes": [{"id": 1, "date": "2026-11-20", "time": "2026-11-20T21:00:00+01:00", "at": null, "text": "x", "tags": []}]}

            """, "a.json", in: d)
        #expect(try d.run(["import", own]).status == 0)
        let shifted = try write(
            try String(contentsOfFile: own, encoding: .utf8).replacingOccurrences(of: "+01:00", with: "-05:00"), "b.json",
            in: d)
        let r = try d.run(["import", shifted])
        #expect(r.stderr == "imported 1 day, 1 entry, 0 tags, 0 conflicts\n")
    }
}
