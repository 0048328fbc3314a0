import DaybookCore

/// A line that does not fit the command table: unknown command or option, missing or extra
/// arguments. Exit status 64 for a one-shot command.
public struct UsageError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
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

    public init(command: CommandSpec) { self.command = command }

    /// The positional argument called `name`, if given.
    public func argument(_ name: String) -> String? {
        guard let index = command.arguments.firstIndex(where: { $0.name == name }), index < positionals.count else {
            return nil
        }
        return positionals[index]
    }

    public func flag(_ name: String) -> Bool { options[name] != nil }
    public func option(_ name: String) -> String? { options[name]?.last }
}

/// Reads token lists against the command table.
public struct Parser: Sendable {
    public let table: CommandTable

    public init(table: CommandTable) { self.table = table }

    public func parse(_ tokens: [Token]) throws(UsageError) -> Invocation {
        guard let first = tokens.first else { throw UsageError("empty command") }
        guard let spec = table.command(named: first.text) else {
            throw UsageError(table.unknownCommandMessage(first.text))
        }
        var invocation = Invocation(command: spec)
        // Positional tokens, with their index in `tokens` to keep a note's own spacing.
        var words: [(index: Int, token: Token)] = []
        var i = 1
        while i < tokens.count {
            let token = tokens[i]
            if !token.quoted, let (option, inlineValue) = match(option: token.text, in: spec) {
                if invocation.options[option.name] != nil && !option.repeatable {
                    throw UsageError("\(option.name) is given twice; give it once")
                }
                if option.takesValue {
                    var value = inlineValue
                    if value == nil {
                        guard i + 1 < tokens.count else {
                            throw UsageError("\(option.name) needs a \(option.valueName!); usage: \(spec.synopsis)")
                        }
                        i += 1
                        value = tokens[i].text
                    }
                    invocation.options[option.name, default: []].append(value!)
                } else {
                    if inlineValue != nil { throw UsageError("\(option.name) takes no value") }
                    invocation.options[option.name, default: []].append("")
                }
            } else if !token.quoted, !spec.takesText, token.text.hasPrefix("--"), token.text.count > 2 {
                let known = spec.options.map(\.name)
                let hint = known.isEmpty ? "\(spec.name) takes no options" : "options: " + known.joined(separator: ", ")
                throw UsageError("unknown option \(token.text) for \(spec.name); \(hint)")
            } else {
                words.append((i, token))
            }
            i += 1
        }
        try bind(words, to: &invocation)
        return invocation
    }

    private func match(option text: String, in spec: CommandSpec) -> (Option, String?)? {
        if let option = spec.option(named: text) { return (option, nil) }
        if text.hasPrefix("--"), let eq = text.firstIndex(of: "=") {
            if let option = spec.option(named: String(text[..<eq])) {
                return (option, String(text[text.index(after: eq)...]))
            }
        }
        return nil
    }

    private func bind(_ words: [(index: Int, token: Token)], to invocation: inout Invocation) throws(UsageError) {
        let spec = invocation.command
        let arguments = spec.arguments
        if spec.repeating {
            guard !words.isEmpty, words.count % arguments.count == 0 else {
                let missing = arguments[words.count % arguments.count].name
                throw UsageError("\(spec.name) needs \(missing) after \(words.last?.token.text ?? spec.name); usage: \(spec.usage)")
            }
            invocation.positionals = words.map(\.token.text)
            return
        }
        var w = 0
        for (index, argument) in arguments.enumerated() {
            if argument.kind == .text {
                if w < words.count {
                    invocation.text = joinText(words[w...])
                    w = words.count
                } else if !argument.optional {
                    throw UsageError("\(spec.name) needs \(argument.name); usage: \(spec.usage)")
                }
                break
            }
            if argument.kind == .range, w < words.count {
                // A range spans words (`at least 8000`, `between 50 and 80`): it takes them up to
                // the next word that the following argument's choices hold (`weekly`).
                var choices: [String] = []
                if index + 1 < arguments.count, case .choice(let options) = arguments[index + 1].kind { choices = options }
                var end = w + 1
                while end < words.count, !choices.contains(words[end].token.text.lowercased()) { end += 1 }
                invocation.positionals.append(words[w..<end].map(\.token.text).joined(separator: " "))
                w = end
            } else if w < words.count {
                invocation.positionals.append(words[w].token.text)
                w += 1
            } else if !argument.optional {
                throw UsageError("\(spec.name) needs \(argument.name); usage: \(spec.usage)")
            }
        }
        if w < words.count {
            throw UsageError("too many arguments for \(spec.name) ('\(words[w].token.text)'); usage: \(spec.usage)")
        }
    }

    /// The words of a note, with the spacing they were typed with. Where an option was taken
    /// out from between two words, one space joins them.
    private func joinText(_ words: ArraySlice<(index: Int, token: Token)>) -> String {
        var text = ""
        var previous: Int? = nil
        for (index, token) in words {
            if let previous { text += previous + 1 == index ? token.leading : " " }
            text += token.text
            previous = index
        }
        return text
    }
}

/// The smallest number of single-character edits that turn `a` into `b`.
public func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.unicodeScalars)
    let b = Array(b.unicodeScalars)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
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
