import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a test needs from the machine besides the binary: a shell, a program, or root. A test
/// that needs one is enabled only when it is there (`.enabled(if: Installed.zsh, "…")`), so that
/// it is reported as skipped, never as passed, where it is missing. `make test` installs every
/// program named here (its APT packages), and CI runs as root.
public enum Installed {
    public static func program(_ path: String) -> Bool { FileManager.default.isExecutableFile(atPath: path) }

    /// bash with bash-completion's loader, which the completion script relies on.
    public static var bashCompletion: Bool {
        program("/usr/bin/bash") && FileManager.default.fileExists(atPath: "/usr/share/bash-completion/bash_completion")
    }
    public static var bash: Bool { program("/usr/bin/bash") }
    public static var zsh: Bool { program("/usr/bin/zsh") }
    public static var fish: Bool { program("/usr/bin/fish") }
    /// Debian's `chromium`, run headless, for the page `review --html` writes.
    public static var chromium: Bool { program("/usr/bin/chromium") }
    /// strace, allowed to trace a child here (a container may forbid ptrace).
    public static let strace: Bool = {
        guard program("/usr/bin/strace") else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/strace")
        process.arguments = ["-o", "/dev/null", "/bin/true"]
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }()
    /// Whether the tests run as root (as CI does): only root can hand a file to another user
    /// or make a device node.
    public static var root: Bool { geteuid() == 0 }
}
