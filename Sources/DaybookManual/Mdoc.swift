/// mdoc source, built line by line, with the escaping rules of mdoc(7) and roff(7) in one place.
struct Mdoc {
    private(set) var lines: [String] = []

    var text: String { lines.joined(separator: "\n") + "\n" }

    /// A macro line, `.Fl -on Ar DATE`, written as given apart from characters outside ASCII.
    /// Words taken from elsewhere go through `arg` first.
    mutating func macro(_ line: String) {
        lines.append("." + Mdoc.escapeUnicode(line))
    }

    /// Lines of mdoc: those starting with `.` are macro lines, written as they are (see
    /// `macro`); the others are running text, escaped and broken one sentence a line (see
    /// `text`). A blank line is dropped. For the fixed parts of the page.
    mutating func source(_ block: String) {
        for line in block.split(separator: "\n", omittingEmptySubsequences: true) {
            if line.hasPrefix(".") {
                macro(String(line.dropFirst()))
            } else {
                text(String(line))
            }
        }
    }

    /// Running text, escaped: a backslash prints as itself, a line never starts with a control
    /// character, each sentence starts a line of its own, as mdoc asks, and lines are broken
    /// between words to at most `width` bytes.
    mutating func text(_ paragraph: String) {
        for sentence in Mdoc.sentences(paragraph) {
            var line = ""
            for word in Mdoc.escape(sentence).split(separator: " ") {
                let next = line.isEmpty ? Mdoc.protect(String(word)) : line + " " + word
                if !line.isEmpty && next.utf8.count > Mdoc.width {
                    lines.append(line)
                    line = Mdoc.protect(String(word))
                } else {
                    line = next
                }
            }
            if !line.isEmpty { lines.append(line) }
        }
    }

    /// The longest line of text written, in bytes: mandoc asks for at most 80.
    static let width = 80

    /// Lines shown as they are, in a constant-width font (`.Bd -literal`).
    mutating func literal(_ shown: [String], indent: Bool = true) {
        macro(indent ? "Bd -literal -offset indent" : "Bd -literal")
        for line in shown { lines.append(Mdoc.escapeLine(line, trim: false)) }
        macro("Ed")
    }

    // MARK: Escaping

    /// Text that prints as it reads: `\` as `\e`, characters outside ASCII as `\[uXXXX]` (so
    /// the page is plain ASCII and reads the same in mandoc and groff), control characters
    /// dropped.
    static func escape(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar == "\\" {
                out += "\\e"
            } else if scalar.value >= 0x80 {
                out += unicodeEscape(scalar)
            } else if scalar.value >= 0x20 && scalar.value != 0x7F {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        var hex = String(scalar.value, radix: 16, uppercase: true)
        while hex.count < 4 { hex = "0" + hex }
        return "\\[u\(hex)]"
    }

    /// Only the characters outside ASCII, for macro lines written by hand.
    static func escapeUnicode(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.value >= 0x80 { out += unicodeEscape(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// One line of text: escaped, and protected with `\&` when it would start with `.` or
    /// `'` (a request) or, in running text, with a space (a break).
    static func escapeLine(_ line: String, trim: Bool = true) -> String {
        var body = Substring(line)
        if trim {
            while body.first == " " { body = body.dropFirst() }
            while body.last == " " { body = body.dropLast() }
        }
        var escaped = escape(String(body))
        while !trim, escaped.hasSuffix(" ") { escaped.removeLast() }
        return protect(escaped)
    }

    /// An escaped line that would start with `.` or `'`, a request, starts with `\&` instead.
    static func protect(_ escaped: String) -> String {
        escaped.hasPrefix(".") || escaped.hasPrefix("'") ? "\\&" + escaped : escaped
    }

    /// mdoc's delimiters: alone as an argument, they are punctuation, not words.
    static let delimiters: Set<String> = [".", ",", ";", ":", "?", "!", "(", ")", "[", "]", "|"]

    /// One argument of a macro line, as a word to print: escaped, `"` as `\(dq`, protected
    /// with `\&` when mdoc would read it as a delimiter or a macro name, and quoted when it
    /// holds a space or is empty.
    static func arg(_ word: String) -> String {
        var escaped = escape(word).replacing("\"", with: "\\(dq")
        if delimiters.contains(word) || looksLikeMacro(word) { escaped = "\\&" + escaped }
        if word.isEmpty || word.contains(" ") { escaped = "\"" + escaped + "\"" }
        return escaped
    }

    /// `Ar`, `Fl`, `Ns`, `Op`, `%A`: a word mdoc might take for a callable macro.
    static func looksLikeMacro(_ word: String) -> Bool {
        let scalars = Array(word.unicodeScalars)
        guard scalars.count == 2 || scalars.count == 3 else { return false }
        if scalars[0] == "%" { return scalars.count == 2 && ("A"..."Z").contains(scalars[1]) }
        return ("A"..."Z").contains(scalars[0]) && scalars.dropFirst().allSatisfy { ("a"..."z").contains($0) }
    }

    /// Splits running text after each full stop that ends a sentence: a full stop, a space,
    /// then anything but a small letter or a digit.
    static func sentences(_ paragraph: String) -> [String] {
        var result: [String] = []
        var current = ""
        let scalars = Array(paragraph.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            current.unicodeScalars.append(scalar)
            if scalar == ".", i + 2 < scalars.count, scalars[i + 1] == " " {
                var next = i + 1
                while next < scalars.count, scalars[next] == " " { next += 1 }
                if next < scalars.count, !("a"..."z").contains(scalars[next]), !("0"..."9").contains(scalars[next]) {
                    result.append(current)
                    current = ""
                    i = next
                    continue
                }
            }
            i += 1
        }
        if current.unicodeScalars.contains(where: { $0 != " " }) { result.append(current) }
        return result
    }

    /// A line of help, which has none, with a full stop.
    static func sentence(_ text: String) -> String {
        var result = Substring(text)
        while result.first == " " { result = result.dropFirst() }
        while result.last == " " { result = result.dropLast() }
        if let last = result.last, !".!?".contains(last) { return result + "." }
        return String(result)
    }
}
