import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing an export to its file.
enum ExportFile {
    /// `~/x` as `$HOME/x`, as a shell would (typed at daybook's own prompt, nothing else does).
    /// Writes `text` to `path` whole or not at all. The text goes to a new private file beside
    /// the target, which is synced to disk and then renamed over it, so that a full disk, the
    /// file size limit or a crash leaves the file that was there as it was. An existing file is
    /// refused unless `force`. The file written is 0600 whatever the umask (one that replaces
    /// another keeps its owner when root writes it). A symbolic link is followed: the file it names is
    /// replaced and the link stays. Anything but a regular file (a folder, a device, a FIFO) is
    /// refused before anything is written, and daybook never removes or changes a file it did
    /// not create.
    ///
    /// `command` is what writes, for its messages: `export`, or `review --html`.
    static func write(_ text: String, to path: String, force: Bool, command: String = "export") throws {
        let shown = printable(path)
        let into = command == "export" ? "export to" : "write to"
        var target = path
        var existing = stat()
        var exists = false
        if lstat(path, &existing) == 0 {
            exists = true
            if (existing.st_mode & S_IFMT) == S_IFLNK {
                guard stat(path, &existing) == 0, let real = realpath(path, nil) else {
                    throw CommandError(
                        "\(shown) is a symbolic link to a file that is not there; give the path of the file to \(into). Nothing was written"
                    )
                }
                target = String(cString: real)
                free(real)
            }
        }
        if exists, let kind = FileKind.nonRegular(existing.st_mode) {
            if (existing.st_mode & S_IFMT) == S_IFDIR {
                throw CommandError("\(shown) is a folder; give the path of a file to \(into)")
            }
            throw CommandError("\(shown) is \(kind), not a regular file; \(command) writes to a file. Nothing was written")
        }
        if exists && !force {
            throw CommandError("\(shown) exists; give --force to overwrite it. Nothing was written")
        }

        let folder = Paths.folder(of: target)
        var name = Array((folder + "/.daybook-export-XXXXXX").utf8CString)
        let fd = name.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw CommandError("cannot create \(shown): \(String(cString: strerror(errno)))")
        }
        let temporary = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        // Root replacing another's file leaves it theirs.
        if exists && geteuid() == 0 { _ = fchown(fd, existing.st_uid, existing.st_gid) }
        _ = fchmod(fd, 0o600)
        var failure = writeAll(fd, Array(text.utf8))
        if failure == 0 && fsync(fd) != 0 && errno != EINVAL { failure = errno }
        if close(fd) != 0 && failure == 0 && errno != EINTR { failure = errno }
        if failure == 0 { failure = place(temporary, at: target, replacing: force) }
        if failure != 0 {
            unlink(temporary)
            if failure == EEXIST {
                throw CommandError("\(shown) exists; give --force to overwrite it. Nothing was written")
            }
            let kept = exists ? "\(shown) was left as it was" : "nothing was written"
            throw CommandError("could not write \(shown) (\(String(cString: strerror(failure)))); \(kept)")
        }
        syncFolder(folder)
    }

    /// Writes all of `bytes`; 0, or the errno of the write that failed.
    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return errno
            }
            offset += n
        }
        return 0
    }

    /// Gives the written `temporary` file the name `target`: renamed over it when `replacing`,
    /// else linked there only if nothing has that name (EEXIST when something has), and the
    /// temporary name removed. 0, or the errno that stopped it.
    static func place(_ temporary: String, at target: String, replacing: Bool) -> Int32 {
        if replacing { return rename(temporary, target) == 0 ? 0 : errno }
        if link(temporary, target) == 0 {
            unlink(temporary)
            return 0
        }
        let failure = errno
        guard failure == EPERM || failure == EOPNOTSUPP || failure == ENOSYS || failure == EMLINK else { return failure }
        // A file system without hard links (FAT): the name was free a moment ago.
        var info = stat()
        if lstat(target, &info) == 0 { return EEXIST }
        return rename(temporary, target) == 0 ? 0 : errno
    }

    /// Syncs the folder, so that the new name is on disk too.
    static func syncFolder(_ folder: String) {
        let fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }
}
