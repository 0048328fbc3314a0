import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

/// The person's own editor, for `edit` without new text: `$VISUAL`, else `$EDITOR`, else `vi`,
/// run through `/bin/sh` (so that `EDITOR="code --wait"` works) on a private temporary file:
/// created 0600 in `$XDG_RUNTIME_DIR` (else `$TMPDIR`, else /tmp), and removed afterwards whatever happens. While the
/// editor runs, daybook ignores Ctrl-C and Ctrl-\ as system(3) does; the editor gets them.
public enum ExternalEditor {
    /// The editor's command: `$VISUAL`, else `$EDITOR`, else `vi`.
    public static func command(_ environment: Environment) -> String {
        environment["VISUAL"] ?? environment["EDITOR"] ?? "vi"
    }

    public static func edit(_ text: String, environment: Environment) throws -> String {
        let command = command(environment)
        let folder = folder(environment)
        let (path, written, created) = try privateFile(text, named: "daybook-XXXXXX.txt", in: folder)
        defer { unlink(path) }
        guard written else {
            throw CommandError("cannot write the temporary file \(path); nothing was changed")
        }

        let status = try run(command, path)
        guard status == 0 else {
            if status == 127 {
                throw CommandError(
                    "the editor '\(printable(command))' could not be run; set VISUAL or EDITOR to your editor. Nothing was changed")
            }
            let how = status > 128 ? "was stopped by signal \(status - 128)" : "exited with status \(status)"
            throw CommandError("the editor (\(printable(command))) \(how); nothing was changed")
        }
        let bytes = try readBack(path, created: created)
        guard let edited = String(validating: bytes, as: UTF8.self), !bytes.contains(0) else {
            throw CommandError("the edited text is not valid UTF-8, or holds a NUL byte; nothing was changed")
        }
        return edited
    }

    /// The folder for the file being edited: `$XDG_RUNTIME_DIR` when it is set (a folder in
    /// memory, this user's own, so that a note of an encrypted journal is not written to a disk),
    /// else `$TMPDIR` when it is an absolute path, else /tmp.
    static func folder(_ environment: Environment) -> String {
        if let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") {
            var info = stat()
            if stat(runtime, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR && access(runtime, W_OK) == 0 {
                return runtime
            }
        }
        return TemporaryFiles.folder(tmpdir: environment["TMPDIR"])
    }

    /// A new file in `folder`, private (0600) whatever the umask since it holds a note, from
    /// a `template` ending in `XXXXXX.txt`, holding `text` and a line break; its path, whether
    /// all of it was written, and the file's device and inode.
    static func privateFile(
        _ text: String, named template: String, in folder: String
    ) throws -> (String, Bool, FileIdentity) {
        var name = Array((folder + "/" + template).utf8CString)
        let fd = name.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
        guard fd >= 0 else {
            throw CommandError(
                "cannot make a temporary file in \(folder) (\(String(cString: strerror(errno)))); nothing was changed")
        }
        let path = name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
        fchmod(fd, 0o600)
        let written = writeAll(fd, Array((text + "\n").utf8))
        var info = stat()
        fstat(fd, &info)
        close(fd)
        return (path, written, FileIdentity(info))
    }

    /// Keeps `text` (written in the editor, then refused) in a private file of its own, and
    /// returns its path; nil when it could not be written whole.
    public static func keep(_ text: String, environment: Environment) -> String? {
        guard let (path, written, _) = try? privateFile(text, named: "daybook-unsaved-XXXXXX.txt", in: folder(environment))
        else { return nil }
        if !written { unlink(path) }
        return written ? path : nil
    }

    /// Runs `sh -c 'COMMAND "$@"' COMMAND PATH` and waits for it; its exit status (128+N when
    /// signal N ended it).
    static func run(_ command: String, _ path: String) throws -> Int32 {
        var ignore = sigaction()
        ignore.__sigaction_handler.sa_handler = SIG_IGN
        sigemptyset(&ignore.sa_mask)
        var oldInt = sigaction()
        var oldQuit = sigaction()
        sigaction(SIGINT, &ignore, &oldInt)
        sigaction(SIGQUIT, &ignore, &oldQuit)
        defer {
            sigaction(SIGINT, &oldInt, nil)
            sigaction(SIGQUIT, &oldQuit, nil)
        }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let arguments = ["sh", "-c", command + " \"$@\"", command, path]
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, "/bin/sh", nil, &attributes, &cArguments, environ)
        guard rc == 0 else {
            throw CommandError("cannot start /bin/sh for the editor (\(String(cString: strerror(rc)))); nothing was changed")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else {
                throw CommandError("lost track of the editor (\(String(cString: strerror(errno)))); nothing was changed")
            }
        }
        // WIFEXITED and WEXITSTATUS are macros Swift does not import.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    static func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// The edited text, read back from the file daybook made, or from the file an editor that
    /// saves by writing a new file and renaming it put in its place: a regular file of the
    /// person's own, with no other name. Anything else at the path (a symbolic link, a FIFO, a
    /// device, a file linked from elsewhere) is refused in one line, without reading it: it
    /// could show another file's text, block for ever or never end. So is more than 64 MiB.
    static func readBack(_ path: String, created: FileIdentity) throws -> [UInt8] {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            throw CommandError("cannot read the edited file back (\(String(cString: strerror(errno)))); nothing was changed")
        }
        if let kind = FileKind.nonRegular(info.st_mode) {
            throw CommandError("the editor's file \(path) was replaced by \(kind); it was not read, and nothing was changed")
        }
        let identity = FileIdentity(info)
        if identity != created && (info.st_uid != geteuid() || info.st_nlink != 1) {
            throw CommandError(
                "the editor's file \(path) was replaced by a file linked from elsewhere or of another user; it was not read, and nothing was changed"
            )
        }
        // Not following a link, nor waiting on a FIFO, put there since.
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            throw CommandError("cannot read the edited file back (\(String(cString: strerror(errno)))); nothing was changed")
        }
        defer { close(fd) }
        guard fstat(fd, &info) == 0, FileIdentity(info) == identity else {
            throw CommandError("the editor's file \(path) was replaced as it was read; nothing was changed")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw CommandError("cannot read the edited file back (\(String(cString: strerror(errno)))); nothing was changed")
            }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
            if bytes.count > 64 << 20 {
                throw CommandError("the edited text is more than 64 MiB; nothing was changed")
            }
        }
    }
}

/// A file's device and inode: which file a path names.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
    }
}
