import DaybookCommands
import DaybookCore
import DaybookStore

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a secret (a join code) for a command: on a terminal, with echo off, the prompt on
/// standard error; from standard input when it is piped to a one-shot command. A script has
/// none to give (its standard input is the script).
enum SecretReader {
    static func make(stdinIsTerminal: Bool, oneShot: Bool, io: Streams) -> ((String) -> Answer)? {
        if stdinIsTerminal {
            return { prompt in withEchoOff(prompt, io: io) { readLine(fd: 0) } }
        }
        guard oneShot else { return nil }
        return { _ in readLine(fd: 0) }
    }

    /// Reads a passphrase on the terminal, with echo off, the prompt on standard error, a byte
    /// at a time straight into `SecretBytes` (at most 4 KiB): never a `String`.
    static func passphrase(io: Streams) -> SecretAsker {
        { prompt in withEchoOff(prompt, io: io) { readSecret() } }
    }

    /// The passphrase's bytes from standard input up to the end of the line.
    private static func readSecret() -> SecretAnswer {
        let secret = SecretBytes(capacity: 4096)
        var byte: UInt8 = 0
        defer { byte = 0 }
        while true {
            let count = read(0, &byte, 1)
            if count < 0 && errno == EINTR {
                secret.wipe()
                return .cancelled
            }
            if count <= 0 { return secret.isEmpty ? .ended : .secret(secret) }
            if byte == 0x0A || !secret.append(byte) { return .secret(secret) }
        }
    }

    /// `read` with the prompt on standard error and the terminal's echo off (a line break still
    /// shows), the terminal as it was afterwards.
    private static func withEchoOff<T>(_ prompt: String, io: Streams, _ read: () -> T) -> T {
        io.flush()
        io.err.write(prompt)
        io.err.flush()
        var saved = termios()
        let haveTerminal = tcgetattr(0, &saved) == 0
        if haveTerminal {
            var quiet = saved
            quiet.c_lflag &= ~tcflag_t(ECHO)
            quiet.c_lflag |= tcflag_t(ECHONL)
            _ = tcsetattr(0, TCSAFLUSH, &quiet)
        }
        defer { if haveTerminal { _ = tcsetattr(0, TCSAFLUSH, &saved) } }
        return read()
    }

    /// One line from `fd`, read a byte at a time so that nothing after it is taken; at most
    /// 4 KiB.
    static func readLine(fd: Int32) -> Answer {
        var bytes: [UInt8] = []
        var byte: UInt8 = 0
        while bytes.count < 4096 {
            let count = read(fd, &byte, 1)
            if count < 0 && errno == EINTR { return .cancelled }
            if count <= 0 { return bytes.isEmpty ? .ended : .text(String(decoding: bytes, as: UTF8.self)) }
            if byte == 0x0A { break }
            bytes.append(byte)
        }
        return .text(String(decoding: bytes, as: UTF8.self))
    }
}
