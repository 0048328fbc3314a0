import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// A record that no device should send (a field daybook never writes there, a value that
/// cannot be true, a rating outside 1-5, an unknown setting), in a file that is otherwise whole:
/// that record is left out and named (device, file, table and field), the rest of the file is
/// applied, and the sync goes on; nothing of the record is stored, and every journal stays
/// readable.
@Suite struct SyncDamagedRecordTests {
    static let cases: [(table: String, fields: [String?], column: String)] = [
        ("mood", ["yesterday", "4", "", "2025-06-07T10:00:00Z"], "day"),
        ("mood", ["2025-06-07", "four", "", "2025-06-07T10:00:00Z"], "rating"),
        ("mood", ["2025-06-07", "9", "", "2025-06-07T10:00:00Z"], "rating"),
        ("mood", ["2025-06-07", "0", "", "2025-06-07T10:00:00Z"], "rating"),
        ("note", ["0123456789abcdef0123456789abcdef", "1", "2025-06-07", nil, "2025-06-07T10:00:00Z", nil], "text"),
        ("note", ["0123456789abcdef0123456789abcdef", "1", "2025-06-07", "hi", "2025-06-07T10:00:00Z", "noon"], "at"),
        ("note", ["0123456789abcdef0123456789abcdef", "1", "2025-06-07", "hi", "2025-06-07T10:00:00Z", "5000"], "at"),
        ("entry", ["steps", "2025-06-07", "lots", "2025-06-07T10:00:00Z", nil, nil], "value"),
        ("entry", ["steps", "2025-06-07", "inf", "2025-06-07T10:00:00Z", nil, nil], "value"),
        ("entry", ["steps", "2025-06-07", "-inf", "2025-06-07T10:00:00Z", nil, nil], "value"),
        ("entry", ["steps", "2025-06-07", "nan", "2025-06-07T10:00:00Z", nil, nil], "value"),
        ("entry", ["steps", "2025-06-07", "1e308", "2025-06-07T10:00:00Z", nil, nil], "value"),
        ("entry", ["steps", "2025-06-07", "-5", "2025-06-07T10:00:00Z", nil, nil], "value"),
        ("entry", ["sleep", "2025-06-07", "2000", "2025-06-07T10:00:00Z", nil, nil], "value"),
        ("attribute", ["reading", "colour", "sum", "", "other", "0", nil, nil], "type"),
        ("attribute", ["reading", "count", "median", "", "other", "0", nil, nil], "aggregation"),
        ("attribute", ["reading", "count", "sum", "", "other", "0", "nan", nil], "range_min"),
        ("goal", ["steps", "2025-06-07", "hourly", "1000", nil, "0"], "period"),
        ("goal", ["steps", "2025-06-07", "daily", "inf", nil, "0"], "min"),
        ("setting", ["week-start", nil], "name"),
        ("setting", ["day-start", "25:99"], "value"),
        ("setting", ["day-order", nil], "value"),
    ]

    @Test(arguments: 0..<cases.count)
    func aRecordThatDaybookNeverWritesIsLeftOutAndNamed(index: Int) throws {
        let (table, fields, column) = Self.cases[index]
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        try b.journal.addNote(day: saturday.day, text: "kept")
        let bad = SyncRecord(
            table: table, gid: "fedcba9876543210fedcba9876543210", live: true, hlc: 1, device: a.id, fields: fields)
        let good = SyncRecord(
            table: "note", gid: "00000000000000000000000000000001", live: true, hlc: 2, device: a.id,
            fields: ["00000000000000000000000000000001", "7", "2025-06-07", "sent beside it", "2025-06-07T10:00:00Z", nil])
        let file = SyncFile(schema: Schema.version, device: a.id, name: "a", seq: 1, records: [bad, good])
        try FileManager.default.createDirectory(atPath: a.folder + "/" + a.id, withIntermediateDirectories: true)
        try Data(file.encoded().bytes).write(
            to: URL(fileURLWithPath: a.folder + "/" + a.id + "/" + SyncFile.fileName(1)))
        let report = try b.sync()
        #expect(report.refused.count == 1)
        let refused = try #require(report.refused.first)
        #expect(refused.table == table && refused.field == column && refused.device == "a")
        #expect(refused.file == a.id + "/000000000001.daybook-sync")
        let rows = try b.journal.database.scalarInt("SELECT count(*) FROM \(table) WHERE gid = ?", [.text(bad.gid)])
        #expect(rows == 0)
        // The rest of the file is applied, and the file is not read again.
        #expect(try b.journal.exportData().notes.map(\.text).sorted() == ["kept", "sent beside it"])
        #expect(try b.sync().refused.isEmpty)
        // Every read still works on the journal.
        _ = try b.journal.exportData()
        try b.journal.flushDerived()
    }

    /// A record stamped with a clock far ahead (Int64's largest) is not applied, cannot pin this
    /// device's clock, and its file is tried again at each sync; the other devices' files are
    /// applied as usual and the journals still converge.
    @Test func aClockFromTheFarFutureCannotPinTheOthers() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        let c = try SyncFixtures.device(dir, "c")
        let future = SyncRecord(
            table: "mood", gid: "fedcba9876543210fedcba9876543210", live: true, hlc: Int64.max, device: a.id,
            fields: ["2025-06-07", "3", "", "2025-06-07T10:00:00Z"])
        let file = SyncFile(schema: Schema.version, device: a.id, name: "a", seq: 1, records: [future])
        try FileManager.default.createDirectory(atPath: a.folder + "/" + a.id, withIntermediateDirectories: true)
        try Data(file.encoded().bytes).write(
            to: URL(fileURLWithPath: a.folder + "/" + a.id + "/" + SyncFile.fileName(1)))
        try b.journal.setMood(day: saturday.day, rating: 5, note: "")
        let report = try b.sync()
        #expect(report.ignored.contains { $0.why.isClockAhead })
        let clock = try #require(try b.journal.database.scalarInt("SELECT hlc FROM sync_device"))
        #expect(clock < Int64(Date().timeIntervalSince1970 * 1000) + 2 * 86_400_000)
        try c.sync()
        try b.sync()
        try c.sync()
        #expect(try b.journal.exportData().moods.map(\.rating) == [5])
        #expect(try c.journal.exportData().moods.map(\.rating) == [5])
        #expect(try b.sync().ignored.contains { $0.why.isClockAhead })
    }
}

extension SyncUnread.Why {
    var isClockAhead: Bool {
        if case .clockAhead = self { return true }
        return false
    }
}
