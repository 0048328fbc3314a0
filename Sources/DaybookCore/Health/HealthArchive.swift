import CHealthExport

#if canImport(Glibc)
    import Glibc
#endif

/// The entries of a zip archive, read as a stream with libarchive (loaded on first use): an
/// Apple Health export.zip, a Google Takeout archive. Nothing is unpacked to disk.
public enum HealthArchive {
    /// Whether the file at `path` is a zip archive, told by its first bytes (`PK 3 4`, or
    /// `PK 5 6` for an empty one); false when it cannot be read.
    public static func isZip(path: String) -> Bool {
        var head = [UInt8](repeating: 0, count: 4)
        var size: Int64 = 0
        return daybook_file_head(path, &head, head.count, &size) == 4 && isZip(head)
    }

    static func isZip(_ head: [UInt8]) -> Bool {
        head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06])
    }

    /// The paths of the archive's entries, in the archive's order.
    public static func entries(path: String) throws(ImportError) -> [String] {
        let zip = try ZipArchive(path: path)
        var names: [String] = []
        while let name = try zip.next() { names.append(name) }
        return names
    }

    /// Hands on the data of the entry at `entry` (a path as `entries` gives it), a piece at a
    /// time; an ImportError when the archive holds no such entry or cannot be read.
    ///
    /// Bounds for an entry that would inflate without end (a zip bomb): more than `limit`
    /// bytes of data is refused, and so is data past its first MiB that runs to more than
    /// `ratio` times the whole archive's size (no entry can have been compressed further than
    /// that). `interrupted` is asked before each piece; when it returns true the read stops
    /// with `HealthImportInterrupted`.
    public static func read(
        path: String, entry: String, limit: Int64 = .max, ratio: Int64 = .max, interrupted: () -> Bool = { false },
        chunk: ([UInt8]) throws -> Void
    ) throws {
        let zip = try ZipArchive(path: path)
        var names: [String] = []
        while let name = try zip.next() {
            guard name == entry else {
                names.append(name)
                continue
            }
            if let refusal = zip.refusalUnlessFile(name) { throw refusal }
            let shown = "\(ImportError.shown(Paths.lastComponent(of: entry))) in the zip archive"
            let ratioBound = zip.size.multipliedReportingOverflow(by: ratio)
            let inflatedBound = ratioBound.overflow ? Int64.max : max(ratioBound.partialValue, 1 << 20)
            var total: Int64 = 0
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                if interrupted() { throw HealthImportInterrupted() }
                let count = try buffer.withUnsafeMutableBytes { bytes throws(ImportError) in
                    try zip.read(into: bytes)
                }
                if count == 0 { return }
                total += Int64(count)
                if total > limit { throw HealthInput.tooLarge(shown, limit: limit) }
                if total > inflatedBound {
                    throw ImportError(
                        line: nil,
                        "\(shown) inflates to more than \(ratio) times the archive's size, which no such file does; it is not read (a zip bomb?)")
                }
                try chunk(Array(buffer[..<count]))
            }
        }
        throw ImportError(line: nil, "the zip archive holds no \(entry); it holds \(ZipArchive.listed(names))")
    }
}

/// An open zip archive, one entry after the other.
final class ZipArchive {
    let handle: OpaquePointer
    let path: String

    init(path: String) throws(ImportError) {
        guard daybook_archive_load() != 0 else {
            let why = daybook_archive_error().map { String(cString: $0) } ?? ""
            throw ImportError(
                line: nil, "reading a zip archive needs libarchive, which could not be loaded (\(why)); install the Debian package libarchive13")
        }
        var error = [UInt8](repeating: 0, count: 512)
        let opened = error.withUnsafeMutableBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { daybook_zip_open(path, $0.baseAddress, $0.count) }
        }
        guard let handle = opened else {
            throw ZipArchive.failure(path: path, String(decoding: error.prefix(while: { $0 != 0 }), as: UTF8.self))
        }
        self.handle = handle
        self.path = path
    }

    deinit { daybook_zip_close(handle) }

    /// The next entry's path, or nil after the last.
    func next() throws(ImportError) -> String? {
        var name: UnsafePointer<CChar>?
        switch daybook_zip_next(handle, &name) {
        case 1: return name.map { String(cString: $0) } ?? ""
        case 0: return nil
        default: throw failure()
        }
    }

    /// Reads on in the current entry: the count of bytes, 0 at its end.
    func read(into bytes: UnsafeMutableRawBufferPointer) throws(ImportError) -> Int {
        let count = daybook_zip_read(handle, bytes.baseAddress, bytes.count)
        if count < 0 { throw failure() }
        return count
    }

    var size: Int64 { daybook_zip_size(handle) }

    /// Nil when the current entry, `name`, is a regular file; else the refusal that says what
    /// it is: a link (which an archive's file never is, and which may point anywhere), a folder.
    func refusalUnlessFile(_ name: String) -> ImportError? {
        if daybook_zip_entry_is_file(handle) != 0 { return nil }
        let kind = daybook_zip_entry_is_link(handle) != 0 ? "a symbolic link" : "not a regular file"
        return ImportError(
            line: nil, "the zip archive's \(ImportError.shown(name)) is \(kind), not the file itself; it is not read (make the archive again)")
    }

    /// Why the archive could not be read on, as one line: an archive cut short is said to be
    /// one (libarchive's reason is then only what failed first).
    func failure() -> ImportError {
        if daybook_zip_complete(handle) == 0 {
            return ImportError(line: nil, "the zip archive is cut short (its end, the central directory, is missing); copy or download it again")
        }
        return ZipArchive.failure(path: path, String(cString: daybook_zip_error(handle)))
    }

    /// libarchive's reason as one line.
    static func failure(path: String, _ why: String) -> ImportError {
        ImportError(line: nil, "the zip archive \(path) cannot be read (\(why))")
    }

    /// Entry names for a message: the first three, then how many more.
    static func listed(_ names: [String]) -> String {
        if names.isEmpty { return "nothing" }
        let shown = names.prefix(3).map { ImportError.shown($0) }.joined(separator: ", ")
        return names.count > 3 ? "\(shown) and \(names.count - 3) more" : shown
    }
}
