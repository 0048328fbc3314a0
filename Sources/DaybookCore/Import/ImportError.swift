/// Why a file could not be imported. `description` is the one line a person sees: the line of
/// the file, when there is one, and what was wrong there.
public struct ImportError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The physical line of the file (1 is the first), or nil when the problem is the whole file.
    public let line: Int?
    /// What was wrong, without the line number.
    public let message: String
    /// Mood labels that no rating was given for, each with how many rows use it, in order of
    /// first appearance. Empty unless that is the problem.
    public let unknownMoods: [(label: String, count: Int)]
    /// With `unknownMoods`: every mood label of the file, known or not, in order of first
    /// appearance, for a `--moods` suggestion (`DaylioMoods.suggestion`).
    public let moodLabels: [String]
    /// What the file is, when it is not what was to be read: the facts the views word with the
    /// command that reads it (`message` then says only what the file is).
    public let reason: Reason?

    /// A file that is not what was to be read.
    public enum Reason: Sendable, Equatable {
        /// A jrnl journal, read as what `expected` names ("daybook's export", "a Daylio export").
        case jrnlJournal(expected: String)
        /// jrnl's JSON export, read as daybook's.
        case jrnlJSON
        /// Daylio's CSV export, read as what `expected` names ("daybook's", "a jrnl journal").
        case daylioCSV(expected: String)
        /// daybook's Markdown export, which is for reading and is not read back.
        case markdownExport
        /// An SQLite database (a daybook journal, perhaps), read as a text file.
        case sqliteDatabase
        /// A zip archive (a Daylio backup is one), read as a text file.
        case zipArchive
        /// A map of Daylio's mood labels to ratings that cannot be read (`DaylioMoods(map:)`).
        case moodMap(MoodMapProblem)
        /// Mood labels of the file that no rating was given for: `unknownMoods` and
        /// `moodLabels` hold them.
        case unratedMoods
    }

    /// What is wrong with a map of mood labels to ratings; each holds the piece of the map it
    /// is about, as the map has it.
    public enum MoodMapProblem: Sendable, Equatable {
        /// A label with no `=` after it.
        case noRating(label: String)
        /// A rating with no label before it.
        case noLabel
        /// A rating that is not one (`value` empty or `?` when there is none).
        case notARating(label: String, value: String)
        /// A label given two different ratings.
        case ratedTwice(label: String, first: Int, second: Int)
        /// A quoted label with no closing quote: the text from the quote on.
        case unclosedQuote(String)
        /// Text after a quoted label's closing quote: the pair as written.
        case textAfterQuotedLabel(String)
    }

    public init(
        line: Int?, _ message: String, unknownMoods: [(label: String, count: Int)] = [], moodLabels: [String] = []
    ) {
        self.line = line
        self.message = message
        self.unknownMoods = unknownMoods
        self.moodLabels = moodLabels
        self.reason = nil
    }

    public init(line: Int?, _ reason: Reason) {
        self.line = line
        switch reason {
        case .jrnlJournal(let expected): message = "this is a jrnl journal, not \(expected)"
        case .jrnlJSON: message = "this is jrnl's JSON export, not daybook's"
        case .daylioCSV(let expected): message = "this is Daylio's CSV export, not \(expected)"
        case .markdownExport: message = "this is daybook's Markdown export, which is for reading and is not read back"
        case .sqliteDatabase: message = "this is an SQLite database, not a text file"
        case .zipArchive: message = "this is a zip archive, not a text file (a Daylio backup, .daylio, is one)"
        case .moodMap(let problem): message = "the map of mood labels cannot be read: \(problem)"
        case .unratedMoods: message = "mood labels have no rating"
        }
        self.unknownMoods = []
        self.moodLabels = []
        self.reason = reason
    }

    /// Mood labels of the file that no rating was given for, each with how many rows use it,
    /// and every label of the file in order (`.unratedMoods`).
    public init(unknownMoods: [(label: String, count: Int)], moodLabels: [String]) {
        line = nil
        message = "mood labels have no rating: " + unknownMoods.map(\.label).joined(separator: ", ")
        self.unknownMoods = unknownMoods
        self.moodLabels = moodLabels
        reason = .unratedMoods
    }

    /// A piece of the file as a message quotes it: at most 40 characters, then `…`.
    public static func shown(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for (index, scalar) in text.unicodeScalars.enumerated() {
            if index == 40 { return String(out) + "…" }
            out.append(scalar)
        }
        return text
    }

    public var description: String {
        guard let line else { return message }
        return "line \(line): \(message)"
    }

    public static func == (a: ImportError, b: ImportError) -> Bool {
        a.line == b.line && a.message == b.message && a.reason == b.reason
            && a.unknownMoods.elementsEqual(b.unknownMoods, by: { $0 == $1 })
    }
}

/// The bytes of a text file as UTF-8, for the readers: a UTF-8 byte-order mark is skipped, and a
/// file in UTF-16 or UTF-32 is refused with a message that says how to save it.
enum TextBytes {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The offset where the text starts (3 after a UTF-8 byte-order mark, else 0).
    static func start(of bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) -> Int {
        if let binary = binaryKind(bytes) { throw binary }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return 3 }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            throw ImportError(line: nil, "the file is UTF-16 text; save it as UTF-8 and import it again")
        }
        if bytes.count >= 4, bytes[0] == 0, bytes[1] == 0, bytes[2] == 0xFE, bytes[3] == 0xFF {
            throw ImportError(line: nil, "the file is UTF-32 text; save it as UTF-8 and import it again")
        }
        return 0
    }

    /// What is read in place of a text: an SQLite database, a gzip file or a zip archive, told
    /// by their first bytes; nil for anything else.
    static func binaryKind(_ bytes: UnsafeBufferPointer<UInt8>) -> ImportError? {
        func starts(_ prefix: [UInt8]) -> Bool { bytes.count >= prefix.count && bytes.prefix(prefix.count).elementsEqual(prefix) }
        if starts(Array("SQLite format 3".utf8) + [0]) {
            return ImportError(line: nil, .sqliteDatabase)
        }
        if starts([0x1F, 0x8B]) {
            return ImportError(
                line: nil, "this is a gzip-compressed file, not a text file; uncompress it (gunzip) and import the file it holds")
        }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) {
            return ImportError(line: nil, .zipArchive)
        }
        return nil
    }

    /// Checks that `bytes[from...]` is UTF-8 text, in one pass, so that pieces of it can then be
    /// made into Strings without checking each again. The error names the first line that is not.
    static func validate(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) throws(ImportError) {
        let all = UnsafeBufferPointer(rebasing: bytes[start...])
        if String(validating: all, as: UTF8.self) != nil { return }
        var line = 1
        var lineStart = 0
        var i = 0
        while i <= all.count {
            if i == all.count || all[i] == 10 || all[i] == 13 {
                if String(validating: UnsafeBufferPointer(rebasing: all[lineStart..<i]), as: UTF8.self) == nil {
                    throw notUTF8(line: line)
                }
                if i + 1 < all.count, all[i] == 13, all[i + 1] == 10 { i += 1 }
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        throw notUTF8(line: 1)
    }

    /// `bytes[range]` as a String; the bytes were checked by `validate`.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        if range.isEmpty { return "" }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    static func notUTF8(line: Int) -> ImportError {
        ImportError(line: line, "the text is not UTF-8; save the file as UTF-8 and import it again")
    }
}
