/// A JSON value (RFC 8259) as read from a file. Numbers keep the text they were written with,
/// so that nothing is lost on the way through.
public enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array(JSONArray)
    case object(JSONObject)

    public var string: String? {
        if case .string(let s) = self { return s }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let b) = self { return b }
        return nil
    }

    public var double: Double? {
        if case .number(let n) = self { return Double(n) }
        return nil
    }

    public var object: JSONObject? {
        if case .object(let o) = self { return o }
        return nil
    }

    public var array: JSONArray? {
        if case .array(let a) = self { return a }
        return nil
    }

    /// "a string", "an object"...: for messages.
    public var kind: String {
        switch self {
        case .null: return "null"
        case .bool: return "true or false"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}

/// A JSON array and the line of the file where it starts.
public struct JSONArray: Sendable, Equatable {
    public let line: Int
    public var items: [JSONValue]
}

/// A JSON object, its members in the order of the file, and the line where it starts.
public struct JSONObject: Sendable, Equatable {
    public struct Member: Sendable, Equatable {
        public let key: String
        public let value: JSONValue
        /// The line of the key.
        public let line: Int
    }

    public let line: Int
    public var members: [Member]

    /// The value of the first member named `key`.
    public subscript(key: String) -> JSONValue? { members.first { $0.key == key }?.value }

    /// The line of the first member named `key`, else the object's.
    public func line(of key: String) -> Int { members.first { $0.key == key }?.line ?? line }
}

/// Reads one JSON document from UTF-8 bytes (a UTF-8 byte-order mark is skipped). Strict
/// RFC 8259, and a name given twice in one object is refused; errors name the line. Nesting
/// deeper than 256 levels is refused.
public enum JSONReader {
    public static func read(_ bytes: [UInt8]) throws(ImportError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { buffer throws(ImportError) -> JSONValue in
            let start = try TextBytes.start(of: buffer)
            try TextBytes.validate(buffer, from: start)
            var parser = Parser(b: buffer, i: start)
            parser.skipSpace()
            let value = try parser.value(depth: 0)
            parser.skipSpace()
            if parser.i < buffer.count { throw parser.error("text after the end of the JSON document") }
            return value
        }
    }

    public static func read(_ text: String) throws(ImportError) -> JSONValue { try read(Array(text.utf8)) }

    private struct Parser {
        let b: UnsafeBufferPointer<UInt8>
        var i: Int
        var line = 1

        init(b: UnsafeBufferPointer<UInt8>, i: Int) {
            self.b = b
            self.i = i
        }

        func error(_ message: String) -> ImportError { ImportError(line: line, message) }

        mutating func skipSpace() {
            while i < b.count {
                switch b[i] {
                case 0x20, 0x09, 0x0D: i += 1
                case 0x0A:
                    line += 1
                    i += 1
                default: return
                }
            }
        }

        mutating func value(depth: Int) throws(ImportError) -> JSONValue {
            guard depth < 256 else { throw error("the JSON is nested too deeply") }
            guard i < b.count else { throw error("the JSON document ends where a value was expected") }
            switch b[i] {
            case UInt8(ascii: "{"): return .object(try object(depth: depth))
            case UInt8(ascii: "["):
                let start = line
                i += 1
                var items: [JSONValue] = []
                skipSpace()
                if i < b.count, b[i] == UInt8(ascii: "]") {
                    i += 1
                    return .array(JSONArray(line: start, items: items))
                }
                while true {
                    skipSpace()
                    items.append(try value(depth: depth + 1))
                    skipSpace()
                    guard i < b.count else { throw error("a list that starts on line \(start) is not closed with ]") }
                    if b[i] == UInt8(ascii: ",") {
                        i += 1
                        continue
                    }
                    guard b[i] == UInt8(ascii: "]") else { throw error("expected , or ] in a list") }
                    i += 1
                    return .array(JSONArray(line: start, items: items))
                }
            case UInt8(ascii: "\""): return .string(try string())
            case UInt8(ascii: "t"): return try word("true", .bool(true))
            case UInt8(ascii: "f"): return try word("false", .bool(false))
            case UInt8(ascii: "n"): return try word("null", .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
            default: throw error("expected a JSON value")
            }
        }

        mutating func object(depth: Int) throws(ImportError) -> JSONObject {
            let start = line
            i += 1
            var members: [JSONObject.Member] = []
            // The names seen, once an object has more than a few (a short one is searched).
            var names: [String: Int]? = nil
            skipSpace()
            if i < b.count, b[i] == UInt8(ascii: "}") {
                i += 1
                return JSONObject(line: start, members: members)
            }
            while true {
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: "\"") else {
                    throw error("expected a name in quotes in an object")
                }
                let keyLine = line
                let key = try string()
                // A name given twice would leave one of its values unread: refused.
                if members.count >= 16 && names == nil {
                    names = Dictionary(members.map { ($0.key, $0.line) }, uniquingKeysWith: { first, _ in first })
                }
                let earlier = names != nil ? names![key] : members.first(where: { $0.key == key })?.line
                if let earlier {
                    throw ImportError(
                        line: keyLine,
                        "\"\(ImportError.shown(key))\" is given twice in one object (first on line \(earlier)); give each name once"
                    )
                }
                names?[key] = keyLine
                skipSpace()
                guard i < b.count, b[i] == UInt8(ascii: ":") else { throw error("expected : after \"\(key)\"") }
                i += 1
                skipSpace()
                members.append(JSONObject.Member(key: key, value: try value(depth: depth + 1), line: keyLine))
                skipSpace()
                guard i < b.count else { throw error("an object that starts on line \(start) is not closed with }") }
                if b[i] == UInt8(ascii: ",") {
                    i += 1
                    continue
                }
                guard b[i] == UInt8(ascii: "}") else { throw error("expected , or } in an object") }
                i += 1
                return JSONObject(line: start, members: members)
            }
        }

        mutating func word(_ text: StaticString, _ value: JSONValue) throws(ImportError) -> JSONValue {
            let count = text.utf8CodeUnitCount
            guard i + count <= b.count else { throw error("expected a JSON value") }
            for k in 0..<count where b[i + k] != text.utf8Start[k] { throw error("expected a JSON value") }
            i += count
            return value
        }

        mutating func number() throws(ImportError) -> String {
            let start = i
            func digits() -> Int {
                let from = i
                while i < b.count, b[i] >= 0x30, b[i] <= 0x39 { i += 1 }
                return i - from
            }
            if b[i] == UInt8(ascii: "-") { i += 1 }
            guard i < b.count else { throw error("a number ends too soon") }
            if b[i] == UInt8(ascii: "0") {
                i += 1
            } else if digits() == 0 {
                throw error("expected digits in a number")
            }
            if i < b.count, b[i] == UInt8(ascii: ".") {
                i += 1
                guard digits() > 0 else { throw error("expected digits after the decimal point") }
            }
            if i < b.count, b[i] == UInt8(ascii: "e") || b[i] == UInt8(ascii: "E") {
                i += 1
                if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
                guard digits() > 0 else { throw error("expected digits in a number's exponent") }
            }
            return String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self)
        }

        mutating func string() throws(ImportError) -> String {
            i += 1
            let start = i
            // Fast path: no escapes.
            while i < b.count, b[i] != UInt8(ascii: "\""), b[i] != UInt8(ascii: "\\"), b[i] >= 0x20 { i += 1 }
            if i < b.count, b[i] == UInt8(ascii: "\"") {
                let text = TextBytes.string(b, start..<i)
                i += 1
                return text
            }
            var bytes = Array(UnsafeBufferPointer(rebasing: b[start..<i]))
            while true {
                guard i < b.count else { throw error("a string is not closed with \"") }
                let c = b[i]
                if c == UInt8(ascii: "\"") {
                    i += 1
                    break
                }
                if c < 0x20 {
                    throw error("a string holds a line break or control character; JSON writes it as \\n or \\u00XX")
                }
                if c != UInt8(ascii: "\\") {
                    bytes.append(c)
                    i += 1
                    continue
                }
                i += 1
                guard i < b.count else { throw error("a string is not closed with \"") }
                let e = b[i]
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): bytes.append(e)
                case UInt8(ascii: "b"): bytes.append(8)
                case UInt8(ascii: "f"): bytes.append(12)
                case UInt8(ascii: "n"): bytes.append(10)
                case UInt8(ascii: "r"): bytes.append(13)
                case UInt8(ascii: "t"): bytes.append(9)
                case UInt8(ascii: "u"):
                    var code = try hex4()
                    if (0xD800...0xDBFF).contains(code) {
                        guard i + 1 < b.count, b[i] == UInt8(ascii: "\\"), b[i + 1] == UInt8(ascii: "u") else {
                            throw error("a \\u escape holds half of a character (a lone surrogate)")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw error("a \\u escape holds half of a character (a lone surrogate)")
                        }
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                    } else if (0xDC00...0xDFFF).contains(code) {
                        throw error("a \\u escape holds half of a character (a lone surrogate)")
                    }
                    bytes.append(contentsOf: Array(String(Character(Unicode.Scalar(code)!)).utf8))
                default: throw error("unknown escape \\\(Character(Unicode.Scalar(e))) in a string")
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        mutating func hex4() throws(ImportError) -> UInt32 {
            guard i + 4 <= b.count else { throw error("a \\u escape needs four hex digits") }
            var value: UInt32 = 0
            for _ in 0..<4 {
                let c = b[i]
                let digit: UInt32
                switch c {
                case 0x30...0x39: digit = UInt32(c - 0x30)
                case 0x41...0x46: digit = UInt32(c - 0x41 + 10)
                case 0x61...0x66: digit = UInt32(c - 0x61 + 10)
                default: throw error("a \\u escape needs four hex digits")
                }
                value = value * 16 + digit
                i += 1
            }
            return value
        }
    }
}
