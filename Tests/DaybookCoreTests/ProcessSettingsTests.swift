import CSQLite
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// SQLite's settings for the whole process (`Database+Process.swift`), made by the first
/// `Database` opened: SQLite keeps no count of its memory, so no allocation takes its mutex.
@Suite struct ProcessSettingsTests {
    @Test func sqliteCountsNoMemory() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        #expect(try journal.database.scalarInt("SELECT count(*) FROM sqlite_schema") ?? 0 > 0)
        #expect(Database.configured)
        // With the count on, this is the bytes SQLite holds now: the open journal's schema and cache.
        #expect(sqlite3_memory_used() == 0)
    }
}
