import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// The one insert of each kind of row, as a caller with plain values (a sync's apply, an
/// import) uses it: inside a change, returning the new row's id, and keeping what is derived
/// from the rows (the search index, the day's value, a note's id) as the other writes do.
@Suite struct JournalRowsTests {
    @Test func rowsWrittenFromPlainValuesReadBackAsTheirOwn() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let day = saturday.day
        let stamp = "2026-11-21T08:00:00+00:00"
        let (mood, note, entries) = try journal.change("test", "rows") { id in
            let mood = try journal.insertMood(day: day, rating: 4, note: "calm #sea", recordedAt: stamp, addedBy: id)
            try journal.insertTags(extractTags("calm #sea"), day: day, noteID: nil, moodID: mood, addedBy: id)
            let note = try journal.insertNote(
                day: day, text: "walked by the sea", at: 7 * 60, recordedAt: stamp, addedBy: id)
            let first = try journal.insertEntry(
                attribute: "steps", day: day, value: 4000, recordedAt: stamp, source: "watch", file: "export.xml",
                addedBy: id)
            let second = try journal.insertEntry(attribute: "steps", day: day, value: 2500, recordedAt: stamp, addedBy: id)
            return (mood, note, [first, second])
        }
        #expect(mood > 0 && note > 0 && entries[1] == entries[0] + 1)
        #expect(try journal.moodRow(on: day)?.row == mood)
        // A new note's id is its row's (note_nid_new); its text is searchable.
        let version = try #require(try journal.note(NoteID(note)))
        #expect(version.row == note && version.text == "walked by the sea" && version.recordedAt == stamp)
        #expect(try journal.search(SearchQuery(words: ["sea"])).hits.count == 2)
        #expect(try journal.search(SearchQuery(tags: ["sea"])).hits.count == 1)
        // The day's value takes both entries when the change ends.
        #expect(try journal.dailyValues("steps", from: day, through: day).map(\.1) == [6500])
        #expect(try journal.database.scalarText("SELECT source || '/' || file FROM entry WHERE id = ?", [.integer(entries[0])]) == "watch/export.xml")
    }

    /// A later version of a note shares its id, and `undo` takes back what the rows wrote.
    @Test func aVersionOfANoteKeepsItsIdAndUndoTakesTheRowsBack() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let day = saturday.day
        try journal.addNote(day: day, text: "first")
        let first = try #require(try journal.note(NoteID(1)))
        try journal.change("edit", "by rows") { id in
            try journal.database.run("UPDATE note SET removed_by = ? WHERE id = ?", [.integer(id), .integer(first.row)])
            let row = try journal.insertNote(
                nid: 1, day: day, text: "second", at: nil, recordedAt: first.recordedAt, addedBy: id)
            #expect(row != first.row)
        }
        #expect(try journal.note(NoteID(1))?.text == "second")
        #expect(try journal.noteVersions(NoteID(1)).count == 2)
        _ = try journal.undo()
        #expect(try journal.note(NoteID(1))?.text == "first")
        let goal = try journal.change("goal", "by rows") { id in
            try journal.insertGoal(
                attribute: "steps", since: day, period: .daily, min: 8000, max: nil, total: false, addedBy: id)
        }
        #expect(goal > 0)
        #expect(try journal.goal("steps", on: day)?.range == GoalRange(min: 8000, max: nil))
    }

    /// A value that cannot be true is refused by the insert itself, with its facts, and nothing
    /// of the change is written; a sync's row of an attribute not yet defined is held to the
    /// storage limit alone.
    @Test func anImpossibleValueIsRefusedWithItsFactsAndNothingIsWritten() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let day = saturday.day
        let stamp = "2026-11-21T08:00:00+00:00"
        let cases: [(String, Double, ImpossibleValue.Why)] = [
            ("steps", .infinity, .notFinite), ("steps", -.infinity, .notFinite), ("steps", .nan, .notFinite),
            ("steps", 1e13, .pastStorageLimit), ("distance", -1e308, .pastStorageLimit), ("steps", -1, .negative),
            ("exercise", 1441, .longerThanADay), ("sleep", -5, .negative), ("bedtime", 1440, .notATimeOfDay),
            ("unknown_yet", 1e300, .pastStorageLimit),
        ]
        for (attribute, value, why) in cases {
            do {
                try journal.change("test", "impossible") { id in
                    try journal.insertEntry(attribute: attribute, day: day, value: value, recordedAt: stamp, addedBy: id)
                }
                Issue.record("\(attribute) \(value) was written")
            } catch let error as ImpossibleValue {
                #expect(error.table == "entry" && error.field == "value" && error.attribute == attribute)
                #expect(error.why == why, "\(attribute) \(value)")
                #expect(error.value == value || value.isNaN)
            }
        }
        #expect(throws: ImpossibleValue.self) {
            try journal.change("test", "goal") { id in
                try journal.insertGoal(
                    attribute: "steps", since: day, period: .daily, min: .infinity, max: nil, total: false, addedBy: id)
            }
        }
        #expect(throws: ImpossibleValue.self) {
            try journal.change("test", "mood") { id in
                try journal.insertMood(day: day, rating: 6, note: "", recordedAt: stamp, addedBy: id)
            }
        }
        #expect(try journal.database.scalarInt("SELECT count(*) FROM entry") == 0)
        #expect(try journal.database.scalarInt("SELECT count(*) FROM goal") == 0)
        #expect(try journal.database.scalarInt("SELECT count(*) FROM mood") == 0)
        // A value only unusual (outside the plausible range) is written.
        try journal.change("test", "unusual") { id in
            try journal.insertEntry(attribute: "steps", day: day, value: 900_000, recordedAt: stamp, addedBy: id)
        }
        #expect(try journal.dailyValues("steps", from: day, through: day).map(\.1) == [900_000])
    }
}
