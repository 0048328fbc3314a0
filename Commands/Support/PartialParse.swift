import DaybookCore

/// A line cut at the cursor, as the parser reads it: the command so far and what the word at
/// the cursor is. Completion asks for it (in the shell, and in the shell completion scripts)
/// and keeps only the candidate lists, so that a line is completed as it will be run.
///
/// Where the word at the cursor ends the line, `pending` and `option` say what a full parse
/// of the line reads that word as (see `role`).
public struct PartialParse: Sendable {
    /// What the word at the cursor fills, read as a positional word or an option's value.
    public enum Pending: Sendable {
        /// The command's name: the first word (after the program's own options, if read).
        case command
        /// Nothing: the first word names no command, so the rest cannot be read.
        case unknownCommand(String)
        /// The value of the option in the word before it (`--on DATE`, `unit U`).
        case optionValue(Option)
        /// A positional argument: `index` is its place in the command's `arguments` (for a
        /// repeating command, in the group).
        case argument(Argument, index: Int)
        /// The command takes no more positional words here.
        case nothing
        /// `--`, which ends the program's own options: the command's name comes next.
        case endOfOptions
    }

    /// The command, once its name is read; nil while it is typed or when it is unknown.
    public var command: CommandSpec?
    public var pending: Pending
    /// The option the word names as typed (`--on`, `--on=fri`, `-c`, track's `unit`), if any:
    /// a full parse reads the word as that option rather than as `pending`.
    public var option: Option?
    /// The word may still become an option's name (`-`, `--`, `--o`, `--on`): complete option names.
    public var mayBeOption: Bool
    /// The word at the cursor as typed so far, quotes and escapes removed; after a blank, an
    /// empty word. Its `start` is where the text to replace begins.
    public var word: Token
    /// The quote the word at the cursor opened and has not closed.
    public var openQuote: Unicode.Scalar?
    /// Options already given before the cursor, by long name: the command's, or the program's
    /// own while those are read.
    public var given: Set<String>
    /// The value of the command's date option (`--on`) wherever it is on the line, after the
    /// cursor too: the day the line writes to, as typed.
    public var date: String?
    /// For a value or a range: the word given for the closest earlier attribute argument
    /// (`sleep` in `log sleep 7h`, `steps` in `goal steps at least 8000`).
    public var attribute: String?
    /// For a value: the word given for the closest earlier setting argument (`set color never`).
    public var setting: String?
    /// For a range that spans words: its words before the cursor (`at`, `least` in `goal
    /// steps at least 8`), each with its `start`.
    public var rangeWords: [Token] = []

    /// Offset, in Unicode scalars, where the word at the cursor starts.
    public var start: Int { word.start }

    /// The kind of `pending`: the command's name, an option's value or an argument.
    public var kind: ArgKind? {
        switch pending {
        case .command: return .command
        case .unknownCommand, .nothing, .endOfOptions: return nil
        case .optionValue(let option): return option.kind ?? .word
        case .argument(let argument, _): return argument.kind
        }
    }

    /// The cursor is inside free text (a note), in a word that names no option.
    public var inText: Bool {
        if option == nil, case .argument(let argument, _) = pending { return argument.kind == .text }
        return false
    }

    /// What a full parse reads the word at the cursor as, were the line to end there.
    public var role: WordRole? {
        if let option { return .option(option.name) }
        switch pending {
        case .command: return .command
        case .unknownCommand: return nil
        case .optionValue(let option): return .optionValue(option.name)
        case .argument(_, let index): return .argument(index)
        case .nothing: return .extra
        case .endOfOptions: return .endOfOptions
        }
    }
}

extension Parser {
    /// Reads `line` up to `cursor`, an offset in Unicode scalars. With `leadingOptions`, the
    /// line starts with the program's own options, as in `daybook --journal J mood 4`.
    public func partial(_ line: String, cursor: Int, leadingOptions: Bool = false) -> PartialParse {
        let length = line.unicodeScalars.count
        let cursor = min(max(0, cursor), length)
        if cursor == length {
            let typed = Tokenizer.tokenize(lenient: line)
            return partial(
                words: typed.finished, current: typed.current, openQuote: typed.openQuote,
                leadingOptions: leadingOptions)
        }
        let typed = Tokenizer.tokenize(lenient: Substring(line.unicodeScalars.prefix(cursor)))
        var result = partial(
            words: typed.finished, current: typed.current, openQuote: typed.openQuote,
            leadingOptions: leadingOptions)
        // The date option may come after the cursor.
        var whole = LineWalk(table: table, leadingOptions: leadingOptions)
        for token in Tokenizer.tokenize(lenient: line).tokens { whole.feed(token) }
        result.date = whole.date
        return result
    }

    /// The same for a line already split into words, as a shell completion script gets it:
    /// `words` before the cursor, `current` the word at the cursor as typed so far (`start`
    /// where it starts), `following` the words after it.
    public func partial(
        words: some Sequence<Token>, current: Token, openQuote: Unicode.Scalar? = nil, following: [Token] = [],
        leadingOptions: Bool = false
    ) -> PartialParse {
        var walk = LineWalk(table: table, leadingOptions: leadingOptions)
        for token in words { walk.feed(token) }
        var result = PartialParse(
            command: walk.command?.spec, pending: .command, option: nil, mayBeOption: false, word: current,
            openQuote: openQuote, given: [])
        let dashed = !current.quoted && current.text.unicodeScalars.first == "-"

        if let command = walk.command {
            let spec = command.spec
            result.given = command.given
            if let option = command.awaiting {
                result.pending = .optionValue(option)
            } else {
                if case .option(let option, _) = Parser.read(current, in: spec) { result.option = option }
                let text = current.text
                result.mayBeOption =
                    dashed
                    && (text == "-" || text.unicodeScalars.starts(with: "--".unicodeScalars)
                        || spec.options.contains { $0.name.hasPrefix(text) || $0.short?.hasPrefix(text) == true })
                if let index = command.placer.peek(current.text) {
                    let argument = spec.arguments[index]
                    result.pending = .argument(argument, index: index)
                    switch argument.kind {
                    case .value:
                        result.attribute = command.closest(.attribute)
                        result.setting = command.closest(.setting)
                    case .range:
                        result.attribute = command.closest(.attribute)
                        result.rangeWords = command.placed.filter { $0.argument == index }.map(\.token)
                    default:
                        break
                    }
                } else {
                    result.pending = .nothing
                }
            }
        } else if let name = walk.unknownCommand {
            result.pending = .unknownCommand(name)
        } else if let options = walk.options {
            result.given = Set(options.given.map(\.option.name))
            if let option = options.awaiting {
                result.given.insert(option.name)
                result.pending = .optionValue(option)
            } else if !options.ended {
                result.option = Parser.match(option: current.text, in: options.options).flatMap { dashed ? $0.0 : nil }
                result.mayBeOption = dashed
                if dashed && current.text == "--" { result.pending = .endOfOptions }
            }
        }

        // The date: the line's words to the end, the one at the cursor and those after it too.
        if !current.text.isEmpty || current.quoted { walk.feed(current) }
        for token in following { walk.feed(token) }
        result.date = walk.date
        return result
    }
}

/// A whole line, program options and all, read one word at a time.
struct LineWalk {
    let table: CommandTable
    /// The program's own options, while they are read.
    var options: OptionWalk?
    var command: CommandWalk?
    var unknownCommand: String?
    var count = 0

    init(table: CommandTable, leadingOptions: Bool) {
        self.table = table
        if leadingOptions { options = OptionWalk(options: table.globalOptions) }
    }

    mutating func feed(_ token: Token) {
        defer { count += 1 }
        if command != nil {
            command!.feed(token, at: count)
            return
        }
        if unknownCommand != nil { return }
        if options != nil, !options!.ended, options!.feed(token) { return }
        if let spec = table.command(named: token.text) {
            command = CommandWalk(spec: spec)
        } else {
            unknownCommand = token.text
        }
    }

    /// The value of the command's date option, as given last.
    var date: String? {
        guard let command, let option = command.spec.options.first(where: { $0.kind == .date }) else { return nil }
        return command.options[option.name]?.last
    }
}

extension CommandWalk {
    /// The word given for the closest earlier argument of this kind.
    func closest(_ kind: ArgKind) -> String? {
        placed.last { spec.arguments[$0.argument].kind == kind }?.token.text
    }
}
