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
    /// What dates and values look like, which the domain knows.
    let sense: any WordSense
    /// Words placed so far.
    var count = 0
    /// The argument the next word fills (not for a repeating command).
    var current = 0
    /// The current argument (a range, text or a date not yet whole) has words already and takes more.
    var open = false
    /// The words so far of the date argument being read.
    var dateWords: [String] = []
    /// The date argument the last word placed ended, which a word may still go on
    /// (`WordSense.dateGoesOn`: `monday` takes `before last`).
    var endedDate: Int? = nil
    /// The words so far of the value being read, in a repeating command (`7 hours 30`).
    var valueWords: [String] = []
    /// In a repeating command, the word before ended with a comma (`slept 7h, 3 coffees`): a
    /// new group starts.
    var afterComma = false

    init(_ spec: CommandSpec, sense: any WordSense) {
        arguments = spec.arguments
        repeating = spec.repeating
        self.sense = sense
    }

    /// The index of the argument `word` fills if it comes next; nil when there is none. A
    /// repeating group cycles; text takes every word to the end; a range takes words up to
    /// one (not its first) that the next argument's choices hold (`weekly`).
    func peek(_ word: String) -> Int? {
        if arguments.isEmpty { return nil }
        if repeating {
            if afterComma { return 0 }
            if count > 0, count % arguments.count == 0, arguments.last?.kind == .value,
                sense.valueContinues(valueWords, word.utf8.last == UInt8(ascii: ",") ? withoutCommas(word) : word)
            {
                return arguments.count - 1
            }
            return count % arguments.count
        }
        if let endedDate, sense.dateGoesOn(dateWords, with: word) { return endedDate }
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
            open = sense.dateNeedsMore(dateWords)
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
