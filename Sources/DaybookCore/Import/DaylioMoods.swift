/// How Daylio's mood labels are rated, 1 to 5.
///
/// Daylio's default labels are known: rad 5, good 4, meh 3, bad 2, awful 1 in English, and the
/// same five in German, Polish, Russian, Ukrainian, French, Spanish, Italian and Portuguese
/// (`defaultLabels`). A map
/// such as `Good=4,Medium=3,Not so good=2,Bad=2,Awful=1` (which `import daylio` takes as an
/// option) adds labels and overrides the defaults. Labels are matched without regard to letter case or surrounding spaces.
public struct DaylioMoods: Sendable, Equatable {
    /// Folded label → rating.
    private var ratings: [String: Int]
    /// The labels as given, for messages, in order.
    public private(set) var given: [(label: String, rating: Int)]

    public static let defaults = DaylioMoods(defaultsOnly: ())

    private init(defaultsOnly: Void) {
        given = [("rad", 5), ("good", 4), ("meh", 3), ("bad", 2), ("awful", 1)]
        ratings = [:]
        for labels in DaylioMoods.defaultLabels {
            for (index, label) in labels.enumerated() { ratings[DaylioMoods.fold(label)] = 5 - index }
        }
    }

    /// Daylio's default labels, best first, in English, German, Polish, Russian, Ukrainian,
    /// French, Spanish, Italian and Portuguese: a label means the same in every language that
    /// has it ("super" is 5, "mal" 2).
    static let defaultLabels: [[String]] = [
        ["rad", "good", "meh", "bad", "awful"],
        ["super", "gut", "ok", "schlecht", "lausig"],
        ["wspaniale", "dobrze", "tak sobie", "źle", "okropnie"],
        ["супер", "хорошо", "так себе", "плохо", "ужасно"],
        ["чудово", "добре", "так собі", "погано", "жахливо"],
        ["super", "bien", "bof", "mal", "horrible"],
        ["genial", "bien", "regular", "mal", "fatal"],
        ["fantastico", "bene", "così così", "male", "terribile"],
        ["radiante", "bem", "mais ou menos", "mal", "horrível"],
    ]

    /// The defaults with `map` over them: `Label=rating` pairs separated by commas. A rating is
    /// 1 to 5 or one of daybook's mood words (terrible, bad, okay, good, great). A label may be
    /// written in double quotes, with a `"` in it doubled; one that holds `,`, `=` or `"` must
    /// be: `"Meh, tired"=2`.
    public init(map: String) throws(ImportError) {
        self.init(defaultsOnly: ())
        var seen: [String: (String, Int)] = [:]
        for (label, value) in try DaylioMoods.pairs(map) {
            guard let value else { throw ImportError(line: nil, .moodMap(.noRating(label: ImportError.shown(label)))) }
            guard !label.isEmpty else { throw ImportError(line: nil, .moodMap(.noLabel)) }
            let rating: Int
            do {
                rating = try Mood.parse(value)
            } catch {
                throw ImportError(
                    line: nil, .moodMap(.notARating(label: ImportError.shown(label), value: ImportError.shown(value))))
            }
            let key = DaylioMoods.fold(label)
            if let earlier = seen[key], earlier.1 != rating {
                throw ImportError(
                    line: nil, .moodMap(.ratedTwice(label: ImportError.shown(label), first: earlier.1, second: rating)))
            }
            seen[key] = (label, rating)
            ratings[key] = rating
            if let index = given.firstIndex(where: { DaylioMoods.fold($0.label) == key }) {
                given[index] = (label, rating)
            } else {
                given.append((label, rating))
            }
        }
    }

    /// The pairs of a map in order: each label, trimmed, and its rating, trimmed, nil when the
    /// pair has no `=`. A quoted label is read up to its closing quote, `""` as one `"`; an
    /// unquoted one up to the first `=` or `,`. Empty pairs (`a=1,,b=2`, a trailing comma) are
    /// left out.
    static func pairs(_ map: String) throws(ImportError) -> [(label: String, rating: String?)] {
        let c = Array(map)
        var i = 0
        var pairs: [(label: String, rating: String?)] = []
        func skipSpaces() { while i < c.count, c[i].isWhitespace { i += 1 } }
        while true {
            skipSpaces()
            var label = ""
            var quoted = false
            if i < c.count, c[i] == "\"" {
                let start = i
                quoted = true
                i += 1
                var closed = false
                while i < c.count {
                    if c[i] == "\"" {
                        i += 1
                        if i < c.count, c[i] == "\"" {
                            label.append("\"")
                            i += 1
                        } else {
                            closed = true
                            break
                        }
                    } else {
                        label.append(c[i])
                        i += 1
                    }
                }
                guard closed else {
                    throw ImportError(line: nil, .moodMap(.unclosedQuote(ImportError.shown(String(c[start...])))))
                }
                skipSpaces()
                guard i == c.count || c[i] == "=" || c[i] == "," else {
                    let end = c[i...].firstIndex(of: ",") ?? c.count
                    throw ImportError(
                        line: nil, .moodMap(.textAfterQuotedLabel(ImportError.shown(String(c[start..<end])))))
                }
                label = DaylioMoods.trim(Substring(label))
            } else {
                let start = i
                while i < c.count, c[i] != "=", c[i] != "," { i += 1 }
                label = DaylioMoods.trim(Substring(String(c[start..<i])))
            }
            var rating: String? = nil
            if i < c.count, c[i] == "=" {
                i += 1
                let start = i
                while i < c.count, c[i] != "," { i += 1 }
                rating = DaylioMoods.trim(Substring(String(c[start..<i])))
            }
            if quoted || !label.isEmpty || rating != nil { pairs.append((label, rating)) }
            if i >= c.count { break }
            i += 1  // the comma
        }
        return pairs
    }

    /// A label as a map writes it: in double quotes, with `"` doubled, when it holds `,`, `=`
    /// or `"`; as it is otherwise. Messages list labels so too.
    public static func written(_ label: String) -> String {
        guard label.contains(where: { $0 == "," || $0 == "=" || $0 == "\"" }) else { return label }
        return "\"" + label.replacingAll("\"", with: "\"\"") + "\""
    }

    /// The rating of a label, or nil when it is not known.
    public func rating(for label: String) -> Int? { ratings[DaylioMoods.fold(label)] }

    public static func == (a: DaylioMoods, b: DaylioMoods) -> Bool { a.ratings == b.ratings }

    /// A label as labels are matched: trimmed, in lower case.
    public static func fold(_ label: String) -> String { trim(Substring(label)).lowercased() }

    static func trim(_ text: Substring) -> String {
        // Most fields start and end with a visible ASCII character: no need to look further.
        if let first = text.utf8.first, let last = text.utf8.last, first > 0x20, first < 0x80, last > 0x20, last < 0x80
        {
            return String(text)
        }
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
