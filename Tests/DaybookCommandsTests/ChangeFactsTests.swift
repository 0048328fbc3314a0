import DaybookCore
import DaybookStore
import DaybookViews
import Foundation
import Testing

/// Each change records what it did as facts (`change.facts`), and `undo` and a note's history
/// read them, not the change log's text; a change recorded before facts were kept reads as its
/// text.
@Suite struct ChangeFactsTests {
    /// Every kind of change the journal makes: the views word its facts as the change log's
    /// text says it.
    @Test func eachKindOfChangeIsWordedFromItsFacts() throws {
        let d = try InProcess()
        let lines = [
            "track naps duration average", "mood 4 good day", "note walked #outdoors", "log steps 9120 sleep 7h30m",
            "log naps 20m --on yesterday", "goal steps at least 8000", "goal sleep between 7h and 9h weekly --total",
            "goal steps off", "set day-start 04:00", "edit n1 walked far", "edit mood 5", "delete steps --yes",
            "delete mood --yes", "delete n1 --yes", "track naps duration sum",
        ]
        for line in lines {
            let r = try d.run(input: line + "\n")
            #expect(r.status == 0, "\(line): \(r.stderr)")
        }
        let ids = try d.sql("SELECT id FROM change WHERE facts IS NOT NULL ORDER BY id").split(separator: "\n")
        #expect(ids.count == lines.count)
        for id in ids {
            let command = try d.sql("SELECT command FROM change WHERE id = \(id)")
            let summary = try d.sql("SELECT summary FROM change WHERE id = \(id)")
            let facts = try d.sql("SELECT replace(facts, char(10), '|') FROM change WHERE id = \(id)").replacing("|", with: "\n")
            let description = try #require(ChangeDescription(stored: facts), "\(facts)")
            #expect(description.kind == command)
            #expect(ChangeWords.words(description) == summary, "\(facts)")
        }
    }

    /// `undo` says what the facts say, whatever the change log's text holds.
    @Test func undoReadsTheFactsNotTheText() throws {
        let d = try InProcess()
        #expect(try d.run(["log", "steps", "9120", "sleep", "7h30m"]).status == 0)
        #expect(try d.sql("UPDATE change SET summary = 'something else' WHERE command = 'log'") == "")
        let r = try d.run(["undo"])
        #expect(r.stderr == "undid: log steps 9,120, sleep 7h 30m for 2026-11-21\n", "\(r.stderr)")
    }

    /// A change recorded before facts were kept reads as its text, in `undo` and in a note's
    /// history.
    @Test func aChangeWithoutFactsReadsAsItsText() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "walked"]).status == 0)
        #expect(try d.run(["edit", "n1", "walked far"]).status == 0)
        #expect(try d.sql("UPDATE change SET facts = NULL, summary = 'edit n1 on 2026-11-21 (old)' WHERE command = 'edit'") == "")
        #expect(try d.run(["undo"]).stderr == "undid: edit n1 on 2026-11-21 (old)\n")
        let history = try d.run(["show", "--history", "n1"]).stdout
        #expect(history.contains("edit n1 on 2026-11-21 (old)"), "\(history)")
    }

    /// A note's history finds its undone deletion by the facts, and says what was undone from them.
    @Test func aNotesHistoryReadsTheFacts() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "walked"]).status == 0)
        #expect(try d.run(["delete", "n1", "--yes"]).status == 0)
        #expect(try d.run(["undo"]).status == 0)
        #expect(try d.sql("UPDATE change SET summary = 'x' WHERE command = 'delete'") == "")
        let history = try d.run(["show", "--history", "n1", "--json"]).stdout
        #expect(history.contains(#""undid": "delete n1 on 2026-11-21""#), "\(history)")
    }
}
