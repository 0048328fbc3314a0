/// Text as one field of a line of tab-separated text: a backslash, a tab, a line break and a
/// carriage return written `\\`, `\t`, `\n` and `\r`, so that the field holds no tab and no
/// line break. Shared by the sync file's fields and the completion scripts' output lines.
public func escapedLineText(_ text: String) -> String {
    // Most text holds none of the four: a pass over its bytes, and the text itself.
    guard text.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\\": out += "\\\\"
        case "\t": out += "\\t"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}
