import DaybookProcessSupport
import Foundation
import Testing

/// `daybook __complete -- WORDS…` and the scripts in Completions/, loaded in real bash (with
/// bash-completion), zsh (with compinit) and fish (`make test` installs the three).
@Suite struct ShellCompletionTests {
    /// The lines asked for, and what each shell must offer. fish reads a `#` that starts a
    /// word as a comment, so there the tag is typed `\#ou`.
    static let asked: [(line: String, fishLine: String, expected: [String])] = [
        ("daybook go", "daybook go", ["goal", "goals"]),
        ("daybook log st", "daybook log st", ["stand_hours", "steps"]),
        ("daybook log steps 8000 --on ye", "daybook log steps 8000 --on ye", ["yesterday"]),
        ("daybook note walked #ou", "daybook note walked \\#ou", ["#outdoors"]),
        // The next word of a date begun before it.
        ("daybook show last t", "daybook show last t", ["thursday", "tuesday"]),
        ("daybook log steps 8000 --on last f", "daybook log steps 8000 --on last f", ["friday"]),
        ("daybook search --from 3 days a", "daybook search --from 3 days a", ["ago"]),
        ("daybook week 21 n", "daybook week 21 n", ["nov"]),
        // chart's second attribute (never the first again), then the period a word at a time.
        ("daybook chart sleep st", "daybook chart sleep st", ["stand_hours", "steps"]),
        ("daybook chart steps st", "daybook chart steps st", ["stand_hours"]),
        ("daybook chart steps sleep la", "daybook chart steps sleep la", ["last"]),
        ("daybook chart steps sleep last m", "daybook chart steps sleep last m", ["month"]),
    ]

    /// A journal with a tag `#outdoors`, the binary's folder on PATH, and the journal in
    /// DAYBOOK_JOURNAL.
    func journal() throws -> (Daybook, [String: String]) {
        let d = try Daybook()
        let r = try d.run(["note", "walked by the river #outdoors"])
        #expect(r.status == 0, "\(r.stderr)")
        var env = d.childEnvironment
        env["PATH"] = URL(fileURLWithPath: Daybook.binary).deletingLastPathComponent().path + ":/usr/bin:/bin"
        env["DAYBOOK_JOURNAL"] = d.journal
        return (d, env)
    }

    /// `== LINE` headers, each followed by the candidates offered for it.
    static func sections(_ output: String) -> [String: [String]] {
        var found: [String: [String]] = [:]
        var current: String? = nil
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("== ") {
                current = String(line.dropFirst(3))
                found[current!] = []
            } else if let current, !line.isEmpty {
                found[current]!.append(String(line))
            }
        }
        return found
    }


    func complete(_ d: Daybook, _ env: [String: String], _ words: [String]) throws -> RunResult {
        try d.execute(Daybook.binary, ["__complete", "--"] + words, environment: env)
    }

    // MARK: The entry point

    @Test func entryPointAnswersOneCandidateALineWithItsDetail() throws {
        let (d, env) = try journal()
        let go = try complete(d, env, ["go"])
        #expect(go.status == 0)
        #expect(go.stderr == "")
        #expect(go.stdout == "goal\tset a goal for an attribute, or end it\ngoals\tevery goal: state, progress and streak\n")
        #expect(try complete(d, env, ["log", "st"]).stdout.split(separator: "\n").sorted() == ["stand_hours", "steps"])
        #expect(try complete(d, env, ["log", "steps", "8000", "--on", "ye"]).stdout == "yesterday\tFri 20 Nov\n")
        #expect(try complete(d, env, ["note", "walked", "#ou"]).stdout == "#outdoors\n")
        // After `last`, the weekdays, each with the day it makes (Saturday 21 November 2026).
        #expect(
            try complete(d, env, ["show", "last", ""]).stdout
                == "monday\tMon 16 Nov\ntuesday\tTue 17 Nov\nwednesday\tWed 18 Nov\nthursday\tThu 19 Nov\n"
                + "friday\tFri 20 Nov\nsaturday\tSat 14 Nov\nsunday\tSun 15 Nov\n")
        #expect(try complete(d, env, ["log", "steps", "8000", "last", "fr"]).stdout == "friday\tFri 20 Nov\n")
        #expect(try complete(d, env, ["search", "--from", "a", "w"]).stdout == "week\ta week ago: Sat 14 Nov\n")
        #expect(try complete(d, env, ["week", "3", "days", ""]).stdout == "ago\tWed 18 Nov\n")
        // A quoted note: the candidate replaces the whole word.
        #expect(try complete(d, env, ["note", "\"walked #ou"]).stdout == "walked #outdoors\n")
        // The program's own options, and --journal among the words.
        #expect(try complete(d, env, ["--jo"]).stdout.hasPrefix("--journal\t"))
        var elsewhere = env
        elsewhere["DAYBOOK_JOURNAL"] = d.directory + "/none.sqlite3"
        let given = try complete(d, elsewhere, ["--journal", d.journal, "note", "#out"])
        #expect(given.stdout == "#outdoors\n")
        // A range is offered a word at a time.
        #expect(try complete(d, env, ["goal", "steps", "at"]).stdout == "at\n")
        #expect(try complete(d, env, ["goal", "steps", "at", "le"]).stdout == "least\n")
        // An empty word: every command.
        #expect(try complete(d, env, [""]).stdout.contains("\nlog\trecord values"))
        #expect(try complete(d, env, []).stdout == (try complete(d, env, [""])).stdout)
    }

    @Test func entryPointNeverCreatesNorWritesAJournal() throws {
        let (d, env) = try journal()
        var missing = env
        let path = d.directory + "/folder/none.sqlite3"
        missing["DAYBOOK_JOURNAL"] = path
        let go = try complete(d, missing, ["go"])
        #expect(go.stdout == "goal\tset a goal for an attribute, or end it\ngoals\tevery goal: state, progress and streak\n")
        for words in [["log", "st"], ["note", "#ou"], ["log", "steps", "8000", "--on", "ye"], ["undo", ""]] {
            let r = try complete(d, missing, words)
            #expect(r.status == 0)
            #expect(r.stderr == "")
        }
        #expect(try complete(d, missing, ["log", "steps", "1", "--on", "ye"]).stdout == "yesterday\tFri 20 Nov\n")
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(!FileManager.default.fileExists(atPath: d.directory + "/folder"))

        // The journal's files are the same bytes afterwards.
        func files() -> [String: Data] {
            var found: [String: Data] = [:]
            for name in (try? FileManager.default.contentsOfDirectory(atPath: d.directory)) ?? [] {
                found[name] = FileManager.default.contents(atPath: d.directory + "/" + name)
            }
            return found
        }
        let before = files()
        for words in [["note", "#ou"], ["log", "st"], ["goal", "steps", ""], ["show", "--on", ""]] {
            let r = try complete(d, env, words)
            #expect(r.stderr == "")
        }
        // The same files, with the same bytes: no write-ahead log or shared memory is left
        // beside the journal.
        #expect(files() == before)

        // Not a journal, or a bad word: still nothing on standard error.
        var garbage = env
        _ = FileManager.default.createFile(atPath: d.directory + "/garbage", contents: Data("not sqlite".utf8))
        garbage["DAYBOOK_JOURNAL"] = d.directory + "/garbage"
        for words in [["log", "st"], ["nosuch", ""], ["--color"], ["--journal"], ["note", "\"open"]] {
            let r = try complete(d, garbage, words)
            #expect(r.status == 0)
            #expect(r.stderr == "", "\(words)")
        }
    }

    @Test func entryPointIsNotInHelp() throws {
        let d = try Daybook()
        #expect(!(try d.run(["--help"]).stdout.contains("__complete")))
        #expect(!(try d.run(["help"]).stdout.contains("__complete")))
        #expect(!FileManager.default.fileExists(atPath: d.journal))
    }

    // MARK: The scripts in real shells

    // Each shell's test is skipped, not passed, where the shell is missing (make test installs it).
    @Test(.enabled(if: Installed.bashCompletion, "needs bash and bash-completion"))
    func bashCompletesThroughTheScript() throws {
        let (d, env) = try journal()
        var script = """
            source /usr/share/bash-completion/bash_completion
            source '\(Daybook.packageRoot)/Completions/daybook.bash'
            complete -p daybook
            ask() {
                COMP_LINE=$1; COMP_POINT=${#1}
                read -ra COMP_WORDS <<< "$1"
                [[ $1 == *' ' ]] && COMP_WORDS+=('')
                COMP_CWORD=$(( ${#COMP_WORDS[@]} - 1 ))
                COMPREPLY=()
                _daybook daybook "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD-1]}"
                echo "== $1"
                printf '%s\\n' "${COMPREPLY[@]}"
            }

            """
        for (line, _, _) in Self.asked { script += "ask '\(line)'\n" }
        let r = try d.execute("/usr/bin/bash", ["--norc", "--noprofile", "-c", script], environment: env)
        #expect(r.stderr == "")
        #expect(r.stdout.hasPrefix("complete -F _daybook daybook\n"))
        let found = Self.sections(r.stdout)
        for (line, _, expected) in Self.asked {
            // bash reads a word that starts with # as a comment: a tag is inserted escaped.
            let escaped = expected.map { $0.hasPrefix("#") ? "\\" + $0 : $0 }
            #expect(found[line]?.sorted() == escaped, "bash: \(line)")
        }
    }

    /// bash drops a word that starts with `#`, and the rest of the line, as a comment: a tag
    /// completed bare would be lost. It is inserted as `\#outdoors`, whether typed `#ou` or
    /// `\#ou`, and reaches the journal as the tag. Plain bash, without bash-completion: the
    /// script needs only bash's own `complete` and `compopt`.
    @Test func bashInsertsACompletedTagEscaped() throws {
        let (d, env) = try journal()
        let script = """
            source '\(Daybook.packageRoot)/Completions/daybook.bash'
            ask() {
                COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 )); COMPREPLY=()
                _daybook
                printf '%s\\n' "${COMPREPLY[@]}"
            }
            ask daybook mood 4 dinner with '#ou'
            ask daybook mood 4 dinner with '\\#ou'
            ask daybook note '"walked #ou'
            line="daybook mood 4 dinner with $(ask daybook mood 4 dinner with '#ou') and more"
            eval "$line"
            """
        let r = try d.execute("/usr/bin/bash", ["--norc", "--noprofile", "-c", script], environment: env)
        #expect(r.stdout == "\\#outdoors\n\\#outdoors\n\"walked #outdoors\n", "\(r.stderr)")
        // The line as bash runs it keeps the tag and the words after it.
        let day = try d.run(["show", "--json"])
        #expect(day.stdout.contains("\"dinner with #outdoors and more\""), "\(day.stdout)")
    }

    @Test(.enabled(if: Installed.zsh, "needs zsh"))
    func zshCompletesThroughTheScript() throws {
        let (d, env) = try journal()
        // compinit finds _daybook by its #compdef line; compadd, which only works inside a
        // completion widget, is replaced by a function that prints the words it is given.
        var script = """
            fpath=('\(Daybook.packageRoot)/Completions' $fpath)
            autoload -U compinit && compinit -u -D
            print -r -- "compdef: $_comps[daybook]"
            compadd() {
                local seen=0 a
                for a in "$@"; do
                    if (( seen )); then print -r -- "$a"; elif [[ $a == -- ]]; then seen=1; fi
                done
            }
            ask() {
                words=(${(z)1}); CURRENT=$#words; PREFIX=$words[-1]
                print -r -- "== $1"
                $_comps[daybook]
            }

            """
        for (line, _, _) in Self.asked { script += "ask '\(line)'\n" }
        let r = try d.execute("/usr/bin/zsh", ["-f", "-c", script], environment: env)
        #expect(r.stderr == "")
        #expect(r.stdout.hasPrefix("compdef: _daybook\n"))
        let found = Self.sections(r.stdout)
        for (line, _, expected) in Self.asked {
            #expect(found[line]?.sorted() == expected, "zsh: \(line)")
        }
    }

    @Test(.enabled(if: Installed.fish, "needs fish"))
    func fishCompletesThroughTheScript() throws {
        let (d, env) = try journal()
        var script = "source '\(Daybook.packageRoot)/Completions/daybook.fish'\n"
        for (line, fishLine, _) in Self.asked {
            script += "echo '== \(line)'\ncomplete -C '\(fishLine.replacing("\\", with: "\\\\"))'\n"
        }
        let r = try d.execute("/usr/bin/fish", ["--no-config", "-c", script], environment: env)
        #expect(r.stderr == "")
        let found = Self.sections(r.stdout)
        for (line, _, expected) in Self.asked {
            // fish prints TEXT<TAB>DETAIL.
            let texts = found[line]?.map { String($0.split(separator: "\t", maxSplits: 1)[0]) }
            #expect(texts?.sorted() == expected, "fish: \(line)")
        }
        #expect(found["daybook go"]?.first == "goal\tset a goal for an attribute, or end it")
    }

    // MARK: Generic scripts

    /// The scripts hold no command, attribute or word of daybook's own: they offer whatever the
    /// program answers. A stand-in `daybook` that answers other words is completed just the same.
    @Test(.enabled(if: Installed.bashCompletion && Installed.zsh && Installed.fish, "needs bash-completion, zsh and fish"))
    func scriptsAreGeneric() throws {
        let d = try Daybook()
        let commands = try d.execute(Daybook.binary, ["__complete", "--", ""]).stdout.split(separator: "\n").map {
            String($0.split(separator: "\t")[0])
        }
        #expect(commands.contains("log"))
        for name in ["daybook.bash", "_daybook", "daybook.fish"] {
            let text = try String(contentsOfFile: Daybook.packageRoot + "/Completions/" + name, encoding: .utf8)
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }
            let words = Set(code.joined(separator: " ").split { !($0.isLetter || $0 == "_") }.map(String.init))
            // fish's own `set` is the one shell word that is also a daybook command.
            for command in commands where words.contains(command) && !(name == "daybook.fish" && command == "set") {
                Issue.record("Completions/\(name) names the command '\(command)'")
            }
        }

        let bin = d.directory + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let fake = bin + "/daybook"
        try writeExecutable("#!/bin/sh\nprintf 'zebra\\tstripes\\nzest\\n'\n", to: fake)
        var env = d.childEnvironment
        env["PATH"] = bin + ":/usr/bin:/bin"
        let root = Daybook.packageRoot
        do {
            let r = try d.execute(
                "/usr/bin/bash",
                [
                    "--norc", "-c",
                    "source /usr/share/bash-completion/bash_completion; source '\(root)/Completions/daybook.bash'; COMP_WORDS=(daybook z); COMP_CWORD=1; _daybook; printf '%s\\n' \"${COMPREPLY[@]}\"",
                ], environment: env)
            #expect(r.stdout == "zebra\nzest\n")
        }
        do {
            let r = try d.execute(
                "/usr/bin/zsh",
                [
                    "-f", "-c",
                    "fpath=('\(root)/Completions' $fpath); autoload -U compinit && compinit -u -D; compadd() { print -r -- \"$*\" }; words=(daybook z); CURRENT=2; PREFIX=z; _daybook",
                ], environment: env)
            #expect(r.stdout == "-l -d shown -- zebra zest\n")
        }
        do {
            let r = try d.execute(
                "/usr/bin/fish", ["--no-config", "-c", "source '\(root)/Completions/daybook.fish'; complete -C 'daybook z'"],
                environment: env)
            #expect(r.stdout == "zebra\tstripes\nzest\n")
        }
    }
}
