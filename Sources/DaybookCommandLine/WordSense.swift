/// What the command line asks of the words it reads, which only the domain knows: where a date
/// begins and ends, where a value goes on, and whether a line is written in phrases; and how a
/// word is shown and compared in a refusal. The parser never decides what a word means: the
/// command table carries one of these (`CommandTable.sense`), which the commands' target gives.
public protocol WordSense: Sendable {
    /// `word` can begin a date (`yesterday`, `last`, `3`, `2026-11-20`).
    func startsDate(_ word: String) -> Bool
    /// The date in `words` is not whole yet (`last`, `3 days`).
    func dateNeedsMore(_ words: [String]) -> Bool
    /// A whole date in `words` can take `next` too (`monday` takes `before last`).
    func dateGoesOn(_ words: [String], with next: String) -> Bool
    /// The value in `words` goes on with `next` (`7 hours` takes `30`, `2` takes `cups`).
    func valueContinues(_ words: [String], _ next: String) -> Bool
    /// A repeating command's words are phrases, not pairs (`slept 7h, walked 9k steps`).
    func marksPhrases(_ words: [String]) -> Bool
    /// A repeating command's words that do not pair up are read as phrases, rather than
    /// refused for the value missing after the last (`weight 160 furlongs`).
    func unpairedReadsAsPhrases(_ words: [String]) -> Bool
    /// `text` as a refusal shows it, control characters made visible.
    func printable(_ text: String) -> String
    /// Alternatives in words: `a`, `a or b`, `a, b or c`.
    func alternatives(_ items: [String]) -> String
    /// The candidate nearest to `word`, if it is near enough to be a likely typo.
    func nearest(_ word: String, in candidates: [String]) -> String?
}

extension WordSense {
    public func unpairedReadsAsPhrases(_ words: [String]) -> Bool { false }
}
