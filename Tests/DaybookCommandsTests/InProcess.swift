import DaybookCommandLine
import DaybookCommands
@testable import DaybookCore
@testable import DaybookStore
@testable import DaybookShell
import DaybookTestSupport
import DaybookViews
import Foundation
import Testing

/// What a command line gave, in process or on the binary (`DaybookTestSupport`).
typealias RunResult = DaybookTestSupport.RunResult

/// Runs daybook's command lines in this process, on a real journal file in a folder of the
/// test's own, without starting the binary. A line goes the binary's way: its own options
/// (`DaybookMain.readOptions`), then one command (`DaybookMain.runCommands`) or a script read
/// line by line (`DaybookMain.runScript`, named `<stdin>`), through the same parser, command
/// table, handlers and views, in the `Context` that `DaybookMain.makeContext` makes; only the
/// clock is the journal's pinned one instead of `DAYBOOK_NOW`, and standard output and
/// standard error are files that the result reads back. A journal that a failed write created
/// is removed as the binary removes it (`UnwrittenJournal`), and the status is the binary's.
///
/// What needs the process itself (signals, the environment beyond `COLUMNS`, `NO_COLOR` and the
/// locale, locks between processes, a terminal, `--demo`) is tested on the binary instead. So is
/// a line that reads today's date while there is no journal yet (a script that starts with
/// `day mon`): the context then asks the process's clock, which only `DAYBOOK_NOW` pins. A
/// script's input is a file here, never a pipe that pauses, so a batch is never committed for
/// a pause: what batching does with a slow producer is tested on the binary.
final class InProcess: JournalRunner {
    let directory: String
    var journal: String { directory + "/journal.sqlite3" }
    /// The time the journal's clock gives (`YYYY-MM-DDTHH:MM`, UTC), as `DAYBOOK_NOW` pins it
    /// for the binary.
    var now = "2026-11-21T09:30"
    /// Read as the binary reads its environment: `COLUMNS`, `NO_COLOR`, `LANG`/`LC_ALL`/`LC_CTYPE`
    /// for the terminal's facts, `HOME` and `DAYBOOK_JOURNAL` for the default journal.
    var environment: [String: String] = [:]
    private var runs = 0

    init() throws {
        directory = FileManager.default.temporaryDirectory.path + "/daybook-inprocess-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    /// The folder that holds Package.swift.
    static var packageRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    /// The environment the binary's tests give it: the folder as HOME, UTC, a UTF-8 locale.
    var processEnvironment: [String: String] {
        var env = ["HOME": directory, "TZ": "UTC", "LANG": "C.UTF-8"]
        for (name, value) in environment { env[name] = value }
        return env
    }

    /// Runs `daybook --journal J ARGS`, or with no arguments the script `input` as the binary
    /// runs commands piped in.
    @discardableResult
    func run(_ arguments: [String] = [], input: String = "", journalFlag: Bool = true) throws -> RunResult {
        runs += 1
        let outPath = directory + "/.stdout-\(runs)"
        let errPath = directory + "/.stderr-\(runs)"
        let outFD = open(outPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        let errFD = open(errPath, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(outFD >= 0 && errFD >= 0, "cannot make the output files in \(directory)")
        let io = Streams(out: Output(fd: outFD), err: Output(fd: errFD))
        let status = try main(
            ["daybook"] + (journalFlag ? ["--journal", journal] : []) + arguments, input: input, io: io)
        io.flush()
        close(outFD)
        close(errFD)
        defer {
            unlink(outPath)
            unlink(errPath)
        }
        // Decoded as the binary's tests decode a pipe: every byte kept, a byte-order mark too.
        func written(_ path: String) throws -> String {
            String(decoding: try #require(FileManager.default.contents(atPath: path)), as: UTF8.self)
        }
        return RunResult(status: status, stdout: try written(outPath), stderr: try written(errPath))
    }

    /// `DaybookMain.run`, for standard input that is not a terminal.
    private func main(_ arguments: [String], input: String, io: Streams) throws -> Int32 {
        var settings: DaybookMain.Settings
        switch DaybookMain.readOptions(arguments, table: .standard, io: io) {
        case .exit(let status): return status
        case .run(let read): settings = read
        }
        try #require(!settings.demo, "--demo is tested on the binary")
        let environment = Environment(processEnvironment)
        let oneShot = !settings.rest.isEmpty || !settings.commands.isEmpty
        let scriptMode = !oneShot
        let journalPath = settings.journalPath ?? environment.defaultJournalPath
        let unwritten = UnwrittenJournal(path: journalPath)
        // The binary's own context, with what the process would give pinned: not a terminal,
        // the journal's clock at `now`, and each script run a session of its own, as each
        // process is (one-shot commands share one, as they do). Ctrl-C is the binary's to test.
        let pinned = LocalTime.parsePinned(now)!
        let context = DaybookMain.makeContext(
            settings, table: .standard, io: io, environment: environment, journalPath: journalPath,
            scriptMode: scriptMode,
            facts: TerminalFacts.resolve(
                isTerminal: false, windowColumns: nil, environment: environment.values, colorFlag: settings.color,
                script: scriptMode),
            clock: { pinned }, session: "in-process-\(runs)@\(pinned.iso8601)", signals: false)
        context.configFolder = environment.defaultConfigFolder  // the sync key's, as the binary sets it
        let runner = Runner(table: .standard, context: context)
        runner.atomic = settings.atomic
        if oneShot {
            DaybookMain.runCommands(settings, runner: runner)
            unwritten?.removeIfUnwritten(context)
            return io.finished(DaybookMain.status(runner, oneShot: true))
        }
        // `DaybookMain.runScript` without its signal handlers: `-f FILE`, or `input` as standard input.
        let path = directory + "/.stdin-\(runs)"
        try #require(FileManager.default.createFile(atPath: path, contents: Data(input.utf8)))
        let stdin = open(path, O_RDONLY | O_CLOEXEC)
        unlink(path)
        try #require(stdin >= 0, "cannot read \(path) back")
        defer { close(stdin) }
        guard let (reader, name) = DaybookMain.openScript(settings, io: io, standardInput: stdin) else { return 1 }
        let status = DaybookMain.runScript(
            reader, name: name, settings: settings, runner: runner, context: context, io: io)
        unwritten?.removeIfUnwritten(context)
        return io.finished(status)
    }
}
