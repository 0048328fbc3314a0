#if canImport(Glibc)
    import Glibc
#endif

/// What reading a line gave.
public enum LineInput: Equatable, Sendable {
    case line(String)
    /// Ctrl-C while typing: the line was dropped.
    case interrupted
    case endOfInput
}

/// A source of command lines: a terminal, a pipe, a file.
public protocol LineReader: AnyObject {
    /// Reads one line. `prompt` is shown only by readers on a terminal.
    func read(prompt: String) -> LineInput
    /// Called after a line was run, so a terminal reader can add it to the history.
    func entered(_ line: String)
}

extension LineReader {
    public func entered(_ line: String) {}
}

/// Reads lines from a file descriptor without a prompt: pipes and files. Invalid UTF-8 is
/// replaced with U+FFFD, and the line is reported so that the journal never stores a
/// silently altered note.
public final class StreamLineReader: LineReader {
    private let fd: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var eof = false
    /// Set for the last line read when it was not valid UTF-8 or held a NUL byte.
    public private(set) var lastLineWasInvalid = false
    /// Set for the last line read when it was longer than `maximumLineBytes`: its text was
    /// dropped (the line reads as empty), so that endless input without a newline cannot
    /// exhaust memory.
    public private(set) var lastLineWasTooLong = false
    public static let maximumLineBytes = 4 << 20
    private var skippingLongLine = false
    private var scanned = 0
    /// Asked before the reader waits for input that has not arrived: how long it may wait, in
    /// milliseconds, before it calls `idle` (nil: as long as it takes). Script mode commits its
    /// open batch there.
    public var waitLimit: (() -> Int?)? = nil
    public var idle: (() -> Void)? = nil

    public init(fd: Int32) {
        self.fd = fd
        buffer.reserveCapacity(1 << 16)
    }

    /// Set when reading failed (not at the end of the input): the `errno` of the failed read.
    public private(set) var readError: Int32 = 0

    /// Opens a file for reading; nil with errno set when it cannot be opened. A folder is
    /// refused (EISDIR): it would otherwise read as an empty script.
    public static func open(path: String) -> StreamLineReader? {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard !isDirectory(fd) else {
            close(fd)
            errno = EISDIR
            return nil
        }
        return StreamLineReader(fd: fd, owned: true)
    }

    /// True when the descriptor is a folder.
    public static func isDirectory(_ fd: Int32) -> Bool {
        var info = stat()
        return fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    private var owned = false
    private init(fd: Int32, owned: Bool) {
        self.fd = fd
        self.owned = owned
    }

    deinit { if owned { close(fd) } }

    public func read(prompt: String) -> LineInput {
        while true {
            // Bytes before `scanned` hold no newline: a long line is searched once, not once a read.
            if let newline = buffer[max(start, scanned)...].firstIndex(of: 10) {
                let line = skippingLongLine ? tooLong() : decode(buffer[start..<newline])
                start = newline + 1
                scanned = start
                return .line(line)
            }
            scanned = buffer.count
            if eof {
                if start < buffer.count || skippingLongLine {
                    let line = skippingLongLine ? tooLong() : decode(buffer[start...])
                    start = buffer.count
                    return .line(line)
                }
                return .endOfInput
            }
            if buffer.count - start > StreamLineReader.maximumLineBytes {
                skippingLongLine = true
                start = buffer.count
            }
            if start > 0 {
                buffer.removeSubrange(0..<start)
                scanned -= start
                start = 0
            }
            if let limit = waitLimit?() {
                var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, Int32(clamping: limit)) == 0 { idle?() }
            }
            let old = buffer.count
            buffer.append(contentsOf: repeatElement(0, count: 1 << 16))
            let n = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + old, 1 << 16) }
            if n < 0 && errno == EINTR {
                buffer.removeSubrange(old...)
                continue
            }
            buffer.removeSubrange((old + max(n, 0))...)
            if n < 0 { readError = errno }
            if n <= 0 { eof = true }
        }
    }

    private func tooLong() -> String {
        skippingLongLine = false
        lastLineWasTooLong = true
        lastLineWasInvalid = false
        return ""
    }

    private func decode(_ bytes: ArraySlice<UInt8>) -> String {
        lastLineWasTooLong = false
        var slice = bytes
        if slice.last == 13 { slice = slice.dropLast() }  // CRLF
        let text = String(decoding: slice, as: UTF8.self)
        lastLineWasInvalid = slice.contains(0) || !text.utf8.elementsEqual(slice)
        return text
    }
}
