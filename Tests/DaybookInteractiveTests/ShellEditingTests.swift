import DaybookProcessSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Line editing on a real terminal: the prompt, Ctrl-C, Ctrl-D, continued notes, the locale,
/// resizing, hangup, ~/.editrc.
@Suite struct ShellEditingTests {
    /// `--atomic` is for scripts: a shell under it would keep nothing until it ended. It is
    /// refused in one line, before the journal is opened, and nothing is written.
    @Test func atomicIsRefusedForTheShell() throws {
        let home = try Home()
        let t = try Terminal(home, arguments: ["--atomic"])
        try t.expect("daybook: --atomic applies to a script (-f FILE, or commands piped in); in the shell each command is written when it returns")
        #expect(try t.waitForExit() == 64)
        #expect(!FileManager.default.fileExists(atPath: home.journal))
    }

    @Test func promptShowsTheDayWritesGoTo() throws {
        let home = try Home()
        let t = try Terminal(home)
        try t.prompt("daybook Sat 21 Nov> ")
        t.type("day yesterday" + Terminal.enter)
        try t.prompt("daybook Fri 20 Nov (not today)> ")
        t.type("mood 3" + Terminal.enter)
        try t.prompt("daybook Fri 20 Nov (not today)> ")
        t.type("day" + Terminal.enter)
        try t.prompt("daybook Sat 21 Nov> ")
        t.type(Terminal.ctrlD)
        try t.expect("bye")
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT day, rating FROM mood") == "2026-11-20|3")
    }

    @Test func promptFollowsDayStart() throws {
        let home = try Home()
        home.now = "2026-11-21T02:30"
        try home.script("set day-start 04:00\n")
        let t = try Terminal(home)
        try t.prompt("daybook Fri 20 Nov> ")
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }

    @Test func ctrlCDropsAHalfTypedLineAndTheShellGoesOn() throws {
        let home = try Home()
        let t = try Terminal(home)
        try t.prompt()
        t.type("mood 5 half a tho")
        try t.expect("half a tho")
        t.type(Terminal.ctrlC)
        try t.expect("^C")
        try t.prompt()
        #expect(try home.sql("SELECT count(*) FROM mood") == "0")
        t.type("show" + Terminal.enter)
        try t.expect("nothing recorded")
        try t.prompt()
        t.type(Terminal.ctrlD)
        try t.expect("bye")
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT count(*) FROM mood") == "0")
    }

    @Test func ctrlDOnAnEmptyLineSaysGoodbye() throws {
        let home = try Home()
        let t = try Terminal(home)
        try t.prompt()
        t.type(Terminal.ctrlD)
        try t.expect("bye")
        #expect(try t.waitForExit() == 0)
    }

    @Test func ctrlDOnATypedLineDoesNotLeave() throws {
        let home = try Home()
        let t = try Terminal(home)
        try t.prompt()
        t.type("mood 4")
        try t.expect("mood 4")
        t.type("\u{1B}[D\u{1B}[D" + Terminal.ctrlD)  // left twice, then delete the space
        t.type(Terminal.enter)
        // "mood4" is not a command: the line was edited, not ended.
        try t.expect("unknown command 'mood4'")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }

    @Test func anOpenQuoteContinuesTheNoteOnTheNextLine() throws {
        let home = try Home()
        let t = try Terminal(home)
        try t.prompt()
        t.type("note \"first line" + Terminal.enter)
        try t.expect("the quote is still open, so the text goes on: close it with \" and press Enter; Ctrl-C cancels")
        try t.prompt("...> ")
        t.type("second line #two" + Terminal.enter)
        try t.prompt("...> ")
        t.type("third\" --on yesterday" + Terminal.enter)
        try t.expect("noted for yesterday, tagged #two")
        try t.prompt()
        t.type("show yesterday" + Terminal.enter)
        // Written today for yesterday: shown with the day it was written, not at a time of day.
        try t.expect("  note    first line\n          second line #two\n          third · written 21 Nov · n1\n")
        try t.prompt()
        // Ctrl-C in a continuation cancels the whole entry.
        t.type("note 'never" + Terminal.enter)
        try t.prompt("...> ")
        t.type("mind" + Terminal.ctrlC)
        try t.expect("cancelled; nothing was written")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT day, text FROM note") == "2026-11-20|first line\nsecond line #two\nthird")
    }

    @Test func nonASCIITextSurvivesWithoutALocale() throws {
        let home = try Home()
        home.environment["LANG"] = ""  // the C locale: libedit would drop every byte above 0x7F
        let t = try Terminal(home)
        try t.prompt()
        t.type("note café ☕ naïve" + Terminal.enter)
        try t.expect("noted for today")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT text FROM note") == "café ☕ naïve")
    }

    @Test func resizingKeepsTheLineBeingTyped() throws {
        let home = try Home()
        let t = try Terminal(home)
        try t.prompt()
        t.type("mood 3 sunny")
        try t.expect("sunny")
        t.resize(columns: 50)
        usleep(100_000)
        t.resize(columns: 100)
        usleep(100_000)
        t.type(" day" + Terminal.enter)
        try t.expect("mood 3 (okay) for today")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT note FROM mood") == "sunny day")
    }

    @Test func hangupEndsTheShellInsteadOfSpinning() throws {
        let home = try Home()
        // With SIGHUP ignored (as under nohup), the shell must see the hangup as end of input.
        let t = try Terminal(
            home, executable: "/bin/sh",
            argv0: ["/bin/sh", "-c", "trap '' HUP; exec \"$0\" --journal \"$1\"", Home.binary, home.journal])
        try t.prompt()
        t.type("mood 4 kept")
        try t.expect("kept")
        t.hangUp()
        #expect(try t.waitForExit(timeout: 5) == 0)
        #expect(try home.sql("SELECT count(*) FROM mood") == "0")
    }

    @Test func sigintFromOutsideDoesNotEndTheShell() throws {
        let home = try Home()
        let t = try Terminal(home)
        try t.prompt()
        kill(t.pid, SIGINT)
        try t.prompt()
        t.type("mood 2" + Terminal.enter)
        try t.expect("mood 2 (bad) for today")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }

    /// A SIGINT that comes while the prompt is being drawn, before the shell waits for a key,
    /// drops the line as one that comes during the wait does: a new prompt, and the shell goes
    /// on. strace holds the shell for half a second after each write, so the signal lands just
    /// after the prompt's write, every time. (libedit's own reader waited there for a key with
    /// no prompt on the screen.)
    @Test(.enabled(if: Installed.strace, "needs strace, allowed to trace"))
    func sigintWhileThePromptIsDrawnGivesANewPrompt() throws {
        let home = try Home()
        let t = try Terminal(
            home, executable: "/usr/bin/strace",
            argv0: [
                "/usr/bin/strace", "-o", "/dev/null", "-e", "trace=write", "-e", "inject=write:delay_exit=500000",
                Home.binary, "--journal", home.journal,
            ])
        try t.prompt(timeout: 20)
        // daybook is strace's one child.
        let children = try String(contentsOfFile: "/proc/\(t.pid)/task/\(t.pid)/children", encoding: .utf8)
        let shell = try #require(pid_t(children.trimmingCharacters(in: .whitespacesAndNewlines)))
        kill(shell, SIGINT)
        try t.prompt(timeout: 20)
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit(timeout: 20) == 0)
    }

    @Test func ctrlCWhileACommandRunsStopsItAndTheShellGoesOn() throws {
        let home = try Home()
        let script = home.directory + "/long.daybook"
        try String(repeating: "note one of many\n", count: 200_000).write(
            toFile: script, atomically: true, encoding: .utf8)
        let t = try Terminal(home)
        try t.prompt()
        t.type("source \(script)" + Terminal.enter)
        // A sourced file confirms nothing line by line: its first batch in the journal shows it runs.
        try waitForNotes(home)
        // The terminal is cooked while a command runs: Ctrl-C is a signal now.
        t.type(Terminal.ctrlC)
        try t.expect("error: interrupted", timeout: 30)
        try t.prompt(timeout: 30)
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        let written = Int(try home.sql("SELECT count(*) FROM note")) ?? -1
        #expect(written > 0 && written < 200_000)
    }

    /// Ctrl-C during `source` stops the file at the next line, and the message says exactly
    /// what was kept: every line before the one it names, none from that one on.
    @Test func ctrlCDuringSourceSaysExactlyWhatWasKept() throws {
        let home = try Home()
        let script = home.directory + "/long.daybook"
        try (1...200_000).map { "note s \($0)\n" }.joined().write(toFile: script, atomically: true, encoding: .utf8)
        let t = try Terminal(home)
        try t.prompt()
        t.type("source \(script)" + Terminal.enter)
        try waitForNotes(home)
        usleep(100_000)  // well into a batch (they are committed every 200 ms)
        t.type(Terminal.ctrlC)
        let shown = try t.expect(
            "error: interrupted (Ctrl-C): this line and the rest of \(script) were not run; what the lines before it wrote is kept\n",
            timeout: 30)
        try t.prompt(timeout: 30)
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(!t.text.contains("not written"), "\(t.text.suffix(400))")
        // The line that says where it stopped is the summary: no count of lines follows it.
        #expect(!t.text.contains("lines ran") && !t.text.contains("noted for today"), "\(t.text.suffix(400))")
        let lineNumber = try #require(interruptedLine(shown, script: script))
        #expect(lineNumber > 1 && lineNumber < 200_000)
        print("Ctrl-C during source: stopped before line \(lineNumber)")
        let kept = try home.sql("SELECT count(*), min(CAST(substr(text, 3) AS INTEGER)), max(CAST(substr(text, 3) AS INTEGER)) FROM note")
        #expect(kept == "\(lineNumber - 1)|1|\(lineNumber - 1)")
    }

    /// Ctrl-C on `daybook -f FILE` from a terminal stops the script before its next line, as
    /// in `source`: the lines before it are kept, one line says so, and the status is 130.
    @Test func ctrlCStopsAScriptAndSaysWhatWasKept() throws {
        let home = try Home()
        let script = home.directory + "/long.daybook"
        try (1...200_000).map { "note s \($0)\n" }.joined().write(toFile: script, atomically: true, encoding: .utf8)
        let t = try Terminal(home, arguments: ["-f", script])
        try waitForNotes(home)
        usleep(100_000)
        t.type(Terminal.ctrlC)
        let shown = try t.expect(
            ": error: interrupted (Ctrl-C): this line and the rest of \(script) were not run; what the lines before it wrote is kept\n",
            timeout: 30)
        #expect(shown.contains("^C\n\(script):"), "\(shown.suffix(300))")
        #expect(try t.waitForExit(timeout: 30) == 130)
        let line = try #require(interruptedLine(shown, script: script))
        #expect(line > 1 && line < 200_000)
        let kept = try home.sql(
            "SELECT count(*), min(CAST(substr(text, 3) AS INTEGER)), max(CAST(substr(text, 3) AS INTEGER)) FROM note")
        #expect(kept == "\(line - 1)|1|\(line - 1)")
    }

    /// `source` in the shell runs the file as a script does: no confirmation a line, each error
    /// with its line, and one line at the end.
    @Test func sourceSaysOnlyItsErrorsAndOneSummary() throws {
        let home = try Home()
        let script = home.directory + "/week.daybook"
        try "note one\n\n# a comment\nmood 9\nlog steps 8200\nnote two #walk\n".write(
            toFile: script, atomically: true, encoding: .utf8)
        let clean = home.directory + "/clean.daybook"
        try "note three\nmood 4\n".write(toFile: clean, atomically: true, encoding: .utf8)
        let t = try Terminal(home)
        try t.prompt()
        t.type("source \(script)" + Terminal.enter)
        let shown = try t.expect("\(script): 1 line failed; the other 3 ran\n")
        try t.prompt()
        #expect(shown.contains("\(script):4: error: mood is rated 1 to 5"))
        t.type("source \(clean)" + Terminal.enter)
        try t.expect("\(clean): 2 lines ran\n")
        try t.prompt()
        t.type("mood 5" + Terminal.enter)  // confirmations are back after it
        try t.expect("mood 5 (great) for today")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(!t.text.contains("noted for today") && !t.text.contains("logged"), "\(t.text)")
        #expect(try home.sql("SELECT group_concat(text, ',') FROM note") == "one,two #walk,three")
    }

    @Test func editrcLinesForDaybookApply() throws {
        let home = try Home()
        try "daybook:bind -s ^X \"mood 5 from editrc\"\nother:bind -s ^Y \"mood 1\"\n".write(
            toFile: home.editrc, atomically: true, encoding: .utf8)
        let t = try Terminal(home)
        try t.prompt()
        t.type("\u{18}")
        try t.expect("mood 5 from editrc")
        t.type(Terminal.enter)
        try t.expect("mood 5 (great) for today")
        try t.prompt()
        t.type("\u{19}" + Terminal.enter)  // ^Y is not bound to "mood 1": that line is for another program
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT rating FROM mood WHERE removed_by IS NULL") == "5")
    }

    @Test func scriptModeOnAPipeIsUnchanged() throws {
        let home = try Home()
        try home.script("mood 4 piped\n")
        #expect(try home.sql("SELECT rating, note FROM mood") == "4|piped")
        #expect(!FileManager.default.fileExists(atPath: home.history))
    }
}

/// Waits until the journal holds a committed note: a sourced file that confirms nothing line
/// by line is then running (its lines are committed in batches every 200 ms).
/// The line number in the last line of `shown`, "<script>:35222: error: interrupted ...".
private func interruptedLine(_ shown: String, script: String) -> Int? {
    shown.components(separatedBy: "\n").dropLast().last.flatMap { line -> Int? in
        guard let start = line.range(of: script + ":"), let end = line.range(of: ": error: interrupted") else {
            return nil
        }
        return Int(line[start.upperBound..<end.lowerBound])
    }
}

private func waitForNotes(_ home: Home, timeout: Double = 30) throws {
    let deadline = Date().addingTimeInterval(timeout)
    while (Int(try home.sql("SELECT count(*) FROM note")) ?? 0) == 0 {
        if Date() > deadline { throw TimedOut(description: "no note was written in \(timeout)s") }
        usleep(20_000)
    }
}
