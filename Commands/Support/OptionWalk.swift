import DaybookCore
import DaybookViews

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
