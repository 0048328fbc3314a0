/// The program's own options, read one word at a time.
struct OptionWalk {
    let options: [Option]
    /// How words are shown and compared in a refusal.
    let sense: any WordSense
    var given: [(option: Option, value: String?)] = []
    var roles: [WordRole] = []
    /// The index of the option whose value is the next word.
    var awaitingIndex: Int? = nil
    /// `--` was read: the next word is the command.
    var ended = false
    var error: UsageError? = nil

    init(options: [Option], sense: any WordSense) {
        self.options = options
        self.sense = sense
    }

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
            if let guess = sense.nearest(name, in: options.map(\.name)) {
                fail("unknown option \(sense.printable(name)); did you mean \(guess)?")
            } else {
                fail("unknown option \(sense.printable(name))")
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
        if let refusal = option.refusal(of: value, sense: sense) {
            fail(refusal)
            return
        }
        given.append((option, value))
    }

    mutating func fail(_ message: String) {
        if error == nil { error = UsageError(message) }
    }
}
