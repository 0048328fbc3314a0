/// How a name from another program becomes a daybook tag.
///
/// A daybook tag (see `extractTags`) is a run of letters, digits, `_` and `-`, read lowercased.
/// A name becomes one this way:
/// 1. it is lowercased;
/// 2. letters (of any script), digits and `_` are kept;
/// 3. accents written as separate combining marks, variation selectors and joiners are dropped
///    (they do not split a word);
/// 4. every other run of characters (spaces, punctuation, brackets, symbols, emoji, `-`) becomes
///    one `-`, and none is kept at either end.
///
/// "bad sleep" is `bad-sleep`, "movies / tv" `movies-tv`, "Sleep (8h+)" `sleep-8h`, "zu Hause"
/// `zu-hause`, "Müde" `müde`, "😀 happy" `happy`. A name with no letter or digit at all is
/// spelled by the Unicode names of its characters: "💪" is `flexed-biceps`, "?!" is
/// `question-mark-exclamation-mark`. Different names can become the same tag ("movies/tv" and
/// "Movies TV"); the original name is kept with the entry.
public enum ImportTags {
    public static func tag(for name: String) -> String {
        let tag = slug(name.lowercased())
        if !tag.isEmpty { return tag }
        var names: [String] = []
        for scalar in name.unicodeScalars where !isIgnorable(scalar) && !scalar.properties.isWhitespace {
            if let spelled = scalar.properties.name { names.append(spelled) }
        }
        let spelled = slug(names.joined(separator: " ").lowercased())
        return spelled.isEmpty ? "tag" : spelled
    }

    /// The daybook tag of a jrnl tag's word (without its symbol). jrnl reads `+`, `#` and `*`
    /// as part of a tag, and tells `@C++` from `@C#`: so does daybook, where each is spelled
    /// as a word of its own (`plus`, `sharp`, `star`), and the rest is as `tag(for:)` makes it.
    /// "C++" is `c-plus-plus`, "C#" `c-sharp`, "work/home" `work-home`.
    public static func jrnlTag(for word: String) -> String {
        var spelled = ""
        for character in word {
            switch character {
            case "+": spelled += " plus "
            case "#": spelled += " sharp "
            case "*": spelled += " star "
            default: spelled.append(character)
            }
        }
        return tag(for: spelled)
    }

    /// The imported tag for `name`.
    public static func imported(_ name: String) -> ImportedTag { ImportedTag(name: name, tag: tag(for: name)) }

    /// Whether a scalar is part of a daybook tag: what `extractTags` accepts, except `-`.
    static func isTagScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    /// Marks, variation selectors, joiners and emoji skin tones: dropped without splitting words.
    static func isIgnorable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark, .format: return true
        default: return (0x1F3FB...0x1F3FF).contains(scalar.value)
        }
    }

    private static func slug(_ lowered: String) -> String {
        var out = String.UnicodeScalarView()
        var dash = false
        for scalar in lowered.unicodeScalars {
            if isTagScalar(scalar) {
                if dash && !out.isEmpty { out.append("-") }
                dash = false
                out.append(scalar)
            } else if !isIgnorable(scalar) {
                dash = true
            }
        }
        return String(out)
    }
}
