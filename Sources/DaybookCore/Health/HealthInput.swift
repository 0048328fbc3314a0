#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading the files and folders a health import is given, and saying what a file is when it
/// is not what the reader expects.
enum HealthInput {
    /// The whole file at `path`. A file that cannot be read is one line naming it and why.
    static func bytes(_ path: String) throws(ImportError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw cannotRead(path) }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw cannotRead(path)
            }
            if n == 0 { return bytes }
            bytes.append(contentsOf: chunk[0..<n])
        }
    }

    /// The first `count` bytes of the file at `path` (fewer when it is shorter).
    static func head(_ path: String, count: Int) throws(ImportError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw cannotRead(path) }
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
    static func kind(_ head: [UInt8]) -> String {
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
