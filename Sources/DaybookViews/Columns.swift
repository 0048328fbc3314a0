/// Text measured in terminal columns, not bytes or characters: a wide character (CJK, most
/// emoji) takes two columns, a combining mark or a zero-width character none, and the colour
/// sequences `Style` writes none. Views fit their lines to a width with these.
public enum Columns {
    /// The columns `text` takes on a terminal. Colour sequences (`ESC [ ... m`) count nothing;
    /// text from the journal reaches views through `printable`, so they are the only escapes.
    /// Each character counts as `width(_: Character)` says. That is its scalars added up unless
    /// it holds VS16, ZWJ, a keycap or a tag, so text without those is counted scalar by
    /// scalar, for speed, and only text with them a character at a time.
    public static func width(_ text: String) -> Int {
        if let total = scalarWidth(text) { return total }
        var total = 0
        var inEscape = false
        var afterEscape = false
        for character in text {
            // Escapes are ASCII; a sequence's final byte may carry marks, which take no room either.
            let first = character.unicodeScalars.first!
            if afterEscape {
                afterEscape = false
                if first == "[" && character.unicodeScalars.count == 1 {
                    inEscape = true
                    continue
                }
            }
            if inEscape {
                if (0x40...0x7E).contains(first.value) {
                    inEscape = false
                    // What joined the final byte (a mark, a skin tone) is drawn after it.
                    let rest = character.unicodeScalars.dropFirst()
                    if !rest.isEmpty { total += width(String(String.UnicodeScalarView(rest))) }
                }
                continue
            }
            if character == "\u{1B}" {
                afterEscape = true
                continue
            }
            total += width(character)
        }
        return total
    }

    /// `text`'s columns scalar by scalar, or nil when it holds a scalar that can make an emoji
    /// sequence wider than its scalars (VS16, ZWJ, a keycap, a tag).
    static func scalarWidth(_ text: String) -> Int? {
        var total = 0
        var inEscape = false
        var afterEscape = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            if v == 0xFE0F || v == 0x200D || v == 0x20E3 || (0xE0020...0xE007F).contains(v) { return nil }
            if afterEscape {
                afterEscape = false
                if v == 0x5B {  // [
                    inEscape = true
                    continue
                }
            }
            if inEscape {
                // Parameters and intermediates, up to the final byte (0x40 to 0x7E).
                if (0x40...0x7E).contains(v) { inEscape = false }
                continue
            }
            if v == 0x1B {
                afterEscape = true
                continue
            }
            total += width(scalar)
        }
        return total
    }

    /// The columns one character takes, counted so that it never takes more on a terminal:
    /// its scalars' columns added up (what `wcwidth` gives, and what terminals that draw scalar
    /// by scalar use), and at least two for an emoji sequence (joined with ZWJ, with a skin
    /// tone, a flag, a keycap, or a symbol made emoji by VS16, like ☀️), which terminals that
    /// draw whole characters show as one emoji. A line measured this way fits both kinds.
    public static func width(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        let first = scalars.first!
        if scalars.count == 1 { return width(first) }
        var total = 0
        for scalar in scalars { total += width(scalar) }
        if total < 2, isEmojiSequence(scalars) { return 2 }
        return total
    }

    static func isEmojiSequence(_ scalars: Character.UnicodeScalarView) -> Bool {
        let first = scalars.first!
        if (0x1F1E6...0x1F1FF).contains(first.value) { return true }  // a flag: two regional indicators
        guard first.properties.isEmoji else { return false }
        return scalars.dropFirst().contains {
            $0 == "\u{FE0F}" || $0 == "\u{200D}" || $0 == "\u{20E3}" || $0.properties.isEmojiModifier
                || (0xE0020...0xE007F).contains($0.value)
        }
    }

    /// The columns one scalar takes: 0, 1 or 2.
    public static func width(_ scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        if v < 0x300 { return v < 0x20 || (0x7F...0x9F).contains(v) ? 0 : 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if (0xFE00...0xFE0F).contains(v) || (0xE0100...0xE01EF).contains(v) || (0x1160...0x11FF).contains(v) {
            return 0
        }
        if isWide(v) { return 2 }
        if v >= 0x1F000, scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    /// East Asian wide and full-width ranges, and the emoji blocks terminals draw two columns wide.
    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC, 0x23F0, 0x23F3,
            0x25FD...0x25FE, 0x2614...0x2615, 0x2648...0x2653, 0x267F, 0x2693, 0x26A1, 0x26AA...0x26AB,
            0x26BD...0x26BE, 0x26C4...0x26C5, 0x26CE, 0x26D4, 0x26EA, 0x26F2...0x26F3, 0x26F5, 0x26FA, 0x26FD,
            0x2705, 0x270A...0x270B, 0x2728, 0x274C, 0x274E, 0x2753...0x2755, 0x2757, 0x2795...0x2797, 0x27B0,
            0x27BF, 0x2B1B...0x2B1C, 0x2B50, 0x2B55, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF,
            0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x17000...0x18CFF,
            0x1AFF0...0x1B2FF, 0x1F004, 0x1F0CF, 0x1F18E, 0x1F191...0x1F19A, 0x1F200...0x1F202,
            0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265, 0x1F300...0x1F320,
            0x1F32D...0x1F335, 0x1F337...0x1F37C, 0x1F37E...0x1F393, 0x1F3A0...0x1F3CA, 0x1F3CF...0x1F3D3,
            0x1F3E0...0x1F3F0, 0x1F3F4, 0x1F3F8...0x1F43E, 0x1F440, 0x1F442...0x1F4FC, 0x1F4FF...0x1F53D,
            0x1F54B...0x1F54E, 0x1F550...0x1F567, 0x1F57A, 0x1F595...0x1F596, 0x1F5A4, 0x1F5FB...0x1F64F,
            0x1F680...0x1F6C5, 0x1F6CC, 0x1F6D0...0x1F6D2, 0x1F6D5...0x1F6D7, 0x1F6DC...0x1F6DF,
            0x1F6EB...0x1F6EC, 0x1F6F4...0x1F6FC, 0x1F7E0...0x1F7EB, 0x1F7F0, 0x1F90C...0x1F93A,
            0x1F93C...0x1F945, 0x1F947...0x1F9FF, 0x1FA70...0x1FAFF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// `text` cut to at most `width` columns. When it is longer, it ends with `ellipsis` (itself
    /// dropped when even that does not fit). A colour left open by the cut is closed.
    public static func fit(_ text: String, _ width: Int, ellipsis: String = "…") -> String {
        let width = max(0, width)
        if Columns.width(text) <= width { return text }
        let mark = Columns.width(ellipsis) <= width ? ellipsis : ""
        return cut(text, width - Columns.width(mark)) + mark
    }

    /// The start of `text` that fits `width` columns, colour sequences kept, and closed when one is open.
    static func cut(_ text: String, _ width: Int) -> String {
        var out = ""
        var used = 0
        var open = false
        var sequence = ""
        var inEscape = false
        var afterEscape = false
        for character in text {
            if afterEscape || inEscape {
                sequence.append(character)
                if afterEscape {
                    afterEscape = false
                    if character == "[" {
                        inEscape = true
                        continue
                    }
                } else if (0x40...0x7E).contains(character.unicodeScalars.first!.value) {
                    inEscape = false
                    open = sequence != "\u{1B}[0m" && sequence != "\u{1B}[m"
                    out += sequence
                    sequence = ""
                }
                continue
            }
            if character == "\u{1B}" {
                sequence = "\u{1B}"
                afterEscape = true
                continue
            }
            let w = Columns.width(character)
            if used + w > width { break }
            used += w
            out.append(character)
        }
        if open { out += "\u{1B}[0m" }
        return out
    }

    /// `text` followed by spaces up to `width` columns (as it is when already that wide).
    public static func pad(_ text: String, _ width: Int) -> String {
        let w = Columns.width(text)
        return w >= width ? text : text + String(repeating: " ", count: width - w)
    }

    /// Spaces, then `text`, up to `width` columns.
    public static func padLeft(_ text: String, _ width: Int) -> String {
        let w = Columns.width(text)
        return w >= width ? text : String(repeating: " ", count: width - w) + text
    }

    /// Plain words wrapped to lines of at most `width` columns; the first line starts with `first`,
    /// the others with `indent`. A word longer than a line is broken. A separator between items
    /// (`·`, or `|` in ASCII) goes to the next line with the item it introduces, never ends a line.
    public static func wrap(_ text: String, width: Int, first: String = "", indent: String = "") -> [String] {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        func room(_ prefix: String) -> Int { max(1, width - Columns.width(prefix)) }
        var pieces = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        var i = pieces.count - 2
        while i >= 0 {
            if pieces[i] == "·" || pieces[i] == "|" {
                pieces[i] += " " + pieces[i + 1]
                pieces.remove(at: i + 1)
            }
            i -= 1
        }
        for piece in pieces {
            var word = piece
            let spaceNeeded = lineHasWord ? 1 : 0
            if Columns.width(line) + spaceNeeded + Columns.width(word) <= width {
                line += (lineHasWord ? " " : "") + word
                lineHasWord = true
                continue
            }
            if lineHasWord {
                lines.append(line)
                line = indent
                lineHasWord = false
            }
            // A word wider than a whole line: broken across lines.
            while Columns.width(line) + Columns.width(word) > width {
                let head = cutPlain(word, room(line))
                if head.isEmpty { break }
                lines.append(line + head)
                line = indent
                word = String(word.dropFirst(head.count))
            }
            if !word.isEmpty {
                line += word
                lineHasWord = true
            }
        }
        if lineHasWord || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The start of plain `text` that fits `width` columns (at least one character, so that a
    /// wrap always moves on).
    static func cutPlain(_ text: String, _ width: Int) -> String {
        var out = ""
        var used = 0
        for character in text {
            let w = Columns.width(character)
            if used + w > width && !out.isEmpty { break }
            used += w
            out.append(character)
        }
        return out
    }

    /// A line that is wider than `width` wrapped at its spaces, its later lines indented by
    /// `hanging` columns (by default as far as the line itself is), or not at all when that
    /// leaves too little room; a line that fits is kept as it is. The last resort of views
    /// whose lines are prose (help, a day's notes): nothing is lost, nothing is wider than `width`.
    public static func wrapLine(_ line: String, width: Int, hanging: Int? = nil) -> [String] {
        guard Columns.width(line) > width else { return [line] }
        if let hanging, hanging > 0, width - hanging >= 10 {
            // A label padded out to the hanging column (`  mood    4 good`) keeps its padding:
            // the text starts in the column its later lines do, while 10 columns are left for it.
            let head = String(line.prefix(hanging))
            let rest = line.dropFirst(hanging)
            if head.last == " ", Columns.width(head) == hanging, head.contains(where: { $0 != " " }),
                let next = rest.first, next != " "
            {
                return wrapFitted(String(rest), width: width, first: head, indent: String(repeating: " ", count: hanging))
            }
        }
        let lead = String(line.prefix { $0 == " " })
        // An indent is kept while it takes less than half the line; a line that starts at the
        // hanging column given (the later lines of a note, under its first) keeps it while 10
        // columns are left, as the first line's text does.
        let underText = hanging.map { lead.count == $0 && width - $0 >= 10 } ?? false
        let first = underText || Columns.width(lead) * 2 < width ? lead : ""
        let hang = hanging ?? lead.count
        let indent = underText || hang * 2 < width ? String(repeating: " ", count: hang) : ""
        return wrapFitted(String(line.dropFirst(lead.count)), width: width, first: first, indent: indent)
    }

    /// `wrap`, and a line still wider than `width` (a `first` or `indent` wider than it) cut
    /// to fit: nothing wider than `width`.
    public static func wrapFitted(_ text: String, width: Int, first: String, indent: String) -> [String] {
        wrap(text, width: width, first: first, indent: indent).map { Columns.width($0) > width ? Columns.fit($0, width) : $0 }
    }

    /// `text` split at each `separator`.
    public static func split(_ text: String, on separator: String) -> [String] {
        guard !separator.isEmpty else { return [text] }
        var parts: [String] = []
        var rest = Substring(text)
        while let found = rest.firstRange(of: separator) {
            parts.append(String(rest[..<found.lowerBound]))
            rest = rest[found.upperBound...]
        }
        parts.append(String(rest))
        return parts
    }
}
