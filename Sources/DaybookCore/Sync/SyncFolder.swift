#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The shared folder: one folder per device (its id), written only by that device, holding
/// its sync files. Files are written whole (a temporary name, fsync, rename) and never changed.
public enum SyncFolder {
    /// The names in a folder, without `.` and `..`; nil when it cannot be read.
    static func names(in path: String) -> [String]? {
        guard let dir = opendir(path) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    package static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    package enum Kind { case folder, file, link, other, missing }

    /// What `path` is, itself: a link is a link, wherever it points.
    package static func kind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFDIR: return .folder
        case S_IFREG: return .file
        case S_IFLNK: return .link
        default: return .other
        }
    }

    /// A device folder's sync files by sequence number, and the names of anything else in it
    /// (temporary files, conflicted copies), which are never read.
    static func files(in folder: String) -> (files: [(seq: Int, name: String)], others: [String]) {
        var files: [(seq: Int, name: String)] = []
        var others: [String] = []
        for name in names(in: folder) ?? [] {
            if let seq = SyncFile.seq(fromName: name) {
                files.append((seq, name))
            } else {
                others.append(name)
            }
        }
        return (files.sorted { $0.seq < $1.seq }, others)
    }

    /// `path` opened for reading, when it is a regular file (not a link, a FIFO or a device:
    /// those are refused without waiting) of at most `limit` bytes; the caller closes it.
    static func openFile(_ path: String, limit: Int64) -> Result<Int32, SyncUnread.Why> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        guard fd >= 0 else { return .failure(errno == ELOOP ? .link : .unreadable) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            return .failure(.notAFile)
        }
        guard Int64(info.st_size) <= limit else {
            close(fd)
            return .failure(.tooLarge(bytes: Int64(info.st_size), limit: limit))
        }
        return .success(fd)
    }

    /// A file's bytes, when it is a regular file (not a link, a FIFO or a device: those are
    /// refused without waiting) of at most `limit` bytes.
    static func contents(_ path: String, limit: Int64) -> Result<[UInt8], SyncUnread.Why> {
        let fd: Int32
        switch openFile(path, limit: limit) {
        case .success(let opened): fd = opened
        case .failure(let why): return .failure(why)
        }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 65536) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return .failure(.unreadable) }
            if count == 0 { return .success(bytes) }
            bytes += buffer[0..<count]
            if Int64(bytes.count) > limit { return .failure(.tooLarge(bytes: Int64(bytes.count), limit: limit)) }
        }
    }

    /// Makes `path` a folder of mode 0700 when it is not there, whatever the umask (one that
    /// takes away the owner's write bit would leave a folder this device cannot write in).
    package static func makeFolder(_ path: String) throws {
        if isFolder(path) { return }
        if mkdir(path, 0o700) != 0 {
            if errno == EEXIST { return }
            throw JournalError(
                "cannot create the folder \(path): \(String(cString: strerror(errno))); nothing was written")
        }
        _ = chmod(path, 0o700)
    }

    /// True for the hidden temporary name `writeWhole` writes under before its rename.
    static func isTemporary(_ name: String) -> Bool {
        name.hasPrefix(".") && name.contains(SyncFile.suffix + ".tmp-")
    }

    /// Removes the temporary files a write killed before its rename left in this device's own
    /// folder; the other devices would otherwise name them as unread at every sync.
    package static func removeTemporaries(in folder: String) {
        for name in names(in: folder) ?? [] where isTemporary(name) {
            unlink(folder + "/" + name)
        }
    }

    /// Writes `bytes` as `folder/name`, whole, replacing what was there: for files that are this
    /// machine's own (a key).
    static func writeWhole(_ bytes: [UInt8], folder: String, name: String) throws {
        _ = try write(folder: folder, name: name, replace: true) { sink in try sink(bytes) }
    }

    /// Writes a new file `folder/name` from what `body` hands its sink, whole: to a hidden
    /// temporary file (0600), synced to disk, then put in place, and the folder synced. With
    /// `replace` false, a file already called `name` is left as it is and false is returned
    /// (a sync file is never changed once written). Nothing is left under `name` if it fails.
    package static func write(
        folder: String, name: String, replace: Bool, _ body: ((borrowing [UInt8]) throws -> Void) throws -> Void
    ) throws -> Bool {
        var template = Array((folder + "/." + name + ".tmp-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw JournalError("cannot write in \(folder): \(String(cString: strerror(errno))); nothing was written")
        }
        let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        _ = fchmod(fd, 0o600)
        var failure: Int32 = 0
        do {
            try body { bytes in
                var offset = 0
                while offset < bytes.count && failure == 0 {
                    let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, bytes.count - offset) }
                    if written < 0 {
                        if errno != EINTR { failure = errno }
                    } else {
                        offset += written
                    }
                }
            }
        } catch {
            close(fd)
            unlink(temporary)
            throw error
        }
        if failure == 0 && fsync(fd) != 0 && errno != EINVAL { failure = errno }
        if close(fd) != 0 && failure == 0 && errno != EINTR { failure = errno }
        let target = folder + "/" + name
        var taken = false
        if failure == 0 {
            if replace {
                if rename(temporary, target) != 0 { failure = errno }
            } else if link(temporary, target) == 0 {
                unlink(temporary)
            } else if errno == EEXIST {
                taken = true
            } else if kind(target) == .missing {
                // A file system without hard links (FAT on a USB stick): the name was free a
                // moment ago, and only this device writes in its folder.
                if rename(temporary, target) != 0 { failure = errno }
            } else {
                taken = true
            }
        }
        if failure != 0 || taken {
            unlink(temporary)
            if taken { return false }
            throw JournalError(
                "cannot write \(folder)/\(name): \(String(cString: strerror(failure))); nothing was written")
        }
        let dir = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if dir >= 0 {
            _ = fsync(dir)
            close(dir)
        }
        return true
    }
}
