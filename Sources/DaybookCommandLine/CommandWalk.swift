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
    /// (`WordSense.dateGoesOn`: `--on monday` takes `before last`).
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
    /// The program's own options, read after the command's name too when the line is the
    /// program's command line (`daybook today --journal J`), by their long names; the command's
    /// own options come first. Empty for a line typed at the prompt or in a script.
    var programOptions: [Option] = []
    /// The program's options read among the command's words, in order, with their values.
    var program: [(option: Option, value: String?)] = []
    /// The indices of the words that were the program's options or their values.
    var programWords: [Int] = []
    /// The index in `programOptions` of the option whose value is the next word.
    var awaitingProgram: Int? = nil
    /// The first of the program's options refused (a value that is none of its choices, one
    /// missing): said apart from the command's own refusals.
    var programError: UsageError? = nil

    init(spec: CommandSpec, sense: any WordSense) {
        name = spec.name
        commandOptions = spec.options
        takesText = spec.takesText
        dayOption = spec.dayOption
        placer = ArgumentPlacer(spec, sense: sense)
    }

    /// The option whose value is the next word: the command's, or the program's.
    var awaiting: Option? { awaitingIndex.map { commandOptions[$0] } ?? awaitingProgram.map { programOptions[$0] } }

    mutating func feed(_ token: Token, at index: Int) {
        if let awaitingProgram {
            // The value of the program's option in the word before, whatever it is (as before
            // the command).
            self.awaitingProgram = nil
            let option = programOptions[awaitingProgram]
            if recordsRoles { roles.append(.optionValue(option.name)) }
            takeProgram(option, token.text, at: index)
            return
        }
        if let ended = endedDate {
            endedDate = nil
            if !token.quoted, let value = options[commandOptions[ended].name]?.last,
                placer.sense.dateGoesOn(value.split(separator: " ").map(String.init), with: token.text)
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
        case .programOption(let optionIndex, let inline):
            let option = programOptions[optionIndex]
            if recordsRoles { roles.append(.option(option.name)) }
            programWords.append(index)
            if option.takesValue {
                if let inline {
                    takeProgram(option, inline, at: nil)
                } else {
                    awaitingProgram = optionIndex
                }
            } else if inline != nil {
                if programError == nil { programError = UsageError("\(option.name) takes no value") }
            } else {
                program.append((option, nil))
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

    /// A value of one of the program's options, refused as before the command.
    mutating func takeProgram(_ option: Option, _ value: String, at index: Int?) {
        if let index { programWords.append(index) }
        if let refusal = option.refusal(of: value, sense: placer.sense) {
            if programError == nil { programError = UsageError(refusal) }
            return
        }
        program.append((option, value))
    }

    /// Refuses a value that is none of a closed choice's words (`export --format xml`), as the
    /// program's own options do; a command's choices are read in any case (`--format JSON`).
    mutating func checkChoice(_ option: Option, _ value: String) {
        if let refusal = option.refusal(of: value, ignoringCase: true, sense: placer.sense) { fail(refusal) }
    }

    /// A date option's value that is not whole yet (`--on last`) takes the next word too; a
    /// whole one may still (`endedDate`).
    mutating func continueDate(_ option: Option) {
        guard case .date? = option.kind, let value = options[option.name]?.last else { return }
        let index = commandOptions.firstIndex { $0.name == option.name }
        if placer.sense.dateNeedsMore(value.utf8.contains(UInt8(ascii: " ")) ? value.split(separator: " ").map(String.init) : [value]) {
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
        if !trailingDate.isEmpty { return placer.sense.dateGoesOn(trailingDate, with: token.text) }
        return !placer.afterComma && placer.count > 0 && placer.count % placer.arguments.count == 0
            && placer.peek(token.text) == 0 && placer.sense.startsDate(token.text)
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
