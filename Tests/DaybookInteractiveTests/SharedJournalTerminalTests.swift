import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive shell, on a real terminal, sharing its journal with a script.
@Suite struct SharedJournalTerminalTests {
    /// Starts `daybook --journal J -f FILE` in the background, its output discarded.
    func startScript(_ home: Home, lines: [String]) throws -> Process {
        let path = home.directory + "/script-\(UUID().uuidString).daybook"
        try (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Home.binary)
        process.arguments = ["--journal", home.journal, "-f", path]
        process.environment = home.processEnvironment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// A command typed while a long script writes to the same journal is written, and
    /// confirmed, while the script still runs: the script's batches do not shut the shell out.
    @Test func theShellWritesWhileAScriptRuns() throws {
        let home = try Home()
        let t = try Terminal(home, arguments: ["--journal", home.journal])
        try t.prompt()
        let count = 80_000
        let script = try startScript(home, lines: (1...count).map { "note s\($0)" })
        defer { if script.isRunning { kill(script.processIdentifier, SIGKILL) } }
        // Wait until the script is well under way.
        let deadline = Date().addingTimeInterval(30)
        while (Int((try? home.sql("SELECT count(*) FROM note")) ?? "") ?? 0) < 1000 && Date() < deadline {
            usleep(10_000)
        }
        t.type("note typed during the script" + Terminal.enter)
        try t.expect("noted for today")
        #expect(script.isRunning, "the script ended before the shell's note was written")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        script.waitUntilExit()
        #expect(script.terminationStatus == 0)
        #expect(try home.sql("SELECT count(*) FROM note") == "\(count + 1)")
        #expect(!t.text.contains("busy") && !t.text.contains("locked"))
    }

    /// `undo` in the shell reverts the most recent change, and says so when a script made it.
    @Test func undoInTheShellNamesAnotherSessionsChange() throws {
        let home = try Home()
        let t = try Terminal(home, arguments: ["--journal", home.journal])
        try t.prompt()
        t.type("note from the shell" + Terminal.enter)
        try t.expect("noted for today")
        try t.prompt()
        try home.script("note from a script\n")
        t.type("undo" + Terminal.enter)
        try t.expect("undid: a note on 2026-11-21 (made in another session at 09:30)")
        try t.prompt()
        // Its own note, now: nothing about another session on the line.
        t.type("undo" + Terminal.enter)
        let own = try t.expect("daybook Sat 21 Nov> ")
        #expect(own.contains("undid: a note on 2026-11-21\n"), "\(own)")
        #expect(!own.contains("another session"))
        try t.waitForRawMode()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT count(*) FROM note WHERE removed_by IS NULL") == "0")
    }
}
