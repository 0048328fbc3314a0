#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A buffered writer to a file descriptor. Views write to standard output through one;
/// messages and errors go to standard error through another.
public final class Output {
    public let fd: Int32
    private var buffer: [UInt8] = []
    /// Set when a write failed (for example standard output was closed).
    public private(set) var failed = false
    /// The `errno` of the first write that failed.
    public private(set) var failure: Int32 = 0

    public init(fd: Int32) {
        self.fd = fd
        // Room for what most commands print; a long output grows it up to the 64 KiB at which
        // it is written out. (Two writers at 64 KiB each were 0.1 MiB of a one-shot's peak.)
        buffer.reserveCapacity(1 << 12)
    }

    public func write(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= 1 << 16 { flush() }
    }

    public func line(_ text: String = "") {
        write(text)
        buffer.append(10)
    }

    /// Each of `lines`, one a line: a view's output.
    public func lines(_ lines: [String]) {
        for text in lines { line(text) }
    }

    public func flush() {
        var offset = 0
        while offset < buffer.count {
            let n = buffer[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                if !failed { failure = errno }
                failed = true
                break
            }
            offset += n
        }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// Replaces control characters (escape sequences among them) with visible stand-ins, so that
/// text from the journal can never move the cursor, change colours or retitle a terminal.
/// Bidirectional controls and zero-width characters, which could make text read in another
/// order or hide words, are shown by their code point (`<U+202E>`); a zero-width joiner
/// inside an emoji sequence (👩‍💻) is kept.
public func printable(_ text: String) -> String {
    var needs = false
    for scalar in text.unicodeScalars where isControl(scalar) || isHiddenFormat(scalar) {
        needs = true
        break
    }
    guard needs else { return text }
    var out = String.UnicodeScalarView()
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() {
        if isHiddenFormat(scalar) {
            if scalar == "\u{200D}", index > 0, index + 1 < scalars.count, joinsEmoji(scalars[index - 1], scalars[index + 1]) {
                out.append(scalar)
            } else {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out.append(contentsOf: "<U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)>".unicodeScalars)
            }
        } else if isControl(scalar) {
            if scalar.value < 0x20 {
                // U+2400 block: ␀ ␁ ... ␛ ...
                out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            } else if scalar.value == 0x7F {
                out.append("\u{2421}")
            } else {
                out.append("\u{FFFD}")
            }
        } else {
            out.append(scalar)
        }
    }
    return String(out)
}

/// True for C0 and C1 control characters and DEL: the characters `printable` replaces.
@inline(__always)
public func isControl(_ scalar: Unicode.Scalar) -> Bool {
    let v = scalar.value
    return v < 0x20 || v == 0x7F || (0x80...0x9F).contains(v)
}

/// Bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) and
/// zero-width characters (U+200B–U+200D, U+2060, U+FEFF): invisible, yet they reorder or hide text.
@inline(__always)
public func isHiddenFormat(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C, 0x200B...0x200D, 0x2060, 0xFEFF: return true
    default: return false
    }
}

/// True when a zero-width joiner between these two scalars is part of an emoji sequence
/// (👩‍💻, 🏳️‍🌈): an emoji, or an emoji's presentation selector, before it, and an emoji after.
func joinsEmoji(_ before: Unicode.Scalar, _ after: Unicode.Scalar) -> Bool {
    func emoji(_ s: Unicode.Scalar) -> Bool { s.value >= 0x80 && s.properties.isEmoji }
    return (emoji(before) || before == "\u{FE0F}") && emoji(after)
}

/// An error or warning line made safe for a terminal: control characters become visible
/// stand-ins (`printable`), a word longer than 120 characters (a pasted line, say) keeps only
/// its start and end, and a line longer than 1,000 characters keeps its start and its end
/// (where the message says what is accepted). So a message stays one readable line.
public func errorLine(_ text: String) -> String {
    let scalars = Array(text.unicodeScalars)
    var words: [ArraySlice<Unicode.Scalar>] = []
    var start = 0
    for (i, scalar) in scalars.enumerated() where scalar == " " {
        words.append(scalars[start..<i])
        start = i + 1
    }
    words.append(scalars[start...])
    var out: [Unicode.Scalar] = []
    out.reserveCapacity(min(scalars.count, 2000))
    for (i, word) in words.enumerated() {
        if i > 0 { out.append(" ") }
        if word.count > 120 {
            out += word.prefix(60)
            out.append("…")
            out += word.suffix(20)
        } else {
            out += word
        }
    }
    if out.count > 1000 {
        out = Array(out.prefix(600)) + ["…"] + Array(out.suffix(300))
    }
    var view = String.UnicodeScalarView()
    view.append(contentsOf: out)
    return printable(String(view))
}
