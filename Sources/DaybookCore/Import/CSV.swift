/// One record of a CSV file.
public struct CSVRecord: Sendable, Equatable {
    /// The physical line the record starts on (1 is the first line of the file). A quoted field
    /// that holds line breaks makes a record span several lines; the next record's line counts them.
    public let line: Int
    public var fields: [String]

    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}

/// Reads CSV (RFC 4180) from UTF-8 bytes, one record at a time, without building Characters.
///
/// - Fields are separated by `delimiter` (a comma unless told otherwise) and records by LF, CRLF
///   or a lone CR.
/// - A field in double quotes may hold the delimiter, line breaks (kept as they are in the file)
///   and doubled quotes (`""` reads as `"`). Spaces between a closing quote and the delimiter are
///   ignored. A quote inside an unquoted field is an ordinary character.
/// - A UTF-8 byte-order mark at the start is skipped; UTF-16 and UTF-32 files are refused.
/// - Empty lines between records are skipped. A record keeps the fields it has: a row whose last
///   empty fields are missing has fewer fields than the header, and it is for the caller to
///   read the missing ones as empty.
/// - Errors name the line: a quoted field with no closing quote (the line where it starts), text
///   after a closing quote, bytes that are not UTF-8.
public struct CSVReader {
    public let delimiter: UInt8
    private let bytes: [UInt8]
    private var position: Int
    private var line = 1
    private var scratch: [UInt8] = []
    private var fieldsPerRecord = 8
    /// Whether the record `next` last gave ends with the delimiter: its last field is empty and
    /// unquoted, after a delimiter (`a,b,`), which a row cut short can end with.
    public private(set) var lastEndedWithDelimiter = false

    public init(bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ",")) throws(ImportError) {
        precondition(delimiter != UInt8(ascii: "\"") && delimiter != 10 && delimiter != 13, "not a CSV delimiter")
        self.bytes = bytes
        self.delimiter = delimiter
        self.position = try bytes.withUnsafeBufferPointer { buffer throws(ImportError) in
            let start = try TextBytes.start(of: buffer)
            try TextBytes.validate(buffer, from: start)
            return start
        }
    }

    public init(text: String, delimiter: UInt8 = UInt8(ascii: ",")) throws(ImportError) {
        try self.init(bytes: Array(text.utf8), delimiter: delimiter)
    }

    /// Every record of `bytes`.
    public static func records(_ bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ",")) throws(ImportError)
        -> [CSVRecord]
    {
        var reader = try CSVReader(bytes: bytes, delimiter: delimiter)
        var records: [CSVRecord] = []
        while let record = try reader.next() { records.append(record) }
        return records
    }

    /// The next record, or nil at the end of the file.
    public mutating func next() throws(ImportError) -> CSVRecord? {
        var position = self.position
        var line = self.line
        var fieldsPerRecord = self.fieldsPerRecord
        var endedWithDelimiter = false
        var scratch: [UInt8] = []
        swap(&scratch, &self.scratch)  // unshared, so that it is not copied on write
        defer {
            self.position = position
            self.line = line
            self.fieldsPerRecord = fieldsPerRecord
            self.lastEndedWithDelimiter = endedWithDelimiter
            self.scratch = scratch
        }
        let delimiter = self.delimiter
        return try bytes.withUnsafeBufferPointer { b throws(ImportError) -> CSVRecord? in
            let n = b.count
            let quote = UInt8(ascii: "\"")
            let lf: UInt8 = 10
            let cr: UInt8 = 13
            // Empty lines between records.
            while position < n, b[position] == lf || b[position] == cr {
                if b[position] == cr, position + 1 < n, b[position + 1] == lf { position += 1 }
                position += 1
                line += 1
            }
            if position >= n { return nil }
            let recordLine = line
            var fields: [String] = []
            fields.reserveCapacity(fieldsPerRecord)
            while true {
                endedWithDelimiter = false
                if position < n, b[position] == quote {
                    let fieldLine = line
                    position += 1
                    var segmentStart = position
                    var escaped = false
                    scratch.removeAll(keepingCapacity: true)
                    var closed = false
                    while position < n {
                        let byte = b[position]
                        if byte == quote {
                            if position + 1 < n, b[position + 1] == quote {
                                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: b[segmentStart...position]))
                                escaped = true
                                position += 2
                                segmentStart = position
                                continue
                            }
                            closed = true
                            break
                        } else if byte == lf {
                            line += 1
                        } else if byte == cr, !(position + 1 < n && b[position + 1] == lf) {
                            line += 1
                        }
                        position += 1
                    }
                    guard closed else {
                        throw ImportError(line: fieldLine, "a quoted field that starts here has no closing quote")
                    }
                    let segmentEnd = position
                    position += 1  // the closing quote
                    while position < n, b[position] == UInt8(ascii: " ") || b[position] == 9, b[position] != delimiter {
                        position += 1
                    }
                    if position < n, b[position] != delimiter, b[position] != lf, b[position] != cr {
                        throw ImportError(
                            line: line,
                            "text after the closing quote of a field; a quote inside a quoted field is written twice (\"\")"
                        )
                    }
                    if escaped {
                        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: b[segmentStart..<segmentEnd]))
                        fields.append(String(decoding: scratch, as: UTF8.self))
                    } else {
                        fields.append(TextBytes.string(b, segmentStart..<segmentEnd))
                    }
                } else {
                    let start = position
                    while position < n {
                        let byte = b[position]
                        if byte == delimiter || byte == lf || byte == cr { break }
                        position += 1
                    }
                    fields.append(TextBytes.string(b, start..<position))
                    endedWithDelimiter = start == position && fields.count > 1
                }
                if position >= n { break }
                let byte = b[position]
                position += 1
                if byte == delimiter { continue }
                if byte == cr, position < n, b[position] == lf { position += 1 }
                line += 1
                break
            }
            fieldsPerRecord = max(fieldsPerRecord, fields.count)
            return CSVRecord(line: recordLine, fields: fields)
        }
    }
}

/// Writes CSV that spreadsheets open as it is and that `CSVReader` reads back to the same fields.
/// A field is quoted only when it must be: when it holds the delimiter, a quote, a line break,
/// or when it is the only field of its row and empty (an empty line would be skipped on reading).
public struct CSVWriter: Sendable {
    public let delimiter: Character
    public let lineEnding: String
    /// What has been written so far.
    public private(set) var text: String

    /// `byteOrderMark` starts the text with U+FEFF, which tells spreadsheets the file is UTF-8.
    public init(delimiter: Character = ",", lineEnding: String = "\r\n", byteOrderMark: Bool = false) {
        precondition(delimiter != "\"" && !delimiter.isNewline, "not a CSV delimiter")
        self.delimiter = delimiter
        self.lineEnding = lineEnding
        self.text = byteOrderMark ? "\u{FEFF}" : ""
    }

    public mutating func writeRow(_ fields: [String]) {
        if fields.count == 1, fields[0].isEmpty {
            text += "\"\""
        } else {
            var first = true
            for field in fields {
                if !first { text.append(delimiter) }
                first = false
                CSVWriter.append(field, delimiter: delimiter, to: &text)
            }
        }
        text += lineEnding
    }

    /// One field as it is written: quoted, with its quotes doubled, when it must be.
    public static func field(_ value: String, delimiter: Character = ",") -> String {
        var out = ""
        append(value, delimiter: delimiter, to: &out)
        return out
    }

    private static func append(_ value: String, delimiter: Character, to out: inout String) {
        let delimiterScalar = delimiter.unicodeScalars.first!
        let single = delimiter.unicodeScalars.count == 1
        var needsQuotes = false
        for scalar in value.unicodeScalars {
            if scalar == "\"" || scalar == "\n" || scalar == "\r" || (single && scalar == delimiterScalar) {
                needsQuotes = true
                break
            }
        }
        if !single && value.contains(delimiter) { needsQuotes = true }
        guard needsQuotes else {
            out += value
            return
        }
        out += "\""
        for scalar in value.unicodeScalars {
            if scalar == "\"" { out += "\"\"" } else { out.unicodeScalars.append(scalar) }
        }
        out += "\""
    }
}
