/// A JSON string literal, with every control character (C0, DEL and C1) escaped, and the
/// bidirectional controls and zero-width characters too (`\u202e`): the same text, which
/// cannot reorder or hide what a terminal shows.
public func jsonString(_ text: String) -> String {
    var out = "\""
    out.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{2028}"
                || scalar == "\u{2029}" || isHiddenFormat(scalar)
            {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}

/// `{"a": 1, "b": "x"}` from already-encoded values, in the given order.
public func jsonObject(_ fields: [(String, String)]) -> String {
    "{" + fields.map { jsonString($0.0) + ": " + $0.1 }.joined(separator: ", ") + "}"
}

public func jsonArray(_ items: [String]) -> String { "[" + items.joined(separator: ", ") + "]" }
