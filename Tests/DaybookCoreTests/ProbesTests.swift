import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore
import DaybookProbes

/// The named doors to SQLite from outside the core: the benchmark's floor and the fuzz
/// target's search index.
@Suite struct ProbesTests {
    /// The probe's index is the journal's own, diacritics folded as search folds them.
    @Test func theSearchIndexProbeIsTheJournalsIndex() throws {
        let probe = try SearchIndexProbe(texts: ["Wälked by the sea #outdoors", "a quiet day"])
        #expect(try probe.matches(SearchQuery.ftsQuery(["walk"])) == [1])
        #expect(try probe.matches(SearchQuery.ftsQuery(["day"])) == [2])
        #expect(try probe.matches(SearchQuery.ftsQuery(["nothing"])).isEmpty)
        #expect(throws: DatabaseError.self) { try probe.matches("\"unclosed") }
    }

    @Test func aBaselineQueryCountsWhatTheJournalHolds() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.addNote(day: saturday.day, text: "walked #outdoors #sea")
        try journal.addNote(day: saturday.day, text: "swam #sea")
        let tags = try BaselineQuery(
            journal, "SELECT name FROM tag WHERE name LIKE ? AND removed_by IS NULL GROUP BY name ORDER BY name")
        #expect(tags.run("%") == 2)
        #expect(tags.run("s%") == 1)
        #expect(tags.run("x%") == 0)
        #expect(throws: DatabaseError.self) { try BaselineQuery(journal, "SELECT nothing FROM nowhere") }
    }
}
