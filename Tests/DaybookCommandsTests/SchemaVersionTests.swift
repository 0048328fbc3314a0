import Foundation
import Testing

/// A journal whose schema version is one daybook cannot migrate from: one line that says so,
/// and the journal as it was.
@Suite struct SchemaVersionTests {
    @Test func aNegativeSchemaVersionIsRefusedInOneLine() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "x"]).status == 0)
        #expect(try d.sql("PRAGMA user_version = -3") == "")
        let before = try #require(d.journalBytes())
        for command in [["show"], ["note", "y"], ["undo"]] {
            let r = try d.run(command)
            #expect(r.status == 1)
            #expect(r.stderr == "error: journal \(d.journal) has schema version -3, which no daybook writes; it was left untouched\n")
        }
        #expect(d.journalBytes() == before)
        #expect(try d.sql("PRAGMA user_version") == "-3")
    }

    @Test func aMigrationThatFailsSaysWhichStepAndWritesNothing() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "x"]).status == 0)
        let current = try d.sql("PRAGMA user_version")
        // The tables of the current schema under the version of schema 3: step 4 adds nid again.
        #expect(try d.sql("PRAGMA user_version = 3") == "")
        let r = try d.run(["show"])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: cannot upgrade journal \(d.journal) from schema 3 to \(current): step 4 failed (duplicate column name: nid), so its tables are not those of schema 3 that it claims; it was left untouched\n"
        )
        #expect(try d.sql("PRAGMA user_version") == "3")
        #expect(try d.sql("SELECT text FROM note") == "x")
    }
}
