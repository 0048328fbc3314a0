#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading the files and folders a health import is given, and saying what a file is when it
/// is not what the reader expects.
package enum HealthInput {
    /// Opens the file at `path` to read, if it is a regular file. It never blocks (a FIFO
    /// without a writer would wait for one), and anything but a regular file (a device such as
    /// /dev/zero, a FIFO, a socket, a folder, or a link to one) is refused in one line that
    /// says what it is, since it may never end or block for ever.
    static func openFile(_ path: String) throws(ImportError) -> Int32 {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw cannotRead(path) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let error = cannotRead(path)
            close(fd)
            throw error
        }
        if let kind = nonRegular(info.st_mode) {
            close(fd)
            throw ImportError(line: nil, "\(ImportError.shown(Paths.lastComponent(of: path))) is \(kind), not a file; an import reads regular files only")
        }
        _ = fcntl(fd, F_SETFL, O_RDONLY)
        return fd
    }

    /// What a mode is when it is not a regular file's, or nil.
    static func nonRegular(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "a folder"
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a FIFO (named pipe)"
        case S_IFSOCK: return "a socket"
        default: return "not a regular file"
        }
    }

    /// Hands on the file at `path` (a regular file only: `openFile`) a piece of up to 64 KiB at a
    /// time, so that memory stays flat whatever its size. More than `limit` bytes (a file still
    /// growing counts as it is read) is refused as `what`'s size bound says; `interrupted` is
    /// asked before each piece, and when it returns true the read stops with
    /// `HealthImportInterrupted`.
    static func stream(
        _ path: String, limit: Int64, what: String, interrupted: () -> Bool, chunk: ([UInt8]) throws -> Void
    ) throws {
        let fd = try openFile(path)
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total: Int64 = 0
        while true {
            if interrupted() { throw HealthImportInterrupted() }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw cannotRead(path)
            }
            if n == 0 { return }
            total += Int64(n)
            if total > limit { throw tooLarge(what, limit: limit) }
            try chunk(Array(buffer[0..<n]))
        }
    }

    /// The refusal of a file or zip entry past its size bound.
    static func tooLarge(_ what: String, limit: Int64) -> ImportError {
        ImportError(
            line: nil,
            "\(what) runs past \(limit >> 20) MiB, far more than such a file holds; it is not read (a file that never ends, or a zip bomb?)")
    }

    /// The first `count` bytes of the file at `path` (fewer when it is shorter); a regular file
    /// only (`openFile`).
    package static func head(_ path: String, count: Int) throws(ImportError) -> [UInt8] {
        let fd = try openFile(path)
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, count - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw cannotRead(path)
            }
            if n == 0 { break }
            filled += n
        }
        return Array(bytes[0..<filled])
    }

    /// Copies the regular files at `paths` into a new private folder (mode 0700) of the
    /// temporary folder (`TMPDIR`, else /tmp), under `names`, as a stream, hands `body` the
    /// copies' paths, and removes the folder and whatever is in it after.
    package static func withPrivateCopies(
        of paths: [String], names: [String], interrupted: () -> Bool, body: ([String]) throws -> Void
    ) throws {
        let base = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array((base.hasSuffix("/") ? base : base + "/").utf8CString.dropLast()) + Array("daybook-copy-XXXXXX".utf8CString)
        guard let made = mkdtemp(&template) else {
            throw ImportError(line: nil, "cannot make a folder in \(base) to read a copy in: \(String(cString: strerror(errno)))")
        }
        let folder = String(cString: made)
        defer {
            if let names = try? self.names(in: folder) {
                for name in names { unlink(folder + "/" + name) }
            }
            rmdir(folder)
        }
        var copies: [String] = []
        for (path, name) in zip(paths, names) {
            let copy = folder + "/" + name
            let out = open(copy, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            guard out >= 0 else { throw cannotRead(copy) }
            defer { close(out) }
            try stream(path, limit: .max, what: name, interrupted: interrupted) { piece throws in
                var written = 0
                while written < piece.count {
                    let n = piece.withUnsafeBytes { write(out, $0.baseAddress! + written, piece.count - written) }
                    if n < 0 && errno == EINTR { continue }
                    guard n > 0 else {
                        throw ImportError(line: nil, "cannot copy \(name) into \(folder): \(String(cString: strerror(errno)))")
                    }
                    written += n
                }
            }
            copies.append(copy)
        }
        try body(copies)
    }

    /// Whether `path` names a folder.
    static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names in the folder at `path` (not `.` and `..`), sorted by their bytes.
    static func names(in path: String) throws(ImportError) -> [String] {
        guard let folder = opendir(path) else { throw cannotRead(path) }
        defer { closedir(folder) }
        var names: [String] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
    }

    static func cannotRead(_ path: String) -> ImportError {
        ImportError(line: nil, "cannot read \(path): \(String(cString: strerror(errno)))")
    }

    /// What a file is, told by its first bytes, for a message that says a file is not what a
    /// reader reads: "an SQLite database", "a zip archive", "a gzip-compressed file", "an
    /// empty file", "a text file" or "a binary file".
    package static func kind(_ head: [UInt8]) -> String {
        func starts(_ prefix: [UInt8]) -> Bool { head.count >= prefix.count && head.prefix(prefix.count).elementsEqual(prefix) }
        if head.isEmpty { return "an empty file" }
        if starts(sqliteHeader) { return "an SQLite database" }
        if starts([0x50, 0x4B, 0x03, 0x04]) || starts([0x50, 0x4B, 0x05, 0x06]) { return "a zip archive" }
        if starts([0x1F, 0x8B]) { return "a gzip-compressed file" }
        if starts(Array("%PDF".utf8)) { return "a PDF document" }
        if starts(Array("<?xml".utf8)) { return "an XML file" }
        let sample = head.prefix(512)
        // A sample may end inside a character: up to 3 bytes of it may be cut.
        let text = !sample.contains(0) && (0...3).contains { String(validating: sample.dropLast($0), as: UTF8.self) != nil }
        return text ? "a text file" : "a binary file"
    }

    /// The 16 bytes an SQLite database file starts with.
    static let sqliteHeader: [UInt8] = Array("SQLite format 3".utf8) + [0]

    /// Whether the bytes start as a zip archive does.
    static func isZip(_ head: [UInt8]) -> Bool { kind(head) == "a zip archive" }
}
