import DaybookCore
import DaybookViews

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
    public var options: [String: [String]] = [:]
    /// What each word of the line is, in order, the command's name first.
    public var roles: [WordRole] = []
    /// For a repeating command: its positional words as typed, in order, those of a date
    /// after the last value too. `log` reads them again as phrases.
    public var words: [String] = []
    /// The words read as phrases rather than pairs (`slept 7h, walked 9k steps`; see
    /// `Phrase.marks`): they were not paired, and a date after them was left in `words`.
    public var phrases = false
    /// The day the line names for what it writes, as typed, and where: `--on yesterday`, a
    /// date after the last value (`log steps 9000 yesterday`), or a date a line of phrases
    /// ends with (`log walked 9k steps yesterday`, found by `log` as it reads the phrases).
    /// Nil when the line names none. Only `nameDay` sets it, so that a day given twice is
    /// refused in one place; `Context.writeDay` makes it a day.
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

    /// An option by its name as typed (`"--json"`), for tests and older callers; a handler asks
    /// with the option itself, `has(.json)`.
    @available(*, deprecated, message: "ask with the option the spec lists: has(.json)")
    public func flag(_ name: String) -> Bool { options[name] != nil }

    /// An option's value by its name as typed (`"--on"`), for tests and older callers; a
    /// handler asks with the option itself, `value(.on)`.
    /// The day the line names, by the name of the command's day option, wherever on the line
    /// it was given.
    public func option(_ name: String) -> String? {
        if let day, name == command.dayOption?.name { return day.text }
        return options[name]?.last
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

/// Reads token lists against the command table. A whole line (`parse`), the program's own
/// options (`leadingOptions`) and a line cut at the cursor (`partial`, for completion) are
/// read by the same steps, below, so that they cannot disagree.
public struct Parser: Sendable {
    public let table: CommandTable

    public init(table: CommandTable) { self.table = table }

    public func parse(_ tokens: [Token]) throws(UsageError) -> Invocation {
        guard let first = tokens.first else { throw UsageError("empty command") }
        guard let spec = table.command(named: first.text) else {
            throw UsageError(table.unknownCommandMessage(first.text))
        }
        var walk = CommandWalk(spec: spec)
        walk.roles.reserveCapacity(tokens.count)
        walk.roles.append(.command)
        for index in 1..<tokens.count {
            walk.feed(tokens[index], at: index)
            if let error = walk.error { throw error }
        }
        if let option = walk.awaiting, !walk.continuesValue {
            throw UsageError("\(option.name) needs a \(option.valueName!); usage: \(spec.synopsis)")
        }
        var invocation = Invocation(command: spec)
        invocation.options = walk.options
        try bind(walk, to: &invocation)
        invocation.roles = walk.roles
        return invocation
    }

    /// The program's own options, read from the start of `tokens` up to the first word that is
    /// not one (or up to `--`): `daybook [OPTIONS] [COMMAND [WORD]...]`. Reading stops at the
    /// first option it refuses.
    public func leadingOptions(_ tokens: [Token], from options: [Option]) -> LeadingOptions {
        var walk = OptionWalk(options: options)
        var rest = 0
        while rest < tokens.count, walk.error == nil, !walk.ended, walk.feed(tokens[rest]) { rest += 1 }
        if walk.error == nil, let option = walk.awaiting {
            walk.error = UsageError("\(option.name) needs a \(option.valueName!)")
        }
        return LeadingOptions(given: walk.given, roles: walk.roles, rest: rest, error: walk.error)
    }

    /// What each word of `tokens` is, as far as the parser can tell, also on a line it refuses:
    /// an unknown option reads as a positional word, a word past the last argument as `.extra`.
    /// Empty when the first word names no command.
    public func roles(_ tokens: [Token]) -> [WordRole] {
        guard let first = tokens.first, let spec = table.command(named: first.text) else { return [] }
        var walk = CommandWalk(spec: spec)
        walk.roles.append(.command)
        for index in 1..<tokens.count { walk.feed(tokens[index], at: index) }
        return walk.roles
    }

    private func bind(_ walk: CommandWalk, to invocation: inout Invocation) throws(UsageError) {
        let spec = invocation.command
        let arguments = spec.arguments
        let words = walk.placed
        if let option = spec.dayOption, let on = walk.options[option.name]?.last {
            try invocation.nameDay(on, .option(option.name))
        }
        if spec.repeating {
            invocation.words = walk.words
            if Phrase.marks(walk.words) {
                // The command reads the words as phrases, with the catalogue.
                invocation.phrases = true
                return
            }
            // A value may span words (`7 hours 30 minutes`): the words of one argument in a row.
            var groups: [String] = []
            var previous: Int? = nil
            for word in words {
                if word.argument == previous, let last = groups.popLast() {
                    groups.append(last + " " + word.token.text)
                } else {
                    groups.append(word.token.text)
                }
                previous = word.argument
            }
            guard !groups.isEmpty, groups.count % arguments.count == 0 else {
                let missing = arguments[groups.count % arguments.count].name
                let after = groups.last.map { $0.split(separator: " ").last.map(String.init) ?? $0 } ?? spec.name
                throw UsageError("\(spec.name) needs \(missing) after \(after); usage: \(spec.usage)")
            }
            invocation.positionals = groups
            if !walk.trailingDate.isEmpty {
                try invocation.nameDay(walk.trailingDate.joined(separator: " "), .afterValues(walk.trailingDate.count))
            }
            if let extra = walk.extra {
                throw UsageError("too many arguments for \(spec.name) ('\(extra)'); usage: \(spec.usage)")
            }
            return
        }
        var placed = words
        for (index, argument) in arguments.enumerated().dropLast() {
            // An optional choice before a needed argument (`import [daylio|jrnl] FILE`): a lone
            // word that is not one of its choices is the needed argument (`import journal.json`).
            guard argument.optional, case .choice(let choices) = argument.kind, !arguments[index + 1].optional,
                let at = placed.firstIndex(where: { $0.argument == index }),
                !choices.contains(placed[at].token.text.lowercased()),
                !placed.contains(where: { $0.argument == index + 1 })
            else { continue }
            placed[at].argument = index + 1
        }
        var w = 0
        var named = spec.name  // and the choices given: `import daylio` needs FILE
        for (index, argument) in arguments.enumerated() {
            let first = w
            while w < placed.count, placed[w].argument == index { w += 1 }
            if first == w {
                if !argument.optional { throw UsageError("\(named) needs \(argument.name); usage: \(spec.usage)") }
                continue
            }
            if argument.optional, case .choice = argument.kind { named += " " + placed[first].token.text.lowercased() }
            switch argument.kind {
            case .text:
                invocation.text = joinText(placed[first..<w])
            case .range, .date:
                // A range spans words (`at least 8000`, `between 50 and 80`); so does a date
                // (`last monday`, `3 days ago`).
                invocation.positionals.append(placed[first..<w].map(\.token.text).joined(separator: " "))
            default:
                invocation.positionals.append(placed[first].token.text)
            }
        }
        if let extra = walk.extra {
            throw UsageError("too many arguments for \(spec.name) ('\(extra)'); usage: \(spec.usage)")
        }
    }

    /// The words of a note, with the spacing they were typed with. Where an option was taken
    /// out from between two words, one space joins them.
    private func joinText(_ words: ArraySlice<PlacedWord>) -> String {
        var text = ""
        var previous: Int? = nil
        for word in words {
            if let previous { text += previous + 1 == word.index ? word.token.leading : " " }
            text += word.token.text
            previous = word.index
        }
        return text
    }

    // MARK: The steps both modes share

    /// What an unquoted word is, before its place on the line is known.
    enum Reading {
        /// The option at this index in the command's options.
        case option(Int, inline: String?)
        /// `--something` that no option of the command is called, where it takes no text.
        case unknownOption
        case positional
    }

    static func read(_ token: Token, in command: CommandWalk) -> Reading {
        guard !token.quoted else { return .positional }
        if let (index, inline) = match(option: token.text, in: command.commandOptions) {
            return .option(index, inline: inline)
        }
        if startsWithTwoDashes(token.text), token.text.utf8.count > 2, !command.takesText { return .unknownOption }
        return .positional
    }

    /// `text` names `option`: by its name or short name, or as `--name=value`.
    static func names(_ text: String, _ option: Option) -> Bool {
        if text == option.name || text == option.short { return true }
        guard let name = splitInline(text)?.name else { return false }
        return name == option.name || name == option.short
    }

    /// `--name=value`, split at its first `=` (over scalars); nil for any other word.
    static func splitInline(_ text: String) -> (name: String, value: String)? {
        guard startsWithTwoDashes(text) else { return nil }
        let scalars = text.unicodeScalars
        guard let eq = scalars.firstIndex(of: "=") else { return nil }
        return (
            String(String.UnicodeScalarView(scalars[..<eq])),
            String(String.UnicodeScalarView(scalars[scalars.index(after: eq)...]))
        )
    }

    /// `--` starts the text (over its first two scalars, which are then bytes too).
    static func startsWithTwoDashes(_ text: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        return bytes.next() == UInt8(ascii: "-") && bytes.next() == UInt8(ascii: "-")
    }

    /// The index of the option `text` names, by its name or short name, or as `--name=value`;
    /// with the value when it is in the same word.
    static func match(option text: String, in options: [Option]) -> (Int, String?)? {
        if let index = options.firstIndex(where: { $0.name == text || $0.short == text }) { return (index, nil) }
        guard let (name, value) = splitInline(text),
            let index = options.firstIndex(where: { $0.name == name || $0.short == name })
        else { return nil }
        return (index, value)
    }
}

/// The program's own options, as `Parser.leadingOptions` read them.
public struct LeadingOptions: Sendable {
    /// The options in the order given, each with its value (nil for a flag).
    public var given: [(option: Option, value: String?)]
    /// What each word read is, in order.
    public var roles: [WordRole]
    /// The index of the first word after the options (and after `--`, if given).
    public var rest: Int
    /// The first option refused, if any: `given` holds the options before it.
    public var error: UsageError?
}

/// A positional word: its index on the line and the argument it fills.
struct PlacedWord {
    var index: Int
    var token: Token
    var argument: Int
}

/// Which argument each positional word fills, a word at a time.
struct ArgumentPlacer {
    let arguments: [Argument]
    let repeating: Bool
    /// Words placed so far.
    var count = 0
    /// The argument the next word fills (not for a repeating command).
    var current = 0
    /// The current argument (a range, text or a date not yet whole) has words already and takes more.
    var open = false
    /// The words so far of the date argument being read.
    var dateWords: [String] = []
    /// The date argument the last word placed ended, which a word may still go on
    /// (`Day.goesOn`: `monday` takes `before last`).
    var endedDate: Int? = nil
    /// The words so far of the value being read, in a repeating command (`7 hours 30`).
    var valueWords: [String] = []
    /// In a repeating command, the word before ended with a comma (`slept 7h, 3 coffees`): a
    /// new group starts.
    var afterComma = false

    init(_ spec: CommandSpec) {
        arguments = spec.arguments
        repeating = spec.repeating
    }

    /// The index of the argument `word` fills if it comes next; nil when there is none. A
    /// repeating group cycles; text takes every word to the end; a range takes words up to
    /// one (not its first) that the next argument's choices hold (`weekly`).
    func peek(_ word: String) -> Int? {
        if arguments.isEmpty { return nil }
        if repeating {
            if afterComma { return 0 }
            if count > 0, count % arguments.count == 0, arguments.last?.kind == .value,
                ValuePhrase.continues(valueWords, word.utf8.last == UInt8(ascii: ",") ? withoutCommas(word) : word)
            {
                return arguments.count - 1
            }
            return count % arguments.count
        }
        if let endedDate, Day.goesOn(dateWords, with: word) { return endedDate }
        guard current < arguments.count else { return nil }
        if open, case .range = arguments[current].kind, current + 1 < arguments.count,
            case .choice(let choices) = arguments[current + 1].kind, choices.contains(word.lowercased())
        {
            return current + 1
        }
        return current
    }

    mutating func place(_ word: String) -> Int? {
        guard let index = peek(word) else { return nil }
        if repeating {
            defer { afterComma = word.utf8.last == UInt8(ascii: ",") }
            if afterComma, count % arguments.count != 0 {
                // The comma ended the group early: the word starts the next.
                count += arguments.count - count % arguments.count
            }
            if count > 0, count % arguments.count == 0, index == arguments.count - 1 {
                valueWords.append(word)
            } else {
                count += 1
                valueWords = arguments[index].kind == .value ? [word] : []
            }
            return index
        }
        count += 1
        let goesOn = index == endedDate
        endedDate = nil
        switch arguments[index].kind {
        case .text, .range:
            current = index
            open = true
        case .date:
            if !open && !goesOn { dateWords = [] }
            dateWords.append(word)
            open = Day.needsMore(dateWords)
            current = open ? index : index + 1
            if !open { endedDate = index }
        default:
            current = index + 1
            open = false
        }
        return index
    }
}

/// `word` without the commas at its end.
func withoutCommas(_ word: String) -> String {
    var word = word
    while word.utf8.last == UInt8(ascii: ",") { word.removeLast() }
    return word
}

/// The words after a command's name, read one at a time.
struct CommandWalk {
    // What the walk needs of the command (copying a whole `CommandSpec` costs more).
    let name: String
    let commandOptions: [Option]
    let takesText: Bool
    /// The option that names the day the line writes to (`--on`), which a date after the last
    /// value of a repeating command stands for.
    let dayOption: Option?
    var options: [String: [String]] = [:]
    /// The index of the option whose value is the next word.
    var awaitingIndex: Int? = nil
    /// The awaited word goes on a date value begun already (`--on last` takes `monday`).
    var continuesValue = false
    /// The date option whose value the last word ended, which the next word may still go on
    /// (`Day.goesOn`: `--on monday` takes `before last`).
    var endedDate: Int? = nil
    var placed: [PlacedWord] = []
    var placer: ArgumentPlacer
    /// What each word read is, in order, when `recordsRoles`.
    var roles: [WordRole] = []
    var recordsRoles = true
    /// The first thing about the options a full parse refuses. Later words are still read.
    var error: UsageError? = nil
    /// The first positional word the command has no argument for.
    var extra: String? = nil
    /// The words of a date after the last pair of a repeating command (`log steps 8000 yesterday`).
    var trailingDate: [String] = []
    /// Every positional word of a repeating command, in order (its date's too).
    var words: [String] = []

    init(spec: CommandSpec) {
        name = spec.name
        commandOptions = spec.options
        takesText = spec.takesText
        dayOption = spec.dayOption
        placer = ArgumentPlacer(spec)
    }

    /// The option whose value is the next word.
    var awaiting: Option? { awaitingIndex.map { commandOptions[$0] } }

    mutating func feed(_ token: Token, at index: Int) {
        if let ended = endedDate {
            endedDate = nil
            if !token.quoted, let value = options[commandOptions[ended].name]?.last,
                Day.goesOn(value.split(separator: " ").map(String.init), with: token.text)
            {
                awaitingIndex = ended
                continuesValue = true
            }
        }
        if continuesValue, !token.quoted, token.text.hasPrefix("-") {
            // An option, not more of the date: the date is read as it is.
            awaitingIndex = nil
            continuesValue = false
        }
        if let awaitingIndex {
            self.awaitingIndex = nil
            let option = commandOptions[awaitingIndex]
            let name = option.name
            if continuesValue, var values = options[name], let last = values.popLast() {
                values.append(last + " " + token.text)
                options[name] = values
            } else {
                options[name, default: []].append(token.text)
                checkChoice(option, token.text)
            }
            continuesValue = false
            if recordsRoles { roles.append(.optionValue(name)) }
            continueDate(option)
            return
        }
        switch Parser.read(token, in: self) {
        case .option(let optionIndex, let inline):
            let option = commandOptions[optionIndex]
            if recordsRoles { roles.append(.option(option.name)) }
            if options[option.name] != nil && !option.repeatable {
                fail("\(option.name) is given twice; give it once")
            }
            if option.takesValue {
                if let inline {
                    options[option.name, default: []].append(inline)
                    checkChoice(option, inline)
                    continueDate(option)
                } else {
                    awaitingIndex = optionIndex
                }
            } else {
                if inline != nil { fail("\(option.name) takes no value") }
                options[option.name, default: []].append("")
            }
        case .unknownOption:
            let known = commandOptions.map(\.name)
            let hint = known.isEmpty ? "\(name) takes no options" : "options: " + known.joined(separator: ", ")
            fail("unknown option \(token.text) for \(name); \(hint)")
            // Read on as the word it would be without the dashes' meaning.
            place(token, at: index)
        case .positional:
            place(token, at: index)
        }
    }

    /// Refuses a value that is none of a closed choice's words (`export --format xml`), as the
    /// program's own options do; a command's choices are read in any case (`--format JSON`).
    mutating func checkChoice(_ option: Option, _ value: String) {
        if let refusal = option.refusal(of: value, ignoringCase: true) { fail(refusal) }
    }

    /// A date option's value that is not whole yet (`--on last`) takes the next word too; a
    /// whole one may still (`endedDate`).
    mutating func continueDate(_ option: Option) {
        guard case .date? = option.kind, let value = options[option.name]?.last else { return }
        let index = commandOptions.firstIndex { $0.name == option.name }
        if Day.needsMore(value.utf8.contains(UInt8(ascii: " ")) ? value.split(separator: " ").map(String.init) : [value]) {
            awaitingIndex = index
            continuesValue = true
        } else {
            endedDate = index
        }
    }

    /// In a repeating command with `--on`, a date where an attribute would go is the day the
    /// values are for: `log steps 8000 yesterday`, `log sleep 7h last monday`.
    func takesTrailingDate(_ token: Token) -> Bool {
        guard !token.quoted, placer.repeating, !placer.arguments.isEmpty, dayOption != nil else { return false }
        if !trailingDate.isEmpty { return Day.goesOn(trailingDate, with: token.text) }
        return !placer.afterComma && placer.count > 0 && placer.count % placer.arguments.count == 0
            && placer.peek(token.text) == 0 && Day.startsDate(token.text)
    }

    mutating func placeTrailingDate(_ token: Token) -> Bool {
        guard takesTrailingDate(token) else { return false }
        trailingDate.append(token.text)
        if recordsRoles, let dayOption { roles.append(.optionValue(dayOption.name)) }
        return true
    }

    mutating func place(_ token: Token, at index: Int) {
        if placer.repeating { words.append(token.text) }
        if placeTrailingDate(token) { return }
        if !trailingDate.isEmpty {
            // Nothing follows the day.
            if extra == nil { extra = token.text }
            if recordsRoles { roles.append(.extra) }
            return
        }
        if let argument = placer.place(token.text) {
            placed.append(PlacedWord(index: index, token: token, argument: argument))
            if recordsRoles { roles.append(.argument(argument)) }
        } else {
            if extra == nil { extra = token.text }
            if recordsRoles { roles.append(.extra) }
        }
    }

    mutating func fail(_ message: String) {
        if error == nil { error = UsageError(message) }
    }

    /// Options given, by long name (one waiting for its value included).
    var given: Set<String> {
        var names = Set(options.keys)
        if let awaiting { names.insert(awaiting.name) }
        return names
    }
}

/// The program's own options, read one word at a time.
struct OptionWalk {
    let options: [Option]
    var given: [(option: Option, value: String?)] = []
    var roles: [WordRole] = []
    /// The index of the option whose value is the next word.
    var awaitingIndex: Int? = nil
    /// `--` was read: the next word is the command.
    var ended = false
    var error: UsageError? = nil

    init(options: [Option]) { self.options = options }

    /// The option whose value is the next word.
    var awaiting: Option? { awaitingIndex.map { options[$0] } }

    /// Reads one word; false when it is not an option, so that the options end before it.
    mutating func feed(_ token: Token) -> Bool {
        if let awaitingIndex {
            self.awaitingIndex = nil
            let option = options[awaitingIndex]
            roles.append(.optionValue(option.name))
            take(option, token.text)
            return true
        }
        let text = token.text
        guard !token.quoted, text.unicodeScalars.first == "-", text != "-" else { return false }
        if text == "--" {
            ended = true
            roles.append(.endOfOptions)
            return true
        }
        guard let (optionIndex, inline) = Parser.match(option: text, in: options) else {
            roles.append(.extra)
            let name = Parser.splitInline(text)?.name ?? text
            if let guess = nearest(name, in: options.map(\.name)) {
                fail("unknown option \(printable(name)); did you mean \(guess)?")
            } else {
                fail("unknown option \(printable(name))")
            }
            return true
        }
        let option = options[optionIndex]
        roles.append(.option(option.name))
        if option.takesValue {
            if let inline {
                take(option, inline)
            } else {
                awaitingIndex = optionIndex
            }
        } else {
            if inline != nil {
                fail("\(option.name) takes no value")
                return true
            }
            given.append((option, nil))
        }
        return true
    }

    mutating func take(_ option: Option, _ value: String) {
        if let refusal = option.refusal(of: value) {
            fail(refusal)
            return
        }
        given.append((option, value))
    }

    mutating func fail(_ message: String) {
        if error == nil { error = UsageError(message) }
    }
}

/// The candidate nearest to `word`, if it is near enough to be a likely typo.
public func nearest(_ word: String, in candidates: [String]) -> String? {
    // A distance is at least the difference in length, and only 2 or less counts: a long word
    // (a pasted line, say) is never compared letter by letter.
    guard word.utf8.count <= 256 else { return nil }
    let lower = word.lowercased()
    if let prefixed = candidates.first(where: { $0.hasPrefix(lower) }), lower.count >= 2 { return prefixed }
    let length = lower.unicodeScalars.count
    let scored = candidates.filter { abs($0.unicodeScalars.count - length) <= 2 }
        .map { ($0, editDistance(lower, $0)) }.min { $0.1 < $1.1 }
    guard let (best, distance) = scored, distance <= max(1, min(2, best.count / 3)) else { return nil }
    return best
}
