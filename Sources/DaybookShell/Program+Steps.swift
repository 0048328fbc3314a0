import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

/// Standard output and standard error, and how the program ends through them.
struct Streams {
    let out: Output
    let err: Output

    func flush() {
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

    /// A command line the program cannot run: one line and a pointer to `--help`.
    func usage(_ message: String) -> Int32 {
        err.line(errorLine("daybook: \(message)"))
        err.line("Try 'daybook --help' for the options and commands.")
        return DaybookMain.usageStatus
    }
}

extension DaybookMain {
    /// What the program's own options ask for: to run, or to end at once with a status.
    enum Start {
        case run(Settings)
        case exit(Int32)
    }

    /// The program's own options: first, up to the first word that is not one, and then among
    /// the command's words, by their long names, wherever the command's own options may be
    /// (`daybook today --journal J`), unless `--` ended them. `--version` and `--help` end the
    /// program here, and so does an option refused.
    static func readOptions(_ arguments: [String], table: CommandTable, io: Streams) -> Start {
        var settings = Settings()
        let words = arguments.dropFirst().map { Token($0) }
        let parser = Parser(table: table)
        let leading = parser.leadingOptions(words, from: table.globalOptions)
        var given = leading.given
        var error = leading.error
        settings.rest = Array(arguments[(1 + leading.rest)...])
        if error == nil, !leading.roles.contains(.endOfOptions), !settings.rest.isEmpty {
            let trailing = parser.trailingOptions(Array(words[leading.rest...]), from: table.globalOptions)
            given += trailing.given
            error = trailing.error
            settings.rest = trailing.command.map(\.text)
        }
        for (option, value) in given {
            switch option.name {
            case GlobalOptions.journal.name: settings.journalPath = value
            case GlobalOptions.command.name: settings.commands.append(value!)
            case GlobalOptions.file.name: settings.file = value
            case GlobalOptions.bail.name: settings.bail = true
            case GlobalOptions.atomic.name: settings.atomic = true
            case GlobalOptions.demo.name: settings.demo = true
            case GlobalOptions.color.name: settings.color = value!
            case GlobalOptions.version.name:
                io.out.line("daybook \(daybookVersion)")
                return .exit(io.finished(0))
            case GlobalOptions.help.name:
                io.out.line(HelpText.program(table))
                return .exit(io.finished(0))
            default:
                break
            }
        }
        if let error { return .exit(io.usage(error.description)) }
        let modes = [!settings.rest.isEmpty, !settings.commands.isEmpty, settings.file != nil].filter { $0 }.count
        if modes > 1 {
            return .exit(io.usage("give one of: a COMMAND, -c COMMAND, or -f FILE"))
        }
        return .run(settings)
    }

    /// The context commands run in: the terminal's facts, and the journal, opened on first use.
    ///
    /// What the process would otherwise give can be pinned, as the tests that run commands in
    /// process do: the terminal's `facts`, the journal's `clock`, the `session` a script or the
    /// shell counts as (one-shot commands are always the session `one-shot`), and whether Ctrl-C
    /// is caught through `ShellSignals` (`signals`).
    static func makeContext(
        _ settings: Settings, table: CommandTable, io: Streams, environment: Environment, journalPath: String?,
        scriptMode: Bool, facts: TerminalFacts? = nil, clock: (() -> LocalTime)? = nil, session: String? = nil,
        signals: Bool = true
    ) -> Context {
        // Read once: whether standard output is a terminal, its width, the locale, and how colour
        // is chosen (--color, then NO_COLOR, then the journal's `color` setting once it is open).
        let facts =
            facts ?? TerminalFacts.read(environment: environment.values, colorFlag: settings.color, script: scriptMode)
        let opened = Opened()
        let context = Context(table: table, out: io.out, err: io.err, facts: facts, chatty: !scriptMode) { create in
            guard let path = journalPath else {
                throw JournalError(
                    "HOME is not set, so there is no default journal; give one with --journal PATH or DAYBOOK_JOURNAL")
            }
            // One-shot commands count as one session between them, so that `daybook undo` after
            // `daybook mood 4` does not call the mood another session's change.
            let oneShot = !settings.rest.isEmpty || !settings.commands.isEmpty
            // One command from the command line that only reads needs no large page cache. An
            // encrypted journal's locked page cache is that size for any one command (one that
            // writes more pages than that keeps the rest in SQLite's heap).
            let smallCache = !settings.rest.isEmpty && !create
            if !settings.rest.isEmpty { Journal.planPageCache(kibibytes: Journal.oneShotPageCache) }
            let journal: Journal
            do {
                journal = try Journal(
                    path: path, create: create, session: oneShot ? "one-shot" : session, clock: clock ?? { LocalTime.now() })
            } catch let error as JournalError where error.kind == .locked || error.kind == .wrongKey {
                // Encrypted, and its key not kept (or no longer right): ask, or run the command.
                guard let context = opened.context, context.passphrases?.available == true else { throw error }
                JournalKey.forget(path)
                journal = try context.unlock(path, create: create, session: oneShot ? "one-shot" : session)
            }
            if smallCache { journal.limitPageCache(kibibytes: Journal.oneShotPageCache) }
            opened.context?.applyColorSetting(journal)
            return journal
        }
        opened.context = context
        context.journalPath = journalPath
        context.errorIsTerminal = isatty(2) == 1
        guard signals else { return context }
        context.interrupted = { ShellSignals.interrupted }
        if !settings.rest.isEmpty || !settings.commands.isEmpty {
            // A one-shot command ends at Ctrl-C, but for a long read, which stops and says so.
            context.interruptible = { body in try ShellSignals.catchingInterrupt(body) }
        }
        return context
    }

    /// A command run from a terminal (`daybook checkin`) may ask questions there too, and
    /// `edit` without new text opens the person's editor there.
    static func askOnTerminal(_ context: Context, table: CommandTable, io: Streams, environment: Environment) {
        var questions: EditLineReader? = nil
        let ask = { [unowned context] (prompt: String, freeText: Bool, offered: String?) -> Answer in
            io.flush()
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
        context.editor = { text in
            io.flush()
            return try ExternalEditor.edit(text, environment: environment)
        }
        context.keepUnsaved = { ExternalEditor.keep($0, environment: environment) }
    }

    /// One command, already split into words by the calling shell, or the `-c` commands in turn.
    static func runCommands(_ settings: Settings, runner: Runner) {
        if !settings.rest.isEmpty {
            _ = runner.run(tokens: settings.rest.map { Token($0) }, location: nil)
            return
        }
        for (index, command) in settings.commands.enumerated() {
            let result = runner.run(line: command, location: settings.commands.count > 1 ? "-c \(index + 1)" : nil)
            if result == .quit || (result == .failed && settings.bail) { break }
        }
    }

    /// A script, from `-f FILE` or standard input; with `--atomic`, committed whole or not at
    /// all. The exit status, or nil when the script could not be read (said on standard error).
    static func runScript(_ settings: Settings, runner: Runner, context: Context, io: Streams) -> Int32? {
        guard let (reader, name) = openScript(settings, io: io) else { return nil }
        ShellSignals.installForScript()
        return runScript(reader, name: name, settings: settings, runner: runner, context: context, io: io)
    }

    /// The script's lines and its name in messages: the file `-f FILE` names, else what
    /// `standardInput` gives (`<stdin>`). Nil when it cannot be read, said on standard error.
    static func openScript(
        _ settings: Settings, io: Streams, standardInput: Int32 = 0
    ) -> (reader: StreamLineReader, name: String)? {
        if let file = settings.file, file != "-" {
            guard let opened = StreamLineReader.open(path: file) else {
                let folder = errno == EISDIR ? "; give a script file" : ""
                io.err.line("daybook: cannot read \(printable(file)): \(String(cString: strerror(errno)))\(folder)")
                return nil
            }
            return (opened, file)
        }
        if StreamLineReader.isDirectory(standardInput) {
            io.err.line("daybook: cannot read standard input: \(String(cString: strerror(EISDIR))); give a script file")
            return nil
        }
        return (StreamLineReader(fd: standardInput), "<stdin>")
    }

    /// Runs a script's lines; with `--atomic`, commits them whole or rolls them all back. The
    /// exit status.
    static func runScript(
        _ reader: StreamLineReader, name: String, settings: Settings, runner: Runner, context: Context, io: Streams
    ) -> Int32 {
        _ = runner.runScript(reader, name: name, bail: settings.bail)
        if settings.atomic, let journal = context.journalIfOpen, journal.inBatch {
            if runner.failures > 0 {
                let summary = atomicFailure(
                    lines: runner.failures, journal: journal, interrupted: runner.scriptInterrupted)
                journal.rollbackBatch()
                io.err.line(summary)
            } else {
                runner.commit()
            }
        }
        // 130, as for a program that Ctrl-C ended, so that `daybook -f F && next` stops.
        return runner.scriptInterrupted ? 130 : runner.failures > 0 ? 1 : 0
    }
}
