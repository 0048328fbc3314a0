import Foundation
import Testing

/// A generated script whose every write leaves marks that can be read back: note `n<line>`,
/// mood note `m<line>`, steps value `<line>`, attribute `a<line>`. From the journal alone the
/// test can tell which commands were applied, and check that they form a prefix of the script.
struct CrashScript {
    enum Kind: String {
        case note, mood, log, track, undo, error, read
    }

    struct Line {
        let number: Int
        let kind: Kind
        let text: String
        /// What a write adds: note text, mood (note, rating, day), entries (attribute, value, day), attribute name.
        var note: String? = nil
        var mood: (note: String, rating: Int, day: String)? = nil
        var entries: [(attribute: String, value: Int, day: String)] = []
        var attribute: String? = nil
    }

    let lines: [Line]
    var writes: [Line] { lines.filter { ![.error, .read].contains($0.kind) } }
    var text: String { lines.map(\.text).joined(separator: "\n") + "\n" }

    static let days: [String] =
        (1...30).map { String(format: "2026-09-%02d", $0) } + (1...31).map { String(format: "2026-10-%02d", $0) }

    static func generate(seed: UInt64, count: Int) -> CrashScript {
        var random = SeededGenerator(seed: seed)
        var lines: [Line] = []
        var attributes: [String] = []
        var previousWasLog = false
        for i in 1...count {
            let r = Int(random.next() % 1000)
            let day = days[Int(random.next() % UInt64(days.count))]
            var line: Line
            if previousWasLog && r < 40 {
                line = Line(number: i, kind: .undo, text: "undo")
            } else if r < 10 {
                line = Line(number: i, kind: .error, text: "moood \(i)")
            } else if r < 30 {
                line = Line(number: i, kind: .read, text: "show \(day)")
            } else if r < 32 {
                line = Line(number: i, kind: .track, text: "track a\(i) count")
                line.attribute = "a\(i)"
                attributes.append("a\(i)")
            } else if r < 330 {
                let note = "n\(i) #t\(i % 97) walked by the sea"
                line = Line(number: i, kind: .note, text: "note " + note)
                line.note = note
            } else if r < 480 {
                let rating = 1 + Int(random.next() % 5)
                let note = "m\(i) #mood\(rating)"
                line = Line(number: i, kind: .mood, text: "mood \(rating) \(note) --on \(day)")
                line.mood = (note, rating, day)
            } else if let attribute = attributes.last, r % 3 == 0 {
                // --force: thousands of lines pile values onto a few days, far past their
                // plausible totals; what is tested here is what a crash leaves.
                line = Line(number: i, kind: .log, text: "log \(attribute) \(i) --on \(day) --force")
                line.entries = [(attribute, i, day)]
            } else {
                let water = 1 + i % 13
                line = Line(number: i, kind: .log, text: "log steps \(i) water \(water) --on \(day) --force")
                line.entries = [("steps", i, day), ("water", water, day)]
            }
            previousWasLog = line.kind == .log
            lines.append(line)
        }
        return CrashScript(lines: lines)
    }

    /// The journal's rows after the first `count` writes, in the form `CrashJournal.queries` reads them.
    func expected(afterWrites count: Int) -> [String: [String]] {
        var commands: [String] = []
        var notes: [String] = []
        var tags: [(String, Bool)] = []
        var moods: [(String, Int, String, Bool)] = []
        var moodTag: [Int] = []  // index into tags of each mood's tag
        var liveMoodOnDay: [String: Int] = [:]
        var entries: [(String, Int, String, Bool)] = []
        var lastLog: [Int] = []
        var attributes: [String] = []
        for line in writes.prefix(count) {
            commands.append(line.kind.rawValue)
            switch line.kind {
            case .note:
                notes.append(line.note! + "|1")
                tags.append((line.note!.split(separator: " ")[1].dropFirst().description, true))
            case .mood:
                let (note, rating, day) = line.mood!
                if let old = liveMoodOnDay[day] {
                    moods[old].3 = false
                    tags[moodTag[old]].1 = false
                }
                liveMoodOnDay[day] = moods.count
                moods.append((note, rating, day, true))
                moodTag.append(tags.count)
                tags.append(("mood\(rating)", true))
            case .log:
                lastLog = []
                for entry in line.entries {
                    lastLog.append(entries.count)
                    entries.append((entry.attribute, entry.value, entry.day, true))
                }
            case .undo:
                for index in lastLog { entries[index].3 = false }
                lastLog = []
            case .track:
                attributes.append(line.attribute!)
            case .error, .read:
                break
            }
        }
        func flag(_ live: Bool) -> String { live ? "1" : "0" }
        return [
            "changes": commands,
            "notes": notes.sorted(),
            "moods": moods.map { "\($0.0)|\($0.1)|\($0.2)|\(flag($0.3))" }.sorted(),
            "tags": tags.map { "\($0.0)|\(flag($0.1))" }.sorted(),
            "entries": entries.map { "\($0.0)|\($0.1)|\($0.2)|\(flag($0.3))" }.sorted(),
            "attributes": attributes.sorted(),
        ]
    }
}

enum CrashJournal {
    static let queries: [(String, String)] = [
        ("integrity", "PRAGMA integrity_check"),
        ("changes", "SELECT command FROM change WHERE session != 'setup' ORDER BY id"),
        ("notes", "SELECT text || '|' || (removed_by IS NULL) FROM note ORDER BY 1"),
        ("moods", "SELECT note || '|' || rating || '|' || day || '|' || (removed_by IS NULL) FROM mood ORDER BY 1"),
        ("tags", "SELECT name || '|' || (removed_by IS NULL) FROM tag ORDER BY 1"),
        (
            "entries",
            """
            SELECT attribute || '|' || CAST(value AS INTEGER) || '|' || day || '|' || (removed_by IS NULL)
                FROM entry ORDER BY 1
            """
        ),
        ("attributes", "SELECT name FROM attribute WHERE builtin = 0 AND removed_by IS NULL ORDER BY 1"),
        // Each day's derived value must be the sum of that day's live entries (every attribute
        // in the script sums), whatever moment the process died at.
        (
            "derived",
            """
            SELECT count(*) FROM (SELECT attribute, day, sum(value) AS total, count(*) AS n FROM entry
                WHERE removed_by IS NULL GROUP BY attribute, day) AS e
            FULL OUTER JOIN day_value AS v USING (attribute, day)
            WHERE e.total IS NOT v.value OR e.n IS NOT v.entries
            """
        ),
        // Every undo points at the change it reverted, and that change points back.
        (
            "undoLinks",
            "SELECT count(*) FROM change AS u JOIN change AS t ON t.id = u.undoes WHERE t.undone_by IS NOT u.id"
        ),
    ]

    /// The number of the script's writes the journal holds, after checking that they are
    /// exactly a prefix of the script. Records an issue for every difference.
    static func verify(_ d: Daybook, _ script: CrashScript, label: String) throws -> Int {
        guard FileManager.default.fileExists(atPath: d.journal) else { return 0 }
        let hasSchema = try d.execute(
            "/usr/bin/sqlite3", ["-batch", d.journal, "SELECT count(*) FROM sqlite_schema WHERE name = 'change'"])
        #expect(hasSchema.stderr == "", "\(label): \(hasSchema.stderr)")
        if hasSchema.stdout == "0\n" {
            #expect(try d.sql("PRAGMA integrity_check") == "ok", "\(label)")
            return 0
        }
        let rows = try d.dump(queries)
        #expect(rows["integrity"] == ["ok"], "\(label): integrity_check says \(rows["integrity"] ?? [])")
        #expect(rows["derived"] == ["0"], "\(label): daily values differ from their entries")
        #expect(rows["undoLinks"] == ["0"], "\(label): an undo and its change disagree")
        let count = rows["changes"]?.count ?? 0
        let expected = script.expected(afterWrites: count)
        for (name, want) in expected.sorted(by: { $0.key < $1.key }) {
            expectSameRows(rows[name], want, "\(label): \(name) after \(count) writes")
        }
        return count
    }
}

@Suite(.serialized) struct CrashTests {
    static let lineCount = 20_500
    /// A batch holds at most `Runner.batchLines` (1000) successful lines; the script fails 1
    /// line in 100, so a batch spans fewer than 1100 line numbers.
    static let batchSpan = 1100

    /// The highest line number reported in an error before the kill: that line had run.
    static func lastReported(_ stderr: String) -> Int {
        var last = 0
        for line in stderr.split(separator: "\n") where line.hasPrefix("<stdin>:") {
            if let n = Int(line.split(separator: ":")[1]) { last = max(last, n) }
        }
        return last
    }

    /// What the script prints on standard error: its deliberate errors, and what each undo reverted.
    static func expectedStandardError(_ script: CrashScript) -> String {
        var out = ""
        var previous: CrashScript.Line? = nil
        for line in script.lines {
            switch line.kind {
            case .error:
                out += "<stdin>:\(line.number): error: unknown command 'moood'; did you mean 'mood'? "
                out += "Type 'help' for the list\n"
            case .undo:
                let log = previous!
                let values = log.entries.map { "\($0.attribute) \(thousands($0.value))" }.joined(separator: ", ")
                out += "undid: log \(values) for \(log.entries[0].day)\n"
            default: break
            }
            previous = line
        }
        return out
    }

    static func thousands(_ value: Int) -> String {
        let digits = Array(String(value))
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(digit)
        }
        return out
    }

    @Test func killedAtRandomMomentsTheJournalHoldsAPrefixOfTheScript() throws {
        var killed = 0
        var verifiedWrites = 0
        // One whole run first: every write lands, and its duration spreads the kills.
        let script = CrashScript.generate(seed: 0, count: Self.lineCount)
        let (whole, status, duration) = try ScriptRun.whole(script.text)
        #expect(status == 1)  // the script holds deliberate errors
        #expect(try CrashJournal.verify(whole.daybook, script, label: "whole run") == script.writes.count)
        #expect(whole.session.stderr == Self.expectedStandardError(script))

        // Twenty runs killed before their end; a run that finished first does not count, and
        // makes the later kills come sooner (the whole run may have been timed on a busier
        // machine than the runs that follow).
        var seed: UInt64 = 0
        var span = duration
        while killed < 20 && seed < 60 {
            seed += 1
            let script = CrashScript.generate(seed: seed, count: Self.lineCount)
            var random = SeededGenerator(seed: seed &* 7919)
            // Most kills fall anywhere in the run; a few right at the start, while the journal
            // is being created.
            let delay = seed <= 2 ? Double(seed) * 0.01 : span * Double(random.next() % 900) / 1000
            let run = try ScriptRun.killed(script.text, after: delay)
            let (d, session) = (run.daybook, run.session)
            if session.killed { killed += 1 } else { span *= 0.7 }
            let label = "seed \(seed), killed after \(Int(delay * 1000)) ms"
            let writes = try CrashJournal.verify(d, script, label: label)
            verifiedWrites += writes
            // Everything that ran a whole batch before the last reported line was committed.
            let reported = Self.lastReported(session.stderr)
            let mustHave = script.writes.filter { $0.number <= reported - Self.batchSpan }.count
            #expect(writes >= mustHave, "\(label): \(writes) writes kept, but line \(reported) had run")
            // And the journal works on: the next command recovers it and writes.
            let after = try d.run(["note", "after the crash"])
            #expect(after.status == 0, "\(label): \(after.stderr)")
        }
        #expect(killed == 20, "only \(killed) of \(seed) runs were killed before they finished")
        print("crash test: \(killed) kills survived, \(verifiedWrites) writes checked as prefixes")
    }

    @Test func killedAtomicScriptsLeaveNothing() throws {
        var killed = 0
        for seed in UInt64(101)...103 {
            let script = CrashScript.generate(seed: seed, count: Self.lineCount)
            let d = try Daybook()
            try d.run(["note", "before the script"])
            let path = d.directory + "/script.daybook"
            // Without the deliberate errors, so that the whole script could have been applied.
            let clean = CrashScript(lines: script.lines.filter { $0.kind != .error })
            try clean.text.write(toFile: path, atomically: true, encoding: .utf8)
            let session = try Session(
                arguments: ["--journal", d.journal, "--atomic", "-f", path], environment: d.childEnvironment,
                directory: d.directory)
            usleep(UInt32(200_000 + 300_000 * (seed - 101)))
            session.killNow()
            if session.killed { killed += 1 }
            #expect(try d.sql("PRAGMA integrity_check") == "ok")
            #expect(try d.sql("SELECT group_concat(text) FROM note") == "before the script")
            #expect(try d.sql("SELECT count(*) FROM change") == "2")
        }
        #expect(killed == 3)
        // Run to the end, the same script is applied whole.
        let script = CrashScript(lines: CrashScript.generate(seed: 104, count: 3000).lines.filter { $0.kind != .error })
        let d = try Daybook()
        let r = try d.run(["--atomic"], input: script.text)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try CrashJournal.verify(d, script, label: "atomic whole run") == script.writes.count)
    }
}
