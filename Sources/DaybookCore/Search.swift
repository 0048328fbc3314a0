/// A note's stable id, shown as `n123`. It never changes (an edit keeps it) and is never given
/// to another note: it is the rowid of the note's first version, and rows are never deleted.
public struct NoteID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let number: Int64

    public init(_ number: Int64) { self.number = number }

    /// `n123`
    public var description: String { "n\(number)" }

    public static func < (a: NoteID, b: NoteID) -> Bool { a.number < b.number }

    /// Reads `n123` (or `N123`); nil for anything else.
    public static func parse(_ text: String) -> NoteID? {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count >= 2, scalars.count <= 19, scalars[0] == "n" || scalars[0] == "N" else { return nil }
        var number: Int64 = 0
        for scalar in scalars.dropFirst() {
            guard scalar.value >= 48, scalar.value <= 57 else { return nil }
            number = number * 10 + Int64(scalar.value - 48)
        }
        guard number > 0 else { return nil }
        return NoteID(number)
    }
}

/// What `search` looks for: words that must all match (by prefix, ignoring case and accents),
/// tags that must all be on the note, and a range of days. No words lists every note.
public struct SearchQuery: Sendable, Equatable {
    public var words: [String]
    public var tags: [String]
    public var from: Day?
    public var through: Day?
    /// The newest this many; nil for all.
    public var limit: Int?
    /// The most tags a search takes: each narrows the hits with a term of its own, and SQLite
    /// refuses a query of more than some hundreds of them.
    public static let mostTags = 100

    public init(words: [String] = [], tags: [String] = [], from: Day? = nil, through: Day? = nil, limit: Int? = nil) {
        self.words = words
        self.tags = tags
        self.from = from
        self.through = through
        self.limit = limit
    }

    /// Splits typed text into words and `#tags`, at spaces and control characters. A word with
    /// no letter or digit (`—`, `...`) finds nothing and is left out.
    public static func parse(_ text: String) -> (words: [String], tags: [String]) {
        var words: [String] = []
        var tags: [String] = []
        for piece in text.unicodeScalars.split(whereSeparator: { $0 == " " || $0.value < 0x20 || $0.value == 0x7F }) {
            let word = String(String.UnicodeScalarView(piece))
            if word.hasPrefix("#"), let tag = extractTags(word).first, "#" + tag == word.lowercased() {
                if !tags.contains(tag) { tags.append(tag) }
            } else if word.unicodeScalars.contains(where: { $0.properties.isAlphabetic || $0.properties.numericType != nil }) {
                words.append(word)
            }
        }
        return (words, tags)
    }

    /// The FTS5 query for `words`: each word a quoted string token (quotes inside doubled) with
    /// a `*` for a prefix match, joined by spaces, which FTS5 reads as AND. Typed text is never
    /// read as FTS5 query syntax. Quotes are found among Unicode scalars, not Characters: a
    /// quote followed by a combining mark is one Character, and would go undoubled.
    public static func ftsQuery(_ words: [String]) -> String {
        var query = String.UnicodeScalarView()
        for (index, word) in words.enumerated() {
            if index > 0 { query.append(" ") }
            query.append("\"")
            for scalar in word.unicodeScalars {
                if scalar == "\"" { query.append("\"") }
                query.append(scalar)
            }
            query.append(contentsOf: "\"*".unicodeScalars)
        }
        return String(query)
    }
}

/// One note or mood note that `search` found.
public struct SearchHit: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case note(NoteID)
        /// A mood's note, with the day's rating.
        case mood(rating: Int)
    }

    public let kind: Kind
    public let day: Day
    /// When it was written: ISO-8601 with its offset.
    public let recordedAt: String
    public let text: String
    /// The text in pieces, each marked true where it matched a searched word. One unmarked
    /// piece when nothing was searched for.
    public let pieces: [(text: String, match: Bool)]
    /// It was written on its own day (by the day-start, as `show` reads it), so that the time
    /// of `recordedAt` is a time of that day; false for a note or mood written with `--on` on
    /// another day, whose time belongs to that other day.
    public var writtenOnItsDay: Bool

    public init(
        kind: Kind, day: Day, recordedAt: String, text: String, pieces: [(text: String, match: Bool)]? = nil,
        writtenOnItsDay: Bool = true
    ) {
        self.kind = kind
        self.day = day
        self.recordedAt = recordedAt
        self.text = text
        self.pieces = pieces ?? [(text, false)]
        self.writtenOnItsDay = writtenOnItsDay
    }

    public static func == (a: SearchHit, b: SearchHit) -> Bool {
        a.kind == b.kind && a.day == b.day && a.recordedAt == b.recordedAt && a.text == b.text
            && a.writtenOnItsDay == b.writtenOnItsDay && a.pieces.map(\.text) == b.pieces.map(\.text) && a.pieces.map(\.match) == b.pieces.map(\.match)
    }

    /// The pieces of SQLite's `highlight()` output, whose matches sit between `open` and
    /// `close` (ASCII characters). Nil when they do not put back together to `text` (the text
    /// itself held a marker). Works on UTF-8 bytes: a search may return thousands of notes.
    package static func pieces(_ marked: String, text: String, open: Unicode.Scalar, close: Unicode.Scalar)
        -> [(text: String, match: Bool)]?
    {
        guard open.isASCII, close.isASCII else { return nil }
        let (open, close) = (UInt8(open.value), UInt8(close.value))
        var marked = marked
        var text = text
        return marked.withUTF8 { m in
            text.withUTF8 { t -> [(text: String, match: Bool)]? in
                var pieces: [(text: String, match: Bool)] = []
                var start = 0
                var next = 0  // the byte of `text` the next byte of `marked` must be
                var inside = false
                func piece(_ end: Int) {
                    guard end > start else { return }
                    pieces.append((String(decoding: UnsafeBufferPointer(rebasing: m[start..<end]), as: UTF8.self), inside))
                }
                for i in 0..<m.count {
                    let byte = m[i]
                    if byte == open || byte == close {
                        guard (byte == open) != inside else { return nil }
                        piece(i)
                        start = i + 1
                        inside = byte == open
                    } else {
                        guard next < t.count, t[next] == byte else { return nil }
                        next += 1
                    }
                }
                guard !inside, next == t.count else { return nil }
                piece(m.count)
                return pieces
            }
        }
    }
}

/// A tag, how many notes and moods carry it, and the last day it was used.
public struct TagUse: Sendable, Equatable {
    public let name: String
    public let count: Int
    public let last: Day

    public init(name: String, count: Int, last: Day) {
        self.name = name
        self.count = count
        self.last = last
    }
}
