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
}
