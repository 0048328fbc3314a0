import DaybookProcessSupport
import Foundation
import Testing

/// `daybook __complete` with a journal it cannot or should not wait for, or none at all, and
/// with file names that hold blanks: TAB answers at once, writes nothing and mangles nothing.
@Suite struct ShellCompletionJournalTests {
    func complete(_ d: Daybook, _ words: [String], journal: String? = nil) throws -> RunResult {
        var env = d.childEnvironment
        env["DAYBOOK_JOURNAL"] = journal ?? d.journal
        return try d.execute(Daybook.binary, ["__complete", "--"] + words, environment: env)
    }

    @Test func theBuiltInAttributesCompleteWithoutAJournal() throws {
        let d = try Daybook()
        let none = try complete(d, ["log", "st"])
        #expect(none.stdout == "steps\nstand_hours\n")
        #expect(try complete(d, ["goal", "wat"]).stdout == "water\n")
        #expect(!FileManager.default.fileExists(atPath: d.journal))
        #expect(try d.run(["note", "x"]).status == 0)
        #expect(try complete(d, ["log", "st"]).stdout == none.stdout)
    }

    /// A FIFO would block the open; a journal another process holds in exclusive locking mode
    /// would keep TAB waiting for the whole busy timeout. Both answer at once, as no journal.
    @Test func aJournalThatCannotBeReadAtOnceDoesNotKeepTabWaiting() throws {
        let d = try Daybook()
        let fifo = d.directory + "/fifo.sqlite3"
        #expect(mkfifo(fifo, 0o600) == 0)
        let r = try d.shell(#"DAYBOOK_JOURNAL="$D/fifo.sqlite3" timeout 5 "$DAYBOOK" __complete -- log st"#)
        #expect(r.status == 0)
        #expect(r.stdout == "steps\nstand_hours\n")

        #expect(try d.run(["track", "stretch", "duration"]).status == 0)
        #expect(try complete(d, ["log", "str"]).stdout == "stretch\n")
        let held = try d.shell(
            #"""
            ( printf 'PRAGMA locking_mode=EXCLUSIVE;\nBEGIN EXCLUSIVE;\nSELECT 1;\n'; sleep 4 ) | sqlite3 "$J" >/dev/null &
            sleep 0.5
            start=$(date +%s%N)
            DAYBOOK_JOURNAL="$J" "$DAYBOOK" __complete -- log st
            echo "$(( ($(date +%s%N) - start) / 1000000 ))" >"$D/ms"
            kill $! 2>/dev/null; wait
            """#)
        #expect(held.stdout == "steps\nstand_hours\n")
        let ms = Int(String(decoding: try #require(FileManager.default.contents(atPath: d.directory + "/ms")), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)) ?? .max
        #expect(ms < 1000, "waited \(ms) ms")
    }

    @Test func nothingIsWrittenBesideTheJournal() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "walked #outdoors"]).status == 0)
        let before = try FileManager.default.contentsOfDirectory(atPath: d.directory).sorted()
        #expect(before == ["journal.sqlite3"])
        let bytes = try #require(d.journalBytes())
        #expect(try complete(d, ["note", "#ou"]).stdout == "#outdoors\n")
        #expect(try complete(d, ["log", "st"]).stdout == "steps\nstand_hours\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.directory).sorted() == before)
        #expect(d.journalBytes() == bytes)
    }

    /// Each file name is one candidate: blanks kept, a tab and a line break written `\t` and
    /// `\n` (a backslash `\\`), and each shell's script offers the name itself.
    @Test(.enabled(if: Installed.bashCompletion && Installed.zsh && Installed.fish, "needs bash-completion, zsh and fish"))
    func fileNamesWithBlanksAreOneCandidateEach() throws {
        let d = try Daybook()
        let folder = d.directory + "/cdir"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for name in ["has space.json", "has\ttab.json", "has\nsecond.json", "back\\slash.json"] {
            #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data()))
        }
        var env = d.childEnvironment
        env["DAYBOOK_JOURNAL"] = d.journal
        env["PATH"] = URL(fileURLWithPath: Daybook.binary).deletingLastPathComponent().path + ":/usr/bin:/bin"
        func run(_ words: [String]) throws -> String {
            let script = "cd \"$D\" && \"$DAYBOOK\" __complete -- \"$@\""
            return try d.execute("/bin/sh", ["-c", script, "sh"] + words, environment: env).stdout
        }
        #expect(
            try run(["export", "cdir/"])
                == "cdir/back\\\\slash.json\ncdir/has\\ttab.json\ncdir/has\\nsecond.json\ncdir/has space.json\n")
        #expect(try run(["export", "cdir/has\\ "]) == "cdir/has space.json\n")
        #expect(try run(["export", "\"cdir/has s"]) == "cdir/has space.json\n")

        let root = Daybook.packageRoot
        let bash = try d.execute(
            "/usr/bin/bash",
            [
                "--norc", "--noprofile", "-c",
                """
                cd "$D"; source /usr/share/bash-completion/bash_completion; source '\(root)/Completions/daybook.bash'
                COMP_WORDS=(daybook export cdir/); COMP_CWORD=2; _daybook; printf '%s\\n' "${COMPREPLY[@]}"
                """,
            ], environment: env)
        #expect(
            bash.stdout
                == "cdir/back\\\\slash.json\n$'cdir/has\\ttab.json'\n$'cdir/has\\nsecond.json'\ncdir/has\\ space.json\n")
        let zsh = try d.execute(
            "/usr/bin/zsh",
            [
                "-f", "-c",
                """
                cd "$D"; fpath=('\(root)/Completions' $fpath); autoload -U compinit && compinit -u -D
                compadd() { local seen=0 a; for a in "$@"; do
                    if (( seen )); then print -r -- "[$a]"; elif [[ $a == -- ]]; then seen=1; fi; done }
                words=(daybook export cdir/); CURRENT=3; PREFIX=cdir/; $_comps[daybook]
                """,
            ], environment: env)
        #expect(
            zsh.stdout
                == "[cdir/back\\slash.json]\n[cdir/has\ttab.json]\n[cdir/has\nsecond.json]\n[cdir/has space.json]\n")
        let fish = try d.execute(
            "/usr/bin/fish",
            [
                "--no-config", "-c",
                "cd \"$D\"; source '\(root)/Completions/daybook.fish'; complete -C 'daybook export cdir/'",
            ], environment: env)
        // fish cannot offer a candidate that holds a tab or a line break.
        #expect(fish.stdout == "cdir/back\\slash.json\ncdir/has space.json\n")
    }
}
