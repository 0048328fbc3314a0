import Foundation
import Testing

/// A jrnl entry without text becomes no note, so that every journal an import writes can be
/// exported and imported again.
@Suite struct ImportEmptyEntryTests {
    func write(_ text: String, _ name: String, in d: InProcess) throws -> String {
        let path = d.directory + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test func anEntryWithoutTextIsSkippedAndTheExportImportsAgain() throws {
        // A date alone, a date and spaces with a line of spaces under it, a tagged entry, and a
        // starred one without text, which keeps its star.
        let jrnl =
            "[2026-11-05 10:00] \n[2026-11-05 11:00]    \n   \n"
            + "[2026-11-06 09:00] A walk by the sea @outdoors\n[2026-11-07 09:00] *\n"
        let d = try InProcess()
        let path = try write(jrnl, "j.txt", in: d)
        let dry = try d.run(["import", "jrnl", path, "--dry-run"])
        #expect(dry.stdout == "would import 2 days, 2 entries, 2 tags, 0 conflicts; 2 entries without text skipped\n")
        let r = try d.run(["import", "jrnl", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "imported 2 days, 2 entries, 2 tags, 0 conflicts; 2 entries without text skipped\n")
        #expect(try d.sql("SELECT count(*) FROM note WHERE trim(text, ' ' || char(10)) = ''") == "0")
        #expect(try d.sql("SELECT text FROM note ORDER BY day") == "A walk by the sea #outdoors\n#starred")

        let export = d.directory + "/e.json"
        #expect(try d.run(["export", export]).status == 0)
        let other = try InProcess()
        let again = try other.run(["import", export])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try other.sql("SELECT text FROM note ORDER BY day") == "A walk by the sea #outdoors\n#starred")
    }

    /// A file of entries without text holds nothing to import, and says why.
    @Test func aFileOfEmptyEntriesWritesNothing() throws {
        let d = try InProcess()
        let path = try write("[2026-11-05 10:00] \n[2026-11-06 10:00]\n", "j.txt", in: d)
        let r = try d.run(["import", "jrnl", path])
        #expect(r.status == 1)
        #expect(r.stderr == "error: \(path): the file holds no entries with text; nothing was written\n")
        #expect(!FileManager.default.fileExists(atPath: d.journal))
    }

    /// jrnl's JSON export with an entry of spaces: the same.
    @Test func anEmptyEntryOfJrnlsJSONIsSkipped() throws {
        let json = """
            {"entries": [{"date": "2026-11-05", "time": "10:00", "title": " ", "body": "", "tags": [], "starred": false},
            {"date": "2026-11-06", "time": "10:00", "title": "kept", "body": "", "tags": [], "starred": false}]}

            """
        let d = try InProcess()
        let path = try write(json, "j.json", in: d)
        let r = try d.run(["import", "jrnl", path])
        #expect(r.stderr == "imported 1 day, 1 entry, 0 tags, 0 conflicts; 1 entry without text skipped\n")
        #expect(try d.sql("SELECT text FROM note") == "kept")
    }
}
