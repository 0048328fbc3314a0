import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

/// Runs command lines against the command table: line → tokens → command → journal → view.
public final class Runner {
    public let table: CommandTable
    public let parser: Parser
    public let context: Context

    /// Script mode batches writes: a batch is committed after this many lines...
    public var batchLines = 1000
    /// ...or this many milliseconds, whichever comes first, and at the end.
    public var batchMilliseconds = 200
    /// ...or when input pauses this long: a slow producer never keeps lines uncommitted (and
    /// other sessions waiting for the journal) while its next line is on the way.
    public var pauseMilliseconds = 10
    /// With `--atomic`, the batch is never committed before the end.
    public var atomic = false

    /// Lines that failed, in all.
    public private(set) var failures = 0
    /// Failures that were usage errors (unknown command, wrong arguments).
    public private(set) var usageFailures = 0
    /// Failures because the journal is encrypted and locked (`DaybookMain.lockedStatus`).
    public private(set) var lockedFailures = 0
    /// Script lines run, in all (blank lines and comments are not run), and failures that were
    /// no line's (a script that could not be read on).
    public private(set) var scriptLines = 0
    private var failuresOfNoLine = 0
    /// Set when Ctrl-C stopped a script before its end.
    /// True when Ctrl-C stopped the last script run (`runScript`).
    public private(set) var scriptInterrupted = false

    private var linesInBatch = 0
    private var batchStarted: Int = 0
    /// Where the open batch began (`<stdin>:1001`), and the script line run last.
    private var batchStart: String? = nil
    private var lastLocation: String? = nil
    private var depth = 0
    /// Scripts being run (nested by `source`), and whether the journal could not be opened:
    /// a script then stops at its first line, instead of reporting the same error on each.
    private var scripting = 0
    private var journalUnavailable = false

    public init(table: CommandTable, context: Context) {
        self.table = table
        self.parser = Parser(table: table)
        self.context = context
    }

    public enum Result: Equatable {
        case ok
        case failed
        case quit
    }

    /// Runs one line. `location` prefixes errors (`<stdin>:3`); nil in the shell.
    @discardableResult
    public func run(line: String, location: String?, batching: Bool = false) -> Result {
        let tokens: [Token]
        do {
            tokens = try Tokenizer.tokenize(line)
        } catch {
            return fail(error, location: location)
        }
        return run(tokens: tokens, location: location, batching: batching)
    }

    /// Runs one command already split into words (one-shot commands from argv).
    public func run(tokens: [Token], location: String?, batching: Bool = false) -> Result {
        guard !tokens.isEmpty else { return .ok }
        if batching { lastLocation = location }
        // Settings are read at most once a line (the day order of its dates).
        context.forgetSettings()
        var reads = false
        do {
            let invocation = try parser.parse(tokens)
            reads = !invocation.command.writes
            // `undo` reverts a sourced file as one only right after it.
            if depth == 0 && invocation.command.name != Commands.undo.name { context.journalIfOpen?.changeGroup = nil }
            // Only a command that writes may create the journal. A script leaves a missing one
            // to the command (`undo` creates none), unless it is atomic: all of it is one batch.
            context.mayCreateJournal = invocation.command.writes
            defer { context.mayCreateJournal = false }
            if batching && invocation.command.writes, let journal = try atomic ? context.journal : context.journalIfThere {
                if !journal.inBatch {
                    try journal.beginBatch()
                    batchStarted = MonotonicClock.milliseconds()
                    linesInBatch = 0
                    batchStart = location
                }
            }
            let outcome = try invocation.command.run(invocation, context)
            switch outcome {
            case .done: break
            case .quit: return .quit
            case .source(let path):
                return runFile(path: path, location: location)
            }
            if batching { try commitIfDue() }
            return .ok
        } catch {
            return fail(error, location: location, reads: reads)
        }
    }

    /// Reports a line's error. A command that only `reads` has nothing to say of writing.
    private func fail(_ error: any Error, location: String?, reads: Bool = false) -> Result {
        failures += 1
        // A command that failed with nothing to say (`status --check`).
        if error is QuietFailure { return .failed }
        if error is UsageError { usageFailures += 1 }
        if let error = error as? JournalError, error.kind == .locked { lockedFailures += 1 }
        var unwritten: String? = reads ? nil : "nothing was written"
        if let start = batchStart, context.journalIfOpen?.inBatch != true {
            // The batch ended with this error (SQLite rolled it back, or its commit failed):
            // say which lines were lost, since earlier lines may have reported no error.
            batchStart = nil
            unwritten = Runner.lines(from: start, to: lastLocation ?? start) + " not written"
        }
        var text = message(for: error, unwritten: unwritten)
        if scripting > 0, let error = error as? JournalError, !error.journalMissing,
            error.journalMoved || context.journalIfOpen == nil
        {
            // The journal could not be opened, or was moved away: no later line would fare
            // better. (A journal that cannot be written is open: each write fails with its
            // line, and reads still run.)
            journalUnavailable = true
            text += "; the script stopped here"
        }
        report(text, location: location)
        return .failed
    }

    /// "line <stdin>:7 was", "lines 1001 to 2000 of <stdin> were", or with two sources, both in full.
    static func lines(from start: String, to end: String) -> String {
        if start == end { return "line \(start) was" }
        if let a = start.lastIndex(of: ":"), let b = end.lastIndex(of: ":"), start[..<a] == end[..<b] {
            return "lines \(start[start.index(after: a)...]) to \(end[end.index(after: b)...]) of \(start[..<a]) were"
        }
        return "lines \(start) to \(end) were"
    }

    /// Writes one error line to standard error, with control characters made visible and
    /// overlong words shortened.
    public func report(_ message: String, location: String?) {
        context.out.flush()
        let prefix = location.map { "\($0): error: " } ?? "error: "
        context.err.line(errorLine(prefix + message))
        context.err.flush()
    }

    /// The one line a person sees for an error. Never holds bound values or note text.
    /// `unwritten` says what the error kept out of the journal; nil after a read, which had
    /// nothing to write.
    public func message(for error: any Error, unwritten: String? = "nothing was written") -> String {
        func said(_ what: String) -> String { unwritten.map { what + "; " + $0 } ?? what }
        if let words = ProblemText.line(for: error, unwritten: unwritten) { return words }
        switch error {
        case let error as DatabaseError:
            if error.kind == .full || error.kind == .io, let reason = context.journalIfOpen?.outOfSpace() {
                return said(reason)
            }
            switch error.kind {
            case .full: return said("the disk is full")
            case .readOnly: return said("the journal cannot be written (\(error.message))")
            case .busy: return said("the journal is busy in another program") + ", try again"
            case .interrupted: return said("interrupted")
            case .io: return said("the journal could not be read or written (I/O error: \(error.message))")
            case .corrupt: return said("the journal file is damaged (\(error.message))")
            case .tooBig, .notAJournal, .cannotOpen, .other: return said("journal error: \(error.message)")
            }
        case let error as CustomStringConvertible: return error.description
        default: return "\(error)"
        }
    }

    /// How long a script may wait for its next line before the open batch is committed: a
    /// short pause, and never past the batch's time. Nil when no batch is open, or with `--atomic`.
    func batchWaitLimit() -> Int? {
        guard !atomic, let journal = context.journalIfOpen, journal.inBatch else { return nil }
        return max(0, min(pauseMilliseconds, batchMilliseconds - (MonotonicClock.milliseconds() - batchStarted)))
    }

    private func commitIfDue() throws {
        guard !atomic, let journal = context.journalIfOpen, journal.inBatch else { return }
        linesInBatch += 1
        if linesInBatch >= batchLines || MonotonicClock.milliseconds() - batchStarted >= batchMilliseconds {
            try journal.commitBatch()
            batchStart = nil
        }
    }

    /// Commits the open batch, if any. Reports a failure to commit.
    @discardableResult
    public func commit() -> Bool {
        guard let journal = context.journalIfOpen, journal.inBatch else {
            batchStart = nil
            return true
        }
        do {
            try journal.commitBatch()
            batchStart = nil
            return true
        } catch {
            _ = fail(error, location: lastLocation)
            return false
        }
    }

    /// Runs every line of `reader` as a script: no prompt, blank lines and `#` comments
    /// skipped, errors as `<name>:<line>: error: ...`. Returns false when `bail` stopped it
    /// or a line asked to quit.
    public func runScript(_ reader: LineReader, name: String, bail: Bool) -> Bool {
        var number = 0
        scripting += 1
        defer { scripting -= 1 }
        // A script (`source` in the shell too) asks nothing and opens no editor: `delete` then
        // needs --yes, and `edit` the new text.
        let (ask, editor) = (context.ask, context.editor)
        (context.ask, context.editor) = (nil, nil)
        defer { (context.ask, context.editor) = (ask, editor) }
        defer { if depth == 0 && !atomic { commit() } }
        if let stream = reader as? StreamLineReader {
            // A batch is committed when input pauses, so that a slow producer never keeps
            // written lines uncommitted (and the journal locked) while its next line is on the way.
            stream.waitLimit = { [unowned self] in self.batchWaitLimit() }
            stream.idle = { [unowned self] in self.commit() }
        }
        // After Ctrl-C: what ran is committed before the message says it is kept.
        func stop(_ what: String, kept keptText: String, location: String) {
            failures += 1
            scriptInterrupted = true
            let kept = !atomic && commit()
            report("interrupted (Ctrl-C): " + what + (kept ? keptText : ""), location: location)
        }
        while case .line(let line) = reader.read(prompt: "") {
            number += 1
            if ShellSignals.interrupted {
                // Ctrl-C lets the line that runs finish (see `runFile`): the lines before this
                // one ran whole.
                stop(
                    "this line and the rest of \(name) were not run", kept: "; what the lines before it wrote is kept",
                    location: "\(name):\(number)")
                return true
            }
            let location = "\(name):\(number)"
            if let stream = reader as? StreamLineReader, stream.lastLineWasTooLong {
                failures += 1
                scriptLines += 1
                report("the line is longer than 4 MB; it was skipped and nothing was written", location: location)
                if bail { return false }
                continue
            }
            if isSkippable(line) { continue }
            if let stream = reader as? StreamLineReader, stream.lastLineWasInvalid {
                failures += 1
                scriptLines += 1
                report("the line is not valid UTF-8 text, or holds a NUL byte; nothing was written", location: location)
                if bail { return false }
                continue
            }
            scriptLines += 1
            switch run(line: line, location: location, batching: true) {
            case .ok: break
            case .failed: if bail || journalUnavailable { return false }
            case .quit: return false
            }
        }
        if ShellSignals.interrupted && depth == 0 && !scriptInterrupted {
            // Ctrl-C reached the program that wrote the lines too (`producer | daybook`), and
            // they ended: every line read ran.
            failuresOfNoLine += 1
            stop("\(name) ended after line \(number)", kept: "; what its lines wrote is kept", location: name)
            return true
        }
        if let stream = reader as? StreamLineReader, stream.readError != 0 {
            // Not the end of the script: it cannot be read on (a folder, a descriptor opened
            // only for writing, an I/O error). Never as if it had ended there.
            failures += 1
            failuresOfNoLine += 1
            let why = String(cString: strerror(stream.readError))
            report(
                number == 0
                    ? "cannot read \(name) (\(why)); none of it was run"
                    : "cannot read \(name) after line \(number) (\(why)); the rest of it was not run",
                location: name)
        }
        return true
    }

    private func runFile(path: String, location: String?) -> Result {
        guard depth < 16 else {
            report("scripts source each other more than 16 deep; stopped", location: location)
            failures += 1
            return .failed
        }
        guard let reader = StreamLineReader.open(path: path) else {
            failures += 1
            let folder = errno == EISDIR ? "; give a script file" : ""
            report("cannot read \(printable(path)): \(String(cString: strerror(errno)))\(folder)", location: location)
            return .failed
        }
        let (before, linesBefore, noLineBefore) = (failures, scriptLines, failuresOfNoLine)
        // In the shell, and for `daybook source FILE`, the file runs as a script does: its
        // lines confirm nothing, errors name their line, and one line at the end says how it
        // went (a script run with -f says nothing more).
        let summarize = depth == 0 && context.chatty
        if summarize {
            context.chatty = false
            scriptInterrupted = false
        }
        defer { if summarize { context.chatty = true } }
        // While a file runs, Ctrl-C stops it at the next line instead of interrupting the
        // statement that runs: that would roll back the whole open batch of earlier lines.
        let interruptible = depth == 0 ? interruptTarget.exchange(.none, ordering: .relaxed) : .none
        defer { if interruptible != .none { interruptTarget.store(interruptible, ordering: .relaxed) } }
        // This session's last change before the file: `undo` right after it reverts all later ones.
        let changedBefore = depth == 0 ? (try? context.journalIfOpen?.lastChangeOfSession()) ?? 0 : nil
        depth += 1
        // Its lines refuse what needs an answer because they are a script, terminal or not.
        let sourcing = context.sourcing
        context.sourcing = true
        let goOn = runScript(reader, name: path, bail: false)
        context.sourcing = sourcing
        depth -= 1
        if depth == 0 && !atomic { commit() }
        if let changedBefore, let journal = context.journalIfOpen,
            let count = try? journal.changeCount(after: changedBefore), count > 0
        {
            let lines = "\(ValueType.count.format(Double(count))) line\(count == 1 ? "" : "s") that wrote"
            journal.changeGroup = ChangeGroup(after: changedBefore, summary: "source \(printable(path)): its \(lines)")
        }
        if !goOn { return .quit }
        if summarize && !scriptInterrupted {
            // After Ctrl-C, the line that says where it stopped is the summary.
            report(
                summary: Runner.sourceSummary(
                    path, lines: scriptLines - linesBefore,
                    failed: failures - before - (failuresOfNoLine - noLineBefore)),
                failed: failures > before)
        }
        return failures > before ? .failed : .ok
    }

    /// The last line of a file run with `source` in the shell: `f.daybook: 11,521 lines ran`, or
    /// `f.daybook: 2 lines failed; the other 11,519 ran`. Its errors were reported above it.
    static func sourceSummary(_ path: String, lines ran: Int, failed: Int) -> String {
        let name = printable(path)
        func count(_ n: Int) -> String { ValueType.count.format(Double(n)) }
        func lines(_ n: Int) -> String { "\(count(n)) line\(n == 1 ? "" : "s")" }
        guard failed > 0 else { return "\(name): \(lines(ran)) ran" }
        let failedText = "\(name): \(lines(failed)) failed"
        switch ran - failed {
        case ...0: return failedText
        case 1: return failedText + "; the other one ran"
        case let others: return failedText + "; the other \(count(others)) ran"
        }
    }

    /// A summary on standard error, dimmed like a confirmation when nothing failed.
    private func report(summary: String, failed: Bool) {
        context.out.flush()
        context.err.line(failed ? summary : context.appearance.dim(summary))
        context.err.flush()
    }

    func isSkippable(_ line: String) -> Bool {
        for scalar in line.unicodeScalars {
            switch scalar {
            case " ", "\t", "\r": continue
            case "#": return true
            default: return false
            }
        }
        return true
    }
}
