import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

@Suite struct SearchQueryTests {
    @Test func wordsAndTags() {
        let (words, tags) = SearchQuery.parse("walk  #Friends café #friends — #sea-side ... \"ana\"")
        #expect(words == ["walk", "café", "\"ana\""])
        #expect(tags == ["friends", "sea-side"])
        // Control characters part words, as spaces do.
        #expect(SearchQuery.parse("walk\u{0}ed\u{7}x\ty\u{7F}z").words == ["walk", "ed", "x", "y", "z"])
    }

    /// Every word becomes one quoted string token with a prefix star; quotes inside are doubled,
    /// so that nothing typed is read as FTS5 syntax.
    @Test func theQueryQuotesEveryWord() {
        #expect(SearchQuery.ftsQuery(["walk"]) == #""walk"*"#)
        #expect(SearchQuery.ftsQuery(["walk", "OR", "NEAR(x"]) == #""walk"* "OR"* "NEAR(x"*"#)
        #expect(SearchQuery.ftsQuery(["a\"b", "\""]) == #""a""b"* """"*"#)
        // A quote and a combining mark are one Character, but the quote is still doubled.
        #expect(SearchQuery.ftsQuery(["\"\u{301}x"]) == "\"\"\"\u{301}x\"*")
    }

    @Test func highlightedPiecesPutBackTheText() throws {
        let pieces = try #require(SearchHit.pieces("\u{1}Walked\u{2} by the \u{1}sea\u{2}", text: "Walked by the sea", open: "\u{1}", close: "\u{2}"))
        #expect(pieces.map(\.text) == ["Walked", " by the ", "sea"])
        #expect(pieces.map(\.match) == [true, false, true])
        // A text that holds a marker itself is left unmarked rather than cut wrongly.
        #expect(SearchHit.pieces("a\u{1}b\u{2}\u{2}", text: "ab\u{2}", open: "\u{1}", close: "\u{2}") == nil)
        #expect(SearchHit.pieces("\u{1}a", text: "a", open: "\u{1}", close: "\u{2}") == nil)
    }
}
