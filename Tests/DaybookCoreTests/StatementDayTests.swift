import Testing

@testable import DaybookCore
@testable import DaybookStore

/// `Statement.day` reads `YYYY-MM-DD` columns without a String, as `Day.parseISO` would.
@Suite struct StatementDayTests {
    @Test func readsWhatParseISOReadsAndNothingElse() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let texts = [
            "2026-11-21", "2024-02-29", "0001-01-01", "2026-02-30", "2026-1-05", "2026/11/21", "", "2026-11-21 ",
        ]
        for text in texts {
            let read = try journal.database.first("SELECT ?", [.text(text)]) { $0.day(0) } ?? nil
            #expect(read == Day.parseISO(text), "\(text)")
        }
        #expect(try journal.database.first("SELECT NULL") { $0.day(0) } ?? nil == nil)
        #expect(try journal.database.first("SELECT 20261121") { $0.day(0) } ?? nil == nil)
        #expect(try journal.database.first("SELECT '2026-11-21'") { $0.day(0) } == Day(year: 2026, month: 11, day: 21))
    }
}
