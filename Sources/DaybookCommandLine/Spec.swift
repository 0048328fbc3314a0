/// What an argument holds. The parser, help, tab completion, the shell completion scripts and
/// the man page all read it.
public enum ArgKind: Sendable, Equatable {
    /// A mood: 1 to 5 or a word.
    case rating
    /// The rest of the line, quoted or not. Always the last argument.
    case text
    /// A tracked attribute's name.
    case attribute
    /// A tracked attribute's name, or `mood` (for `chart`).
    case attributeOrMood
    /// A new name (for `track`).
    case name
    /// A value of the attribute before it.
    case value
    /// A date word or `YYYY-MM-DD`.
    case date
    /// A value type for `track`.
    case valueType
    /// An aggregation for `track`.
    case aggregation
    /// One of a fixed list of words.
    case choice([String])
    /// A command's name (for `help`).
    case command
    /// A file path.
    case path
    /// Free text of one word.
    case word
    /// A goal range, read by the attribute's type: `>= 8000`, `at least 8000`, `7h..9h`,
    /// `between 50 and 80`. May span several words.
    case range
    /// A setting's name (for `set`).
    case setting
}

/// One positional argument of a command.
public struct Argument: Sendable {
    public let name: String
    public let kind: ArgKind
    public let optional: Bool
    public let help: String

    public init(_ name: String, _ kind: ArgKind, optional: Bool = false, help: String) {
        self.name = name
        self.kind = kind
        self.optional = optional
        self.help = help
    }
}

/// An option: `--on DATE`, a flag like `--json`, or a keyword like `unit U`.
public struct Option: Sendable {
    public let name: String
    public let short: String?
    /// The placeholder of the option's value; nil for a flag.
    public let valueName: String?
    public let kind: ArgKind?
    public let help: String
    /// May be given more than once (`-c`).
    public let repeatable: Bool
    /// Names the day the line writes to (`--on`): the parser takes a date after a repeating
    /// command's last value for it too (`log steps 8000 yesterday`), and `Invocation.day` holds
    /// whichever was given.
    public let namesDay: Bool
    /// For a `.choice` kind: the choices are only offered (completion, help), and other words
    /// are taken too (track's `group`). Otherwise the parser refuses a word not among them.
    public let acceptsOthers: Bool
    /// The choice of the command's optional choice argument that the option belongs to
    /// (`--moods` to `import daylio`): the parser refuses it on a line that names another
    /// choice, or none.
    public let owner: Owner?

    /// A choice that owns an option, and how a refusal says so: "`--moods` rates Daylio's
    /// moods: import daylio FILE --moods MAP" (the option's name, `purpose`, `usage`).
    public struct Owner: Sendable {
        public let choice: String
        public let purpose: String
        public let usage: String

        public init(_ choice: String, purpose: String, usage: String) {
            self.choice = choice
            self.purpose = purpose
            self.usage = usage
        }
    }

    public init(
        _ name: String, short: String? = nil, value valueName: String? = nil, kind: ArgKind? = nil,
        repeatable: Bool = false, namesDay: Bool = false, acceptsOthers: Bool = false, owner: Owner? = nil,
        help: String
    ) {
        self.owner = owner
        self.name = name
        self.short = short
        self.valueName = valueName
        self.kind = kind
        self.help = help
        self.repeatable = repeatable
        self.acceptsOthers = acceptsOthers
        self.namesDay = namesDay
    }

    /// The refusal of `value` for this option, when its kind is a closed choice and `value` is
    /// none of the words: "--color takes auto, always or never; got sometimes". Nil when the
    /// value is accepted. `ignoringCase` lets `JSON` stand for `json`.
    public func refusal(of value: String, ignoringCase: Bool = false, sense: any WordSense) -> String? {
        guard case .choice(let words) = kind, !acceptsOthers,
            !words.contains(ignoringCase ? value.lowercased() : value)
        else { return nil }
        return "\(name) takes \(sense.alternatives(words)); got \(sense.printable(value))"
    }

    public var takesValue: Bool { valueName != nil }

    /// `--on DATE`
    public var synopsis: String { valueName.map { "\(name) \($0)" } ?? name }
}

/// One command: everything the parser, help, completion and the man page know of it.
public struct CommandSpec: Sendable {
    public let name: String
    public let aliases: [String]
    /// One line, lower case, no full stop: shown in `help` and completion lists.
    public let summary: String
    /// Paragraphs shown by `help NAME` and in the man page.
    public let discussion: String
    public let arguments: [Argument]
    /// When true, all of `arguments` form a group that repeats (`log ATTR VALUE [ATTR VALUE]...`).
    public let repeating: Bool
    public let options: [Option]
    public let examples: [String]
    /// Writes to the journal.
    public let writes: Bool
    /// What the command does. The command line never calls it: the commands give it its type
    /// (`Handler`, in DaybookCommands) and run it.
    public let action: any Sendable

    public init(
        name: String, aliases: [String] = [], summary: String, discussion: String, arguments: [Argument] = [],
        repeating: Bool = false, options: [Option] = [], examples: [String] = [], writes: Bool = false,
        action: any Sendable
    ) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.discussion = discussion
        self.arguments = arguments
        self.repeating = repeating
        self.options = options
        self.examples = examples
        self.writes = writes
        self.action = action
    }

    /// `mood RATING [NOTE...]`
    public var usage: String {
        var parts = [name]
        var group: [String] = []
        for argument in arguments {
            let shown = argument.kind == .text ? argument.name + "..." : argument.name
            group.append(argument.optional ? "[\(shown)]" : shown)
        }
        parts += group
        if repeating { parts.append("[" + arguments.map(\.name).joined(separator: " ") + "]...") }
        return parts.joined(separator: " ")
    }

    /// `mood RATING [NOTE...] [--on DATE]`
    public var synopsis: String {
        ([usage] + options.map { "[\($0.synopsis)]" }).joined(separator: " ")
    }

    public func option(named name: String) -> Option? {
        options.first { $0.name == name || $0.short == name }
    }

    public var takesText: Bool { arguments.last?.kind == .text }

    /// The option that names the day the line writes to (`--on`), if the command has one; a
    /// range's ends (`--from`, `--to`) are dates too, but not the day of the line.
    public var dayOption: Option? { options.first { $0.namesDay } }
}
