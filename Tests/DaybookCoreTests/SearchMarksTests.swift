import Testing

@testable import DaybookCore
@testable import DaybookStore

/// `SearchMarker` marks a hit's words as SQLite's own `highlight()` does, byte for byte, on the
/// journal's own search index (made by its migrations): random texts and searches over folded
/// case, diacritics, punctuation inside words, digits, emoji and scripts without spaces.
@Suite struct SearchMarksTests {
    static let pieces = [
        "walk", "walked", "Walking", "WALKS", "wälk", "Wälked", "walkway", "sidewalk", "café", "Cafe", "CAFÉ",
        "it's", "don't", "re-walk", "walk-in", "e-mail", "mail", "2026", "20km", "km", "5k", "naïve", "naive",
        "Ångström", "angstrom", "東京", "東", "пробежка", "Пробежка", "🙂", "#walk", "#café", "n12", "the", "a", "sea",
        "straße", "STRASSE", "strasse", "ﬁne", "fine", "ǅemal", "dzemal",
    ]
    static let separators = [" ", " ", " ", ", ", ". ", " — ", "\n", "  ", "/", "(", ")", "!", "?\t"]

    static func text(_ random: inout SplitMix64) -> String {
        let count = 1 + Int(random.next() % 12)
        var text = ""
        for index in 0..<count {
            if index > 0 || random.next() % 4 == 0 { text += separators[Int(random.next() % UInt64(separators.count))] }
            text += pieces[Int(random.next() % UInt64(pieces.count))]
        }
        return text
    }

    static func words(_ random: inout SplitMix64) -> [String] {
        let count = 1 + Int(random.next() % 3)
        return (0..<count).map { _ in
            let piece = pieces[Int(random.next() % UInt64(pieces.count))]
            // Often a prefix of a piece: what people type.
            let cut = random.next() % 3 == 0 ? max(1, piece.count - Int(random.next() % 3)) : piece.count
            return String(piece.prefix(cut))
        }
    }

    /// The journal's own search index in memory, holding `texts` (rowids 1, 2, ...).
    static func index(_ texts: [String]) throws -> Database {
        let database = try Database(path: ":memory:", create: true)
        for migration in Schema.migrations { try database.execute(migration) }
        for (index, text) in texts.enumerated() {
            _ = try database.run("INSERT INTO search_index (rowid, text) VALUES (?, ?)", [.integer(Int64(index + 1)), .text(text)])
        }
        return database
    }

    /// Checks `SearchMarker` against `highlight()` on each text of `index` that `words`
    /// match; returns how many were compared, and how many of them `highlight()` marked.
    static func compare(_ words: [String], in database: Database, texts: [String]) throws -> (compared: Int, marked: Int) {
        let expected = try database.rows(
            "SELECT rowid, highlight(search_index, 0, char(1), char(2)) FROM search_index WHERE search_index MATCH ?",
            [.text(SearchQuery.ftsQuery(words))]
        ) { ($0.int(0), $0.string(1)) }
        let marker = try SearchMarker(database, words: words)
        var marked = 0
        for (row, highlighted) in expected {
            let text = texts[Int(row) - 1]
            #expect(marker.mark(text) == highlighted, "words \(words) in \(text.debugDescription)")
            if highlighted != text { marked += 1 }
        }
        return (expected.count, marked)
    }

    @Test func marksAsHighlightDoes() throws {
        var random = SplitMix64(state: 20_261_127)
        let texts = (0..<400).map { _ in SearchMarksTests.text(&random) }
        let database = try SearchMarksTests.index(texts)
        var compared = 0
        var markedSomething = 0
        for _ in 0..<300 {
            let found = try SearchMarksTests.compare(SearchMarksTests.words(&random), in: database, texts: texts)
            compared += found.compared
            markedSomething += found.marked
        }
        // The check is not empty: many hits, and most of them marked.
        #expect(compared > 2_000)
        #expect(markedSomething > compared / 2)
    }

    /// Words that mean something to FTS5's query syntax outside a quoted phrase, as typed.
    @Test func wordsWithQueryCharactersMarkAsHighlightDoes() throws {
        let texts = [
            "walk* and \"walk\" at NEAR noon", "col:walk ^walk -walk +walk", "AND OR NOT walk", "wa\"lk (walk)",
            "walk\u{301}ed with a combining accent",
        ]
        let database = try SearchMarksTests.index(texts)
        var compared = 0
        for words in [
            ["walk*"], ["\"walk\""], ["wa\"lk"], ["NEAR"], ["AND"], ["col:walk"], ["^walk"], ["-walk"], ["(walk)"],
            ["walk", "noon"], ["walk\u{301}"],
        ] {
            compared += try SearchMarksTests.compare(words, in: database, texts: texts).compared
        }
        #expect(compared >= 20)
    }

    @Test func aTextWithoutTheWordsIsLeftAsItIs() throws {
        let database = try SearchMarksTests.index([])
        let marker = try SearchMarker(database, words: ["walk"])
        #expect(marker.mark("") == "")
        // A NUL stays where it is (highlight() drops it, since it copies the text as a C string).
        #expect(marker.mark("a \u{0}walk") == "a \u{0}\u{01}walk\u{02}")
        #expect(marker.mark("a quiet day by the sea") == "a quiet day by the sea")
        #expect(marker.mark("Wälked to the walkway, sidewalk") == "\u{01}Wälked\u{02} to the \u{01}walkway\u{02}, sidewalk")
    }
}
