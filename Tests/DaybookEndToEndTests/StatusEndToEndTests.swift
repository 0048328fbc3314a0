import Foundation
import Testing

/// `daybook status` through the real binary: what it prints, that it never creates a journal
/// nor waits for a lock nor writes beside one, the day-start, and `--check`'s exit status.
@Suite struct StatusEndToEndTests {
    func files(_ d: Daybook) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: d.directory).sorted()
    }

    @Test func noJournalPrintsNothingAndCreatesNothing() throws {
        let d = try Daybook()
        for arguments in [
            ["status"], ["status", "--format", "%checkin %mood %goals %streak"], ["status", "--prompt", "zsh"],
        ] {
            let r = try d.run(arguments)
            #expect(r.status == 0)
            #expect(r.stdout == "")
            #expect(r.stderr == "")
        }
        #expect(try files(d) == [])
        // Nor through DAYBOOK_JOURNAL in a folder that is not there.
        d.environment = ["DAYBOOK_JOURNAL": d.directory + "/deep/journal.sqlite3"]
        let r = try d.run(["status"], journalFlag: false)
        #expect(r.status == 0 && r.stdout == "" && r.stderr == "")
        #expect(try files(d) == [])
    }

    @Test func theCheckInAndTheGoalsStillOpen() throws {
        let d = try Daybook()
        #expect(try d.run(["goal", "steps", "at", "least", "10000"]).status == 0)
        #expect(try d.run(["goal", "water", "at", "least", "8"]).status == 0)
        #expect(try d.run(["log", "steps", "4200", "water", "8"]).status == 0)
        var r = try d.run(["status"])
        #expect(r.status == 0)
        #expect(r.stdout == "not checked in · steps 4,200/10,000\n")
        #expect(r.stderr == "")
        #expect(try d.run(["mood", "4", "calm"]).status == 0)
        r = try d.run(["status", "--format", "%checkin: %mood, %streak (%goals) 100%%"])
        #expect(r.stdout == "checked in: 4 good, streak 1 (steps 4,200/10,000) 100%\n")
        // Not on a terminal, no colour unless asked for.
        r = try d.run(["--color", "always", "status", "--format", "%mood"])
        #expect(r.stdout == "\u{1B}[38;5;148m4 good\u{1B}[0m\n")
    }

    @Test func nothingIsWrittenBesideTheJournal() throws {
        let d = try Daybook()
        #expect(try d.run(["mood", "3"]).status == 0)
        let before = try files(d)
        #expect(before == ["journal.sqlite3"])
        let bytes = d.journalBytes()
        #expect(try d.run(["status", "--format", "%checkin %streak"]).stdout == "checked in · streak 1\n")
        #expect(try files(d) == before)
        #expect(d.journalBytes() == bytes)
        // A write-ahead log left without its shared memory: none is made, and nothing is said,
        // as for a busy journal.
        for size in [0, 64] {
            #expect(FileManager.default.createFile(atPath: d.journal + "-wal", contents: Data(count: size)))
            for arguments in [["status"], ["status", "--check"]] {
                let r = try d.run(arguments)
                #expect(r.status == 0 && r.stdout == "" && r.stderr == "", "\(arguments)")
            }
            #expect(try files(d) == ["journal.sqlite3", "journal.sqlite3-wal"])
        }
    }

    @Test func aBadFormatIsRefusedInOneLine() throws {
        let d = try Daybook()
        #expect(try d.run(["mood", "3"]).status == 0)
        let r = try d.run(["status", "--format", "%checkin %weather"])
        #expect(r.status == 64)
        #expect(r.stdout == "")
        #expect(
            r.stderr
                == "error: --format has unknown placeholder '%weather'; accepted: %checkin, %mood, %goals, %streak, %%\n"
        )
        let shell = try d.run(["status", "--prompt", "tcsh"])
        #expect(shell.status == 64)
        #expect(shell.stderr == "error: --prompt takes bash, zsh or fish; got tcsh\n")
    }

    @Test func aForeignFileIsSaidInOneLine() throws {
        let d = try Daybook()
        #expect(try d.execute("/usr/bin/sqlite3", [d.journal, "CREATE TABLE t (x);"]).status == 0)
        let r = try d.run(["status"])
        #expect(r.status == 1)
        #expect(r.stdout == "")
        #expect(r.stderr.hasPrefix("error: ") && r.stderr.contains("not a daybook journal"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
    }

    @Test func aJournalThatCannotBeReadIsSaidNotTakenForNone() throws {
        let d = try Daybook()
        #expect(try d.run(["mood", "good"]).status == 0)
        // Read by someone who may not: as root, another user (the journal is 0600); else, with
        // the file's permissions taken away.
        var command = [Daybook.binary]
        if getuid() == 0 {
            command = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"] + command
        } else {
            #expect(chmod(d.journal, 0) == 0)
        }
        for arguments in [["status"], ["status", "--check"]] {
            let r = try d.execute(command[0], Array(command.dropFirst()) + ["--journal", d.journal] + arguments)
            #expect(r.status == 1, "\(arguments)")
            #expect(r.stdout == "")
            #expect(r.stderr == "error: cannot read journal \(d.journal): Permission denied\n", "\(r.stderr)")
        }
        #expect(try files(d) == ["journal.sqlite3"])
    }

    @Test func aLockedJournalPrintsNothingAtOnce() throws {
        let d = try Daybook()
        #expect(try d.run(["mood", "3"]).status == 0)
        let held = try d.shell(
            #"""
            ( printf 'PRAGMA locking_mode=EXCLUSIVE;\nBEGIN EXCLUSIVE;\nSELECT 1;\n'; sleep 4 ) | sqlite3 "$J" >/dev/null &
            sleep 0.5
            start=$(date +%s%N)
            "$DAYBOOK" --journal "$J" status; echo "status $?"
            "$DAYBOOK" --journal "$J" status --check; echo "check $?"
            echo "$(( ($(date +%s%N) - start) / 1000000 ))" >"$D/ms"
            kill $! 2>/dev/null; wait
            """#)
        #expect(held.stdout == "status 0\ncheck 0\n")
        #expect(held.stderr == "")
        let ms =
            Int(
                String(decoding: try #require(FileManager.default.contents(atPath: d.directory + "/ms")), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)) ?? .max
        #expect(ms < 1000, "waited \(ms) ms")
    }

    @Test func todayFollowsTheDayStart() throws {
        let d = try Daybook()
        #expect(try d.run(["set", "day-start", "03:00"]).status == 0)
        #expect(try d.run(["mood", "4", "--on", "2026-11-20"]).status == 0)
        d.now = "2026-11-21T01:00"
        #expect(try d.run(["status", "--format", "%checkin %mood"]).stdout == "checked in · 4 good\n")
        d.now = "2026-11-21T03:00"
        #expect(try d.run(["status", "--format", "%checkin %mood"]).stdout == "not checked in\n")
    }

    @Test func checkExitsOneWithoutACheckIn() throws {
        let d = try Daybook()
        // No journal: no check-in.
        var r = try d.run(["status", "--check"])
        #expect(r.status == 1 && r.stdout == "" && r.stderr == "")
        #expect(try files(d) == [])
        #expect(try d.run(["note", "just a note"]).status == 0)
        r = try d.run(["status", "--check"])
        #expect(r.status == 1 && r.stdout == "" && r.stderr == "")
        // With --format, the line too.
        r = try d.run(["status", "--check", "--format", "%checkin"])
        #expect(r.status == 1 && r.stdout == "not checked in\n" && r.stderr == "")
        #expect(try d.run(["mood", "good"]).status == 0)
        r = try d.run(["status", "--check"])
        #expect(r.status == 0 && r.stdout == "" && r.stderr == "")
    }

    @Test func checkExitsOneWhenThereIsNoJournalPathAtAll() throws {
        let d = try Daybook()
        // Without HOME, DAYBOOK_JOURNAL or --journal there is no journal to read.
        var environment = d.childEnvironment
        environment["HOME"] = nil
        var r = try d.execute(Daybook.binary, ["status", "--check"], environment: environment)
        #expect(r.status == 1 && r.stdout == "" && r.stderr == "")
        r = try d.execute(Daybook.binary, ["status"], environment: environment)
        #expect(r.status == 0 && r.stdout == "" && r.stderr == "")
        #expect(try files(d) == [])
    }

    @Test func promptWrapsColourUnlessNoColor() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "x"]).status == 0)
        var r = try d.run(["status", "--prompt", "bash"])
        #expect(r.stdout == "\u{01}\u{1B}[31m\u{02}not checked in\u{01}\u{1B}[0m\u{02}")
        r = try d.run(["status", "--prompt", "zsh"])
        #expect(r.stdout == "%{\u{1B}[31m%}not checked in%{\u{1B}[0m%}")
        r = try d.run(["status", "--prompt", "fish"])
        #expect(r.stdout == "\u{1B}[31mnot checked in\u{1B}[0m")
        d.environment = ["NO_COLOR": "1"]
        r = try d.run(["status", "--prompt", "bash"])
        #expect(r.stdout == "not checked in")
        d.environment = [:]
        #expect(try d.run(["--color", "never", "status", "--prompt", "zsh"]).stdout == "not checked in")
        #expect(try d.run(["set", "color", "never"]).status == 0)
        #expect(try d.run(["status", "--prompt", "fish"]).stdout == "not checked in")
    }
}
