#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where this machine keeps the sync key of each journal: outside the journal and the sync
/// folder, in `FOLDER/sync-keys/<device id>.key` (FOLDER is `$XDG_CONFIG_HOME/daybook`, else
/// `~/.config/daybook`), a file of mode 0600 in folders of mode 0700, holding one line:
/// `daybook-sync-key <TAB> 1 <TAB> <64 hex digits>`. A journal whose device has a key here syncs
/// encrypted, and takes no plain file.
public struct SyncKeyStore: Sendable {
    /// daybook's configuration folder on this machine.
    public let folder: String

    public init(folder: String) { self.folder = folder }

    var keys: String { folder + "/sync-keys" }

    func path(device: String) -> String { keys + "/" + device + ".key" }

    /// Why a key file could not be read.
    public enum Problem: Error, Equatable, Sendable {
        /// The file is there but is not a key file, or not a regular file.
        case damaged(path: String)
        /// Others than its owner may read it.
        case readableByOthers(path: String)
    }

    /// The key of `device`'s journal; nil when this machine has none.
    package func key(device: String) throws(Problem) -> SyncKey? {
        let path = path(device: device)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw .damaged(path: path)
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size < 512 else {
            throw .damaged(path: path)
        }
        guard info.st_mode & 0o077 == 0 else { throw .readableByOthers(path: path) }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, 512) }
        guard count > 0 else { throw .damaged(path: path) }
        let fields = bytes[..<count].split(separator: 0x0A).first?.split(separator: 0x09) ?? []
        guard fields.count == 3, String(decoding: fields[0], as: UTF8.self) == "daybook-sync-key",
            String(decoding: fields[1], as: UTF8.self) == "1",
            let raw = Sodium.unhex(String(decoding: fields[2], as: UTF8.self)), let key = SyncKey(bytes: raw)
        else { throw .damaged(path: path) }
        return key
    }

    /// Keeps `key` as `device`'s, replacing any it had: written whole (a temporary file of mode
    /// 0600, synced, renamed).
    package func store(_ key: SyncKey, device: String) throws {
        try makeFolder(folder)
        try makeFolder(keys)
        let line = Array("daybook-sync-key\t1\t\(Sodium.hex(key.bytes))\n".utf8)
        try SyncFolder.writeWhole(line, folder: keys, name: device + ".key")
    }

    /// Forgets `device`'s key.
    func remove(device: String) { unlink(path(device: device)) }

    /// Makes `path` a folder of mode 0700, and the folders above it that are missing.
    private func makeFolder(_ path: String) throws {
        var info = stat()
        let parent = Paths.folder(of: path)
        if parent != path && parent != "/" && stat(parent, &info) != 0 { try makeFolder(parent) }
        if lstat(path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw SyncRefused(.keyFolderUnusable(path: path)) }
            return
        }
        if mkdir(path, 0o700) != 0 && errno != EEXIST { throw SyncRefused(.keyFolderUnusable(path: path)) }
        _ = chmod(path, 0o700)
    }
}
