import DaybookCommands
import DaybookCore

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
    /// With `--atomic`, the batch is never committed before the end.
    public var atomic = false

    /// Lines that failed, in all.
    public private(set) var failures = 0
    /// Failures that were usage errors (unknown command, wrong arguments).
    public private(set) var usageFailures = 0

    private var linesInBatch = 0
    private var batchStarted: Int = 0
    private var depth = 0

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
        do {
            let invocation = try parser.parse(tokens)
            if batching && invocation.command.writes {
                let journal = try context.journal
                if !journal.inBatch {
                    try journal.beginBatch()
                    batchStarted = monotonicMilliseconds()
                    linesInBatch = 0
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
            return fail(error, location: location)
        }
    }

    private func fail(_ error: any Error, location: String?) -> Result {
        failures += 1
        if error is UsageError { usageFailures += 1 }
        report(message(for: error), location: location)
        return .failed
    }

    /// Writes one error line to standard error.
    public func report(_ message: String, location: String?) {
        context.out.flush()
        let prefix = location.map { "\($0): error: " } ?? "error: "
        context.err.line(prefix + message)
        context.err.flush()
    }

    /// The one line a person sees for an error. Never holds bound values or note text.
    public func message(for error: any Error) -> String {
        switch error {
        case let error as DatabaseError:
            switch error.primaryCode {
            case 13: return "the disk is full; the last command was not written"  // SQLITE_FULL
            case 8: return "the journal is read-only; nothing was written"  // SQLITE_READONLY
            case 5, 6: return "the journal is busy in another program; nothing was written, try again"
            case 9: return "interrupted; the command was not written"
            case 10: return "the journal could not be read or written (I/O error: \(error.message)); nothing was written"
            default: return "journal error: \(error.message)"
            }
        case let error as CustomStringConvertible: return error.description
        default: return "\(error)"
        }
    }

    private func commitIfDue() throws {
        guard !atomic, let journal = context.journalIfOpen, journal.inBatch else { return }
        linesInBatch += 1
        if linesInBatch >= batchLines || monotonicMilliseconds() - batchStarted >= batchMilliseconds {
            try journal.commitBatch()
        }
    }

    /// Commits the open batch, if any. Reports a failure to commit.
    @discardableResult
    public func commit() -> Bool {
        guard let journal = context.journalIfOpen, journal.inBatch else { return true }
        do {
            try journal.commitBatch()
            return true
        } catch {
            journal.rollbackBatch()
            _ = fail(error, location: nil)
            return false
        }
    }

    /// Runs every line of `reader` as a script: no prompt, blank lines and `#` comments
    /// skipped, errors as `<name>:<line>: error: ...`. Returns false when `bail` stopped it
    /// or a line asked to quit.
    public func runScript(_ reader: LineReader, name: String, bail: Bool) -> Bool {
        var number = 0
        defer { if depth == 0 && !atomic { commit() } }
        while case .line(let line) = reader.read(prompt: "") {
            number += 1
            if ShellSignals.interrupted {
                failures += 1
                report(
                    "interrupted (Ctrl-C): this line and the rest were not run; the lines before it were written",
                    location: "\(name):\(number)")
                return true
            }
            if isSkippable(line) { continue }
            let location = "\(name):\(number)"
            if let stream = reader as? StreamLineReader, stream.lastLineWasInvalid {
                failures += 1
                report("the line is not valid UTF-8 text, or holds a NUL byte; nothing was written", location: location)
                if bail { return false }
                continue
            }
            switch run(line: line, location: location, batching: true) {
            case .ok: break
            case .failed: if bail { return false }
            case .quit: return false
            }
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
            report("cannot read \(printable(path)): \(String(cString: strerror(errno)))", location: location)
            return .failed
        }
        let before = failures
        depth += 1
        let goOn = runScript(reader, name: path, bail: false)
        depth -= 1
        if depth == 0 && !atomic { commit() }
        if !goOn { return .quit }
        return failures > before ? .failed : .ok
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

func monotonicMilliseconds() -> Int {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec * 1000 + ts.tv_nsec / 1_000_000
}
