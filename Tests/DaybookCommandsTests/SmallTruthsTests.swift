import Foundation
import Testing

/// What search and export say is true: a time shown is one of the day shown, and a file is
/// written in the form its name says or refused. The clock is pinned to Saturday 2026-11-21 09:30.
@Suite struct SmallTruthsTests {
    /// A note written today for yesterday has no time of yesterday: its time is not shown.
    @Test func searchShowsNoTimeFromAnotherDay() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "written for yesterday", "--on", "yesterday"]).status == 0)
        #expect(try d.run(["note", "written today"]).status == 0)
        #expect(
            try d.run(["search"]).stdout == """
                2026-11-21 09:30  n2  written today
                2026-11-20   —    n1  written for yesterday

                """)
    }

    /// A file name that asks for a form export does not write is refused, and nothing is
    /// written; --format says what to write whatever the name.
    @Test func exportRefusesAFormItDoesNotWrite() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "x"]).status == 0)
        let path = d.directory + "/out.xlsx"
        let r = try d.run(["export", path])
        #expect(r.status != 0)
        #expect(
            r.stderr
                == "error: export writes JSON, CSV or Markdown, not .xlsx; name the file .json, .csv or .md, or give --format json, csv or markdown\n"
        )
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try d.run(["export", path, "--format", "json"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try d.run(["export", d.directory + "/plain"]).status == 0)
    }

    /// With --keep, the values kept as the journal has them are not counted as imported.
    @Test func importWithKeepCountsWhatItImported() throws {
        let d = try InProcess()
        let csv = d.directory + "/k.csv"
        try "date,steps\n2026-11-18,5000\n2026-11-19,6000\n2026-11-20,7000\n2026-11-21,8000\n".write(
            toFile: csv, atomically: true, encoding: .utf8)
        #expect(try d.run(["log", "steps", "100", "--on", "2026-11-18"]).status == 0)
        #expect(try d.run(["log", "steps", "200", "--on", "2026-11-19"]).status == 0)
        let r = try d.run(["import", "csv", csv, "--date", "date", "--map", "steps=steps", "--keep"])
        #expect(r.status == 0, "\(r.stderr)")
        let all = r.stdout + r.stderr
        #expect(all.contains("imported from CSV (k.csv): 2 of 4 values on 4 days"), "\(all)")
        #expect(all.contains("2 new day values, 0 replaced, 0 already there, 2 kept as the journal has them"), "\(all)")
        #expect(try d.sql("SELECT group_concat(value) FROM (SELECT value FROM day_value ORDER BY day)") == "100.0,200.0,7000.0,8000.0")
    }

    /// `today` of a day whose note was written the day after shows no time of that other day,
    /// as `show` does; a note given `--at` shows the time it is about.
    @Test func todayShowsNoTimeFromAnotherDay() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "written the day after", "--on", "yesterday"]).status == 0)
        #expect(try d.run(["note", "breakfast out", "--on", "yesterday", "--at", "08:15"]).status == 0)
        let out = try d.run(["today", "yesterday"]).stdout
        #expect(out.contains("│ note written the day after"), "\(out)")
        #expect(out.contains("│ 08:15 breakfast out"), "\(out)")
        #expect(!out.contains("09:30"), "\(out)")
    }
}
