import DaybookProcessSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `delete` asking before it deletes, and `edit` opening the person's editor, through a real
/// terminal.
@Suite struct FixTerminalTests {
    /// A note n1, steps and a mood, all today.
    func home() throws -> Home {
        let home = try Home()
        try home.script("note call Ana about Sunday #friends\nlog steps 9000\nmood 4 walked by the sea #sea\n")
        return home
    }

    /// An editor that keeps what it was given (its file's mode, path and text, in the home
    /// folder, under `name`), then runs `action` on the file ($1).
    func editor(_ home: Home, _ name: String, _ action: String) throws -> String {
        let path = home.directory + "/" + name
        let script = """
            #!/bin/sh
            stat -c %a "$1" > "$HOME/\(name).mode"
            printf '%s' "$1" > "$HOME/\(name).path"
            cp "$1" "$HOME/\(name).seen"
            \(action)

            """
        try writeExecutable(script, to: path)
        return path
    }

    func read(_ home: Home, _ name: String) -> String? {
        try? String(contentsOfFile: home.directory + "/" + name, encoding: .utf8)
    }

    @Test func deleteShowsWhatGoesAndAsks() throws {
        let home = try home()
        let t = try Terminal(home)
        try t.prompt()
        t.type("delete n1" + Terminal.enter)
        try t.expect("This goes:")
        try t.expect("  n1, the note of Saturday 21 November 2026 at 09:30:")
        try t.expect("      call Ana about Sunday #friends")
        try t.prompt("Delete it? (y/N) ")
        t.type("y" + Terminal.enter)
        try t.expect("deleted n1, the note of today; undo brings it back")
        try t.prompt()
        #expect(try home.sql("SELECT removed_by IS NOT NULL FROM note") == "1")
        #expect(try home.sql("SELECT count(*) FROM search_index WHERE rowid > 0") == "0")

        // Anything but y or yes keeps it.
        t.type("delete mood" + Terminal.enter)
        try t.expect("  the mood of Saturday 21 November 2026: 4 good · walked by the sea #sea")
        try t.prompt("Delete it? (y/N) ")
        t.type("no" + Terminal.enter)
        try t.expect("kept; nothing was deleted")
        try t.prompt()
        t.type("delete steps" + Terminal.enter)
        try t.expect("  steps on Saturday 21 November 2026: 9,000 steps (1 entry)")
        try t.prompt("Delete it? (y/N) ")
        t.type(Terminal.enter)
        try t.expect("kept; nothing was deleted")
        try t.prompt()
        // Ctrl-C at the question keeps it too.
        t.type("delete mood" + Terminal.enter)
        try t.prompt("Delete it? (y/N) ")
        t.type(Terminal.ctrlC)
        try t.expect("kept; nothing was deleted")
        try t.prompt()
        // --yes does not ask.
        t.type("delete steps --yes" + Terminal.enter)
        try t.expect("deleted steps for today (1 value); undo brings it back")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT count(*) FROM mood WHERE removed_by IS NULL") == "1")
        #expect(try home.sql("SELECT count(*) FROM day_value") == "0")
        #expect(try home.sql("SELECT command FROM change WHERE id > 4 ORDER BY id") == "delete\ndelete")
    }

    @Test func aOneShotDeleteInATerminalAsksToo() throws {
        let home = try home()
        let t = try Terminal(home, arguments: ["delete", "mood"])
        try t.prompt("Delete it? (y/N) ")
        t.type("yes" + Terminal.enter)
        try t.expect("deleted the mood of today; undo brings it back")
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT count(*) FROM mood WHERE removed_by IS NULL") == "0")
    }

    /// A sourced file is a script: it asks nothing, so delete needs --yes there.
    @Test func aSourcedFileDoesNotAsk() throws {
        let home = try home()
        let file = home.directory + "/fix.daybook"
        try "delete n1\ndelete steps --yes\n".write(toFile: file, atomically: true, encoding: .utf8)
        let t = try Terminal(home)
        try t.prompt()
        t.type("source \(file)" + Terminal.enter)
        try t.expect("fix.daybook:1: error: delete asks first, and a sourced file cannot answer: add --yes (delete n1 --yes)")
        try t.prompt()
        #expect(!t.text.contains("Delete it?"))
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT count(*) FROM note WHERE removed_by IS NULL") == "1")
        #expect(try home.sql("SELECT count(*) FROM day_value") == "0")
    }

    /// In the shell, at a terminal, a sourced file's refusals say that it runs as a script,
    /// never that there is no terminal or that the shell is needed.
    @Test func aSourcedFileSaysItRunsAsAScript() throws {
        let home = try home()
        home.environment["EDITOR"] = "/bin/false"
        let file = home.directory + "/fix.daybook"
        try "edit n1\nedit mood\ncheckin\n".write(toFile: file, atomically: true, encoding: .utf8)
        let t = try Terminal(home)
        try t.prompt()
        t.type("source \(file)" + Terminal.enter)
        try t.expect(
            "fix.daybook:1: error: edit n1 needs the new text here: edit n1 NEW TEXT... (a sourced file runs as a script, which opens no editor)\n"
        )
        try t.expect(
            "fix.daybook:2: error: edit mood needs the new rating here: edit mood RATING [NOTE...] (a sourced file runs as a script, which opens no editor)\n"
        )
        try t.expect(
            "fix.daybook:3: error: checkin asks its questions one at a time, and a sourced file runs as a script, which cannot answer them: run checkin on its own. A script can use mood, note and log\n"
        )
        try t.expect("fix.daybook: 3 lines failed")
        try t.prompt()
        let said = try #require(t.text.range(of: "source ").map { t.text[$0.upperBound...] })
        #expect(!said.contains("terminal"))
        #expect(!said.contains("How was"))
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT text FROM note WHERE removed_by IS NULL") == "call Ana about Sunday #friends")
    }

    @Test func editOpensTheEditorOnAPrivateFileThatIsRemovedAfterwards() throws {
        let home = try home()
        home.environment["EDITOR"] = try editor(home, "ed", "printf 'call Ana about Saturday #family\\n' > \"$1\"")
        let t = try Terminal(home)
        try t.prompt()
        t.type("edit n1" + Terminal.enter)
        // The editor is a shell script: under a full test run's load it starts slowly.
        try t.expect("edited n1, the note of today, tagged #family", timeout: 30)
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(read(home, "ed.mode") == "600\n")
        #expect(read(home, "ed.seen") == "call Ana about Sunday #friends\n")
        let path = try #require(read(home, "ed.path"))
        #expect(path.hasPrefix("/tmp/daybook-") && path.hasSuffix(".txt"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(
            try home.sql("SELECT nid, text, removed_by IS NULL FROM note ORDER BY id")
                == "1|call Ana about Sunday #friends|0\n1|call Ana about Saturday #family|1")
        #expect(try home.sql("SELECT text FROM search_index WHERE rowid > 0") == "call Ana about Saturday #family")
    }

    @Test func anUnchangedFileChangesNothing() throws {
        let home = try home()
        home.environment["EDITOR"] = try editor(home, "ed", "true")
        let t = try Terminal(home, arguments: ["edit", "n1"])
        try t.expect("n1 is unchanged; nothing was written")
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT count(*) FROM note") == "1")
        #expect(try home.sql("SELECT count(*) FROM change WHERE command = 'edit'") == "0")
        let path = try #require(read(home, "ed.path"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func visualWinsOverEditorAndAFailingEditorChangesNothing() throws {
        let home = try home()
        home.environment["EDITOR"] = try editor(home, "plain", "printf 'from EDITOR\\n' > \"$1\"")
        home.environment["VISUAL"] = try editor(home, "visual", "printf 'from VISUAL\\n' > \"$1\"; exit 3")
        let t = try Terminal(home, arguments: ["edit", "n1"])
        try t.expect("error: the editor (\(home.directory)/visual) exited with status 3; nothing was changed")
        #expect(try t.waitForExit() == 1)
        #expect(read(home, "plain.path") == nil)
        let path = try #require(read(home, "visual.path"))
        #expect(!FileManager.default.fileExists(atPath: path))
        #expect(try home.sql("SELECT text FROM note") == "call Ana about Sunday #friends")
    }

    /// Tests run side by side: a terminal started while another test writes its editor must
    /// not hold that file open, or running the editor fails with "Text file busy".
    @Test func aProgramOnTheTerminalHoldsNothingOfTheTestsOpen() throws {
        let home = try Home()
        let path = home.directory + "/open-for-writing"
        let held = open(path, O_WRONLY | O_CREAT, 0o600)  // without O_CLOEXEC
        #expect(held > 3)
        defer { close(held) }
        let t = try Terminal(home, executable: "/bin/ls", argv0: ["/bin/ls", "-m", "/proc/self/fd"])
        // 0 to 2 are the terminal, 3 is the listing ls reads.
        try t.expect("0, 1, 2, 3\n")
        #expect(try t.waitForExit() == 0)
    }

    /// Text written in the editor that is then refused is kept in a private file, named in
    /// the refusal: nothing typed is lost.
    @Test func aRefusedEditKeepsWhatWasWritten() throws {
        let home = try home()
        home.environment["TMPDIR"] = home.directory
        home.environment["VISUAL"] = try editor(home, "ed", "printf 'nine: a long paragraph about the day\\n' > \"$1\"")
        let t = try Terminal(home, arguments: ["edit", "mood"])
        try t.expect("nothing was changed; what you wrote is kept in \(home.directory)/daybook-unsaved-")
        #expect(try t.waitForExit() == 1)
        let kept = try FileManager.default.contentsOfDirectory(atPath: home.directory).filter {
            $0.hasPrefix("daybook-unsaved-")
        }
        #expect(kept.count == 1)
        let path = home.directory + "/" + (kept.first ?? "")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "nine: a long paragraph about the day\n")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o600)
        #expect(try home.sql("SELECT rating, note FROM mood") == "4|walked by the sea #sea")
    }

    @Test func editMoodInTheEditor() throws {
        let home = try home()
        home.environment["VISUAL"] = try editor(home, "ed", "printf '2 rough day after all\\n#rain\\n' > \"$1\"")
        let t = try Terminal(home)
        try t.prompt()
        t.type("edit mood" + Terminal.enter)
        try t.expect("mood 2 (bad) for today, with the new note")
        try t.prompt()
        t.type("undo" + Terminal.enter)
        try t.expect("undid: edit mood for 2026-11-21: 2 (bad)")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(read(home, "ed.seen") == "4 walked by the sea #sea\n")
        #expect(
            try home.sql("SELECT rating, note, removed_by IS NULL FROM mood ORDER BY id")
                == "4|walked by the sea #sea|1\n2|rough day after all\n#rain|0")
        #expect(try home.sql("SELECT name FROM tag WHERE mood_id = 2") == "rain")
    }
}
