import DaybookCommandLine

/// What the loop does after a command.
public enum Outcome: Sendable, Equatable {
    case done
    case quit
    /// Run the lines of this file, then go on.
    case source(String)
}

/// What a command does with its parsed line, in the context it runs in.
public typealias Handler = @Sendable (Invocation, Context) throws -> Outcome

extension CommandSpec {
    /// A command and what it does: `run` is called with the parsed line.
    public init(
        name: String, aliases: [String] = [], summary: String, discussion: String, arguments: [Argument] = [],
        repeating: Bool = false, options: [Option] = [], examples: [String] = [], writes: Bool = false,
        run: @escaping Handler
    ) {
        self.init(
            name: name, aliases: aliases, summary: summary, discussion: discussion, arguments: arguments,
            repeating: repeating, options: options, examples: examples, writes: writes, action: run)
    }

    /// What the command does.
    public var run: Handler { action as! Handler }
}
