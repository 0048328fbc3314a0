import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

/// The shell's history file: libedit's format (a `_HiStOrY_V2_` header, then one line per
/// entry with white space, backslashes and control characters encoded as `\ooo`), 0600 in
/// 0700 folders. Each entered line is appended at once, under a lock, so two shells open at
/// the same time both keep their lines. When the file grows past `limit` entries it is cut
/// back to the newest `limit`.
///
/// Only a daybook history is ever written: a file that is not empty and does not start with
/// the header, a folder or a device other than `/dev/null` is left untouched, and no history is
/// kept for the session. A history open to others (wider than 0600) is made private.
public final class HistoryFile {
    public static let header = "_HiStOrY_V2_"
    public let path: String
    public let limit: Int
    /// Says, once, why history could not be written.
    public var onError: ((String) -> Void)?
    private var last: String?
    private var appendedSinceTrim = 0
    private var failed = false
    /// Set when the path names something that is not a daybook history: nothing is read from
    /// it or written to it.
    private var refused = false

    public init(path: String, limit: Int = 1000) {
        self.path = path
        self.limit = max(1, limit)
    }

    /// The entries, oldest first (at most `limit`). Cuts the file back when it is too long.
    public func load() -> [String] {
        guard !refused else { return [] }
        let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
        let readOnly = fd < 0
        let rfd = readOnly ? open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC) : fd
        guard rfd >= 0 else {
            if errno != ENOENT { report("cannot read history \(path): \(String(cString: strerror(errno)))") }
            return []
        }
        defer { close(rfd) }
        _ = flock(rfd, readOnly ? LOCK_SH : LOCK_EX)
        defer { _ = flock(rfd, LOCK_UN) }
        guard checkKind(rfd) else { return [] }
        let bytes = readAll(rfd)
        guard HistoryFile.isHistory(bytes) else {
            refuse("\(path) is not a daybook history (it does not start with \(HistoryFile.header)); it was left untouched")
            return []
        }
        makePrivate(rfd, empty: bytes.isEmpty)
        var entries = HistoryFile.parse(bytes)
        if entries.count > limit {
            entries = Array(entries.suffix(limit))
            if !readOnly && isRegularFile(rfd) { rewrite(rfd, entries) }
        }
        last = entries.last
        return entries
    }

    /// Appends one entry. Blank lines and a repeat of the previous entry are skipped.
    public func append(_ line: String) {
        guard !refused else { return }
        guard !line.unicodeScalars.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\n" }), line != last else { return }
        last = line
        do {
            try Journal.makeDirectories(Paths.folder(of: path))
        } catch {
            report("history is not kept: \(error)")
            return
        }
        guard writeEntry(HistoryFile.encode(line) + "\n") else { return }
        appendedSinceTrim += 1
        if appendedSinceTrim >= limit {
            // Cut back once the lock above is released (flock locks conflict even within one process).
            appendedSinceTrim = 0
            _ = load()
        }
    }

    /// Appends text under an exclusive lock, starting the file with the header.
    private func writeEntry(_ entry: String) -> Bool {
        // Read as well as write, to check under the lock that the file is still a history.
        let fd = open(path, O_RDWR | O_APPEND | O_CREAT | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            if errno == EISDIR {
                refuse("\(path) is a folder")
            } else {
                report("history is not kept: cannot write \(path): \(String(cString: strerror(errno)))")
            }
            return false
        }
        defer { close(fd) }
        _ = flock(fd, LOCK_EX)
        defer { _ = flock(fd, LOCK_UN) }
        guard checkKind(fd) else { return false }
        var info = stat()
        var text = entry
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG {
            if info.st_size == 0 {
                fchmod(fd, 0o600)  // whatever the umask
                text = HistoryFile.header + "\n" + text
            } else {
                var start = [UInt8](repeating: 0, count: HistoryFile.header.utf8.count + 1)
                let n = start.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
                guard n > 0, HistoryFile.isHistory(Array(start[0..<n])) else {
                    refuse("\(path) is not a daybook history (it does not start with \(HistoryFile.header)); it was left untouched")
                    return false
                }
            }
        }
        if !writeAll(fd, Array(text.utf8)) {
            report("history is not kept: cannot write \(path): \(String(cString: strerror(errno)))")
            return false
        }
        return true
    }

    private func report(_ message: String) {
        guard !failed else { return }
        failed = true
        onError?(message)
    }

    /// Keeps no history for the session, and says why once.
    private func refuse(_ why: String) {
        refused = true
        report("history is not kept for this session: \(why)")
    }

    /// True for a regular file, and for `/dev/null` (which keeps no history, as asked). Anything
    /// else (a device, a pipe, a socket) is refused.
    private func checkKind(_ fd: Int32) -> Bool {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return false }
        if (info.st_mode & S_IFMT) == S_IFREG { return true }
        if (info.st_mode & S_IFMT) == S_IFDIR {
            refuse("\(path) is a folder")
            return false
        }
        var null = stat()
        if (info.st_mode & S_IFMT) == S_IFCHR, stat("/dev/null", &null) == 0, null.st_rdev == info.st_rdev { return true }
        refuse("\(path) is not a regular file")
        return false
    }

    /// Makes a history that others may read or write private (0600). An empty file becomes
    /// private silently; a history that was open to others is tightened and the user told.
    /// When it cannot be tightened (another user's file), no history is kept.
    private func makePrivate(_ fd: Int32, empty: Bool) {
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_mode & 0o077 != 0 else { return }
        let was = "0" + String(info.st_mode & 0o777, radix: 8)
        guard fchmod(fd, 0o600) == 0 else {
            refuse("\(path) is open to others (mode \(was)) and cannot be made private: \(String(cString: strerror(errno)))")
            return
        }
        if !empty { onError?("the history file \(path) was open to others (mode \(was)); it is now private (0600)") }
    }

    /// True for the contents of a daybook (libedit) history: empty, or starting with the header line.
    static func isHistory(_ bytes: [UInt8]) -> Bool {
        let header = Array(HistoryFile.header.utf8)
        if bytes.isEmpty { return true }
        guard bytes.count >= header.count, bytes[0..<header.count].elementsEqual(header) else { return false }
        return bytes.count == header.count || bytes[header.count] == 10 || bytes[header.count] == 13
    }

    private func isRegularFile(_ fd: Int32) -> Bool {
        var info = stat()
        return fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    private func rewrite(_ fd: Int32, _ entries: [String]) {
        var text = HistoryFile.header + "\n"
        for entry in entries { text += HistoryFile.encode(entry) + "\n" }
        guard ftruncate(fd, 0) == 0, lseek(fd, 0, SEEK_SET) == 0 else { return }
        _ = writeAll(fd, Array(text.utf8))
    }

    private func readAll(_ fd: Int32) -> [UInt8] {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            bytes += chunk[0..<n]
        }
        return bytes
    }

    private func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    // MARK: The file format

    /// The entries of a history file's contents.
    public static func parse(_ bytes: [UInt8]) -> [String] {
        var entries: [String] = []
        for line in bytes.split(separator: 10, omittingEmptySubsequences: true) {
            if line.elementsEqual(header.utf8) { continue }
            let entry = decode(line)
            if !entry.isEmpty { entries.append(entry) }
        }
        return entries
    }

    /// Encodes one entry as one line: `\\`, and `\ooo` for white space and control characters,
    /// as libedit's `strvis(VIS_WHITE)` does. Other text, UTF-8 included, is kept as it is.
    public static func encode(_ line: String) -> String {
        var out = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case " ", "\t", "\n", "\r":
                out += octal(scalar.value)
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += octal(scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    static func octal(_ value: UInt32) -> String {
        let digits = String(value, radix: 8)
        return "\\" + String(repeating: "0", count: 3 - digits.count) + digits
    }

    /// Decodes one line: `\ooo`, `\\`, and the other forms `strunvis` reads (`\^C`, `\M-x`,
    /// `\n`, `\s`...), so that a file saved by libedit itself reads back too.
    public static func decode(_ line: some Collection<UInt8>) -> String {
        let bytes = Array(line)
        var out: [UInt8] = []
        var i = 0
        func at(_ k: Int) -> UInt8? { k < bytes.count ? bytes[k] : nil }
        while i < bytes.count {
            let b = bytes[i]
            guard b == UInt8(ascii: "\\"), let next = at(i + 1) else {
                out.append(b)
                i += 1
                continue
            }
            switch next {
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = 0
                var k = i + 1
                while k < bytes.count, k < i + 4, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(bytes[k]) {
                    value = value * 8 + Int(bytes[k] - UInt8(ascii: "0"))
                    k += 1
                }
                out.append(UInt8(truncatingIfNeeded: value))
                i = k
            case UInt8(ascii: "^"):
                if let c = at(i + 2) {
                    out.append(c == UInt8(ascii: "?") ? 0x7F : c & 0x1F)
                    i += 3
                } else {
                    i += 2
                }
            case UInt8(ascii: "M"):
                if at(i + 2) == UInt8(ascii: "-"), let c = at(i + 3) {
                    out.append(c | 0x80)
                    i += 4
                } else if at(i + 2) == UInt8(ascii: "^"), let c = at(i + 3) {
                    out.append((c == UInt8(ascii: "?") ? 0x7F : c & 0x1F) | 0x80)
                    i += 4
                } else {
                    out.append(next)
                    i += 2
                }
            default:
                let map: [UInt8: UInt8] = [
                    UInt8(ascii: "n"): 10, UInt8(ascii: "t"): 9, UInt8(ascii: "r"): 13, UInt8(ascii: "s"): 32,
                    UInt8(ascii: "a"): 7, UInt8(ascii: "b"): 8, UInt8(ascii: "f"): 12, UInt8(ascii: "v"): 11,
                    UInt8(ascii: "E"): 27,
                ]
                out.append(map[next] ?? next)
                i += 2
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

/// What of an entered line goes into the history file. With the `history-notes` setting off,
/// the text of a command's note (its `.text` argument) is left out: `mood 4 walked by the sea
/// --on yesterday` is kept as `mood 4 --on yesterday`, and a line that would be nothing but
/// note text (`note ...`) is not kept at all. A word before the text that is not what it
/// should be (`mood divorce papers signed`, whose rating is the first word of a note typed
/// without one) is note text too, and left out. Nil means: keep nothing.
public enum HistoryPrivacy {
    public static func redact(_ line: String, table: CommandTable) -> String? {
        guard let tokens = try? Tokenizer.tokenize(line), let first = tokens.first else { return nil }
        guard let spec = table.command(named: first.text) else { return nil }
        guard let textIndex = spec.arguments.firstIndex(where: { $0.kind == .text }) else { return line }
        var kept = [first.text]
        var droppedText = false
        for (token, role) in zip(tokens, Parser(table: table).roles(tokens)).dropFirst() {
            if role == .argument(textIndex) {
                droppedText = true
            } else if case .argument(let index) = role, !reads(token.text, as: spec.arguments[index].kind) {
                droppedText = true
            } else {
                kept.append(quote(token.text))
            }
        }
        if droppedText && !spec.arguments[textIndex].optional { return nil }
        return kept.joined(separator: " ")
    }

    /// `word` is what an argument of `kind` before a note's text takes: a rating, or a note's
    /// id or `mood` (`edit`). Other kinds are taken as they are.
    static func reads(_ word: String, as kind: ArgKind) -> Bool {
        switch kind {
        case .rating: return (try? Mood.parse(word)) != nil
        case .word: return NoteID.parse(word) != nil || word.lowercased() == "mood"
        default: return true
        }
    }

    /// A word as it must be typed to read back as itself.
    static func quote(_ word: String) -> String {
        let plain =
            !word.isEmpty
            && !word.unicodeScalars.contains {
                $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\"" || $0 == "'" || $0 == "\\"
            }
        if plain { return word }
        return "\"" + word.replacingAll("\\", with: "\\\\").replacingAll("\"", with: "\\\"") + "\""
    }
}
