import Foundation
import Testing

@Suite struct FixTests {
    /// A note n1 with a tag, two steps entries and a mood, all today.
    func journal() throws -> InProcess {
        let d = try InProcess()
        let r = try d.run(
            input: "note call Ana about Sunday #friends\nlog steps 9000\nlog steps 120\nmood 4 walked by the sea #sea\n")
        #expect(r.status == 0, "\(r.stderr)")
        return d
    }

    @discardableResult
    func ok(_ d: InProcess, _ arguments: String..., stderr: String? = nil) throws -> RunResult {
        let r = try d.run(arguments)
        #expect(r.status == 0, "\(arguments): \(r.stderr)")
        if let stderr { #expect(r.stderr == stderr, "\(arguments)") }
        return r
    }

    /// The index holds exactly the live notes and mood notes, and FTS5 agrees with itself.
    func expectIndexInStep(_ d: InProcess, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let index = try d.sql("SELECT rowid || '|' || text FROM search_index ORDER BY rowid")
        let live = try d.sql(
            """
            SELECT key || '|' || text FROM (SELECT id AS key, text FROM note WHERE removed_by IS NULL
                UNION ALL SELECT -id, note FROM mood WHERE removed_by IS NULL AND note <> '') ORDER BY key
            """)
        #expect(index == live, sourceLocation: sourceLocation)
        #expect(
            try d.sql("INSERT INTO search_index (search_index) VALUES ('integrity-check'); SELECT 'ok'") == "ok",
            sourceLocation: sourceLocation)
    }

    @Test func editKeepsTheIdAndTheOldTextStaysInTheChangeLog() throws {
        let d = try journal()
        try ok(d, "edit", "n1", "call Ana about Saturday #family", stderr: "edited n1, the note of today, tagged #family\n")
        #expect(
            try d.sql("SELECT id, nid, text, day, recorded_at, removed_by IS NULL FROM note ORDER BY id") == """
                1|1|call Ana about Sunday #friends|2026-11-21|2026-11-21T09:30:00+00:00|0
                2|1|call Ana about Saturday #family|2026-11-21|2026-11-21T09:30:00+00:00|1
                """)
        // The edit is one change; it removed the old row and its tag, and added the new ones.
        #expect(try d.sql("SELECT id, command, summary FROM change ORDER BY id DESC LIMIT 1") == "6|edit|edit n1 on 2026-11-21")
        #expect(try d.sql("SELECT removed_by FROM note WHERE id = 1") == "6")
        #expect(try d.sql("SELECT added_by FROM note WHERE id = 2") == "6")
        #expect(
            try d.sql("SELECT name, note_id, added_by, coalesce(removed_by, '-') FROM tag WHERE note_id IS NOT NULL ORDER BY id")
                == "friends|1|2|6\nfamily|2|6|-")
        #expect(try d.run(["show"]).stdout.contains("  09:30   call Ana about Saturday #family · n1\n"))
        #expect(try d.run(["search", "sunday"]).stdout == "")
        #expect(try d.run(["search", "saturday"]).stdout == "2026-11-21 09:30  n1  call Ana about Saturday #family\n")
        try expectIndexInStep(d)

        // Undo brings the old text, its tag and its place in the index back.
        try ok(d, "undo", stderr: "undid: edit n1 on 2026-11-21\n")
        #expect(try d.sql("SELECT id, text FROM note WHERE removed_by IS NULL") == "1|call Ana about Sunday #friends")
        #expect(try d.sql("SELECT name FROM tag WHERE note_id IS NOT NULL AND removed_by IS NULL") == "friends")
        #expect(try d.sql("SELECT removed_by FROM note WHERE id = 2") == "7")
        #expect(try d.run(["search", "sunday"]).stdout == "2026-11-21 09:30  n1  call Ana about Sunday #friends\n")
        try expectIndexInStep(d)
    }

    @Test func deleteAndUndoANote() throws {
        let d = try journal()
        try ok(d, "delete", "n1", "--yes", stderr: "deleted n1, the note of today; undo brings it back\n")
        #expect(try d.sql("SELECT text, removed_by FROM note") == "call Ana about Sunday #friends|6")
        #expect(try d.sql("SELECT removed_by FROM tag WHERE note_id = 1") == "6")
        #expect(try d.sql("SELECT command, summary FROM change WHERE id = 6") == "delete|delete n1 on 2026-11-21")
        #expect(!(try d.run(["show"]).stdout.contains("Ana")))
        #expect(try d.run(["search", "ana"]).stdout == "")
        #expect(try d.run(["tags"]).stdout == "#sea  1  last 2026-11-21\n")
        try expectIndexInStep(d)
        try ok(d, "undo", stderr: "undid: delete n1 on 2026-11-21\n")
        #expect(try d.sql("SELECT text, removed_by IS NULL FROM note") == "call Ana about Sunday #friends|1")
        #expect(try d.run(["search", "ana"]).stdout == "2026-11-21 09:30  n1  call Ana about Sunday #friends\n")
        #expect(try d.run(["tags"]).stdout == "#friends  1  last 2026-11-21\n#sea      1  last 2026-11-21\n")
        try expectIndexInStep(d)
    }

    @Test func deleteValuesAndUndoThemWithTheDailyValue() throws {
        let d = try journal()
        #expect(try d.sql("SELECT value, entries FROM day_value WHERE attribute = 'steps'") == "9120.0|2")
        try ok(d, "delete", "steps", "--yes", stderr: "deleted steps for today (2 values); undo brings it back\n")
        #expect(try d.sql("SELECT count(*) FROM day_value WHERE attribute = 'steps'") == "0")
        #expect(try d.sql("SELECT group_concat(removed_by) FROM entry WHERE attribute = 'steps'") == "6,6")
        #expect(try d.sql("SELECT summary FROM change WHERE id = 6") == "delete steps for 2026-11-21 (2 values)")
        #expect(!(try d.run(["show"]).stdout.contains("steps")))
        try ok(d, "undo", stderr: "undid: delete steps for 2026-11-21 (2 values)\n")
        #expect(try d.sql("SELECT value, entries FROM day_value WHERE attribute = 'steps'") == "9120.0|2")
        // Only the day named goes.
        try ok(d, "log", "steps", "500", "--on", "yesterday")
        try ok(d, "delete", "steps", "--on", "yesterday", "--yes", stderr: "deleted steps for yesterday (1 value); undo brings it back\n")
        #expect(try d.sql("SELECT day, value FROM day_value WHERE attribute = 'steps'") == "2026-11-21|9120.0")
    }

    @Test func editAndDeleteAMood() throws {
        let d = try journal()
        // A rating alone keeps the note.
        try ok(d, "edit", "mood", "2", stderr: "mood 2 (bad) for today\n")
        #expect(try d.sql("SELECT rating, note, removed_by IS NULL FROM mood ORDER BY id") == "4|walked by the sea #sea|0\n2|walked by the sea #sea|1")
        try ok(d, "edit", "mood", "5", "a new", "note #sun", stderr: "mood 5 (great) for today, with the new note\n")
        #expect(try d.sql("SELECT rating, note FROM mood WHERE removed_by IS NULL") == "5|a new note #sun")
        #expect(try d.sql("SELECT name FROM tag WHERE mood_id IS NOT NULL AND removed_by IS NULL") == "sun")
        #expect(try d.sql("SELECT DISTINCT recorded_at FROM mood") == "2026-11-21T09:30:00+00:00")
        #expect(try d.sql("SELECT command, summary FROM change ORDER BY id DESC LIMIT 1") == "edit|edit mood for 2026-11-21: 5 (great)")
        #expect(try d.run(["search", "new"]).stdout == "2026-11-21 09:30  mood  5 great · a new note #sun\n")
        try expectIndexInStep(d)
        try ok(d, "edit", "mood", "great", stderr: "the mood of today is unchanged; nothing was written\n")
        try ok(d, "delete", "mood", "--yes", stderr: "deleted the mood of today; undo brings it back\n")
        #expect(try d.sql("SELECT count(*) FROM mood WHERE removed_by IS NULL") == "0")
        #expect(try d.sql("SELECT count(*) FROM tag WHERE mood_id IS NOT NULL AND removed_by IS NULL") == "0")
        #expect(try d.run(["search", "new"]).stdout == "")
        try expectIndexInStep(d)
        try ok(d, "undo", stderr: "undid: delete mood for 2026-11-21\n")
        try ok(d, "undo", stderr: "undid: edit mood for 2026-11-21: 5 (great)\n")
        try ok(d, "undo", stderr: "undid: edit mood for 2026-11-21: 2 (bad)\n")
        #expect(try d.sql("SELECT rating, note FROM mood WHERE removed_by IS NULL") == "4|walked by the sea #sea")
        #expect(try d.sql("SELECT name FROM tag WHERE mood_id IS NOT NULL AND removed_by IS NULL") == "sea")
        try expectIndexInStep(d)
        // Another day's mood, by --on.
        try ok(d, "mood", "3", "--on", "yesterday")
        try ok(d, "edit", "mood", "1", "awful", "--on", "yesterday", stderr: "mood 1 (terrible) for yesterday, with the new note\n")
        #expect(try d.sql("SELECT day, rating, note FROM mood WHERE removed_by IS NULL ORDER BY day") == "2026-11-20|1|awful\n2026-11-21|4|walked by the sea #sea")
    }

    @Test func idsNeverChangeAndAreNeverGivenTwice() throws {
        let d = try journal()
        try ok(d, "note", "second")
        try ok(d, "edit", "n1", "first, edited")
        try ok(d, "note", "third")
        try ok(d, "delete", "n4", "--yes")
        try ok(d, "note", "fourth")
        // n3 was never a note's id: it is the row of n1's second version.
        #expect(
            try d.sql("SELECT nid, text FROM note WHERE removed_by IS NULL ORDER BY nid") == "1|first, edited\n2|second\n5|fourth")
        #expect(try d.run(["edit", "n3", "x"]).stderr == "error: there is no note n3; show and search list the notes with their ids\n")
        let show = try d.run(["show"]).stdout
        #expect(show.contains("first, edited · n1\n") && show.contains("second · n2\n") && show.contains("fourth · n5\n"))
        // Undone, a note's id is not handed out again.
        try ok(d, "undo")
        try ok(d, "note", "fifth")
        #expect(try d.sql("SELECT nid FROM note WHERE text = 'fifth'") == "6")
        #expect(try d.sql("SELECT removed_by IS NULL FROM note WHERE nid = 5") == "0")
    }

    @Test func historyListsEveryRevision() throws {
        let d = try journal()
        try ok(d, "edit", "n1", "call Ana about Saturday")
        try ok(d, "delete", "n1", "--yes")
        try ok(d, "undo")
        try ok(d, "undo")
        try ok(d, "edit", "n1", "call Ana and Ben", "#friends")
        #expect(
            try d.run(["show", "--history", "n1"]).stdout == """
                n1, a note for Saturday 21 November 2026, written 2026-11-21 09:30
                  2026-11-21 09:30  written  call Ana about Sunday #friends
                  2026-11-21 09:30  edited   call Ana about Saturday
                  2026-11-21 09:30  deleted
                  2026-11-21 09:30  undone   delete n1 on 2026-11-21
                  2026-11-21 09:30  undone   edit n1 on 2026-11-21
                  2026-11-21 09:30  edited   call Ana and Ben #friends
                                    now      call Ana and Ben #friends

                """)
        try ok(d, "delete", "n1", "--yes")
        let json = try d.run(["show", "--history", "n1", "--json"]).stdout
        #expect(json.hasPrefix(#"{"id": "n1", "date": "2026-11-21", "time": "2026-11-21T09:30:00+00:00", "events": [{"time": "2026-11-21T09:30:00+00:00", "change": "written", "text": "call Ana about Sunday #friends", "undid": null}, "#))
        #expect(json.hasSuffix(#"{"time": "2026-11-21T09:30:00+00:00", "change": "deleted", "text": null, "undid": null}], "text": null}"# + "\n"))
        #expect(try d.run(["show", "--history", "n1"]).stdout.hasSuffix("                    now      deleted\n"))
    }

    @Test func inAScriptEditsAndDeletesAreSeenByTheLinesAfterThem() throws {
        let d = try journal()
        let r = try d.run(
            input: "edit n1 call Ben #work\nsearch ben\ndelete steps --yes\nshow\ndelete n1 --yes\nsearch\nundo\ntags\n")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "undid: delete n1 on 2026-11-21\n")
        #expect(
            r.stdout == """
                2026-11-21 09:30  n1  call Ben #work
                Saturday 21 November 2026
                  mood    4 good · walked by the sea #sea
                  09:30   call Ben #work · n1
                  tags    #sea #work
                2026-11-21 09:30  mood  4 good · walked by the sea #sea
                #sea   1  last 2026-11-21
                #work  1  last 2026-11-21

                """)
    }

    @Test func refusalsEachWithOneLineAndNothingWritten() throws {
        let d = try journal()
        try ok(d, "delete", "n1", "--yes")
        try ok(d, "undo")
        try ok(d, "note", "gone")
        try ok(d, "delete", "n2", "--yes")
        let form = "n followed by its number, as show and search list them (n12)"
        let cases: [([String], String, Int32)] = [
            (["edit", "x1", "foo"], "'x1' is not a note's id or mood; edit takes a note's id, \(form), or mood", 1),
            (["edit", "n0", "foo"], "'n0' is not a note's id or mood; edit takes a note's id, \(form), or mood", 1),
            (["edit", "n99", "foo"], "there is no note n99; show and search list the notes with their ids", 1),
            (["edit", "n2", "foo"], "note n2 was deleted; undo brings it back, and show --history n2 shows its text", 1),
            (["edit", "n1"], "edit n1 needs the new text here: edit n1 NEW TEXT... (the editor opens only in a terminal)", 1),
            (["edit", "n1", "   "], "a note needs some text, so n1 was not changed; to remove it: delete n1", 1),
            (
                ["edit", "n1", "foo", "--on", "yesterday"],
                "--on chooses the day of a mood; a note is named by its id alone: edit n1 NEW TEXT...", 1
            ),
            (["edit"], "edit needs WHAT; usage: edit WHAT [TEXT...]", 64),
            (["edit", "mood"], "edit mood needs the new rating here: edit mood RATING [NOTE...] (the editor opens only in a terminal)", 1),
            (
                ["edit", "mood", "great-ish", "day"],
                "edit mood takes the rating first, then the note: mood is rated 1 to 5 (terrible, bad, okay, good, great), given before the note; the first word is not a rating; nothing was changed", 1
            ),
            (["edit", "mood", "3", "--on", "yesterday"], "there is no mood for yesterday to edit; rate the day with mood RATING", 1),
            (["edit", "mood", "3", "--on", "2026-11-22"], "2026-11-22 is in the future; entries are written for today (2026-11-21) or earlier", 1),
            (["delete", "n1"], "delete asks first, and there is no terminal to answer on: add --yes (delete n1 --yes)", 1),
            (["delete", "mood"], "delete asks first, and there is no terminal to answer on: add --yes (delete mood --on 2026-11-21 --yes)", 1),
            (["delete", "steps"], "delete asks first, and there is no terminal to answer on: add --yes (delete steps --on 2026-11-21 --yes)", 1),
            (["delete", "n99", "--yes"], "there is no note n99; show and search list the notes with their ids", 1),
            (["delete", "n2", "--yes"], "note n2 was deleted; undo brings it back, and show --history n2 shows its text", 1),
            (["delete", "mood", "--on", "yesterday", "--yes"], "there is no mood for yesterday to delete", 1),
            (["delete", "water", "--yes"], "there are no water values for today to delete", 1),
            (
                ["delete", "stepz", "--yes"],
                "'stepz' is not a note's id, mood or an attribute; did you mean 'steps'? delete takes a note's id, \(form), mood, or an attribute such as steps", 1
            ),
            (
                ["delete", "n1", "--on", "yesterday", "--yes"],
                "--on chooses the day of a mood or of values; a note is named by its id alone: delete n1", 1
            ),
            (["delete"], "delete needs WHAT; usage: delete WHAT", 64),
            (["delete", "n1", "n2"], "too many arguments for delete ('n2'); usage: delete WHAT", 64),
            (["show", "--history", "x"], "--history takes a note's id, \(form); got 'x'", 1),
            (["show", "--history", "n99"], "there is no note n99; show and search list the notes with their ids", 1),
            (["show", "today", "--history", "n1"], "show takes a DATE or --history n1, not both", 1),
        ]
        let before = try d.sql("SELECT count(*) FROM change")
        let index = try d.sql("SELECT count(*) FROM search_index")
        for (arguments, message, status) in cases {
            let r = try d.run(arguments)
            #expect(r.status == status, "\(arguments)")
            if status == 64 {
                #expect(r.stderr.hasPrefix("error: " + message + "\n"), "\(arguments): \(r.stderr)")
            } else {
                #expect(r.stderr == "error: " + message + "\n", "\(arguments)")
            }
            #expect(r.stdout == "", "\(arguments)")
        }
        #expect(try d.sql("SELECT count(*) FROM change") == before)
        #expect(try d.sql("SELECT count(*) FROM search_index") == index)
        // Unchanged text writes nothing, and says so.
        try ok(d, "edit", "n1", "call Ana about Sunday #friends", stderr: "n1 is unchanged; nothing was written\n")
        #expect(try d.sql("SELECT count(*) FROM change") == before)
    }

    /// Lines that would ask or open the editor: a script run with -f has no terminal to answer
    /// on; a file run with source is refused because it runs as a script, terminal or not.
    @Test func refusalsInAScriptAndInASourcedFile() throws {
        let d = try journal()
        let file = d.directory + "/fix.daybook"
        try "delete n1\nedit n1\nedit mood\ncheckin\n".write(toFile: file, atomically: true, encoding: .utf8)
        let before = try d.sql("SELECT count(*) FROM change")
        let script = try d.run(["-f", file])
        #expect(script.status == 1)
        #expect(
            script.stderr == """
                \(file):1: error: delete asks first, and there is no terminal to answer on: add --yes (delete n1 --yes)
                \(file):2: error: edit n1 needs the new text here: edit n1 NEW TEXT... (the editor opens only in a terminal)
                \(file):3: error: edit mood needs the new rating here: edit mood RATING [NOTE...] (the editor opens only in a terminal)
                \(file):4: error: checkin asks its questions one at a time, so it needs the shell: run daybook in a terminal. A script can use mood, note and log

                """)
        let sourced = try d.run(["source", file])
        #expect(sourced.status == 1)
        #expect(
            sourced.stderr == """
                \(file):1: error: delete asks first, and a sourced file cannot answer: add --yes (delete n1 --yes)
                \(file):2: error: edit n1 needs the new text here: edit n1 NEW TEXT... (a sourced file runs as a script, which opens no editor)
                \(file):3: error: edit mood needs the new rating here: edit mood RATING [NOTE...] (a sourced file runs as a script, which opens no editor)
                \(file):4: error: checkin asks its questions one at a time, and a sourced file runs as a script, which cannot answer them: run checkin on its own. A script can use mood, note and log
                \(file): 4 lines failed

                """)
        // A script that sources the file: its lines are the sourced file's.
        let nested = try d.run(input: "source \(file)\n")
        #expect(nested.stderr.hasPrefix("\(file):1: error: delete asks first, and a sourced file cannot answer"))
        #expect(try d.sql("SELECT count(*) FROM change") == before)
    }
}
