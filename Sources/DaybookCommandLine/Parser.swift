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
        var walk = CommandWalk(spec: spec, sense: table.sense)
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
        var walk = OptionWalk(options: options, sense: table.sense)
        var rest = 0
        while rest < tokens.count, walk.error == nil, !walk.ended, walk.feed(tokens[rest]) { rest += 1 }
        if walk.error == nil, let option = walk.awaiting {
            walk.error = UsageError("\(option.name) needs a \(option.valueName!)")
        }
        return LeadingOptions(given: walk.given, roles: walk.roles, rest: rest, error: walk.error)
    }

    /// The program's own options among the words of a command (`today --journal J`,
    /// `calendar 2026-11 --color never`), read wherever the command's own options may be, by
    /// their long names, and the command's words without them. The words are left as they are
    /// when the first names no command.
    public func trailingOptions(_ tokens: [Token], from options: [Option]) -> TrailingOptions {
        guard let first = tokens.first, let spec = table.command(named: first.text) else {
            return TrailingOptions(given: [], command: tokens, error: nil)
        }
        var walk = CommandWalk(spec: spec, sense: table.sense)
        walk.recordsRoles = false
        walk.programOptions = options
        for index in 1..<max(1, tokens.count) { walk.feed(tokens[index], at: index) }
        var error = walk.programError
        if error == nil, let awaiting = walk.awaitingProgram {
            let option = options[awaiting]
            error = UsageError("\(option.name) needs a \(option.valueName!)")
        }
        let taken = Set(walk.programWords)
        let command = tokens.indices.filter { !taken.contains($0) }.map { tokens[$0] }
        return TrailingOptions(given: walk.program, command: command, error: error)
    }

    /// What each word of `tokens` is, as far as the parser can tell, also on a line it refuses:
    /// an unknown option reads as a positional word, a word past the last argument as `.extra`.
    /// Empty when the first word names no command.
    public func roles(_ tokens: [Token]) -> [WordRole] {
        guard let first = tokens.first, let spec = table.command(named: first.text) else { return [] }
        var walk = CommandWalk(spec: spec, sense: table.sense)
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
            if table.sense.marksPhrases(walk.words) {
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
                let message = "\(spec.name) needs \(missing) after \(after); usage: \(spec.usage)"
                // A last word that may be no attribute at all (`weight 160 furlongs`): the
                // command reads the words as phrases, which name the word not understood, and
                // says this only where the word is an attribute of its own.
                if !groups.isEmpty, table.sense.unpairedReadsAsPhrases(walk.words) {
                    invocation.phrases = true
                    invocation.unpaired = message
                    return
                }
                throw UsageError(message)
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
        var chosen: String? = nil  // the optional choice given, known or not
        var choices: [String] = []
        for (index, argument) in arguments.enumerated() {
            let first = w
            while w < placed.count, placed[w].argument == index { w += 1 }
            if argument.optional, case .choice(let words) = argument.kind, choices.isEmpty { choices = words }
            if first == w {
                if !argument.optional { throw UsageError("\(named) needs \(argument.name); usage: \(spec.usage)") }
                continue
            }
            if argument.optional, case .choice = argument.kind {
                named += " " + placed[first].token.text.lowercased()
                chosen = chosen ?? placed[first].token.text.lowercased()
            }
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
        // An option that a choice owns, on a line that names another choice or none. (A word
        // that is no choice at all is the command's to refuse, in its own words.)
        if chosen.map(choices.contains) ?? true {
            for option in spec.options where option.owner.map({ $0.choice != chosen }) ?? false && invocation.has(option) {
                throw UsageError("\(option.name) \(option.owner!.purpose): \(option.owner!.usage)")
            }
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
        /// The program's option at this index in the walk's `programOptions`, by its long name.
        case programOption(Int, inline: String?)
        /// `--something` that no option of the command is called, where it takes no text.
        case unknownOption
        case positional
    }

    static func read(_ token: Token, in command: CommandWalk) -> Reading {
        guard !token.quoted else { return .positional }
        if let (index, inline) = match(option: token.text, in: command.commandOptions) {
            return .option(index, inline: inline)
        }
        // Only by long names: a short one (`-c`) may be a word of a note.
        if !command.programOptions.isEmpty, startsWithTwoDashes(token.text),
            let (index, inline) = match(option: token.text, in: command.programOptions)
        {
            return .programOption(index, inline: inline)
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

/// The program's own options among a command's words, as `Parser.trailingOptions` read them.
public struct TrailingOptions: Sendable {
    /// The options in the order given, each with its value (nil for a flag).
    public var given: [(option: Option, value: String?)]
    /// The command's words, without the program's options and their values.
    public var command: [Token]
    /// The first of the program's options refused, if any.
    public var error: UsageError?
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
