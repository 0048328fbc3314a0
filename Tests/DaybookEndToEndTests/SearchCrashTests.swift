import Foundation
import Testing

/// A generated script of notes, edits, deletions, moods and undos, each of which succeeds, with
/// what the journal must hold after any prefix of its writes: the live notes by id, and the
/// live mood notes by day.
struct FixScript {
    struct State: Equatable {
        var notes: [Int: String] = [:]
        var moods: [String: String] = [:]
    }

    enum Key: Hashable {
        case note(Int)
        case mood(String)
    }

    let lines: [String]
    /// What each line sets: a note's or a day's mood text, or nil where it goes.
    let effects: [[(key: Key, value: String?)]]
    var text: String { lines.joined(separator: "\n") + "\n" }

    /// The journal's notes and mood notes after the first `count` lines.
    func state(after count: Int) -> State {
        var state = State()
        for effect in effects.prefix(count) {
            for (key, value) in effect {
                switch key {
                case .note(let id): state.notes[id] = value
                case .mood(let day): state.moods[day] = value
                }
            }
        }
        return state
    }

    static let days = (1...28).map { String(format: "2026-10-%02d", $0) }

    static func generate(seed: UInt64, count: Int) -> FixScript {
        var random = SeededGenerator(seed: seed)
        var lines: [String] = []
        var effects: [[(key: Key, value: String?)]] = []
        var state = State()
        // The live notes' ids, in a fixed order, for picking one.
        var live: [Int] = []
        // The note table's next rowid: one per note and per edit. A note's id is the rowid of
        // its first version, so ids skip the rows of edits, and an undone note's id is not reused.
        var nextRow = 1
        // What the last line set, and the values before it, when an undo may follow.
        var undoable: [(key: Key, value: String?)]? = nil
        func set(_ key: Key, _ value: String?) -> (key: Key, value: String?) {
            switch key {
            case .note(let id):
                if value == nil, let index = live.firstIndex(of: id) { live.remove(at: index) }
                if value != nil, state.notes[id] == nil { live.append(id) }
                state.notes[id] = value
            case .mood(let day):
                state.moods[day] = value
            }
            return (key, value)
        }
        func old(_ key: Key) -> (key: Key, value: String?) {
            switch key {
            case .note(let id): return (key, state.notes[id])
            case .mood(let day): return (key, state.moods[day])
            }
        }
        for i in 1...count {
            let r = Int(random.next() % 100)
            let day = days[Int(random.next() % UInt64(days.count))]
            var effect: [(key: Key, value: String?)] = []
            var before: [(key: Key, value: String?)]? = nil
            if r < 8, let previous = undoable {
                lines.append("undo")
                effect = previous.map { set($0.key, $0.value) }
            } else if r < 30, !live.isEmpty {
                let id = live[Int(random.next() % UInt64(live.count))]
                let text = "e\(i) #t\(i % 41) edited"
                lines.append("edit n\(id) \(text)")
                before = [old(.note(id))]
                effect = [set(.note(id), text)]
                nextRow += 1
            } else if r < 42, !live.isEmpty {
                let id = live[Int(random.next() % UInt64(live.count))]
                lines.append("delete n\(id) --yes")
                before = [old(.note(id))]
                effect = [set(.note(id), nil)]
            } else if r < 55 {
                let text = "m\(i) #mood\(i % 7) felt fine"
                lines.append("mood \(1 + i % 5) \(text) --on \(day)")
                effect = [set(.mood(day), text)]
            } else if r < 60, let moodDay = state.moods.keys.min() {
                lines.append("delete mood --on \(moodDay) --yes")
                effect = [set(.mood(moodDay), nil)]
            } else {
                let text = "w\(i) #t\(i % 41) walked by the sea"
                lines.append("note \(text) --on \(day)")
                before = [old(.note(nextRow))]
                effect = [set(.note(nextRow), text)]
                nextRow += 1
            }
            undoable = before
            effects.append(effect)
        }
        return FixScript(lines: lines, effects: effects)
    }
}

@Suite(.serialized) struct SearchCrashTests {
    static let lineCount = 6_000

    static let queries: [(String, String)] = [
        ("integrity", "PRAGMA integrity_check"),
        ("writes", "SELECT count(*) FROM change WHERE session != 'setup'"),
        ("notes", "SELECT nid || '|' || text FROM note WHERE removed_by IS NULL ORDER BY nid"),
        ("moods", "SELECT day || '|' || note FROM mood WHERE removed_by IS NULL ORDER BY day"),
        // The index holds exactly the live notes and mood notes...
        (
            "index",
            """
            WITH live AS (SELECT id AS key, text FROM note WHERE removed_by IS NULL
                    UNION ALL SELECT -id, note FROM mood WHERE removed_by IS NULL AND note <> ''),
                indexed AS (SELECT rowid AS key, text FROM search_index)
            SELECT (SELECT count(*) FROM (SELECT * FROM indexed EXCEPT SELECT * FROM live))
                + (SELECT count(*) FROM (SELECT * FROM live EXCEPT SELECT * FROM indexed))
            """
        ),
        // ...and FTS5's own structures agree with its content.
        ("ftsIntegrity", "INSERT INTO search_index (search_index) VALUES ('integrity-check'); SELECT 'ok'"),
        // Every live note carries the one tag of its text, and no removed note carries any.
        (
            "tags",
            """
            SELECT count(*) FROM note AS n LEFT JOIN tag AS t ON t.note_id = n.id AND t.removed_by IS NULL
            WHERE (n.removed_by IS NULL) != (t.id IS NOT NULL)
                OR (t.id IS NOT NULL AND instr(n.text, '#' || t.name || ' ') = 0)
            """
        ),
    ]

    /// Checks the journal against the state after the writes it holds; returns how many.
    static func verify(_ d: Daybook, _ script: FixScript, label: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: d.journal) else { return 0 }
        let ready = try d.sql("SELECT count(*) FROM sqlite_schema WHERE name = 'search_index'")
        guard ready == "1" else { return 0 }  // killed while the journal was being created
        let rows = try d.dump(queries)
        #expect(rows["integrity"] == ["ok"], "\(label): integrity_check says \(rows["integrity"] ?? [])")
        #expect(rows["ftsIntegrity"] == ["ok"], "\(label): the FTS5 index is damaged")
        #expect(rows["index"] == ["0"], "\(label): the search index differs from the live notes")
        #expect(rows["tags"] == ["0"], "\(label): tags differ from the live notes")
        let writes = Int(rows["writes"]?.first ?? "0") ?? 0
        guard writes <= script.lines.count else {
            Issue.record("\(label): \(writes) writes, more than the script has")
            return writes
        }
        let state = script.state(after: writes)
        expectSameRows(rows["notes"], state.notes.sorted { $0.key < $1.key }.map { "\($0.key)|\($0.value)" }, "\(label): notes")
        expectSameRows(rows["moods"], state.moods.sorted { $0.key < $1.key }.map { "\($0.key)|\($0.value)" }, "\(label): moods")
        // Search through the binary finds a live note by its word, and an edited or deleted one not.
        if let (id, text) = state.notes.first {
            let word = String(text.split(separator: " ")[0])
            let found = try d.run(["search", word, "--json"])
            #expect(found.stdout.contains(#""id": "n\#(id)""#), "\(label): search \(word) gave \(found.stdout)")
        }
        return writes
    }

    @Test func theSearchIndexStaysInStepAcrossKillsDuringEditsAndDeletions() throws {
        // One whole run: every line succeeds, and its duration spreads the kills.
        let script = FixScript.generate(seed: 1, count: Self.lineCount)
        let (whole, status, duration) = try ScriptRun.whole(script.text)
        #expect(status == 0, "\(whole.session.stderr.prefix(500))")
        #expect(try Self.verify(whole.daybook, script, label: "whole run") == Self.lineCount)
        let gone = script.lines.compactMap { line -> String? in
            line.hasPrefix("delete n") ? String(line.split(separator: " ")[1]) : nil
        }
        #expect(!gone.isEmpty && script.lines.contains { $0.hasPrefix("edit n") } && script.lines.contains("undo"))

        var killed = 0
        var seed: UInt64 = 1
        var checked = 0
        while killed < 8 && seed < 20 {
            seed += 1
            let script = FixScript.generate(seed: seed, count: Self.lineCount)
            var random = SeededGenerator(seed: seed &* 31)
            let delay = duration * Double(50 + random.next() % 850) / 1000
            let run = try ScriptRun.killed(script.text, after: delay)
            let (d, session) = (run.daybook, run.session)
            if session.killed { killed += 1 }
            let label = "seed \(seed), killed after \(Int(delay * 1000)) ms"
            checked += try Self.verify(d, script, label: label)
            // The journal works on, and its index with it.
            let after = try d.run(["note", "after the crash zebra"])
            #expect(after.status == 0, "\(label): \(after.stderr)")
            #expect(try d.run(["search", "zebra"]).stdout.hasSuffix("after the crash zebra\n"), "\(label)")
        }
        #expect(killed == 8, "only \(killed) runs were killed before they finished")
        print("search crash test: \(killed) kills survived, \(checked) writes checked as prefixes")
    }
}
