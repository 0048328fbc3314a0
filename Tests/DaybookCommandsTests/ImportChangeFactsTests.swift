import DaybookCore
import DaybookStore
import DaybookViews
import Foundation
import Testing

/// An import records what it wrote as facts (`ChangeDescription`), as the journal's own changes
/// do; the views word them, and the core is given no words for the change log.
@Suite struct ImportChangeFactsTests {
    func facts(_ d: InProcess) throws -> ChangeDescription {
        let stored = try d.sql("SELECT replace(facts, char(10), '|') FROM change WHERE command = 'import'")
        return try #require(ChangeDescription(stored: stored.replacing("|", with: "\n")), "\(stored)")
    }

    @Test func anImportOfAFileRecordsItsCounts() throws {
        let from = try InProcess()
        for line in ["mood 4 good day", "log steps 9120 --on yesterday", "note walked #outdoors #sea"] {
            let r = try from.run(input: line + "\n")
            #expect(r.status == 0, "\(line): \(r.stderr)")
        }
        let file = from.directory + "/week.json"
        #expect(try from.run(["export", file]).status == 0)

        let d = try InProcess()
        let r = try d.run(["import", file])
        #expect(r.status == 0, "\(r.stderr)")
        let description = try facts(d)
        #expect(description.kind == "import")
        #expect(description.value("file") == "week.json")
        #expect(description.value("days") == "2")
        #expect(description.value("entries") == "2")
        #expect(description.value("tags") == "2")
        #expect(description.value("source") == nil)
        // The text beside the facts names the file alone, for a daybook that reads no facts.
        #expect(try d.sql("SELECT summary FROM change WHERE command = 'import'") == "import week.json")
        // undo words the facts, whatever the text holds.
        #expect(try d.sql("UPDATE change SET summary = 'something else' WHERE command = 'import'") == "")
        #expect(try d.run(["undo"]).stderr == "undid: import week.json: 2 days, 2 entries, 2 tags\n")
    }

    @Test func aHealthImportRecordsItsSourceAndItsValues() throws {
        let d = try InProcess()
        let file = d.directory + "/Daily activity metrics.csv"
        try "Date,Step count\n2026-11-19,9120\n2026-11-20,12480\n".write(toFile: file, atomically: true, encoding: .utf8)
        let r = try d.run(["import", "googlefit", file])
        #expect(r.status == 0, "\(r.stderr)")
        let description = try facts(d)
        #expect(description.value("file") == "Daily activity metrics.csv")
        #expect(description.value("source") == "Google Fit")
        #expect(description.value("values") == "2")
        #expect(try d.sql("UPDATE change SET summary = 'something else' WHERE command = 'import'") == "")
        #expect(try d.run(["undo"]).stderr == "undid: import Daily activity metrics.csv (Google Fit): 2 day values\n")
    }
}
