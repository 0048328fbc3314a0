import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

/// Every command daybook has, each declared in a file of its own in this folder.
extension CommandTable {
    /// A table whose words mean what they mean in daybook's journal (`DaybookWords`).
    public init(commands: [CommandSpec], globalOptions: [Option]) {
        self.init(commands: commands, globalOptions: globalOptions, sense: DaybookWords())
    }

    public static let standard = CommandTable(
        commands: [
            Commands.mood, Commands.note, Commands.log, Commands.track, Commands.show, Commands.week,
            Commands.today,
            Commands.calendar,
            Commands.goal,
            Commands.goals,
            Commands.insights,
            Commands.review,
            Commands.chart,
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
            Commands.status,
            Commands.sync,
            Commands.encrypt, Commands.decrypt, Commands.unlock, Commands.lock,
        ],
        globalOptions: GlobalOptions.all)
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
