import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive shell: a prompt that shows the day writes go to, one command a line. On a
/// terminal it edits lines with libedit (history, completion, Ctrl-C, Ctrl-R).
public final class Shell {
    let runner: Runner
    let environment: Environment
    let reader: LineReader

    public init(runner: Runner, environment: Environment, reader: LineReader? = nil) {
        self.runner = runner
        self.environment = environment
        if let reader {
            self.reader = reader
        } else if isatty(0) == 1, let editing = Shell.editLineReader(runner: runner, environment: environment) {
            self.reader = editing
        } else {
            self.reader = PromptLineReader()
        }
    }

    /// libedit on the terminal, with the history file and completion from the command table
    /// and the journal.
    static func editLineReader(runner: Runner, environment: Environment) -> EditLineReader? {
        let context = runner.context
        if let why = EditLineReader.unavailable {
            context.err.line("daybook: no line editing or history: \(why)")
            context.err.flush()
            return nil
        }
        let history = environment.defaultHistoryPath.map { HistoryFile(path: $0) }
        history?.onError = { [unowned context] message in
            context.out.flush()
            context.err.line("daybook: \(message)")
            context.err.flush()
        }
        guard let reader = EditLineReader(historyFile: history) else { return nil }
        let completer = Completer(table: runner.table)
        reader.completer = { [unowned context] line, cursor in
            completer.complete(line, cursor: cursor, source: JournalCompletionSource(context: context))
        }
        reader.textCompleter = { [unowned context] line, cursor in
            completer.completeFreeText(line, cursor: cursor, source: JournalCompletionSource(context: context))
        }
        reader.historyFilter = { [unowned context, table = runner.table] line in
            context.setting(SettingsCatalogue.historyNotes) == "off" ? HistoryPrivacy.redact(line, table: table) : line
        }
        return reader
    }

    var context: Context { runner.context }

    /// `daybook Sat 21 Nov> `, or `daybook Fri 20 Nov (not today)> ` after `day yesterday`.
    public func prompt() -> String {
        guard let today = try? context.today else { return "daybook> " }
        if let day = context.currentDay, day != today {
            return "daybook \(day.short) (not today)> "
        }
        return "daybook \(today.short)> "
    }

    /// The prompt for the next line of an unfinished one, as wide as `prompt`.
    static func continuationPrompt(under prompt: String) -> String {
        String(repeating: " ", count: max(0, prompt.count - 5)) + "...> "
    }

    public func run() -> Int32 {
        // Kept only in the context, so that `reopen` can close it.
        weak var journal: Journal?
        do {
            // The shell is a session for writing: it creates a missing journal, and says so,
            // so that a mistyped path shows at once.
            journal = try context.journal(creating: true)
        } catch {
            runner.report(runner.message(for: error), location: nil)
            return 1
        }
        let created = journal?.created == true
        let path = journal?.path ?? ""
        if let editing = reader as? EditLineReader {
            if let journal { ShellSignals.install(journal: journal) }
            // Ctrl-C never reaches a closed journal: `reopen` points it at the new one.
            context.journalChanged = { ShellSignals.target($0) }
            context.ask = { [unowned self, unowned editing] prompt in
                self.flush()
                return editing.ask(prompt)
            }
            context.askFreeText = { [unowned self, unowned editing] prompt in
                self.flush()
                return editing.ask(prompt, freeText: true)
            }
            context.askOffering = { [unowned self, unowned editing] prompt, offered in
                self.flush()
                return editing.ask(prompt, offering: offered)
            }
        } else {
            context.ask = { [unowned self] prompt in
                self.flush()
                switch self.reader.read(prompt: prompt) {
                case .line(let text): return .text(text)
                case .interrupted: return .cancelled
                case .endOfInput: return .ended
                }
            }
        }
        for line in context.facts.fitted(
            "daybook \(daybookVersion): try 'checkin' or 'help'; TAB completes, Ctrl-D leaves.")
        {
            context.err.line(line)
        }
        if created { context.err.line("a new journal was created at \(printable(path))") }
        context.err.flush()
        if let journal { greet(journal) }
        while true {
            let main = prompt()
            switch reader.read(prompt: main) {
            case .endOfInput:
                return goodbye()
            case .interrupted:
                continue
            case .line(let first):
                if runner.isSkippable(first) { continue }
                guard let line = finish(first, prompt: main) else { continue }
                reader.entered(line)
                ShellSignals.clearInterrupt()
                // Views fit the window as it is now: it may have been resized since the last line.
                context.facts.followWindow()
                let result = runner.run(line: line, location: nil)
                context.lineBeforeFailed = result == .failed
                flush()
                if result == .quit { return 0 }
            }
        }
    }

    func goodbye() -> Int32 {
        context.out.flush()
        context.err.line("bye")
        context.err.flush()
        return 0
    }

    func flush() {
        context.out.flush()
        context.err.flush()
    }

    /// A line with an open quote goes on on the next lines, under a continuation prompt,
    /// until the quote is closed: a note of several lines. Nil when it was cancelled.
    func finish(_ first: String, prompt: String) -> String? {
        var line = first
        var told = false
        while case .failure(.unterminatedQuote(let quote)) = Result(catching: { () throws(TokenizeError) in
            try Tokenizer.tokenize(line)
        }) {
            if !told {
                context.err.line(
                    "(the quote is still open, so the text goes on: close it with \(quote) and press Enter; Ctrl-C cancels)"
                )
                context.err.flush()
                told = true
            }
            switch reader.read(prompt: Shell.continuationPrompt(under: prompt)) {
            case .line(let next):
                line += "\n" + next
            case .interrupted:
                context.err.line("cancelled; nothing was written")
                context.err.flush()
                return nil
            case .endOfInput:
                context.err.line("the quote (\(quote)) was never closed, so nothing was written")
                context.err.flush()
                return nil
            }
        }
        return line
    }
}

/// A plain prompt on a terminal, without line editing: writes the prompt, reads a line.
final class PromptLineReader: LineReader {
    let stream = StreamLineReader(fd: 0)

    func read(prompt: String) -> LineInput {
        _ = prompt.withCString { Glibc.write(2, $0, strlen($0)) }
        return stream.read(prompt: prompt)
    }
}
