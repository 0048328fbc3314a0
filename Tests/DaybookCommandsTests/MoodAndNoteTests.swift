import DaybookTestSupport
import Foundation
import Testing

/// Moods and notes: what a new rating does to the day's note.
@Suite struct MoodAndNoteTests {
    /// A new rating without a note keeps the day's note and its tags; a new note replaces it,
    /// and `""` removes it. Each says so.
    @Test func aNewRatingKeepsTheNoteAndANewNoteReplacesIt() throws {
        let d = try InProcess()
        #expect(try d.run(["mood", "4", "walked", "by", "the", "sea", "#x"]).stderr == "mood 4 (good) for today\n")
        let kept = try d.run(["mood", "good"])
        #expect(kept.status == 0)
        #expect(kept.stderr == "mood 4 (good) for today; its note is kept\n")
        #expect(
            try d.run(["show"]).stdout
                == "Saturday 21 November 2026\n  mood    4 good · walked by the sea #x\n  tags    #x\n")
        #expect(try d.run(["mood", "5"]).stderr == "mood 5 (great) for today; its note is kept\n")
        #expect(try d.run(["show", "--json"]).stdout.contains(#""mood": {"rating": 5, "label": "great", "note": "walked by the sea #x"}"#))

        let replaced = try d.run(["mood", "3", "long", "day", "#y"])
        #expect(replaced.stderr == "mood 3 (okay) for today; the new note replaces the earlier one\n")
        #expect(
            try d.run(["show"]).stdout == "Saturday 21 November 2026\n  mood    3 okay · long day #y\n  tags    #y\n")

        #expect(try d.run(["mood", "3", ""]).stderr == "mood 3 (okay) for today; the earlier note is removed\n")
        #expect(try d.run(["show"]).stdout == "Saturday 21 November 2026\n  mood    3 okay\n")
        #expect(try d.run(["mood", "2"]).stderr == "mood 2 (bad) for today\n")

        // Every mood stays in the change log, and undo brings back the one before.
        #expect(try d.sql("SELECT count(*) FROM mood") == "6")
        #expect(try d.run(["undo"]).status == 0)
        #expect(try d.run(["undo"]).status == 0)
        #expect(try d.run(["show"]).stdout.contains("mood    3 okay · long day #y"))
    }

    /// In a script the same holds, and the confirmation stays quiet.
    @Test func aScriptReRatesWithoutLosingTheNote() throws {
        let d = try InProcess()
        let r = try d.run(input: "mood 4 calm #home\nmood 2\nshow\n")
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == "Saturday 21 November 2026\n  mood    2 bad · calm #home\n  tags    #home\n")
    }
}

extension MoodAndNoteTests {
    /// A note written on 21 November for 1 November is shown as written on 21 November, not
    /// at the time it was typed; `--at` gives the time of day it is about. Today's notes read
    /// as before.
    @Test func aNoteForAnotherDayShowsWhenItWasWritten() throws {
        let d = try InProcess()
        d.now = "2026-11-21T21:40"
        #expect(try d.run(["note", "hi", "--on", "2026-11-01"]).stderr == "noted for Sun 1 Nov\n")
        #expect(try d.run(["note", "breakfast", "by", "the", "sea", "--on", "2026-11-01", "--at", "8:15am"]).status == 0)
        #expect(try d.run(["note", "call", "Ana"]).status == 0)
        #expect(try d.run(["note", "woke", "early", "--at", "06:10"]).status == 0)
        #expect(
            try d.run(["show", "2026-11-01"]).stdout == """
                Sunday 1 November 2026
                  08:15   breakfast by the sea · written 21 Nov · n2
                  note    hi · written 21 Nov · n1

                """)
        #expect(try d.run(["show"]).stdout == "Saturday 21 November 2026\n  06:10   woke early · n4\n  21:40   call Ana · n3\n")
        let json = try d.run(["show", "2026-11-01", "--json"]).stdout
        #expect(
            json.contains(
                #""notes": [{"id": "n2", "time": "2026-11-21T21:40:00+00:00", "at": "08:15", "text": "breakfast by the sea"}, {"id": "n1", "time": "2026-11-21T21:40:00+00:00", "at": null, "text": "hi"}]"#
            ), "\(json)")
        #expect(
            try d.run(["show", "--json"]).stdout.contains(
                #"{"id": "n3", "time": "2026-11-21T21:40:00+00:00", "at": "21:40", "text": "call Ana"}"#))
        #expect(try d.sql("SELECT group_concat(coalesce(at, '-'), ',') FROM note") == "-,495,-,370")

        let bad = try d.run(["note", "x", "--at", "25:00"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "error: --at takes a time of day, like 08:30 or 8:30pm; got '25:00'\n")
        #expect(try d.sql("SELECT count(*) FROM note") == "4")
    }

    /// A journal from before notes had a time of day is moved forward, its notes untouched.
    @Test func aJournalFromBeforeIsMigrated() throws {
        let d = try InProcess()
        d.now = "2026-11-21T21:40"
        #expect(try d.run(["note", "old", "--on", "yesterday"]).status == 0)
        #expect(try d.run(["note", "today"]).status == 0)
        // Back to schema 2: without the note's time of day (3), its id and the search index (4),
        // the attributes' plausible ranges (5), goals on a total with the goal streaks kept (6),
        // and the removed tags' index (7).
        let schema2 = SyncSchemaRollback.sql + """
            DROP INDEX tag_removed;
            DROP TRIGGER day_value_goal_insert; DROP TRIGGER day_value_goal_update; DROP TRIGGER day_value_goal_delete;
            DROP TRIGGER goal_goal_insert; DROP TRIGGER goal_goal_update; DROP TRIGGER goal_goal_delete;
            DROP TABLE goal_streak; DROP TABLE goal_dirty; ALTER TABLE goal DROP COLUMN total;
            DROP TRIGGER note_nid_new; DROP TRIGGER note_search_insert; DROP TRIGGER note_search_update;
            DROP TRIGGER note_search_delete; DROP TRIGGER mood_search_insert; DROP TRIGGER mood_search_update;
            DROP TRIGGER mood_search_delete; DROP TABLE search_index; DROP INDEX note_nid; DROP INDEX tag_note;
            DROP INDEX tag_live; ALTER TABLE note DROP COLUMN nid; ALTER TABLE note DROP COLUMN at;
            ALTER TABLE attribute DROP COLUMN range_min; ALTER TABLE attribute DROP COLUMN range_max;
            DROP INDEX entry_source; ALTER TABLE entry DROP COLUMN source; ALTER TABLE entry DROP COLUMN file;
            PRAGMA user_version = 2
            """
        #expect(try d.sql(schema2) == "")
        #expect(try d.sql("PRAGMA user_version") == "2")
        #expect(try d.run(["show", "yesterday"]).stdout.contains("\n  note    old · written 21 Nov · n1"))
        #expect(try d.run(["show"]).stdout.contains("\n  21:40   today · n2"))
        #expect(try d.sql("PRAGMA user_version") == "12")
        #expect(try d.run(["note", "later", "--on", "yesterday", "--at", "12:00"]).status == 0)
        #expect(try d.sql("SELECT group_concat(text || '@' || coalesce(at, '-'), ',') FROM note") == "old@-,today@-,later@720")
    }
}
