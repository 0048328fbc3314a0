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

    public init(line: Int?, _ message: String, unknownMoods: [(label: String, count: Int)] = []) {
        self.line = line
        self.message = message
        self.unknownMoods = unknownMoods
    }

    public var description: String {
        guard let line else { return message }
        return "line \(line): \(message)"
    }

    public static func == (a: ImportError, b: ImportError) -> Bool {
        a.line == b.line && a.message == b.message && a.unknownMoods.elementsEqual(b.unknownMoods, by: { $0 == $1 })
    }
}

/// The bytes of a text file as UTF-8, for the readers: a UTF-8 byte-order mark is skipped, and a
/// file in UTF-16 or UTF-32 is refused with a message that says how to save it.
enum TextBytes {
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The offset where the text starts (3 after a UTF-8 byte-order mark, else 0).
    static func start(of bytes: UnsafeBufferPointer<UInt8>) throws(ImportError) -> Int {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { return 3 }
        if bytes.count >= 2, (bytes[0] == 0xFF && bytes[1] == 0xFE) || (bytes[0] == 0xFE && bytes[1] == 0xFF) {
            throw ImportError(line: nil, "the file is UTF-16 text; save it as UTF-8 and import it again")
        }
        if bytes.count >= 4, bytes[0] == 0, bytes[1] == 0, bytes[2] == 0xFE, bytes[3] == 0xFF {
            throw ImportError(line: nil, "the file is UTF-32 text; save it as UTF-8 and import it again")
        }
        return 0
    }

    /// `bytes[range]` as a String, or the error for text that is not UTF-8.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, line: Int) throws(ImportError) -> String {
        if range.isEmpty { return "" }
        guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) else {
            throw notUTF8(line: line)
        }
        return text
    }

    static func notUTF8(line: Int) -> ImportError {
        ImportError(line: line, "the text is not UTF-8; save the file as UTF-8 and import it again")
    }
}
