import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// Each table's insert in its two forms (`RowInserts`): the synced form names the plain form's
/// columns, in the same order, and then the sync columns (a note's `ngid` last), has a mark for
/// each column, and both prepare against a journal's schema.
@Suite struct RowInsertTests {
    /// The table, the columns and the number of marks of an `INSERT INTO t (a, b) VALUES (?, ?)`.
    func parts(_ sql: String) -> (table: String, columns: [String], marks: Int)? {
        guard sql.hasPrefix("INSERT INTO "), let open = sql.firstIndex(of: "("),
            let close = sql[open...].firstIndex(of: ")"), let values = sql.range(of: " VALUES (")
        else { return nil }
        let table = sql[sql.index(sql.startIndex, offsetBy: 12)..<open].trimmingCharacters(in: .whitespaces)
        let columns = sql[sql.index(after: open)..<close].split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        let marks = sql[values.upperBound...].filter { $0 == "?" }.count
        return (table, columns, marks)
    }

    @Test func theSyncedFormIsThePlainOneAndTheSyncColumns() throws {
        #expect(RowInserts.all.count == 7)
        for (table, insert) in RowInserts.all {
            let plain = try #require(parts(insert.plain), "\(insert.plain)")
            let synced = try #require(parts(insert.synced), "\(insert.synced)")
            #expect(plain.table == table && synced.table == table)
            #expect(plain.marks == plain.columns.count, "\(insert.plain)")
            #expect(synced.marks == synced.columns.count, "\(insert.synced)")
            let expected = plain.columns + RowInserts.syncColumns + (insert.carriesNoteGID ? ["ngid"] : [])
            #expect(synced.columns == expected, "\(table): \(synced.columns)")
            #expect(insert.carriesNoteGID == (table == "note"))
        }
        // The check can fail: a synced form with a column of its own.
        let drifted = try #require(parts(RowInserts.setting.synced.replacingOccurrences(of: "value, ", with: "")))
        #expect(drifted.columns != (try #require(parts(RowInserts.setting.plain))).columns + RowInserts.syncColumns)
    }

    @Test func bothFormsPrepareAgainstTheSchema() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        for (_, insert) in RowInserts.all {
            _ = try journal.database.cached(insert.plain)
            _ = try journal.database.cached(insert.synced)
        }
        #expect(throws: (any Error).self) { _ = try journal.database.cached("INSERT INTO setting (nonesuch) VALUES (?)") }
    }
}
