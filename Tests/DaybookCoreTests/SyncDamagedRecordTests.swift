import Foundation
import Testing

@testable import DaybookCore

/// A file whose checksum holds but whose records hold fields daybook never writes refuses the
/// whole sync, names what was wrong, and leaves the journal as it was.
@Suite struct SyncDamagedRecordTests {
    static let cases: [(table: String, fields: [String?], column: String)] = [
        ("mood", ["yesterday", "4", "", "2025-06-07T10:00:00Z"], "day"),
        ("mood", ["2025-06-07", "four", "", "2025-06-07T10:00:00Z"], "rating"),
        ("note", ["0123456789abcdef0123456789abcdef", "1", "2025-06-07", nil, "2025-06-07T10:00:00Z", nil], "text"),
        ("note", ["0123456789abcdef0123456789abcdef", "1", "2025-06-07", "hi", "2025-06-07T10:00:00Z", "noon"], "at"),
        ("entry", ["steps", "2025-06-07", "lots", "2025-06-07T10:00:00Z", nil, nil], "value"),
        ("attribute", ["reading", "colour", "sum", "", "other", "0", nil, nil], "type"),
        ("attribute", ["reading", "count", "median", "", "other", "0", nil, nil], "aggregation"),
        ("goal", ["steps", "2025-06-07", "hourly", "1000", nil, "0"], "period"),
        ("setting", ["week-start", nil], "value"),
    ]

    @Test(arguments: 0..<cases.count)
    func aRecordThatDaybookNeverWritesRefusesTheSync(index: Int) throws {
        let (table, fields, column) = Self.cases[index]
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        try b.journal.addNote(day: saturday.day, text: "kept")
        let record = SyncRecord(
            table: table, gid: "fedcba9876543210fedcba9876543210", live: true, hlc: 1, device: a.id, fields: fields)
        let file = SyncFile(schema: Schema.version, device: a.id, name: "a", seq: 1, records: [record])
        try FileManager.default.createDirectory(atPath: a.folder + "/" + a.id, withIntermediateDirectories: true)
        try Data(file.encoded().bytes).write(
            to: URL(fileURLWithPath: a.folder + "/" + a.id + "/" + SyncFile.fileName(1)))
        let before = try SyncFixtures.canonical(b.journal)
        do {
            try b.sync()
            Issue.record("a \(table) record with a bad \(column) was applied")
        } catch let refused as SyncRefused {
            #expect(refused.description.contains("a \(table) record from a is damaged: its \(column) "))
        }
        #expect(try SyncFixtures.canonical(b.journal) == before)
        #expect(try b.journal.pendingSyncChanges() == 1)
        let rows = try b.journal.database.scalarInt("SELECT count(*) FROM \(table) WHERE gid = ?", [.text(record.gid)])
        #expect(rows == 0)
    }
}
