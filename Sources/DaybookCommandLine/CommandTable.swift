/// The one command table. The parser, `help`, tab completion, the shell completion scripts and
/// the man page all read it, so that no command is known in two places. Each command is
/// declared, with its handler, in a file of its own in `Commands/`; the table of them all is
/// `CommandTable.standard`, there too.
public struct CommandTable: Sendable {
    public let commands: [CommandSpec]
    public let globalOptions: [Option]
    /// What the words of dates and values mean, for the parser.
    public let sense: any WordSense

    public init(commands: [CommandSpec], globalOptions: [Option], sense: any WordSense) {
        self.commands = commands
        self.globalOptions = globalOptions
        self.sense = sense
    }

    public func command(named name: String) -> CommandSpec? {
        let lower = name.lowercased()
        return commands.first { $0.name == lower || $0.aliases.contains(lower) }
    }

    /// Every name a command answers to.
    public var names: [String] { commands.flatMap { [$0.name] + $0.aliases } }

    public func unknownCommandMessage(_ name: String) -> String {
        let shown = sense.printable(name)
        if let guess = sense.nearest(name, in: names) {
            return "unknown command '\(shown)'; did you mean '\(guess)'? Type 'help' for the list"
        }
        return "unknown command '\(shown)'; type 'help' for the list of commands"
    }
}
