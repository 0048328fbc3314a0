import CStartup
import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

/// The `daybook` program: global options, then the shell, a script or one command.
public enum DaybookMain {
    public static let usageStatus: Int32 = 64
    /// The journal is encrypted and locked, and there was no way to ask for its passphrase
    /// (no terminal, no DAYBOOK_PASSPHRASE_COMMAND): EX_NOPERM.
    public static let lockedStatus: Int32 = 77

    struct Settings {
        var journalPath: String?
        var commands: [String] = []
        var file: String?
        var bail = false
        var atomic = false
        var color: String?
        var demo = false
        var rest: [String] = []
    }

    /// Runs the program: the program's own options, then one command, `-c` commands, a
    /// script or the shell. Each step is a function of its own, below and in
    /// `Program+Steps.swift`.
    public static func run(_ arguments: [String]) -> Int32 {
        let table = CommandTable.standard
        let io = Streams(out: Output(fd: 1), err: Output(fd: 2))
        defer { io.flush() }

        // A closed standard output (`daybook week | head -1`) must not kill a script half way
        // through a batch: writes to it then fail quietly and the commands still run.
        signal(SIGPIPE, SIG_IGN)
        // Not listed in help: the completion scripts' entry point (ShellCompletion.swift). It
        // says nothing on standard error, so it comes before the check of the arguments.
        if arguments.count >= 2 && arguments[1] == "__complete" {
            if firstInvalidArgument() != nil { return 0 }
            return io.finished(ShellCompletion.run(arguments, out: io.out))
        }
        // Past the file size limit (`ulimit -f`) the kernel sends SIGXFSZ, whose default action
        // kills the process without a word, mid-batch. Ignored, the write fails with EFBIG
        // instead, and daybook says which lines were not written.
        signal(SIGXFSZ, SIG_IGN)
        // Swift replaces invalid UTF-8 in arguments with U+FFFD; a note would be stored altered.
        if let index = firstInvalidArgument() {
            io.err.line("error: argument \(index) is not valid UTF-8 text; nothing was written")
            return 1
        }
        var settings: Settings
        switch readOptions(arguments, table: table, io: io) {
        case .exit(let status): return status
        case .run(let read): settings = read
        }
        // Each page of code mapped when it first runs, not 64 KiB around it: a one-shot command
        // keeps 2 to 3 MiB less resident (docs/performance.md). Not for `status`, which a
        // prompt runs each time and which stays small anyway: the extra faults cost it 0.25 ms.
        if settings.rest.first != "status" { _ = daybook_map_code_as_run() }
        // --demo: a temporary journal of example data in place of the real one (DemoJournal.swift).
        let demo = DemoJournal(settings.demo)
        if let status = demo?.start(&settings, err: io.err) { return status }
        defer { demo?.remove() }

        let environment = Environment()
        let stdinIsTerminal = isatty(0) == 1
        let scriptMode = settings.file != nil || (settings.rest.isEmpty && settings.commands.isEmpty && !stdinIsTerminal)
        let journalPath = settings.journalPath ?? environment.defaultJournalPath
        // A journal a write creates is removed again when nothing was written in the end.
        let unwritten = UnwrittenJournal(path: journalPath)
        let context = makeContext(
            settings, table: table, io: io, environment: environment, journalPath: journalPath, scriptMode: scriptMode)
        if !scriptMode && stdinIsTerminal { askOnTerminal(context, table: table, io: io, environment: environment) }
        context.readSecret = SecretReader.make(
            stdinIsTerminal: stdinIsTerminal, oneShot: !settings.rest.isEmpty && !scriptMode, io: io)
        context.configFolder = environment.defaultConfigFolder
        // A passphrase is read only on a terminal, or from the command scripts name.
        context.passphrases = Passphrases(
            command: environment["DAYBOOK_PASSPHRASE_COMMAND"], terminal: stdinIsTerminal ? SecretReader.passphrase(io: io) : nil)
        let runner = Runner(table: table, context: context)
        runner.atomic = settings.atomic

        if !settings.rest.isEmpty || !settings.commands.isEmpty {
            runCommands(settings, runner: runner)
            unwritten?.removeIfUnwritten(context)
            return io.finished(status(runner, oneShot: true))
        }
        if scriptMode {
            guard let status = runScript(settings, runner: runner, context: context, io: io) else { return 1 }
            unwritten?.removeIfUnwritten(context)
            return io.finished(status)
        }
        if settings.atomic {
            // The shell writes each command when it returns; one transaction for a whole
            // session would keep nothing until its end, and lose it all on a hang-up.
            return io.usage("--atomic applies to a script (-f FILE, or commands piped in); in the shell each command is written when it returns")
        }
        return io.finished(Shell(runner: runner, environment: environment).run())
    }

    /// The position of the first command-line argument that is not valid UTF-8, if any.
    static func firstInvalidArgument() -> Int? {
        for index in 1..<Int(CommandLine.argc) {
            guard let pointer = CommandLine.unsafeArgv[index] else { continue }
            let bytes = UnsafeBufferPointer(
                start: UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self), count: strlen(pointer))
            if String(validating: bytes, as: UTF8.self) == nil { return index }
        }
        return nil
    }

    static func status(_ runner: Runner, oneShot: Bool) -> Int32 {
        if runner.failures == 0 { return 0 }
        if runner.lockedFailures > 0 { return lockedStatus }
        return runner.usageFailures == runner.failures ? usageStatus : 1
    }
}

/// Lets the journal opener reach the context it is opened for.
final class Opened {
    weak var context: Context?
}

/// The process environment, read once.
public struct Environment: Sendable {
    public let values: [String: String]

    public init() {
        var count = 0
        while environ[count] != nil { count += 1 }
        var values: [String: String] = Dictionary(minimumCapacity: count)
        // Split each entry at its first `=` byte: every command pays for this at start-up, so
        // no per-Character work.
        for index in 0..<count {
            guard let entry = environ[index], let eq = strchr(entry, 0x3D) else { continue }
            let bytes = UnsafeRawPointer(entry).assumingMemoryBound(to: UInt8.self)
            let nameCount = entry.distance(to: eq)
            let name = String(decoding: UnsafeBufferPointer(start: bytes, count: nameCount), as: UTF8.self)
            let value = String(
                decoding: UnsafeBufferPointer(start: bytes + nameCount + 1, count: strlen(eq + 1)), as: UTF8.self)
            values[name] = value
        }
        self.values = values
    }

    public init(_ values: [String: String]) { self.values = values }

    public subscript(_ name: String) -> String? {
        guard let value = values[name], !value.isEmpty else { return nil }
        return value
    }

    /// `$DAYBOOK_JOURNAL`, else `$XDG_DATA_HOME/daybook/journal.sqlite3`, else
    /// `~/.local/share/daybook/journal.sqlite3`. Nil when none of these can be known.
    public var defaultJournalPath: String? {
        if let path = self["DAYBOOK_JOURNAL"] { return path }
        if let data = self["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/daybook/journal.sqlite3" }
        if let home = self["HOME"] { return home + "/.local/share/daybook/journal.sqlite3" }
        return nil
    }

    /// daybook's configuration folder: `$XDG_CONFIG_HOME/daybook`, else `~/.config/daybook`.
    /// Nil when neither can be known.
    public var defaultConfigFolder: String? {
        if let config = self["XDG_CONFIG_HOME"], config.hasPrefix("/") { return config + "/daybook" }
        if let home = self["HOME"] { return home + "/.config/daybook" }
        return nil
    }

    /// `$DAYBOOK_HISTORY`, else `$XDG_STATE_HOME/daybook/history`, else `~/.local/state/daybook/history`.
    public var defaultHistoryPath: String? {
        if let path = self["DAYBOOK_HISTORY"] { return path }
        if let state = self["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/daybook/history" }
        if let home = self["HOME"] { return home + "/.local/state/daybook/history" }
        return nil
    }
}
