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
    /// For a date that spans words, whose next word is at the cursor: its words before the
    /// cursor (`last` in `show last mon`, `3`, `days` in `--on 3 days a`).
    public var dateWords: [String] = []
    /// For free text: its words before the cursor (`sleep` in `chart steps sleep la`).
    public var textWords: [String] = []

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
        let whole = Tokenizer.tokenize(lenient: line)
        if cursor >= whole.length {
            return partial(
                words: whole.finished, current: whole.current, openQuote: whole.openQuote,
                leadingOptions: leadingOptions)
        }
        let typed = Tokenizer.tokenize(lenient: Substring(line.unicodeScalars.prefix(max(0, cursor))))
        var result = partial(
            words: typed.finished, current: typed.current, openQuote: typed.openQuote,
            leadingOptions: leadingOptions)
        // The date option may come after the cursor.
        result.date = date(in: whole.tokens, leadingOptions: leadingOptions)
        return result
    }

    /// The same for a line already split into words, as a shell completion script gets it:
    /// `words` before the cursor, `current` the word at the cursor as typed so far (`start`
    /// where it starts), `following` the words after it.
    public func partial(
        words: some Collection<Token>, current: Token, openQuote: Unicode.Scalar? = nil, following: [Token] = [],
        leadingOptions: Bool = false
    ) -> PartialParse {
        var result = PartialParse(
            command: nil, pending: .command, option: nil, mayBeOption: false, word: current, openQuote: openQuote,
            given: [])
        let typed = !current.text.isEmpty || current.quoted
        var rest = words[...]
        if leadingOptions {
            var options = readOptions(&rest)
            if rest.isEmpty { options.describe(current, into: &result) }
        }
        guard let first = rest.first else {
            // The command's name (or the program's own options) at the cursor.
            if !following.isEmpty {
                let line = Array(words) + (typed ? [current] : []) + following
                result.date = date(in: line, leadingOptions: leadingOptions)
            }
            return result
        }
        guard let spec = table.command(named: first.text) else {
            result.pending = .unknownCommand(first.text)
            return result
        }
        // (The walk is read in place, through mutating methods: it is large to copy.)
        var walk = CommandWalk(spec: spec, sense: table.sense)
        walk.recordsRoles = false
        // The program's own options may follow the command's name too (`daybook today --journal J`).
        if leadingOptions { walk.programOptions = table.globalOptions }
        walk.placed.reserveCapacity(rest.count - 1)
        for token in rest.dropFirst() { walk.feed(token, at: 0) }
        result.command = spec
        walk.describe(current, into: &result)

        // The date: the line's words to the end, the one at the cursor and those after it too.
        // They are read on only where they may hold it.
        result.date = walk.date
        guard let option = walk.dateOption else { return result }
        func names(_ token: Token) -> Bool { !token.quoted && Parser.names(token.text, option) }
        guard walk.awaiting?.name == option.name || (typed && names(current)) || following.contains(where: names)
            || walk.placer.repeating  // a date may end the line: `log steps 8000 yesterday`
        else { return result }
        if typed { walk.feed(current, at: 0) }
        for token in following { walk.feed(token, at: 0) }
        result.date = walk.date
        return result
    }

    /// The value of the date option of the command on a whole line.
    func date(in tokens: [Token], leadingOptions: Bool) -> String? {
        var rest = tokens[...]
        if leadingOptions { _ = readOptions(&rest) }
        guard let first = rest.first, let spec = table.command(named: first.text) else { return nil }
        var walk = CommandWalk(spec: spec, sense: table.sense)
        walk.recordsRoles = false
        if leadingOptions { walk.programOptions = table.globalOptions }
        for token in rest.dropFirst() { walk.feed(token, at: 0) }
        return walk.date
    }

    /// Reads the program's own options from the start of `rest`, and leaves the words after them.
    func readOptions<Words: Collection<Token>>(_ rest: inout Words) -> OptionWalk where Words.SubSequence == Words {
        var options = OptionWalk(options: table.globalOptions, sense: table.sense)
        while let token = rest.first, !options.ended, options.feed(token) { rest.removeFirst() }
        return options
    }
}

extension Token {
    /// Unquoted and starting with `-`.
    var dashed: Bool { !quoted && text.utf8.first == UInt8(ascii: "-") }
}

extension CommandWalk {
    /// What `current`, the word at the cursor, is after the words read so far.
    mutating func describe(_ current: Token, into result: inout PartialParse) {
        result.given = given
        // A word with a dash ends a date not yet whole (`--on 3 --json`), as `feed` reads it.
        if let option = awaiting, !(continuesValue && !current.quoted && current.text.hasPrefix("-")) {
            result.pending = .optionValue(option)
            if continuesValue, let value = options[option.name]?.last {
                result.dateWords = value.split(separator: " ").map(String.init)
            }
            return
        }
        switch Parser.read(current, in: self) {
        case .option(let index, _): result.option = commandOptions[index]
        case .programOption(let index, _): result.option = programOptions[index]
        default: break
        }
        let text = current.text
        result.mayBeOption =
            current.dashed
            && (text == "-" || Parser.startsWithTwoDashes(text)
                || commandOptions.contains { $0.name.hasPrefix(text) || $0.short?.hasPrefix(text) == true })
        if takesTrailingDate(current), let dayOption {
            result.pending = .optionValue(dayOption)
            result.dateWords = trailingDate
            return
        }
        guard trailingDate.isEmpty, let index = placer.peek(text) else {
            result.pending = .nothing
            return
        }
        let argument = placer.arguments[index]
        switch argument.kind {
        case .value:
            result.attribute = closest(.attribute)
            result.setting = closest(.setting)
        case .range:
            result.attribute = closest(.attribute)
            result.rangeWords = placed.filter { $0.argument == index }.map(\.token)
        case .date:
            if placer.open { result.dateWords = placer.dateWords }
        case .text:
            // `chart steps sleep la`: the first subject, and the words after it so far.
            result.attribute = closest(.attributeOrMood)
            result.textWords = placed.filter { $0.argument == index }.map(\.token.text)
        case .valueType:
            // The name `track` is defining or changing, which decides whether its keywords
            // may come without a type.
            result.attribute = closest(.name)
        default:
            break
        }
        result.pending = .argument(argument, index: index)
    }
}

extension OptionWalk {
    /// What `current`, the word at the cursor, is among the program's own options.
    mutating func describe(_ current: Token, into result: inout PartialParse) {
        result.given = Set(given.map(\.option.name))
        if let option = awaiting {
            result.given.insert(option.name)
            result.pending = .optionValue(option)
        } else if !ended {
            let dashed = current.dashed
            result.option = dashed ? Parser.match(option: current.text, in: options).map { options[$0.0] } : nil
            result.mayBeOption = dashed
            if dashed && current.text == "--" { result.pending = .endOfOptions }
        }
    }
}

extension CommandWalk {
    /// The value of the command's date option, as given last.
    var date: String? {
        guard let name = dateOption?.name else { return nil }
        return options[name]?.last ?? (trailingDate.isEmpty ? nil : trailingDate.joined(separator: " "))
    }

    /// The command's option that names the day it writes to (`--on`), if it has one; a
    /// range's ends (`--from`, `--to`) are dates too, but not the day of the line.
    var dateOption: Option? { dayOption }

    /// The word given for the closest earlier argument of this kind.
    func closest(_ kind: ArgKind) -> String? {
        placed.last { placer.arguments[$0.argument].kind == kind }?.token.text
    }
}
