/// A line that does not fit the command table: unknown command or option, missing or extra
/// arguments. Exit status 64 for a one-shot command.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// What a word of a line is to the parser.
public enum WordRole: Sendable, Hashable {
    /// The command's name.
    case command
    /// An option's name, by its long name: `--on`, `--on=fri` (the value is in the same word),
    /// `-c`, or a keyword like track's `unit`.
    case option(String)
    /// The value of the option named, in the word after the option's name.
    case optionValue(String)
    /// A positional argument: its index in the command's `arguments`.
    case argument(Int)
    /// A word the parser has no place for (a full parse refuses it).
    case extra
    /// `--`, which ends the program's own options.
    case endOfOptions
}

/// A parsed command line: the command and its arguments by name.
public struct Invocation: Sendable {
    public let command: CommandSpec
    /// Positional arguments in order (for a repeating command, every group in turn).
    public var positionals: [String] = []
    /// The rest-of-line text, if the command takes one and it was given.
    public var text: String? = nil
    /// Options by their long name; a flag maps to "".
    public internal(set) var options: [String: [String]] = [:]
    /// What each word of the line is, in order, the command's name first.
    public var roles: [WordRole] = []
    /// For a repeating command: its positional words as typed, in order, those of a date
    /// after the last value too. `log` reads them again as phrases.
    public var words: [String] = []
    /// The words read as phrases rather than pairs (`slept 7h, walked 9k steps`; see
    /// `WordSense.marksPhrases`): they were not paired, and a date after them was left in `words`.
    public var phrases = false
    /// Words that did not pair up and are read as phrases (`WordSense.unpairedReadsAsPhrases`):
    /// the refusal of the value missing after the last, for the command to give where the last
    /// word is an attribute after all.
    public var unpaired: String? = nil
    /// The day the line names for what it writes, as typed, and where: `--on yesterday`, a
    /// date after the last value (`log steps 9000 yesterday`), or a date a line of phrases
    /// ends with (`log walked 9k steps yesterday`, found by `log` as it reads the phrases).
    /// Nil when the line names none. Only `nameDay` sets it, so that a day given twice is
    /// refused in one place; the commands' `Context.writeDay` makes it a day.
    public private(set) var day: NamedDay? = nil

    /// How many of the last `words` were read as the day (`yesterday`).
    public var dateWords: Int {
        if case .afterValues(let count) = day?.source { return count }
        return 0
    }

    public init(command: CommandSpec) { self.command = command }

    /// The positional argument called `name`, if given.
    public func argument(_ name: String) -> String? {
        guard let index = command.arguments.firstIndex(where: { $0.name == name }), index < positionals.count else {
            return nil
        }
        return positionals[index]
    }

    /// Takes `text` as the day the line writes to; a line that named one already is refused,
    /// naming both.
    public mutating func nameDay(_ text: String, _ source: NamedDay.Source) throws(UsageError) {
        let named = NamedDay(text: text, source: source)
        if let day { throw UsageError("the day is given twice, \(day.shown) and \(named.shown); give it once") }
        day = named
    }

    /// Whether `option`, one of the command's own, was given.
    public func has(_ option: Option) -> Bool { options[declared(option)] != nil }

    /// The value `option` was given (the last, if it was given more than once).
    public func value(_ option: Option) -> String? { options[declared(option)]?.last }

    /// Every value a repeatable option was given, in order.
    public func values(_ option: Option) -> [String] { options[declared(option)] ?? [] }

    /// The option's name, once it is sure the command declares that very option: a handler
    /// that asks for another command's option (the export's `--force` in `log`) stops at once
    /// in a debug build.
    private func declared(_ option: Option) -> String {
        assert(
            command.options.contains { $0.name == option.name && $0.help == option.help },
            "\(command.name) declares no such \(option.name)")
        return option.name
    }
}

/// The words that name the day a line writes to, and where on the line they were.
public struct NamedDay: Sendable, Equatable {
    public enum Source: Sendable, Equatable {
        /// The value of the option (`--on`).
        case option(String)
        /// The last words of a repeating command, after its last value, this many.
        case afterValues(Int)
        /// The end of a line of phrases.
        case phrase
    }

    public var text: String
    public var source: Source

    public init(text: String, source: Source) {
        self.text = text
        self.source = source
    }

    /// As a refusal names it: `--on today`, `yesterday`.
    var shown: String {
        if case .option(let name) = source { return name + " " + text }
        return text
    }
}
