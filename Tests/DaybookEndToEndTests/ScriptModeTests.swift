import Foundation
import Testing

@Suite struct ScriptModeTests {
    @Test func checkInAndWeek() throws {
        let d = try Daybook()
        let r = try d.run(input: "mood 4 walked by the sea #outdoors\nlog steps 8200 sleep 7h30m bedtime 23:40\nweek\n")
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(
            r.stdout == """
                7 days to Saturday 21 November 2026
                day         mood    steps   sleep  bedtime  note
                ──────────  ──────  ─────  ──────  ───────  ───────────────────────────
                Sun 15 Nov  —
                Mon 16 Nov  —
                Tue 17 Nov  —
                Wed 18 Nov  —
                Thu 19 Nov  —
                Fri 20 Nov  —
                Sat 21 Nov  4 good  8,200  7h 30m    23:40  walked by the sea #outdoors

                mood           ▆  mean 4 · 1 day
                steps          ▅  mean 8,200 · 1 day
                sleep          ▅  mean 7h 30m · 1 day
                bedtime        ▅  mean 23:40 · 1 day

                """)
        #expect(try d.sql("PRAGMA integrity_check") == "ok")
        let mode = try FileManager.default.attributesOfItem(atPath: d.journal)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func badLineIsReportedByNumberAndTheRunGoesOn() throws {
        let d = try Daybook()
        let r = try d.run(input: "mood 4\n\n# a comment\nmood 7\nnote still here\nshow --json\n")
        #expect(r.status == 1)
        #expect(r.stderr == "<stdin>:4: error: mood is rated 1 to 5 (terrible, bad, okay, good, great); got 7\n")
        #expect(r.stdout.contains("\"text\": \"still here\""))
        #expect(r.stdout.contains("\"rating\": 4"))
    }

    @Test func bailStopsAtTheFirstError() throws {
        let d = try Daybook()
        let r = try d.run(["--bail"], input: "mood 3\nmoood 4\nnote never written\n")
        #expect(r.status == 1)
        #expect(r.stderr == "<stdin>:2: error: unknown command 'moood'; did you mean 'mood'? Type 'help' for the list\n")
        #expect(try d.sql("SELECT count(*) FROM note") == "0")
    }

    /// A folder given as a script (`source DIR`, `-f DIR`, `< DIR`) is refused in one line,
    /// never read as an empty script; so is standard input that cannot be read.
    @Test func aFolderIsNotAScript() throws {
        let d = try Daybook()
        let folder = d.directory + "/scripts"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let cases: [(String, String)] = [
            (
                #""$DAYBOOK" --journal "$J" source "$D/scripts""#,
                "error: cannot read \(folder): Is a directory; give a script file"
            ),
            (
                #""$DAYBOOK" --journal "$J" -f "$D/scripts""#,
                "daybook: cannot read \(folder): Is a directory; give a script file"
            ),
            (
                #""$DAYBOOK" --journal "$J" < "$D/scripts""#,
                "daybook: cannot read standard input: Is a directory; give a script file"
            ),
            (
                #"printf 'note before\nsource %s\nnote after\n' "$D/scripts" | "$DAYBOOK" --journal "$J""#,
                "<stdin>:2: error: cannot read \(folder): Is a directory; give a script file"
            ),
            (
                #""$DAYBOOK" --journal "$J" 0>/dev/null"#,
                "<stdin>: error: cannot read <stdin> (Bad file descriptor); none of it was run"
            ),
        ]
        for (command, message) in cases {
            let r = try d.shell(command)
            #expect(r.status == 1, "\(command)")
            #expect(r.stderr == message + "\n", "\(command)")
        }
        #expect(try d.sql("SELECT group_concat(text, ',') FROM note") == "before,after")
    }

    /// Ctrl-C (SIGINT) reaches a script on a pipe once all it was sent has run, and its input
    /// then ends (`producer | daybook`, where the producer got the Ctrl-C too): every line ran,
    /// and one line says so.
    @Test func ctrlCOnAPipeThatThenEndsKeepsEveryLine() throws {
        let d = try Daybook()
        let session = try d.start()
        session.send((1...50).map { "note p\($0)\n" }.joined())
        // A pause commits the batch: wait until all fifty are in the journal.
        let deadline = Date().addingTimeInterval(30)
        while (try? d.sql("SELECT count(*) FROM note")) != "50" && Date() < deadline { usleep(20_000) }
        kill(session.process.processIdentifier, SIGINT)
        usleep(100_000)
        #expect(session.process.isRunning)
        #expect(session.finish() == 130)
        #expect(session.stderr == "<stdin>: error: interrupted (Ctrl-C): <stdin> ended after line 50; what its lines wrote is kept\n")
        #expect(try d.sql("SELECT count(*) FROM note") == "50")
    }

    /// With --atomic, Ctrl-C keeps nothing, and the last line says it was an interruption, not
    /// a line that failed.
    @Test func ctrlCOnAnAtomicScriptKeepsNothing() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "before"]).status == 0)
        let session = try d.start(["--atomic"])
        session.send((1...50).map { "note p\($0)\n" }.joined())
        usleep(300_000)
        kill(session.process.processIdentifier, SIGINT)
        usleep(100_000)
        session.send("note p51\n")
        #expect(session.finish() == 130)
        // Line 51, unless a loaded machine had not read all fifty when the signal came.
        let line = session.stderr.split(separator: ":").dropFirst().first.flatMap { Int($0) } ?? 0
        #expect((1...51).contains(line), "\(session.stderr)")
        #expect(
            session.stderr
                == "<stdin>:\(line): error: interrupted (Ctrl-C): this line and the rest of <stdin> were not run\n"
                + "daybook: interrupted; with --atomic nothing was written\n")
        #expect(try d.sql("SELECT group_concat(text) FROM note") == "before")
    }
}


