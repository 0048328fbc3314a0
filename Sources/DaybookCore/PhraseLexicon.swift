// The words values in phrases are placed by: those people use for the built-in attributes
// (`PhraseWords`), and those of a journal's catalogue (`Phrase.Lexicon`): names, plurals,
// units and verbs. `Phrase` reads a line with them.

/// The words people use for the built-in attributes: the verbs that say what was done and the
/// nouns that name it. A tracked attribute is named by its name, its plural and its unit.
public enum PhraseWords {
    /// A verb and the attributes it may be about, the likeliest first. When `decides` is false,
    /// the verb alone does not say which (`drank 3`: water or coffee?).
    struct Verb {
        let attributes: [String]
        let decides: Bool
    }

    static let verbs: [String: Verb] = {
        var verbs: [String: Verb] = [:]
        func add(_ words: [String], _ attributes: [String], decides: Bool = true) {
            for word in words { verbs[word] = Verb(attributes: attributes, decides: decides) }
        }
        add(["walked", "walk", "stepped"], ["steps", "distance"])
        add(["ran", "run", "jogged", "jog", "cycled", "biked", "rode", "hiked", "swam"], ["distance", "exercise"])
        add(["exercised", "exercise", "trained", "workedout"], ["exercise"])
        add(["burned", "burnt", "burn"], ["active_energy"])
        add(["stood"], ["stand_hours"])
        add(["slept", "sleep"], ["sleep"])
        add(["woke", "wokeup", "gotup"], ["wake_time"])
        add(["wentbed"], ["bedtime"])
        add(["meditated", "meditate"], ["mindful"])
        add(["weighed", "weigh"], ["weight"])
        add(["drank", "drink"], ["water", "coffee"], decides: false)
        add(["worked", "work", "studied", "focused"], ["productive"])
        return verbs
    }()

    /// Nouns for the built-in attributes, besides their names, plurals and units.
    static let nouns: [String: [String]] = [
        "steps": ["step"],
        "distance": ["kilometre", "kilometres", "kilometer", "kilometers"],
        "exercise": ["workout", "workouts", "training"],
        "active_energy": ["calorie", "calories", "cal", "energy"],
        "stand_hours": ["standing"],
        "bedtime": ["bed"],
        "wake_time": ["wake", "wakeup"],
        "mindful": ["meditation", "mindfulness"],
        "heart_rate": ["pulse", "hr"],
        "resting_hr": ["rhr", "restingpulse"],
        "weight": ["kilo", "kilos", "kilogram", "kilograms"],
        "water": ["glass"],
        "coffee": ["cup", "espresso", "espressos"],
        "productive": ["deepwork"],
    ]

    /// Words in a row read as one: `heart rate`, `went to bed`, `woke up`.
    static let compounds: [([String], String)] = [
        (["resting", "heart", "rate"], "resting_hr"),
        (["resting", "pulse"], "restingpulse"),
        (["heart", "rate"], "heart_rate"),
        (["active", "energy"], "active_energy"),
        (["went", "to", "bed"], "wentbed"),
        (["went", "to", "sleep"], "wentbed"),
        (["woke", "up"], "wokeup"),
        (["got", "up"], "gotup"),
        (["worked", "out"], "workedout"),
        (["work", "out"], "workedout"),
        (["deep", "work"], "deepwork"),
    ]

    /// Words that say nothing about which value: `2 cups of coffee`, `ran for 30 minutes`.
    static let fillers: Set<String> = [
        "of", "for", "at", "about", "around", "roughly", "nearly", "almost", "over", "just", "only", "i", "my",
        "had", "did", "got", "took", "read", "spent", "went", "total", "in", "then", "also",
    ]

    static let hourWords: Set<String> = ["h", "hr", "hrs", "hour", "hours"]
    static let minuteWords: Set<String> = ["m", "min", "mins", "minute", "minutes"]

    /// Other spellings of a unit.
    static let unitAliases: [String: [String]] = [
        "h": ["hour", "hours", "hr", "hrs"],
        "km": ["kilometre", "kilometres", "kilometer", "kilometers"],
        "kg": ["kilo", "kilos", "kilogram", "kilograms"],
        "kcal": ["calorie", "calories", "cal"],
    ]

    /// `word` is one only phrases use: a verb or a filler, not a built-in attribute's name.
    static func onlyInPhrases(_ word: String) -> Bool {
        (verbs[word] != nil || fillers.contains(word)) && !builtinNames.contains(word)
    }

    /// The names of the built-in attributes (`sleep` is a verb too).
    static let builtinNames: Set<String> = Set(nouns.keys).union(["sleep"])

    /// The singular and plural of a name or unit: `coffee`, `coffees`; `glasses`, `glass`;
    /// `box`, `boxes`. A symbol has no plural (`kg`, `km`, `bpm`, `kcal`), and a word only the
    /// plural it has: `coffees` but never `coffeees`, `kgs` or `kges`.
    static func forms(_ word: String) -> [String] {
        guard !word.isEmpty else { return [] }
        if isSymbol(word) { return [word] }
        let sibilant = ["s", "x", "z", "ch", "sh"]
        if word.hasSuffix("es"), sibilant.contains(where: { word.dropLast(2).hasSuffix($0) }), word.count > 3 {
            return [word, String(word.dropLast(2))]
        }
        if word.hasSuffix("s"), !word.hasSuffix("ss"), word.count > 1 { return [word, String(word.dropLast())] }
        return [word, word + (sibilant.contains(where: { word.hasSuffix($0) }) ? "es" : "s")]
    }

    /// A unit written as a symbol, which has no plural: no vowel in it (`kg`, `bpm`, `h`, `%`),
    /// or one of the few symbols with one.
    static func isSymbol(_ word: String) -> Bool {
        ["kcal", "cal", "min", "mi", "oz", "in", "mmol", "sec", "hr"].contains(word)
            || !word.unicodeScalars.contains { "aeiouy".unicodeScalars.contains($0) }
    }
}

extension Phrase {
    /// The words of a catalogue: what names, verbs and units place a value.
    public struct Lexicon: Sendable {
        let attributes: [Attribute]
        /// A word that names attributes (their indexes): a name, its plural, a noun or a unit.
        var naming: [String: [Int]] = [:]
        /// A unit word, and the attributes it is the unit of.
        var units: [String: [Int]] = [:]
        var verbs: [String: (verb: PhraseWords.Verb, attributes: [Int])] = [:]
        var compounds: [([String], String)] = PhraseWords.compounds

        public init(_ attributes: [Attribute]) {
            self.attributes = attributes
            func add(_ word: String, _ index: Int, to table: inout [String: [Int]]) {
                if table[word]?.contains(index) != true { table[word, default: []].append(index) }
            }
            for (index, attribute) in attributes.enumerated() {
                let name = attribute.name.lowercased()
                for form in PhraseWords.forms(name) { add(form, index, to: &naming) }
                let parts = name.split(whereSeparator: { $0 == "_" || $0 == "-" }).map(String.init)
                if parts.count > 1 { compounds.append((parts, name)) }
                let unit = attribute.unit.lowercased()
                for form in PhraseWords.forms(unit) + (PhraseWords.unitAliases[unit] ?? []) + ForeignUnit.words(to: unit)
                where !unit.isEmpty {
                    add(form, index, to: &units)
                    add(form, index, to: &naming)
                }
                for noun in PhraseWords.nouns[name] ?? [] { add(noun, index, to: &naming) }
            }
            // An attribute's own name (or its plural) names it alone: a tracked `energy` is not
            // the built-in active_energy, whose noun is `energy`, nor `wakeup` wake_time.
            for attribute in attributes {
                for form in PhraseWords.forms(attribute.name.lowercased()) {
                    if let list = naming[form], list.count > 1 {
                        naming[form] = list.filter { PhraseWords.forms(attributes[$0].name.lowercased()).contains(form) }
                    }
                }
            }
            // Units of durations are the value's own words, never a name.
            for word in PhraseWords.hourWords.union(PhraseWords.minuteWords) where naming[word] != nil {
                naming[word] = naming[word]!.filter { attributes[$0].type != .duration }
            }
            for (word, verb) in PhraseWords.verbs {
                let indexes = verb.attributes.compactMap { name in attributes.firstIndex { $0.name == name } }
                if !indexes.isEmpty, naming[word] == nil { verbs[word] = (verb, indexes) }
            }
            compounds.sort { $0.0.count > $1.0.count }
        }

        func index(of attribute: Attribute) -> Int {
            attributes.firstIndex { $0.name == attribute.name } ?? 0
        }

        /// The words that place a value after it and start with `prefix`, each with the
        /// attribute it names: names, the plural of counts (`coffees`), the built-ins' nouns
        /// and units (`cups`, `kg`), each one the reader takes. What completes `log 3 coff`.
        public func placingWords(startingWith prefix: String) -> [(word: String, attribute: String)] {
            let low = prefix.lowercased()
            var found: [(word: String, attribute: String)] = []
            var seen = Set<String>()
            // Hours and minutes are read as a duration's own words, never as a name.
            let timeWords = PhraseWords.hourWords.union(PhraseWords.minuteWords)
            for attribute in attributes {
                let name = attribute.name.lowercased()
                var words = [name]
                if attribute.type == .count, !name.hasSuffix("s"), !name.contains("_") {
                    words.append(name.hasSuffix("x") || name.hasSuffix("ch") || name.hasSuffix("sh") ? name + "es" : name + "s")
                }
                words += PhraseWords.nouns[name] ?? []
                if !attribute.unit.isEmpty { words.append(attribute.unit.lowercased()) }
                for word in words
                where word.hasPrefix(low) && naming[word] != nil && !timeWords.contains(word) && seen.insert(word).inserted {
                    found.append((word, attribute.name))
                }
            }
            return found
        }

        /// The words with the catalogue's compounds joined (`heart rate` is `heart_rate`).
        func compound(_ words: [Word]) -> [Word] {
            var out: [Word] = []
            var i = 0
            outer: while i < words.count {
                for (parts, joined) in compounds where i + parts.count <= words.count {
                    let run = words[i..<(i + parts.count)]
                    if zip(run, parts).allSatisfy({ $0.text == $1 }) && run.dropLast().allSatisfy({ !$0.comma }) {
                        out.append(
                            Word(
                                text: joined, original: run.map(\.original).joined(separator: " "),
                                comma: run.last!.comma))
                        i += parts.count
                        continue outer
                    }
                }
                out.append(words[i])
                i += 1
            }
            return out
        }

        /// The value of a clause for `attribute`: its value words, read by the attribute's type;
        /// a count in hours (`stood 10 hours`) leaves its unit out.
        func parse(_ words: [Word], _ clause: Clause, for attribute: Attribute) throws(ValueError) -> Double {
            let text = words.map(\.text).joined(separator: " ")
            // A unit that converts to the attribute's own (`5 miles` of distance, in km).
            if attribute.type != .duration, words.count == 1,
                let factor = clause.naming.lazy.compactMap({ ForeignUnit.factor($0.word.text, to: attribute.unit) }).first
            {
                return try attribute.converted(words[0].text, factor)
            }
            if attribute.type == .duration || words.count == 1 { return try attribute.parse(text) }
            if let last = words.last, words.count == 2, units[last.text]?.contains(index(of: attribute)) == true {
                if let factor = ForeignUnit.factor(last.text, to: attribute.unit) {
                    return try attribute.converted(words[0].text, factor)
                }
                return try attribute.type.parse(words[0].text)
            }
            return try attribute.type.parse(text)
        }

            func example(_ clause: Clause) -> String {
            let word = clause.firstWord?.original ?? ""
            let index = clause.naming.first?.attributes.first ?? clause.verbs.first?.attributes.first ?? 0
            guard index < attributes.count else { return word + " 3" }
            return "\(word) \(attributes[index].type.shortExample)"
        }

        func describe(_ indexes: [Int]) -> String {
            indexes.map { attributes[$0].name }.joined(separator: " or ")
        }

        func conflict(_ a: Word, _ b: Word, _ first: [Int], _ second: [Int]) -> PhraseError {
            // A unit of one attribute with another's name: `2 cups of water`.
            for (unit, of) in [(b, first), (a, second)] where units[unit.text] != nil && of.count == 1 {
                let attribute = attributes[of[0]]
                let own =
                    !attribute.unit.isEmpty ? "\(attribute.name) is in \(attribute.unit)"
                    : attribute.type == .duration ? "\(attribute.name) is a duration, like 7h30m" : "\(attribute.name) has no unit"
                return PhraseError("'\(unit.original)' is not a unit of \(attribute.name); \(own)")
            }
            return PhraseError(
                "'\(b.original)' does not go with '\(a.original)': '\(a.original)' is \(describe(first)), '\(b.original)' is \(describe(second)); give each value its own words, like 2 cups of coffee, 3 glasses of water"
            )
        }

        /// The words a misspelt word may have meant: names, units, verbs, and the words of
        /// durations and dates (`minuts`, `yesterdy`).
        var knownWords: [String] {
            (Array(naming.keys) + Array(verbs.keys) + PhraseWords.hourWords + PhraseWords.minuteWords
                + Day.dateWords + ["ago", "night", "days", "weeks"]).sorted()
        }

        /// A word right after a value whose attribute is known (`walked 5 furlongs`, `weight
        /// 160 furlongs`) that is no word of the catalogue nor a likely typo of one: named as
        /// the unit not understood, with the units each attribute takes. Nil when the word is
        /// near a known one (then `unknown` guesses it).
        func notAUnit(_ word: Word, of indexes: [Int]) -> PhraseError? {
            guard !indexes.isEmpty, nearest(word.text, in: knownWords) == nil else { return nil }
            var seen = Set<Int>()
            let of = indexes.filter { seen.insert($0).inserted }.prefix(3).map { attributes[$0] }
            let takes = of.map { attribute -> String in
                if attribute.type == .duration { return "\(attribute.name) is a duration, like 7h30m" }
                guard !attribute.unit.isEmpty, attribute.unit.lowercased() != attribute.name.lowercased() else {
                    return "\(attribute.name) takes \(attribute.type.noun), like \(Phrase.example(attribute))"
                }
                return "\(attribute.name) is in " + alternatives([attribute.unit] + ForeignUnit.symbols(to: attribute.unit))
            }
            return PhraseError(
                "'\(word.original)' is not a unit of \(alternatives(of.map(\.name))); " + takes.joined(separator: "; "))
        }

        func unknown(_ word: Word, about: Attribute?, afterValue: Bool = false) -> PhraseError {
            let near = nearest(word.text, in: knownWords)
            let guess = near.map { "did you mean '\($0)'? " } ?? ""
            if let about {
                return PhraseError(
                    "'\(word.original)' is not part of an answer about \(about.name); \(guess)answer with \(about.type.noun), like \(Phrase.example(about))"
                )
            }
            // A new thing counted (`3 sandwiches`): the name it could be tracked by.
            let newName = afterValue && near == nil && isValidAttributeName(word.text) ? word.text : nil
            return PhraseError(.unknownWord(word.original, guess: near, newName: newName))
        }

        /// The known word nearest to `word`, if near enough to be a typo.
        func nearest(_ word: String, in candidates: [String]) -> String? {
            guard word.utf8.count <= 64, word.count >= 3 else { return nil }
            var best: (String, Int)? = nil
            for candidate in candidates where abs(candidate.count - word.count) <= 2 && !candidate.contains("_") {
                let distance = editDistance(word, candidate, swaps: true)
                if distance <= (word.count >= 5 ? 2 : 1), best == nil || distance < best!.1 { best = (candidate, distance) }
            }
            return best?.0
        }
    }
}
