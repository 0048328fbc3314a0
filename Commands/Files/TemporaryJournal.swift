import DaybookViews
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where daybook keeps what lives only while it runs: the demo's journal, an import planned
/// where no journal is yet, and the file the editor opens.
public enum TemporaryFiles {
    /// `$TMPDIR` (the value given) when it is an absolute path, else /tmp.
    public static func folder(tmpdir: String?) -> String {
        tmpdir.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? "/tmp"
    }

    /// The folder of this process's `$TMPDIR`.
    public static var folder: String { folder(tmpdir: getenv("TMPDIR").map { String(cString: $0) }) }
}

/// A journal in a new private folder of its own under `TemporaryFiles.folder`, with the
/// files SQLite keeps beside it; `remove` takes them and the folder away.
public struct TemporaryJournal: Sendable {
    /// The folder, made by `mkdtemp` (0700).
    public let folder: String

    /// A new folder named `prefix` and six random characters; nil (with `errno` set) when it
    /// cannot be made.
    public init?(prefix: String) {
        var template = Array((TemporaryFiles.folder + "/" + prefix + "XXXXXX").utf8CString)
        guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else { return nil }
        folder = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// The journal's path in the folder.
    public var path: String { folder + "/journal.sqlite3" }

    /// The journal and what SQLite keeps beside it (write-ahead log, shared memory, rollback
    /// journal): every file `remove` takes away before the folder.
    public var files: [String] { ["", "-wal", "-shm", "-journal"].map { path + $0 } }

    /// Removes the journal's files and the folder.
    public func remove() {
        for file in files { unlink(file) }
        rmdir(folder)
    }
}
