import Foundation
import Synchronization
import Testing

@testable import DaybookCore
@testable import DaybookStore

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct InterruptTests {
    static let counting = "WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 1000000) SELECT i FROM c"

    @Test func theJournalInterruptsItsRunningStatement() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let statement = try journal.database.cached(InterruptTests.counting)
        #expect(try statement.step())
        journal.interrupt()
        let error = #expect(throws: DatabaseError.self) { try statement.step() }
        #expect(error?.kind == .interrupted)
        statement.reset()
        // The next statement runs as usual.
        #expect(try journal.database.scalarInt("SELECT 7") == 7)
    }

    @Test func anInterrupterKeptInAnAtomicInterruptsFromElsewhere() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let target = Atomic<Interrupter>(.none)
        target.load(ordering: .relaxed).interrupt()  // nothing to interrupt: does nothing
        target.store(journal.interrupter, ordering: .relaxed)
        #expect(target.load(ordering: .relaxed) == journal.interrupter)
        #expect(target.load(ordering: .relaxed) != .none)

        let statement = try journal.database.cached(InterruptTests.counting)
        #expect(try statement.step())
        target.load(ordering: .relaxed).interrupt()
        let error = #expect(throws: DatabaseError.self) { try statement.step() }
        #expect(error?.kind == .interrupted)
        statement.reset()
        #expect(try journal.database.scalarInt("SELECT 7") == 7)
    }

    @Test func anInterruptedChangeWritesNothing() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let error = #expect(throws: DatabaseError.self) {
            try journal.change("note", "interrupted") { id in
                try journal.database.run(
                    "INSERT INTO note (day, text, recorded_at, added_by) VALUES ('2026-11-21', 'lost', 'x', ?)",
                    [.integer(id)])
                let statement = try journal.database.cached(InterruptTests.counting)
                _ = try statement.step()
                journal.interrupter.interrupt()
                while try statement.step() {}
            }
        }
        #expect(error?.kind == .interrupted)
        #expect(try journal.database.scalarInt("SELECT count(*) FROM note") == 0)
        #expect(try journal.database.scalarInt("SELECT count(*) FROM change WHERE command = 'note'") == 0)
    }
}
