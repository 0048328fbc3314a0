import Testing

@testable import DaybookCore

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

    @Test func marksAsHighlightDoes() throws {
        var random = SplitMix64(state: 20_261_127)
        let database = try Database(path: ":memory:", create: true)
        for migration in Schema.migrations { try database.execute(migration) }
        var texts: [Int64: String] = [:]
        for row in 1...400 {
            let text = SearchMarksTests.text(&random)
            texts[Int64(row)] = text
            _ = try database.run("INSERT INTO search_index (rowid, text) VALUES (?, ?)", [.integer(Int64(row)), .text(text)])
        }
        var compared = 0
        var markedSomething = 0
        for _ in 0..<300 {
            let words = SearchMarksTests.words(&random)
            let expected = try database.rows(
                "SELECT rowid, highlight(search_index, 0, char(1), char(2)) FROM search_index WHERE search_index MATCH ?",
                [.text(SearchQuery.ftsQuery(words))]
            ) { ($0.int(0), $0.string(1)) }
            let marker = try SearchMarker(database, words: words)
            for (row, highlighted) in expected {
                let text = try #require(texts[row])
                #expect(marker.mark(text) == highlighted, "words \(words) in \(text.debugDescription)")
                compared += 1
                if highlighted != text { markedSomething += 1 }
            }
        }
        // The check is not empty: many hits, and most of them marked.
        #expect(compared > 2_000)
        #expect(markedSomething > compared / 2)
    }

    /// Words that mean something to FTS5's query syntax outside a quoted phrase, as typed.
    @Test func wordsWithQueryCharactersMarkAsHighlightDoes() throws {
        let database = try Database(path: ":memory:", create: true)
        for migration in Schema.migrations { try database.execute(migration) }
        let texts = [
            "walk* and \"walk\" at NEAR noon", "col:walk ^walk -walk +walk", "AND OR NOT walk", "wa\"lk (walk)",
            "walk\u{301}ed with a combining accent",
        ]
        for (index, text) in texts.enumerated() {
            _ = try database.run("INSERT INTO search_index (rowid, text) VALUES (?, ?)", [.integer(Int64(index + 1)), .text(text)])
        }
        var compared = 0
        for words in [
            ["walk*"], ["\"walk\""], ["wa\"lk"], ["NEAR"], ["AND"], ["col:walk"], ["^walk"], ["-walk"], ["(walk)"],
            ["walk", "noon"], ["walk\u{301}"],
        ] {
            let expected = try database.rows(
                "SELECT rowid, highlight(search_index, 0, char(1), char(2)) FROM search_index WHERE search_index MATCH ?",
                [.text(SearchQuery.ftsQuery(words))]
            ) { ($0.int(0), $0.string(1)) }
            let marker = try SearchMarker(database, words: words)
            for (row, highlighted) in expected {
                #expect(marker.mark(texts[Int(row) - 1]) == highlighted, "\(words) in \(texts[Int(row) - 1].debugDescription)")
                compared += 1
            }
        }
        #expect(compared >= 20)
    }

    @Test func aTextWithoutTheWordsIsLeftAsItIs() throws {
        let database = try Database(path: ":memory:", create: true)
        for migration in Schema.migrations { try database.execute(migration) }
        let marker = try SearchMarker(database, words: ["walk"])
        #expect(marker.mark("") == "")
        // A NUL stays where it is (highlight() drops it, since it copies the text as a C string).
        #expect(marker.mark("a \u{0}walk") == "a \u{0}\u{01}walk\u{02}")
        #expect(marker.mark("a quiet day by the sea") == "a quiet day by the sea")
        #expect(marker.mark("Wälked to the walkway, sidewalk") == "\u{01}Wälked\u{02} to the \u{01}walkway\u{02}, sidewalk")
    }
}
