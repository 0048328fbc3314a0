import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

/// What asking for a secret gave: its bytes, read straight into `SecretBytes`, never a `String`.
public enum SecretAnswer {
    case secret(SecretBytes)
    /// Ctrl-C.
    case cancelled
    /// End of input.
    case ended
}

/// Shows `prompt` and reads a secret without echo.
public typealias SecretAsker = (_ prompt: String) -> SecretAnswer

/// Where the passphrase of an encrypted journal comes from (docs/encryption.md): the command
/// named in `DAYBOOK_PASSPHRASE_COMMAND` (for scripts and timers, as restic's
/// `RESTIC_PASSWORD_COMMAND`), else the terminal, asked without echo. Never an argument, a file
/// or the environment itself. The passphrase is read into `SecretBytes`, which the caller wipes
/// as soon as the key is derived.
public struct Passphrases {
    /// `DAYBOOK_PASSPHRASE_COMMAND`, run through `/bin/sh -c`; its output's first line is the passphrase.
    public var command: String?
    /// Reads a line without echo on a terminal; nil without one.
    public var terminal: SecretAsker?

    public init(command: String?, terminal: SecretAsker?) {
        self.command = command
        self.terminal = terminal
    }

    /// True when a passphrase can be had at all.
    public var available: Bool { command != nil || terminal != nil }

    /// The passphrase of the journal at `path`; `JournalError.locked` when there is no way to
    /// ask for it.
    public func read(for path: String) throws -> SecretBytes {
        if let command { return try run(command) }
        guard let terminal else { throw JournalError.locked(path) }
        switch terminal("passphrase for \(printable(path)): ") {
        case .secret(let bytes) where !bytes.isEmpty: return bytes
        case .secret: throw CommandError("no passphrase was typed; the journal stays locked")
        case .cancelled, .ended: throw CommandError("cancelled; the journal stays locked")
        }
    }

    /// A new passphrase: once from the command, or twice on the terminal, the same both times.
    public func readNew(for path: String) throws -> SecretBytes {
        if let command { return try run(command) }
        guard let terminal else {
            throw CommandError(
                "a new passphrase is read on a terminal, or from the command in DAYBOOK_PASSPHRASE_COMMAND; nothing was changed")
        }
        guard case .secret(let first) = terminal("new passphrase for \(printable(path)): "), !first.isEmpty else {
            throw CommandError("no passphrase was typed; nothing was changed")
        }
        guard case .secret(let second) = terminal("the same passphrase again: "), second.equals(first) else {
            first.wipe()
            throw CommandError("the two passphrases differ; nothing was changed")
        }
        second.wipe()
        return first
    }

    /// The first line `command` prints, run through `/bin/sh -c` with standard error as it is,
    /// read straight into `SecretBytes` (at most 64 KiB; what follows is read and wiped).
    func run(_ command: String) throws -> SecretBytes {
        var pipes: [Int32] = [0, 0]
        guard pipe(&pipes) == 0 else {
            throw CommandError("cannot run DAYBOOK_PASSPHRASE_COMMAND: \(String(cString: strerror(errno)))")
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipes[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipes[0])
        posix_spawn_file_actions_addclose(&actions, pipes[1])
        let arguments = ["sh", "-c", command]
        var cArguments: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, "/bin/sh", &actions, nil, &cArguments, environ)
        close(pipes[1])
        guard rc == 0 else {
            close(pipes[0])
            throw CommandError("cannot start /bin/sh for DAYBOOK_PASSPHRASE_COMMAND (\(String(cString: strerror(rc))))")
        }
        let output = SecretBytes(capacity: 64 * 1024)
        let overflow = SecretBytes(capacity: 512)
        while true {
            let count: Int
            if output.count < output.capacity {
                count = output.read(from: pipes[0])
            } else {
                overflow.wipe()
                count = overflow.read(from: pipes[0])
            }
            if count < 0 && errno == EINTR { continue }
            if count <= 0 { break }
        }
        close(pipes[0])
        overflow.wipe()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        let code = signal == 0 ? (status >> 8) & 0xFF : 128 + signal
        output.keepFirstLine()
        guard code == 0 else {
            output.wipe()
            throw CommandError("DAYBOOK_PASSPHRASE_COMMAND failed (exit status \(code)); the journal stays locked")
        }
        guard !output.isEmpty else {
            throw CommandError("DAYBOOK_PASSPHRASE_COMMAND printed no passphrase; the journal stays locked")
        }
        return output
    }
}

extension Context {
    /// Opens the encrypted journal at `path` with its passphrase (asked, or from the command),
    /// and keeps its key in the key ring for the `unlock-minutes` setting's minutes. Pays the
    /// key derivation once. The passphrase is wiped as soon as the key is derived, the key as
    /// soon as the journal is open and the key ring holds it.
    public func unlock(_ path: String, create: Bool = false, session: String? = nil) throws -> Journal {
        guard case .encrypted(let salt) = JournalFile.at(path) else {
            return try Journal(path: path, create: create, session: session)
        }
        guard let passphrases, passphrases.available else { throw JournalError.locked(path) }
        let phrase = try passphrases.read(for: path)
        let derived = try { defer { phrase.wipe() }; return try JournalKey.derive(passphrase: phrase, salt: salt) }()
        guard let key = derived else {
            throw CommandError("cannot derive the journal's key; it stays locked")
        }
        // Wiped once SQLCipher and the key ring hold it (or the journal did not open).
        defer { key.wipe() }
        let journal = try Journal(path: path, create: create, session: session, key: key)
        key.keep(for: path, minutes: journal.unlockMinutes)
        return journal
    }
}
