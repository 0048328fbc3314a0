// Values in plain phrases, over the attribute catalogue: `slept 7 and a half hours, walked 9k
// steps, 3 coffees`. `log` reads its line this way when it is not plain pairs of attribute and
// value, and the check-in reads its answers this way.

/// A phrase that could not be read. `description` is the one line a person sees.
public struct PhraseError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// The facts, for the refusals the views word with the commands that go on from there
    /// (`description` is then a plain fallback).
    public let reason: Reason?

    public enum Reason: Sendable, Equatable {
        /// A line with no value in it.
        case noValue
        /// `word` is no attribute, unit or verb; `guess` is the known word nearest to it, and
        /// `newName` the name it could be tracked by, when it reads as a new thing counted.
        case unknownWord(String, guess: String?, newName: String?)
    }

    public init(_ description: String) {
        self.description = description
        self.reason = nil
    }

    public init(_ reason: Reason) {
        switch reason {
        case .noValue: description = "a value is needed, like slept 7h, walked 9k steps, 3 coffees"
        case .unknownWord(let word, let guess, _):
            description =
                "'\(word)' is not a tracked attribute, unit or verb"
                + (guess.map { "; did you mean '\($0)'?" } ?? "")
        }
        self.reason = reason
    }
}

/// The grammar of values in phrases. A line is split into clauses at commas and at `and`
/// (not the `and` of `7 and a half hours`, nor of `7 hours and 30 minutes`), and at a new value;
/// each clause holds one value, and the words around it say whose: a verb (`slept`), an
/// attribute's name or plural (`3 coffees`), or its unit (`2 cups`). A date at the end is the
/// day of the whole line. A word that cannot be placed is refused, naming it.
public enum Phrase {
    /// One clause: its value and the attribute it is for.
    public struct Value: Sendable {
        public var attribute: Attribute
        public var value: Double
    }

    /// A `log` line reads as phrases rather than pairs: it has a comma after a word, an `and`
    /// between values, a number first, a verb or filler word (`slept`, `of`), or a name again
    /// after a value (`steps 9k steps`). Read from the words alone, before the catalogue.
    public static func marks(_ words: [String]) -> Bool {
        var earlier: [String] = []
        let words = words.contains { $0.utf8.contains(UInt8(ascii: " ")) } ? words.flatMap { $0.split(separator: " ").map(String.init) } : words
        for (index, raw) in words.enumerated() {
            let word = raw.lowercased()
            if word.hasSuffix(",") { return true }
            if index == 0, startsValue(word) { return true }
            if word == "and", index + 1 < words.count, words[index + 1].lowercased() != "a" { return true }
            if PhraseWords.onlyInPhrases(word) { return true }
            if !startsValue(word) {
                if index >= 2, earlier.contains(where: { sameName(word, $0) }) { return true }
                earlier.append(word)
            }
        }
        return false
    }

    /// Words of `log` that do not pair up read as phrases when the last is no built-in
    /// attribute's name nor a value (`weight 160 furlongs`), so that the word not understood is
    /// named; `steps 8000 sleep` is a value missing after sleep.
    public static func unpairedReadsAsPhrases(_ words: [String]) -> Bool {
        guard let last = words.last?.lowercased() else { return false }
        return !PhraseWords.builtinNames.contains(last) && !startsValue(last)
    }

    /// `a` and `b` are one name, maybe one in the plural: `steps` and `steps`, `coffee` and `coffees`.
    static func sameName(_ a: String, _ b: String) -> Bool {
        let (short, long) = a.utf8.count <= b.utf8.count ? (a, b) : (b, a)
        guard long.hasPrefix(short) else { return false }
        let rest = long.utf8.count - short.utf8.count
        return rest == 0 || (rest == 1 && long.hasSuffix("s")) || (rest == 2 && long.hasSuffix("es"))
    }

    /// The values of a line of phrases (`words`, as typed), and the words of a date after the
    /// last value, if any: `isDate` says which words make a date.
    public static func read(
        _ words: [String], attributes: [Attribute], isDate: (String) -> Bool
    ) throws(PhraseError) -> (values: [Value], date: String?) {
        try read(words, lexicon: Lexicon(attributes), isDate: isDate)
    }

    /// The same with the catalogue's words gathered already, for many lines.
    public static func read(
        _ words: [String], lexicon: Lexicon, isDate: (String) -> Bool
    ) throws(PhraseError) -> (values: [Value], date: String?) {
        var list = split(words)
        let date = takeDate(&list, isDate: isDate)
        let clauses = try clauses(lexicon.compound(lexicon.detachingUnits(list)), lexicon)
        guard !clauses.isEmpty else {
            throw PhraseError(.noValue)
        }
        var values: [Value] = []
        for clause in clauses { values.append(try resolve(clause, lexicon, only: nil)) }
        return (values, date)
    }

    /// An answer to the question about `attribute`: a value as `log` reads one (`7h30`, `9k`,
    /// `8 glasses`), or a phrase about that attribute (`slept 7 and a half hours`, `9k steps`).
    public static func answer(_ text: String, for attribute: Attribute, among attributes: [Attribute]) throws(PhraseError) -> Double {
        try answer(text, for: attribute, lexicon: Lexicon(attributes.contains { $0.name == attribute.name } ? attributes : attributes + [attribute]))
    }

    /// The same with the catalogue's words gathered already; `lexicon` must hold `attribute`.
    public static func answer(_ text: String, for attribute: Attribute, lexicon: Lexicon) throws(PhraseError) -> Double {
        let words = lexicon.compound(lexicon.detachingUnits(split(text.split(separator: " ").map(String.init))))
        let clauses = try clauses(words, lexicon, about: attribute)
        guard clauses.count == 1, let clause = clauses.first else {
            if clauses.count > 1, let second = clauses.dropFirst().first?.valueText {
                throw PhraseError("'\(second)' is a second value; answer with one \(attribute.type.noun), like \(example(attribute))")
            }
            throw PhraseError("give \(attribute.type.noun), like \(example(attribute))")
        }
        return try resolve(clause, lexicon, only: attribute).value
    }

    static func example(_ attribute: Attribute) -> String {
        attribute.type == .duration ? "7h30m or 7 and a half hours" : attribute.type.shortExample
    }

    // MARK: Words

    struct Word {
        /// Lower case, without the comma after it.
        var text: String
        /// As typed.
        var original: String
        /// A comma followed it: a clause ends here.
        var comma = false
    }

    /// The words of a line, one per word (a quoted word with spaces in it is several), each
    /// without a comma after it, and without a full stop at the very end.
    static func split(_ tokens: [String]) -> [Word] {
        var words: [Word] = []
        for token in tokens {
            for part in token.split(separator: " ") {
                var text = String(part)
                var comma = false
                while text.hasSuffix(",") {
                    text.removeLast()
                    comma = true
                }
                if text.isEmpty {
                    if !words.isEmpty { words[words.count - 1].comma = true }
                    continue
                }
                words.append(Word(text: text.lowercased(), original: text, comma: comma))
            }
        }
        if var last = words.last, last.text.hasSuffix("."), last.text.count > 1,
            !startsValue(last.text) || last.text.dropLast().last?.isNumber == false
        {
            last.text.removeLast()
            last.original.removeLast()
            words[words.count - 1] = last
        }
        return words
    }

    /// A word that begins a value: a digit (`7h30`, `9k`, `72.5`, `23:40`), a sign or point
    /// before one, or yes or no.
    public static func startsValue(_ word: String) -> Bool {
        var scalars = word.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return false }
        if ("0"..."9").contains(first) { return true }
        if first == "-" || first == "+" || first == ".", let second = scalars.next() { return ("0"..."9").contains(second) }
        return word == "yes" || word == "no"
    }

    /// Takes the words of a date off the end of the line: up to four words that start with a
    /// date word, make a date, and leave a value before them. `last` and a word is taken as a
    /// date even when it is not one, so that the refusal names the word; so is a date by itself
    /// with the words `before` or `after` and more (`monday before last`), refused as a whole.
    static func takeDate(_ words: inout [Word], isDate: (String) -> Bool) -> String? {
        for length in [4, 3, 2, 1] where length < words.count {
            let tail = words.suffix(length)
            guard let first = tail.first, Day.startsDate(first.text), tail.dropLast().allSatisfy({ !$0.comma }),
                words.dropLast(length).contains(where: { startsValue($0.text) })
            else { continue }
            let text = tail.map(\.text).joined(separator: " ")
            let extended = length >= 3 && Day.isDateAlone(first.text) && ["before", "after"].contains(tail.dropFirst().first!.text)
            if isDate(text) || (length == 2 && first.text == "last") || extended {
                words.removeLast(length)
                if !words.isEmpty { words[words.count - 1].comma = false }
                return text
            }
        }
        return nil
    }

    // MARK: Clauses

    /// The words of one clause, around its value.
    struct Clause {
        var valueWords: [Word] = []
        /// The words that name an attribute (names, plurals, nouns, units), with whose they are.
        var naming: [(word: Word, attributes: [Int])] = []
        /// The verbs, with the attributes each may be about.
        var verbs: [(word: Word, verb: PhraseWords.Verb, attributes: [Int])] = []
        /// The last word was `of`: the next name belongs to this clause.
        var afterOf = false
        var isEmpty: Bool { valueWords.isEmpty && naming.isEmpty && verbs.isEmpty }
        var hasValue: Bool { !valueWords.isEmpty }
        var valueText: String { valueWords.map(\.original).joined(separator: " ") }
        var firstWord: Word? { verbs.first?.word ?? naming.first?.word }
    }

    /// Splits `words` into clauses. With `about`, a word that names another attribute is refused.
    static func clauses(_ words: [Word], _ lexicon: Lexicon, about: Attribute? = nil) throws(PhraseError) -> [Clause] {
        var clauses: [Clause] = []
        var current = Clause()
        func close() throws(PhraseError) {
            if current.isEmpty { return }
            if !current.hasValue, let word = current.firstWord {
                let example = lexicon.example(current)
                throw PhraseError("'\(word.original)' has no value; give one, like \(example)")
            }
            clauses.append(current)
            current = Clause()
        }
        var i = 0
        while i < words.count {
            let word = words[i]
            if word.text == "and" {
                // Between clauses; at the start of one, nothing.
                if current.hasValue { try close() }
                i += 1
                continue
            }
            if word.text == "a" || word.text == "an", !word.comma, i + 1 < words.count, lexicon.naming[words[i + 1].text] != nil {
                // `a coffee`, `a glass of water`: one.
                if current.hasValue { try close() }
                current.valueWords = [Word(text: "1", original: word.original)]
                i += 1
                continue
            }
            if startsValue(word.text) {
                if current.hasValue { try close() }
                let end = valueEnd(words, from: i)
                current.valueWords = valueRun(words[i..<end])
                i = end
                if words[i - 1].comma { try close() }
                continue
            }
            if let naming = lexicon.naming[word.text] {
                if let about, !naming.contains(lexicon.index(of: about)) {
                    throw PhraseError("'\(word.original)' is not about \(about.name); answer with \(about.type.noun), like \(example(about))")
                }
                if current.hasValue {
                    // After the value: the clause's unit or name (`9k steps`), unless it names
                    // another attribute, or this clause is named already and a value follows
                    // (`steps 8000 steps 9000`).
                    let known = current.naming.isEmpty ? current.verbs.last?.attributes : current.naming.last?.attributes
                    let fits = known.map { !Set($0).isDisjoint(with: naming) } ?? true
                    let valueNext = i + 1 < words.count && startsValue(words[i + 1].text) && !word.comma
                    if !current.afterOf, !fits, !valueNext, let known, let decided = current.naming.last?.word ?? current.verbs.last?.word {
                        // Not a clause of its own: a unit or name that does not fit (`slept 5 km`).
                        throw lexicon.conflict(decided, word, known, naming)
                    }
                    if !current.afterOf && (!fits || (!current.naming.isEmpty && valueNext)) { try close() }
                }
                current.naming.append((word, naming))
                current.afterOf = false
            } else if let verb = lexicon.verbs[word.text] {
                if let about, !verb.attributes.contains(lexicon.index(of: about)) {
                    throw PhraseError("'\(word.original)' is not about \(about.name); answer with \(about.type.noun), like \(example(about))")
                }
                if current.hasValue || !current.verbs.isEmpty { try close() }
                current.verbs.append((word, verb.verb, verb.attributes))
                current.afterOf = false
            } else if PhraseWords.fillers.contains(word.text) {
                current.afterOf = word.text == "of"
            } else {
                // Right after a value (`3 sandwiches`), the word is what the value is of.
                let afterValue = current.hasValue && current.naming.isEmpty && current.verbs.isEmpty
                // After a value whose attribute is said (`walked 5 furlongs`): a unit not known.
                if about == nil, current.hasValue, let known = current.naming.last?.attributes ?? current.verbs.last?.attributes,
                    let refusal = lexicon.notAUnit(word, of: known)
                {
                    throw refusal
                }
                throw lexicon.unknown(word, about: about, afterValue: afterValue)
            }
            i += 1
            if word.comma { try close() }
        }
        try close()
        return clauses
    }

    /// The words of a value from `start`: a number, then what only a value can go on with:
    /// hours and minutes (`7 hours 30 minutes`, `7 hours and 30 minutes`, `7 hours 30` at the
    /// end of a clause), `and a half` (`7 and a half hours`).
    static func valueEnd(_ words: [Word], from start: Int) -> Int {
        var end = start + 1
        func text(_ k: Int) -> String? { k < words.count ? words[k].text : nil }
        func isNumber(_ word: String?) -> Bool { word.map { $0.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") } && !$0.isEmpty } ?? false }
        while end < words.count, !words[end - 1].comma {
            let word = words[end].text
            let last = words[end - 1].text
            if word == "and" {
                if text(end + 1) == "a", text(end + 2) == "half", !words[end].comma, !words[end + 1].comma {
                    end += 3
                    continue
                }
                if PhraseWords.hourWords.contains(last), isNumber(text(end + 1)), !words[end].comma,
                    let unit = text(end + 2), PhraseWords.minuteWords.contains(unit), !words[end + 1].comma
                {
                    end += 3
                    continue
                }
                break
            }
            if PhraseWords.hourWords.contains(word) || PhraseWords.minuteWords.contains(word) {
                end += 1
                continue
            }
            if PhraseWords.hourWords.contains(last), isNumber(word) {
                // The minutes after the hours, when minutes or the end of the clause follow.
                let next = text(end + 1)
                if words[end].comma || next == nil || next == "and" || PhraseWords.minuteWords.contains(next!) {
                    end += 1
                    continue
                }
            }
            break
        }
        return end
    }

    /// The words of a value, without the `and` of `7 hours and 30 minutes`.
    static func valueRun(_ words: ArraySlice<Word>) -> [Word] {
        var run: [Word] = []
        let list = Array(words)
        for (k, word) in list.enumerated() {
            if word.text == "and", k + 1 < list.count, list[k + 1].text != "a" { continue }
            run.append(word)
        }
        return run
    }

    /// The attribute and value of a clause. With `only`, the clause must be about it.
    static func resolve(_ clause: Clause, _ lexicon: Lexicon, only: Attribute?) throws(PhraseError) -> Value {
        let valueText = clause.valueText
        // Whose the clause is: every naming word must agree, and with the verb.
        var candidates: [Int]? = nil
        var decided: Word? = nil
        for (word, attributes) in clause.naming {
            if let known = candidates {
                let both = known.filter(attributes.contains)
                guard !both.isEmpty else { throw lexicon.conflict(decided!, word, known, attributes) }
                candidates = both
            } else {
                candidates = attributes
                decided = word
            }
        }
        var verbDecides = true
        for (word, verb, attributes) in clause.verbs {
            if let known = candidates {
                let both = attributes.filter(known.contains)
                guard !both.isEmpty else { throw lexicon.conflict(word, decided!, attributes, known) }
                candidates = both
                verbDecides = true
            } else {
                candidates = attributes
                decided = word
                verbDecides = verb.decides
            }
        }
        if let only {
            let index = lexicon.index(of: only)
            if let known = candidates, !known.contains(index), let decided {
                throw PhraseError(
                    "'\(decided.original)' is not about \(only.name); answer with \(only.type.noun), like \(example(only))")
            }
            candidates = [index]
            verbDecides = true
        }
        guard let candidates, !candidates.isEmpty else {
            throw PhraseError(
                "'\(valueText)' names no attribute; say what it is, like 3 coffees, slept 7h or coffee 3")
        }
        // The first that reads the value; the words after a value that are its unit are left out.
        var firstError: ValueError? = nil
        var readers: [(Int, Double)] = []
        for index in candidates {
            let attribute = lexicon.attributes[index]
            do throws(ValueError) {
                readers.append((index, try lexicon.parse(clause.valueWords, clause, for: attribute)))
            } catch {
                if firstError == nil { firstError = error }
            }
        }
        guard let (index, value) = readers.first else {
            let attribute = lexicon.attributes[candidates[0]]
            if only != nil { throw PhraseError(firstError!.description) }
            throw PhraseError("\(attribute.name): \(firstError!.description)")
        }
        if !verbDecides, readers.count > 1, let decided {
            let names = readers.map { lexicon.attributes[$0.0].name }
            let first = lexicon.attributes[readers[0].0]
            let which = first.unit.isEmpty ? first.name : "\(first.unit) of \(first.name)"
            throw PhraseError(
                "'\(decided.original) \(valueText)' could be \(names.joined(separator: " or ")); say which, like \(decided.original) \(valueText) \(which)"
            )
        }
        return Value(attribute: lexicon.attributes[index], value: value)
    }
}
