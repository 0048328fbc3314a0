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
}
