import DaybookCore
import DaybookViews

/// The one command table. The parser, `help`, tab completion, the shell completion scripts and
/// the man page all read it, so that no command is known in two places. Each command is
/// declared, with its handler, in a file of its own in this folder.
public struct CommandTable: Sendable {
    public let commands: [CommandSpec]
    public let globalOptions: [Option]

    public init(commands: [CommandSpec], globalOptions: [Option]) {
        self.commands = commands
        self.globalOptions = globalOptions
    }

    public static let standard = CommandTable(
        commands: [
            Commands.mood, Commands.note, Commands.log, Commands.track, Commands.show, Commands.week,
            Commands.today,
            Commands.calendar,
            Commands.goal,
            Commands.goals,
            Commands.insights,
            Commands.undo, Commands.day, Commands.help, Commands.source, Commands.quit,
            Commands.reopen,
            Commands.checkin,
            Commands.set,
            Commands.search,
            Commands.tags,
            Commands.edit,
            Commands.delete,
            Commands.export,
            Commands.import,
            Commands.sync,
        ],
        globalOptions: GlobalOptions.all)

    public func command(named name: String) -> CommandSpec? {
        let lower = name.lowercased()
        return commands.first { $0.name == lower || $0.aliases.contains(lower) }
    }

    /// Every name a command answers to.
    public var names: [String] { commands.flatMap { [$0.name] + $0.aliases } }

    public func unknownCommandMessage(_ name: String) -> String {
        let shown = printable(name)
        if let guess = nearest(name, in: names) {
            return "unknown command '\(shown)'; did you mean '\(guess)'? Type 'help' for the list"
        }
        return "unknown command '\(shown)'; type 'help' for the list of commands"
    }
}

/// The options of the `daybook` command itself, before any command.
public enum GlobalOptions {
    public static let journal = Option(
        "--journal", value: "PATH", kind: .path,
        help: "the journal file (default: $DAYBOOK_JOURNAL, else $XDG_DATA_HOME/daybook/journal.sqlite3)")
    public static let command = Option(
        "--command", short: "-c", value: "COMMAND", kind: .text, repeatable: true,
        help: "run COMMAND and exit; may be given more than once")
    public static let file = Option(
        "--file", short: "-f", value: "FILE", kind: .path, help: "run the commands in FILE as a script and exit")
    public static let bail = Option("--bail", help: "in a script, stop at the first line that fails")
    public static let atomic = Option(
        "--atomic", help: "apply a whole script as one transaction: all of it, or nothing if any line fails")
    public static let color = Option(
        "--color", value: "WHEN", kind: .choice(ColorChoice.names),
        help: "colour output: auto (on a terminal), always or never")
    public static let demo = Option(
        "--demo", help: "use a temporary journal of twelve weeks of example data, thrown away on exit")
    public static let version = Option("--version", help: "print the version and exit")
    public static let help = Option("--help", short: "-h", help: "print this help and exit")

    public static let all = [journal, command, file, bail, atomic, color, demo, version, help]
}

public enum Commands {}

public let daybookVersion = "0.1.0"
