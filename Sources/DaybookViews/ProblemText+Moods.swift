import DaybookCore

// `import daylio`'s `--moods`: what is wrong with a map, and which labels of a file need one.
// The core says which label and what was wrong (`ImportError.MoodMapProblem`, `.unratedMoods`);
// the option is named here.
extension ProblemText {
    static let moodMapExample = "such as --moods 'Good=4,Medium=3,Not so good=2'"
    static let moodMapQuoting =
        "a label with a comma, = or \" is written in double quotes, such as --moods '\"Meh, tired\"=2'"

    /// "--moods gives 'Medium' '7'; a mood is rated 1 to 5 (terrible, bad, okay, good, great)".
    public static func moodMap(_ problem: ImportError.MoodMapProblem) -> String {
        switch problem {
        case .noRating(let label):
            return "--moods gives '\(label)' no rating; write label=rating pairs, \(moodMapExample)"
        case .noLabel:
            return "--moods has a rating with no label; write label=rating pairs, \(moodMapExample)"
        case .notARating(let label, let value):
            let shown = value.isEmpty || value == "?" ? "no rating" : "'\(value)'"
            return "--moods gives '\(label)' \(shown); a mood is rated \(Mood.accepted)"
        case .ratedTwice(let label, let first, let second):
            return "--moods rates '\(label)' twice, \(first) and \(second); give each label one rating"
        case .unclosedQuote(let text):
            return "--moods has '\(text)' with no closing quote; \(moodMapQuoting)"
        case .textAfterQuotedLabel(let text):
            return "--moods has '\(text)', text after a quoted label; \(moodMapQuoting)"
        }
    }

    /// "2 mood labels have no rating: Medium (2 rows), Not so good (1 row); rate each 1 to 5
    /// and import again with --moods 'Good=4, Awful=1, Medium=?, Not so good=?'", the map
    /// filled in from `moods` (the one given, or the defaults).
    public static func unratedMoods(_ error: ImportError, moods: DaylioMoods, separator: String = ",") -> String {
        let counted = error.unknownMoods.map {
            "\(DaylioMoods.written($0.label)) (\($0.count) \($0.count == 1 ? "row" : "rows"))"
        }
        let what = error.unknownMoods.count == 1 ? "1 mood label has" : "\(error.unknownMoods.count) mood labels have"
        return "\(what) no rating: \(counted.joined(separator: ", ")); rate each 1 to 5 and import again with "
            + moodsSuggestion(moods, for: error.moodLabels, separator: separator)
    }

    /// A `--moods` argument naming every label in `labels` with its rating, `?` for those not
    /// known, quoted for a POSIX shell: known labels first, best first, then the others.
    /// `separator` goes between pairs (`", "` keeps each pair a word of its own in a message).
    public static func moodsSuggestion(_ moods: DaylioMoods, for labels: [String], separator: String = ",") -> String {
        var known: [(String, Int)] = []
        var unknown: [String] = []
        var seen = Set<String>()
        for label in labels where seen.insert(DaylioMoods.fold(label)).inserted {
            if let rating = moods.rating(for: label) { known.append((label, rating)) } else { unknown.append(label) }
        }
        let ordered = known.enumerated().sorted { ($0.element.1, -$0.offset) > ($1.element.1, -$1.offset) }
        let pairs =
            ordered.map { "\(DaylioMoods.written($0.element.0))=\($0.element.1)" }
            + unknown.map { "\(DaylioMoods.written($0))=?" }
        return "--moods " + shellQuoted(pairs.joined(separator: separator))
    }

    /// `'text'` for a POSIX shell.
    static func shellQuoted(_ text: String) -> String {
        "'" + text.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
    }
}
