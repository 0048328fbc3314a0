import Foundation
import Testing

@Suite(.serialized) struct ConcurrencyTests {
    /// Every note, oldest first.
    func notes(_ d: Daybook) throws -> String {
        try d.sql("SELECT group_concat(text, ',') FROM (SELECT text FROM note ORDER BY id)")
    }

    /// "logged steps 1 for yesterday (1,234 that day)": the day's total when others wrote
    /// before it, which the scripts' race decides, but at least 2.
    func addsUp(_ line: String) -> Bool {
        let prefix = "logged steps 1 for yesterday ("
        let suffix = " that day)\n"
        guard line.hasPrefix(prefix), line.hasSuffix(suffix) else { return false }
        let number = line.dropFirst(prefix.count).dropLast(suffix.count).filter { $0 != "," }
        return (Int(number) ?? 0) >= 2
    }

    /// Two scripts, a slow script fed line by line, and a person's one-shot commands (each its
    /// own transaction, the shell's code path) all write to one new journal at once.
    @Test func sessionsWritingAtOnceLoseNothing() throws {
        let d = try Daybook()
        let perScript = 6000
        var paths: [String] = []
        for name in ["A", "B"] {
            var text = ""
            for i in 1...perScript {
                text += i % 2 == 0 ? "note \(name)\(i) from a script\n" : "log steps 1 water 1 --on yesterday --force\n"
                if i % 500 == 0 { text += "week\n" }
            }
            let path = d.directory + "/\(name).daybook"
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            paths.append(path)
        }
        // All start on a journal that does not exist yet: they race to create it too.
        let scripts = try paths.map { try d.start(["-f", $0]) }
        let slow = try d.start()
        var slowLines = 0
        var oneShots = 0
        var oneShotErrors: [String] = []
        var duringScripts = 0
        var whileBoth = 0
        let deadline = Date().addingTimeInterval(60)
        while (scripts.contains { $0.process.isRunning } || oneShots < 40) && Date() < deadline {
            oneShots += 1
            if scripts.contains(where: { $0.process.isRunning }) { duringScripts += 1 }
            let command = oneShots % 3 == 0 ? ["log", "steps", "1", "--on", "yesterday"] : ["note", "I\(oneShots) typed"]
            let r = try d.run(command)
            // Done while both scripts still write: a script does not keep others out.
            if scripts.allSatisfy({ $0.process.isRunning }) { whileBoth += 1 }
            if r.status != 0 || !["noted for today\n", "logged steps 1 for yesterday\n"].contains(r.stderr) && !addsUp(r.stderr) {
                oneShotErrors.append("\(r.status): \(r.stderr)")
            }
            slowLines += 1
            slow.send("note C\(slowLines) fed slowly\n")
        }
        #expect(slow.finish() == 0)
        for script in scripts { #expect(script.wait() == 0) }
        #expect(
            oneShotErrors.count == 0, "\(oneShotErrors.count) one-shot commands failed, first: \(oneShotErrors.first ?? "")")
        // Without writers taking turns, the first script to commit begins its next batch at
        // once, and a one-shot command waits for both scripts to end (or fails after the busy
        // timeout on a longer script).
        #expect(whileBoth >= 3, "only \(whileBoth) one-shot commands were written while both scripts ran")
        for session in scripts + [slow] { #expect(session.stderr == "") }

        // Every write is there, once.
        let rows = try d.dump([
            ("integrity", "PRAGMA integrity_check"),
            ("notes", "SELECT text FROM note WHERE removed_by IS NULL ORDER BY text"),
            ("steps", "SELECT count(*), sum(value) FROM entry WHERE attribute = 'steps' AND removed_by IS NULL"),
            ("derived", "SELECT value, entries FROM day_value WHERE attribute = 'steps' AND day = '2026-11-20'"),
            ("water", "SELECT value FROM day_value WHERE attribute = 'water' AND day = '2026-11-20'"),
        ])
        var expected: [String] = []
        for name in ["A", "B"] {
            for i in stride(from: 2, through: perScript, by: 2) { expected.append("\(name)\(i) from a script") }
        }
        for i in 1...oneShots where i % 3 != 0 { expected.append("I\(i) typed") }
        for i in 1...slowLines { expected.append("C\(i) fed slowly") }
        #expect(rows["integrity"] == ["ok"])
        expectSameRows(rows["notes"], expected.sorted(), "notes")
        let steps = perScript + oneShots / 3
        #expect(rows["steps"] == ["\(steps)|\(steps).0"])
        // The daily value, recomputed by each writer inside its own transaction, counts them all.
        #expect(rows["derived"] == ["\(steps).0|\(steps)"])
        #expect(rows["water"] == ["\(perScript).0"])
        print(
            "concurrency test: \(expected.count + steps + perScript) writes checked, \(oneShots) one-shot commands,",
            "\(duringScripts) of them while the scripts ran, \(whileBoth) while both did")
    }

    /// Processes that all find no journal and set it up at once: each gets a working journal,
    /// none refuses it as another program's or fails with "database is locked".
    @Test func manySessionsCreateOneJournalAtOnce() throws {
        let d = try Daybook()
        let script = d.directory + "/s.daybook"
        try "note s1\nnote s2\n".write(toFile: script, atomically: true, encoding: .utf8)
        var failures: [String] = []
        for round in 1...50 {
            let journal = d.directory + "/race\(round).sqlite3"
            let commands = [["-f", script], ["-f", script], ["-f", script], ["note", "one-shot"], ["show"]]
            let sessions = try commands.map {
                try Session(arguments: ["--journal", journal] + $0, environment: d.childEnvironment, directory: d.directory)
            }
            for (session, command) in zip(sessions, commands) {
                let status = session.finish()
                let expected = command[0] == "note" ? "noted for today\n" : ""
                // A read creates no journal: run before every writer, it finds none yet.
                let beforeAnyWriter = "error: no journal at \(journal) yet; the first write creates it\n"
                if command == ["show"] && status == 1 && session.stderr == beforeAnyWriter { continue }
                if status != 0 || session.stderr != expected {
                    failures.append("round \(round), \(command.joined(separator: " ")): \(status) \(session.stderr)")
                }
            }
            let rows = try d.execute("/usr/bin/sqlite3", [journal, "PRAGMA integrity_check; SELECT count(*) FROM note"])
            if rows.stdout != "ok\n7\n" { failures.append("round \(round): \(rows.stdout)") }
        }
        #expect(failures == [])
    }

    /// A script whose next line is slow to come commits what it has, instead of keeping it
    /// uncommitted (and the journal locked) until the next line arrives.
    @Test func aSlowScriptCommitsWhileItWaitsForInput() throws {
        let d = try Daybook()
        let session = try d.start()
        session.send("note first line\nlog steps 100\n")
        #expect(eventually(timeout: 5) { (try? d.sql("SELECT count(*) FROM note")) == "1" })
        #expect(try d.sql("SELECT value FROM day_value WHERE attribute = 'steps'") == "100.0")
        // Meanwhile another session writes without waiting for the script's next line.
        let other = try d.run(["note", "from elsewhere"])
        #expect(other.status == 0)
        session.send("note second line\n")
        #expect(session.finish() == 0)
        #expect(try notes(d) == "first line,from elsewhere,second line")
    }

    /// `undo` reverts the most recent change from any session, and says so when it was another's.
    @Test func undoSaysWhenItRevertsAnotherSessionsChange() throws {
        let d = try Daybook()
        let session = try d.start()
        session.send("note mine\n")
        #expect(eventually(timeout: 5) { (try? d.sql("SELECT count(*) FROM note")) == "1" })
        #expect(try d.run(["note", "theirs"]).status == 0)
        session.send("undo\nnote mine again\nundo\n")
        #expect(session.finish() == 0)
        #expect(
            session.stderr == "undid: a note on 2026-11-21 (made in another session at 09:30)\n"
                + "undid: a note on 2026-11-21\n")
        let live = "SELECT group_concat(text || ':' || (removed_by IS NULL), ',') FROM (SELECT * FROM note ORDER BY id)"
        #expect(try d.sql(live) == "mine:1,theirs:0,mine again:0")
        // The one-shot session now reverts the script's first note, and says whose it was.
        let r = try d.run(["undo"])
        #expect(r.stderr == "undid: a note on 2026-11-21 (made in another session at 09:30)\n")
        #expect(try d.sql("SELECT count(*) FROM note WHERE removed_by IS NULL") == "0")
    }

    /// With `--atomic` the batch stays open for the whole script; another session waits for it
    /// (up to the busy timeout) and then writes, with no error.
    @Test func aWriterWaitsForAnAtomicScriptInsteadOfFailing() throws {
        let d = try Daybook()
        try d.run(["note", "before"])
        let session = try d.start(["--atomic"])
        session.send("note inside the atomic script\n")
        usleep(300_000)
        let waiting = try d.start(["note", "waited"])
        usleep(300_000)
        #expect(waiting.process.isRunning, "the second writer should wait for the atomic script's lock")
        session.send("note last line\n")
        #expect(session.finish() == 0)
        #expect(waiting.wait() == 0)
        #expect(waiting.stderr == "noted for today\n")
        #expect(try notes(d) == "before,inside the atomic script,last line,waited")
    }
}
