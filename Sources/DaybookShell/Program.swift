import DaybookCommands
import DaybookCore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

/// The `daybook` program: global options, then the shell, a script or one command.
public enum DaybookMain {
    public static let usageStatus: Int32 = 64

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

    public static func run(_ arguments: [String]) -> Int32 {
        let table = CommandTable.standard
        let out = Output(fd: 1)
        let err = Output(fd: 2)
        defer {
            out.flush()
            err.flush()
        }
        /// The exit status, once what is left for standard output is written: a failure to
        /// write it (a full disk, `> /dev/full`) is said in one line and makes the status 1.
        /// A reader that stopped reading (`| head -1`) is not an error.
        func finished(_ status: Int32) -> Int32 {
            out.flush()
            guard out.failed, out.failure != EPIPE else { return status }
            err.line("error: standard output could not be written (\(String(cString: strerror(out.failure)))); what was to be shown is lost")
            return status == 0 ? 1 : status
        }
        func usage(_ message: String) -> Int32 {
            err.line(errorLine("daybook: \(message)"))
            err.line("Try 'daybook --help' for the options and commands.")
            return usageStatus
        }

        // A closed standard output (`daybook week | head -1`) must not kill a script half way
        // through a batch: writes to it then fail quietly and the commands still run.
        signal(SIGPIPE, SIG_IGN)
        // Not listed in help: the completion scripts' entry point (ShellCompletion.swift). It
        // says nothing on standard error, so it comes before the check of the arguments.
        if arguments.count >= 2 && arguments[1] == "__complete" {
            if firstInvalidArgument() != nil { return 0 }
            return finished(ShellCompletion.run(arguments, out: out))
        }
        // Past the file size limit (`ulimit -f`) the kernel sends SIGXFSZ, whose default action
        // kills the process without a word, mid-batch. Ignored, the write fails with EFBIG
        // instead, and daybook says which lines were not written.
        signal(SIGXFSZ, SIG_IGN)
        // Swift replaces invalid UTF-8 in arguments with U+FFFD; a note would be stored altered.
        if let index = firstInvalidArgument() {
            err.line("error: argument \(index) is not valid UTF-8 text; nothing was written")
            return 1
        }
        // Global options come first, up to the first word that is not one.
        var settings = Settings()
        let words = arguments.dropFirst().map { Token($0) }
        let leading = Parser(table: table).leadingOptions(words, from: table.globalOptions)
        for (option, value) in leading.given {
            switch option.name {
            case GlobalOptions.journal.name: settings.journalPath = value
            case GlobalOptions.command.name: settings.commands.append(value!)
            case GlobalOptions.file.name: settings.file = value
            case GlobalOptions.bail.name: settings.bail = true
            case GlobalOptions.atomic.name: settings.atomic = true
            case GlobalOptions.demo.name: settings.demo = true
            case GlobalOptions.color.name: settings.color = value!
            case GlobalOptions.version.name:
                out.line("daybook \(daybookVersion)")
                return finished(0)
            case GlobalOptions.help.name:
                out.line(HelpText.program(table))
                return finished(0)
            default:
                break
            }
        }
        if let error = leading.error { return usage(error.description) }
        settings.rest = Array(arguments[(1 + leading.rest)...])
        let modes = [!settings.rest.isEmpty, !settings.commands.isEmpty, settings.file != nil].filter { $0 }.count
        if modes > 1 {
            return usage("give one of: a COMMAND, -c COMMAND, or -f FILE")
        }
        // --demo: a temporary journal of example data in place of the real one (DemoJournal.swift).
        let demo = DemoJournal(settings.demo)
        if let status = demo?.start(&settings, err: err) { return status }
        defer { demo?.remove() }

        let environment = Environment()
        let stdinIsTerminal = isatty(0) == 1
        let scriptMode = settings.file != nil || (settings.rest.isEmpty && settings.commands.isEmpty && !stdinIsTerminal)
        // Read once: whether standard output is a terminal, its width, the locale, and how colour
        // is chosen (--color, then NO_COLOR, then the journal's `color` setting once it is open).
        let facts = TerminalFacts.read(environment: environment.values, colorFlag: settings.color, script: scriptMode)
        let journalPath = settings.journalPath ?? environment.defaultJournalPath
        // A journal a write creates is removed again when nothing was written in the end.
        let unwritten = UnwrittenJournal(path: journalPath)
        let opened = Opened()
        let context = Context(table: table, out: out, err: err, facts: facts, chatty: !scriptMode) { create in
            guard let path = journalPath else {
                throw JournalError(
                    "HOME is not set, so there is no default journal; give one with --journal PATH or DAYBOOK_JOURNAL")
            }
            // One-shot commands count as one session between them, so that `daybook undo` after
            // `daybook mood 4` does not call the mood another session's change.
            let oneShot = !settings.rest.isEmpty || !settings.commands.isEmpty
            let journal = try Journal(path: path, create: create, session: oneShot ? "one-shot" : nil)
            // One command from the command line that only reads needs no large page cache.
            if !settings.rest.isEmpty && !create { journal.limitPageCache(kibibytes: Journal.oneShotPageCache) }
            opened.context?.applyColorSetting(journal)
            return journal
        }
        opened.context = context
        context.journalPath = journalPath
        context.interrupted = { ShellSignals.interrupted }
        if !settings.rest.isEmpty || !settings.commands.isEmpty {
            // A one-shot command ends at Ctrl-C, but for a long read, which stops and says so.
            context.interruptible = { body in try ShellSignals.catchingInterrupt(body) }
        }
        if !scriptMode && stdinIsTerminal {
            // A command run from a terminal (`daybook checkin`) may ask questions there too.
            var questions: EditLineReader? = nil
            let ask = { [unowned context] (prompt: String, freeText: Bool, offered: String?) -> Answer in
                out.flush()
                err.flush()
                if questions == nil {
                    questions = EditLineReader(historyFile: nil)
                    // Notes complete their #tags there too.
                    let completer = Completer(table: table)
                    questions?.textCompleter = { [unowned context] line, cursor in
                        completer.completeFreeText(line, cursor: cursor, source: JournalCompletionSource(context: context))
                    }
                }
                return questions?.ask(prompt, freeText: freeText, offering: offered) ?? .ended
            }
            context.ask = { ask($0, false, nil) }
            context.askFreeText = { ask($0, true, nil) }
            context.askOffering = { ask($0, false, $1) }
            // And `edit` without new text opens the person's editor there.
            context.editor = { text in
                out.flush()
                err.flush()
                return try ExternalEditor.edit(text, environment: environment)
            }
            context.keepUnsaved = { ExternalEditor.keep($0, environment: environment) }
        }
        let runner = Runner(table: table, context: context)
        runner.atomic = settings.atomic

        if !settings.rest.isEmpty {
            // One command, already split into words by the calling shell.
            let tokens = settings.rest.map { Token($0) }
            _ = runner.run(tokens: tokens, location: nil)
            unwritten?.removeIfUnwritten(context)
            return finished(status(runner, oneShot: true))
        }
        if !settings.commands.isEmpty {
            for (index, command) in settings.commands.enumerated() {
                let result = runner.run(line: command, location: settings.commands.count > 1 ? "-c \(index + 1)" : nil)
                if result == .quit || (result == .failed && settings.bail) { break }
            }
            unwritten?.removeIfUnwritten(context)
            return finished(status(runner, oneShot: true))
        }
        if scriptMode {
            let name: String
            let reader: StreamLineReader
            if let file = settings.file, file != "-" {
                guard let opened = StreamLineReader.open(path: file) else {
                    let folder = errno == EISDIR ? "; give a script file" : ""
                    err.line("daybook: cannot read \(printable(file)): \(String(cString: strerror(errno)))\(folder)")
                    return 1
                }
                reader = opened
                name = file
            } else {
                if StreamLineReader.isDirectory(0) {
                    err.line("daybook: cannot read standard input: \(String(cString: strerror(EISDIR))); give a script file")
                    return 1
                }
                reader = StreamLineReader(fd: 0)
                name = "<stdin>"
            }
            ShellSignals.installForScript()
            _ = runner.runScript(reader, name: name, bail: settings.bail)
            if settings.atomic, let journal = context.journalIfOpen, journal.inBatch {
                if runner.failures > 0 {
                    let summary = atomicFailure(
                        lines: runner.failures, journal: journal, interrupted: runner.scriptInterrupted)
                    journal.rollbackBatch()
                    err.line(summary)
                } else {
                    runner.commit()
                }
            }
            unwritten?.removeIfUnwritten(context)
            // 130, as for a program that Ctrl-C ended, so that `daybook -f F && next` stops.
            return finished(runner.scriptInterrupted ? 130 : runner.failures > 0 ? 1 : 0)
        }
        if settings.atomic {
            // The shell writes each command when it returns; one transaction for a whole
            // session would keep nothing until its end, and lose it all on a hang-up.
            return usage("--atomic applies to a script (-f FILE, or commands piped in); in the shell each command is written when it returns")
        }
        return finished(Shell(runner: runner, environment: environment).run())
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

    /// `$DAYBOOK_HISTORY`, else `$XDG_STATE_HOME/daybook/history`, else `~/.local/state/daybook/history`.
    public var defaultHistoryPath: String? {
        if let path = self["DAYBOOK_HISTORY"] { return path }
        if let state = self["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/daybook/history" }
        if let home = self["HOME"] { return home + "/.local/state/daybook/history" }
        return nil
    }
}
