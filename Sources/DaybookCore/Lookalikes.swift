/// Attribute names that look alike: `stеps` with a Cyrillic е, `ｓｔｅｐｓ` in full-width
/// letters, `ѕтерѕ` all in Cyrillic. Each would make a second "steps" that a person cannot tell
/// from the first, so a new name is refused when it looks like a tracked one, or mixes Latin,
/// Greek and Cyrillic letters. Not the whole of Unicode's confusables: the Cyrillic and Greek
/// letters that pass for Latin ones, full-width forms and case.
public enum Lookalikes {
    /// The scripts whose letters pass for one another.
    enum Script: String {
        case latin = "Latin"
        case greek = "Greek"
        case cyrillic = "Cyrillic"
    }

    /// For each Cyrillic or Greek lower-case letter, the Latin letters it can pass for, in
    /// lower or upper case (`н` is a small `Н`, which passes for `H`).
    static let latinLookalikes: [Unicode.Scalar: String] = [
        // Cyrillic
        "а": "a", "в": "b", "г": "r", "е": "e", "ё": "e", "і": "i", "ї": "i", "ј": "j", "к": "k", "м": "m",
        "н": "h", "о": "o", "п": "n", "р": "p", "с": "c", "т": "t", "у": "y", "х": "x", "ѕ": "s", "һ": "h",
        "ԁ": "d", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ь": "b", "ѵ": "v", "ү": "y",
        // Latin letters that pass for others
        "ɡ": "g", "ı": "i", "ɩ": "i",
        // Greek
        "α": "a", "β": "b", "γ": "y", "ε": "e", "ζ": "z", "η": "nh", "ι": "i", "κ": "k", "μ": "mu", "ν": "vn",
        "ο": "o", "ρ": "p", "τ": "t", "υ": "uy", "χ": "x", "ω": "w", "ϲ": "c", "ϳ": "j",
    ]

    /// The script of a letter, for Latin, Greek and Cyrillic; nil for any other character.
    static func script(_ scalar: Unicode.Scalar) -> Script? {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: return scalar.properties.isAlphabetic ? .latin : nil
        case 0x370...0x3FF, 0x1F00...0x1FFF: return .greek
        case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        default: return nil
        }
    }

    /// The name with full-width forms made ordinary (`ｓ` is `s`) and in lower case.
    static func folded(_ name: String) -> [Unicode.Scalar] {
        var out: [Unicode.Scalar] = []
        for scalar in name.unicodeScalars {
            let narrow = (0xFF01...0xFF5E).contains(scalar.value) ? Unicode.Scalar(scalar.value - 0xFEE0)! : scalar
            out += String(narrow).lowercased().unicodeScalars
        }
        return out
    }

    /// The letters `scalar` can be taken for: itself, and the Latin ones it looks like.
    static func readings(_ scalar: Unicode.Scalar) -> Set<Unicode.Scalar> {
        Set([scalar]).union(latinLookalikes[scalar]?.unicodeScalars ?? "".unicodeScalars)
    }

    /// True when `a` and `b` read the same to the eye, letter by letter, after folding width and case.
    public static func lookAlike(_ a: String, _ b: String) -> Bool {
        let x = folded(a)
        let y = folded(b)
        guard x.count == y.count else { return false }
        return zip(x, y).allSatisfy { $0 == $1 || !readings($0).isDisjoint(with: readings($1)) }
    }

    /// The scripts among Latin, Greek and Cyrillic that the name's letters are in, in order of first use.
    static func scripts(_ name: String) -> [Script] {
        var found: [Script] = []
        for scalar in folded(name) {
            if let script = script(scalar), !found.contains(script) { found.append(script) }
        }
        return found
    }

    /// Why `name` cannot be a new attribute's name beside `existing`, in one line, or nil when
    /// it can: it looks like one of them (named), or it mixes Latin, Greek and Cyrillic letters.
    public static func problem(newName name: String, existing: [String]) -> String? {
        let used = scripts(name)
        let mixed = used.count > 1 ? used.map(\.rawValue).joined(separator: " and ") : nil
        if let twin = existing.first(where: { $0 != name && lookAlike($0, name) }) {
            let why: String
            if let mixed {
                why = "it mixes \(mixed) letters"
            } else if let script = used.first, used != scripts(twin) {
                why = "it is written in \(script.rawValue) letters"
            } else if name.unicodeScalars.contains(where: { (0xFF01...0xFF5E).contains($0.value) }) {
                why = "it is written in full-width letters"
            } else {
                why = "its letters are other ones that look the same"
            }
            return "'\(name)' looks like '\(twin)', which is tracked already (\(why)); use '\(twin)', or a name that does not look like it"
        }
        if let mixed {
            return "'\(name)' mixes \(mixed) letters, so it would look like another name; use letters of one script"
        }
        return nil
    }
}
