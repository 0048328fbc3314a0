import Foundation
import Testing

/// Moods and notes on the real binary: what a new rating does to the day's note.
@Suite struct MoodAndNoteTests {
    /// A new rating without a note keeps the day's note and its tags; a new note replaces it,
    /// and `""` removes it. Each says so.
    @Test func aNewRatingKeepsTheNoteAndANewNoteReplacesIt() throws {
        let d = try Daybook()
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
        let d = try Daybook()
        let r = try d.run(input: "mood 4 calm #home\nmood 2\nshow\n")
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(r.stdout == "Saturday 21 November 2026\n  mood    2 bad · calm #home\n  tags    #home\n")
    }
}
