import CSQLite
import DaybookCore

#if canImport(Glibc)
    import Glibc
#endif

/// The words of a search marked in a hit's text exactly as SQLite's `highlight()` marks them
/// (`\u{01}` before each matched run, `\u{02}` after), without reading the search index's copy
/// of the text. `highlight()` reads that copy, one more page of the journal for each few hits:
/// on an encrypted journal every page read is checked and decrypted, and a search that shows
/// hundreds of hits read a third of its pages for nothing but the marks.
///
/// The text is split by the search index's own tokenizer (FTS5's `unicode61`, with the
/// index's arguments), through FTS5's interface, so that words are found and folded exactly as
/// the index finds them. Each word of the search is a phrase whose last token is a prefix, as
/// `SearchQuery.ftsQuery` writes it; the phrases' instances are merged where they overlap, as
/// `highlight()` merges them. `SearchMarksTests` checks the two give the same bytes.
final class SearchMarker {
    /// What FTS5 names the pointer `fts5()` hands back; compared by address and text, so it
    /// must outlive the statement.
    private nonisolated(unsafe) static let apiPointerType = strdup("fts5_api_ptr")!
    /// The search index's tokenizer and its arguments (Schema, migration 4).
    private static let tokenizerName = "unicode61"
    private static let tokenizerArguments = ["remove_diacritics", "2"]

    private var tokenizer: fts5_tokenizer
    private let instance: OpaquePointer
    /// Each word's tokens as the index folds them, one after the other; the last token of a
    /// word is matched as a prefix. `words[i]` is where word i's tokens lie in `terms`.
    private var terms: [(bytes: [UInt8], prefix: Bool)] = []
    private var words: [Range<Int>] = []

    init(_ database: Database, words: [String]) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(database.handle, "SELECT fts5(?1)", -1, &statement, nil) == SQLITE_OK, let statement else {
            throw DatabaseError(code: sqlite3_errcode(database.handle), message: "FTS5 is not there", operation: "search")
        }
        defer { sqlite3_finalize(statement) }
        var api: UnsafeMutablePointer<fts5_api>?
        withUnsafeMutablePointer(to: &api) { slot in
            sqlite3_bind_pointer(statement, 1, slot, SearchMarker.apiPointerType, nil)
            _ = sqlite3_step(statement)
        }
        var context: UnsafeMutableRawPointer?
        var found = fts5_tokenizer()
        guard let api, let find = api.pointee.xFindTokenizer,
            find(api, SearchMarker.tokenizerName, &context, &found) == SQLITE_OK, let create = found.xCreate
        else {
            throw DatabaseError(code: SQLITE_ERROR, message: "FTS5's tokenizer is not there", operation: "search")
        }
        let arguments = SearchMarker.tokenizerArguments.map { UnsafePointer<CChar>(strdup($0)!) }
        defer { for argument in arguments { free(UnsafeMutablePointer(mutating: argument)) } }
        var made: OpaquePointer?
        let status = arguments.withUnsafeBufferPointer { list -> Int32 in
            var pointers = list.map { Optional($0) }
            return create(context, &pointers, Int32(pointers.count), &made)
        }
        guard status == SQLITE_OK, let made else {
            throw DatabaseError(code: status, message: "FTS5's tokenizer cannot be made", operation: "search")
        }
        tokenizer = found
        instance = made
        for word in words {
            let folded = terms(of: word)
            self.words.append(terms.count..<terms.count + folded.count)
            for (index, term) in folded.enumerated() { terms.append((term, index == folded.count - 1)) }
        }
        // Past 64 terms a token's matches do not fit its mask: such a search marks nothing.
        if terms.count > 64 { self.words = [] }
    }

    deinit { tokenizer.xDelete?(instance) }

    /// `text` with each run of matched tokens between `\u{01}` and `\u{02}`.
    func mark(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            let found = tokens(bytes)
            // Each word's instances, by the token they start at; at one token, by word.
            var ranges: [(first: Int, last: Int)] = []
            for start in found.indices {
                for word in words where !word.isEmpty && start + word.count <= found.count {
                    let last = start + word.count - 1
                    guard (0..<word.count).allSatisfy({ found[start + $0].matches & (1 << (word.lowerBound + $0)) != 0 })
                    else { continue }
                    // An instance that starts inside the run before it extends that run.
                    if let previous = ranges.last, start <= previous.last {
                        ranges[ranges.count - 1].last = max(previous.last, last)
                    } else {
                        ranges.append((start, last))
                    }
                }
            }
            guard !ranges.isEmpty else { return String(decoding: bytes, as: UTF8.self) }
            var marked: [UInt8] = []
            marked.reserveCapacity(bytes.count + 2 * ranges.count)
            var copied = 0
            for range in ranges {
                let from = found[range.first].start
                let to = found[range.last].end
                marked += bytes[copied..<from]
                marked.append(1)
                marked += bytes[from..<to]
                marked.append(2)
                copied = to
            }
            marked += bytes[copied...]
            return String(decoding: marked, as: UTF8.self)
        }
    }

    /// What the tokenizer's callback fills: each token's place, and which of the search's
    /// terms it matches (bit i: `terms[i]`, equal, or a prefix of it for a word's last term).
    private final class Found {
        let terms: [(bytes: [UInt8], prefix: Bool)]
        var tokens: [(start: Int, end: Int, matches: UInt64)] = []
        /// Only with no terms to match: the folded terms themselves.
        var folded: [[UInt8]]? = nil

        init(terms: [(bytes: [UInt8], prefix: Bool)], keepTerms: Bool) {
            self.terms = terms
            if keepTerms { folded = [] }
        }
    }

    /// The tokens of `bytes` as the index's tokenizer gives them, with the terms each matches.
    private func tokens(_ bytes: UnsafeBufferPointer<UInt8>) -> [(start: Int, end: Int, matches: UInt64)] {
        tokenize(bytes, Found(terms: terms, keepTerms: false), flags: FTS5_TOKENIZE_AUX).tokens
    }

    /// The folded terms of a word of the search, as the query reads it (`"word"*`).
    private func terms(of word: String) -> [[UInt8]] {
        var word = word
        return word.withUTF8 { bytes in
            tokenize(bytes, Found(terms: [], keepTerms: true), flags: FTS5_TOKENIZE_QUERY | FTS5_TOKENIZE_PREFIX).folded ?? []
        }
    }

    private func tokenize(_ bytes: UnsafeBufferPointer<UInt8>, _ found: Found, flags: Int32) -> Found {
        guard let tokenize = tokenizer.xTokenize, let base = bytes.baseAddress, bytes.count > 0 else { return found }
        let context = Unmanaged.passUnretained(found).toOpaque()
        base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { text in
            _ = tokenize(instance, context, flags, text, Int32(bytes.count)) { context, flags, term, count, start, end in
                guard let context, flags & FTS5_TOKEN_COLOCATED == 0 else { return SQLITE_OK }
                let found = Unmanaged<Found>.fromOpaque(context).takeUnretainedValue()
                let term = UnsafeRawBufferPointer(start: term, count: term == nil ? 0 : Int(count))
                if found.folded != nil {
                    found.folded?.append(Array(term))
                    return SQLITE_OK
                }
                var matches: UInt64 = 0
                for (index, wanted) in found.terms.enumerated()
                where wanted.bytes.count == term.count || (wanted.prefix && wanted.bytes.count < term.count) {
                    let same = wanted.bytes.withUnsafeBytes { want in
                        guard let mine = want.baseAddress, let theirs = term.baseAddress else { return want.isEmpty }
                        return memcmp(mine, theirs, want.count) == 0
                    }
                    if same {
                        matches |= 1 << index
                    }
                }
                found.tokens.append((Int(start), Int(end), matches))
                return SQLITE_OK
            }
        }
        return found
    }
}
