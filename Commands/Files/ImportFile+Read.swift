import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading the whole of an import's file.
extension ImportFile {
    /// The most a file may hold: far above any export daybook, Daylio or jrnl writes (ten years
    /// of a busy daybook journal are 11 MB of JSON), so that a file that never ends is refused
    /// instead of filling the memory.
    static let limit = 1 << 30

    /// The whole file at `path`. Anything but a regular file (a device such as /dev/zero, a
    /// FIFO, a folder) is refused before a byte is read, since it may never end or block for
    /// ever, and so is a file of more than `limit` bytes; each refusal is one line that says
    /// what the file is, and ends with `nothing was written`.
    static func read(_ path: String) throws -> [UInt8] {
        let shown = printable(path)
        // Not blocking: opening a FIFO without a writer would wait for one.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        if fd < 0 {
            throw CommandError("cannot read \(shown): \(String(cString: strerror(errno))); nothing was written")
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw CommandError("cannot read \(shown): \(String(cString: strerror(errno))); nothing was written")
        }
        if let refusal = refusal(shown, mode: info.st_mode) { throw refusal }
        if Int(info.st_size) > limit { throw tooLarge(shown, size: Int(info.st_size)) }
        _ = fcntl(fd, F_SETFL, O_RDONLY)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size))
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CommandError("cannot read \(shown): \(String(cString: strerror(errno))); nothing was written")
            }
            if n == 0 { return bytes }
            // A file still growing while it is read.
            if bytes.count + n > limit { throw tooLarge(shown, size: nil) }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// Why what has `mode` cannot be imported: a folder (unless `folderAllowed`), a device, a
    /// FIFO or a socket, which may never end or block for ever; nil for a regular file.
    static func refusal(_ shown: String, mode: mode_t, folderAllowed: Bool = false) -> CommandError? {
        if (mode & S_IFMT) == S_IFDIR {
            return folderAllowed ? nil : CommandError("\(shown) is a folder; give the file to import. Nothing was written")
        }
        if let kind = FileKind.nonRegular(mode) {
            return CommandError("\(shown) is \(kind), not a file; give the file to import. Nothing was written")
        }
        return nil
    }

    /// The same refusal for a reader that opens the file itself (the health imports), from
    /// `stat`, which never blocks. A path that cannot be read at all is left to the reader,
    /// which says why.
    static func refuseUnlessFile(_ path: String, folderAllowed: Bool = false) throws {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        if let refusal = refusal(printable(path), mode: info.st_mode, folderAllowed: folderAllowed) { throw refusal }
    }

    /// `FILE holds 2,147,483,648 bytes; ...`, or without the size when the file grew as it was read.
    static func tooLarge(_ shown: String, size: Int?) -> CommandError {
        let held = size.map { "holds " + ValueType.count.format(Double($0)) + " bytes" } ?? "grew past that as it was read"
        return CommandError(
            "\(shown) \(held); an import reads files of up to \(ValueType.count.format(Double(limit))) bytes (1 GiB). Nothing was written"
        )
    }
}
