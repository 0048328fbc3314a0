import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

/// The words of dates and values as daybook's domain reads them, for the parser
/// (`WordSense`): dates by `Day`, values by `ValuePhrase`, phrases by `Phrase`.
public struct DaybookWords: WordSense {
    public init() {}
    public func startsDate(_ word: String) -> Bool { Day.startsDate(word) }
    public func dateNeedsMore(_ words: [String]) -> Bool { Day.needsMore(words) }
    public func dateGoesOn(_ words: [String], with next: String) -> Bool { Day.goesOn(words, with: next) }
    public func valueContinues(_ words: [String], _ next: String) -> Bool { ValuePhrase.continues(words, next) }
    public func marksPhrases(_ words: [String]) -> Bool { Phrase.marks(words) }
    public func unpairedReadsAsPhrases(_ words: [String]) -> Bool { Phrase.unpairedReadsAsPhrases(words) }
    public func printable(_ text: String) -> String { DaybookViews.printable(text) }
    public func alternatives(_ items: [String]) -> String { DaybookCore.alternatives(items) }
    public func nearest(_ word: String, in candidates: [String]) -> String? {
        DaybookCommands.nearest(word, in: candidates)
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
