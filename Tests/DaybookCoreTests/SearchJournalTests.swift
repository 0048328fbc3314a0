import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

@Suite struct SearchJournalTests {
    @Test func searchFollowsEditsDeletionsAndUndo() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let day = saturday.day
        try journal.addNote(day: day, text: "Wälked to the café #walk")
        try journal.setMood(day: day.adding(days: -1), rating: 3, note: "slow walk in the rain")
        func found(_ words: String...) throws -> [String] {
            try journal.search(SearchQuery(words: words)).hits.map(\.text)
        }
        #expect(try found("walk") == ["Wälked to the café #walk", "slow walk in the rain"])
        #expect(try found("CAFE", "walked") == ["Wälked to the café #walk"])
        try journal.editNote(NoteID(1), text: "drove to the market")
        #expect(try found("walk") == ["slow walk in the rain"])
        #expect(try found("market") == ["drove to the market"])
        try journal.deleteMood(day: day.adding(days: -1))
        #expect(try found("walk") == [])
        _ = try journal.undo()
        _ = try journal.undo()
        #expect(try found("walk") == ["Wälked to the café #walk", "slow walk in the rain"])
        #expect(try found("market") == [])
        // The highlighted pieces mark the whole word that matched a prefix.
        let hit = try #require(journal.search(SearchQuery(words: ["caf"])).hits.first)
        #expect(hit.pieces.filter(\.match).map(\.text) == ["café"])
        #expect(hit.kind == .note(NoteID(1)))
    }

    /// A journal written by the daybook before ids and the index (schema 2) gets both when it
    /// is opened: every note its own row's id, and every live note and mood note indexed.
    @Test func aSchema2JournalIsMigrated() throws {
        let dir = try TempDir()
        let path = dir.path + "/old.sqlite3"
        do {
            let database = try Database(path: path, create: true)
            for migration in Schema.migrations.prefix(2) { try database.execute(migration) }
            try database.execute(
                """
                PRAGMA user_version = 2; PRAGMA application_id = \(Schema.applicationID);
                INSERT INTO change (recorded_at, session, command, summary) VALUES ('2026-11-20T09:00:00+00:00', 's', 'note', 'a note');
                INSERT INTO note (day, text, recorded_at, added_by) VALUES ('2026-11-20', 'walked by the sea', '2026-11-20T09:00:00+00:00', 2);
                INSERT INTO note (day, text, recorded_at, added_by, removed_by) VALUES ('2026-11-20', 'walked away', '2026-11-20T09:01:00+00:00', 2, 2);
                INSERT INTO note (day, text, recorded_at, added_by) VALUES ('2026-11-20', 'a quiet day', '2026-11-20T09:02:00+00:00', 2);
                INSERT INTO mood (day, rating, note, recorded_at, added_by) VALUES ('2026-11-19', 4, 'walked far', '2026-11-19T21:00:00+00:00', 2);
                INSERT INTO mood (day, rating, note, recorded_at, added_by) VALUES ('2026-11-18', 3, '', '2026-11-18T21:00:00+00:00', 2);
                """)
        }
        let journal = try Journal(path: path, clock: { saturday })
        #expect(try journal.database.scalarInt("PRAGMA user_version") == Int64(Schema.version))
        #expect(
            try journal.database.rows("SELECT id, nid FROM note ORDER BY id") { "\($0.int(0))=\($0.int(1))" } == [
                "1=1", "2=2", "3=3",
            ])
        #expect(
            try journal.database.rows("SELECT rowid, text FROM search_index ORDER BY rowid") { "\($0.int(0)) \($0.string(1))" }
                == ["-1 walked far", "1 walked by the sea", "3 a quiet day"])
        let hits = try journal.search(SearchQuery(words: ["walked"])).hits
        #expect(hits.map(\.kind) == [.note(NoteID(1)), .mood(rating: 4)])
        // New notes go on from the highest row.
        try journal.addNote(day: saturday.day, text: "after the upgrade")
        #expect(try journal.day(saturday.day).notes.map(\.id) == [NoteID(4)])
    }

    /// A hundred tags find the note that carries them all; more are refused with their count,
    /// where SQLite would say its expression tree is too large.
    @Test func aSearchTakesAtMostAHundredTags() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let tags = (0..<100).map { "t\($0)" }
        try journal.addNote(day: saturday.day, text: tags.map { "#" + $0 }.joined(separator: " "))
        for limit in [nil, 5] {
            #expect(try journal.search(SearchQuery(tags: tags, limit: limit)).hits.count == 1)
            let error = #expect(throws: JournalError.self) {
                try journal.search(SearchQuery(tags: (0..<999).map { "t\($0)" }, limit: limit))
            }
            #expect(error?.description == "a search takes at most 100 #tags, which a note must all carry; this one has 999")
        }
    }

    @Test func tagUsesCountLiveTagsInTheRange() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let day = saturday.day
        try journal.addNote(day: day, text: "#run #sea")
        try journal.addNote(day: day.adding(days: -3), text: "#run")
        try journal.setMood(day: day.adding(days: -1), rating: 4, note: "#sea #sun")
        try journal.deleteNote(NoteID(2))
        #expect(
            try journal.tagUses() == [
                TagUse(name: "sea", count: 2, last: day), TagUse(name: "run", count: 1, last: day),
                TagUse(name: "sun", count: 1, last: day.adding(days: -1)),
            ])
        #expect(try journal.tagUses(from: day, through: day) == [TagUse(name: "run", count: 1, last: day), TagUse(name: "sea", count: 1, last: day)])
    }
}
