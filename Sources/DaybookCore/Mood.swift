/// A day's mood, 1 to 5.
public enum Mood {
    public static let labels = ["terrible", "bad", "okay", "good", "great"]
    public static let accepted = "1 to 5 (terrible, bad, okay, good, great)"

    public static func label(_ rating: Int) -> String {
        (1...5).contains(rating) ? labels[rating - 1] : "?"
    }

    /// Parses `4` or `good`. The error is the one line a person sees.
    public static func parse(_ text: String) throws(ValueError) -> Int {
        let lower = text.lowercased()
        if let index = labels.firstIndex(of: lower) { return index + 1 }
        if lower == "ok" { return 3 }
        if let n = Int(lower), (1...5).contains(n) { return n }
        guard isNumber(text) else {
            throw ValueError("mood is rated \(accepted), given before the note; the first word is not a rating")
        }
        throw ValueError("mood is rated \(accepted); got \(text)")
    }

    /// True for a word that reads as a number (`7`, `-1`, `4.5`): a rating out of range, which
    /// an error may name. Any other word where the rating goes may be the start of the note
    /// (`mood walked by the sea`), and an error never shows note text.
    public static func isNumber(_ word: some StringProtocol) -> Bool {
        word.count <= 8 && word.unicodeScalars.contains { ("0"..."9").contains($0) }
            && word.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || $0 == "." || $0 == "," || $0 == "-" || $0 == "+" }
    }
}

/// What setting a mood did to the note of the day's earlier mood.
public enum MoodNoteOutcome: Sendable, Equatable {
    /// No earlier note, or the same note again: nothing to say.
    case unchanged
    /// No note was given, and the earlier mood's note stays with the new rating.
    case kept
    /// A new note replaced the earlier one.
    case replaced
    /// An empty note (`mood 4 ""`) removed the earlier one.
    case removed
}

/// `#tags` in a text: a `#` at the start of a word followed by letters, digits, `_` or `-`.
/// Returned lowercased, without the `#`, each once, in order of first appearance.
public func extractTags(_ text: String) -> [String] {
    var tags: [String] = []
    var seen = Set<String>()
    var current: String.UnicodeScalarView? = nil
    var previous: Unicode.Scalar = " "
    func finish() {
        if let scalars = current {
            var tag = String(scalars)
            while tag.hasSuffix("-") { tag.removeLast() }
            tag = tag.lowercased()
            if !tag.isEmpty, seen.insert(tag).inserted { tags.append(tag) }
        }
        current = nil
    }
    for scalar in text.unicodeScalars {
        if current != nil {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil || scalar == "_" || scalar == "-" {
                current!.append(scalar)
                previous = scalar
                continue
            }
            finish()
        }
        if scalar == "#" && !(previous.properties.isAlphabetic || previous.properties.numericType != nil || previous == "&") {
            current = String.UnicodeScalarView()
        }
        previous = scalar
    }
    finish()
    return tags
}
