import DaybookCommands
import DaybookCore

#if canImport(Glibc)
    import Glibc
#endif

/// The interactive shell: a prompt that shows the day writes go to, one command a line.
public final class Shell {
    let runner: Runner
    let environment: Environment
    let reader: LineReader

    public init(runner: Runner, environment: Environment, reader: LineReader? = nil) {
        self.runner = runner
        self.environment = environment
        self.reader = reader ?? PromptLineReader()
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

    public func run() -> Int32 {
        do {
            _ = try context.journal
        } catch {
            runner.report(runner.message(for: error), location: nil)
            return 1
        }
        context.err.line("daybook \(daybookVersion): type 'help' for the commands, Ctrl-D to leave.")
        context.err.flush()
        while true {
            switch reader.read(prompt: prompt()) {
            case .endOfInput:
                context.err.line("bye")
                context.err.flush()
                return 0
            case .interrupted:
                continue
            case .line(let line):
                if runner.isSkippable(line) { continue }
                reader.entered(line)
                let result = runner.run(line: line, location: nil)
                context.out.flush()
                if result == .quit { return 0 }
            }
        }
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
