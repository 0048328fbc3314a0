import DaybookProcessSupport
import DaybookTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A temporary home for one interactive test: HOME, an empty EDITRC, a history file and a
/// journal, so that nothing depends on the developer's own ~/.editrc or history.
final class Home {
    let directory: String
    var journal: String { directory + "/journal.sqlite3" }
    var history: String { directory + "/state/daybook/history" }
    var editrc: String { directory + "/editrc" }
    /// Pinned: Saturday 21 November 2026.
    var now = "2026-11-21T09:30"
    var environment: [String: String] = [:]

    init() throws {
        directory = FileManager.default.temporaryDirectory.path + "/daybook-pty-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: editrc, contents: Data())
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    static let binary = BuiltBinary.daybook

    var processEnvironment: [String: String] {
        var env = [
            "HOME": directory, "EDITRC": editrc, "DAYBOOK_HISTORY": history, "DAYBOOK_NOW": now, "TERM": "xterm",
            "TZ": "UTC", "LANG": "C.UTF-8", "PATH": "/usr/bin:/bin",
        ]
        for (k, v) in environment { env[k] = v }
        return env
    }

    /// Fills the journal by piping a script to the binary (script mode, no terminal).
    func script(_ text: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Home.binary)
        process.arguments = ["--journal", journal]
        process.environment = processEnvironment
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "script failed: \(message)")
    }

    /// Runs a query with the sqlite3 command-line shell on the journal.
    func sql(_ query: String) throws -> String { try SQLiteShell.query(journal, query) }

    func historyEntries() -> [String] {
        guard let text = try? String(contentsOfFile: history, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").map(String.init)
    }
}

struct TimedOut: Error, CustomStringConvertible {
    let description: String
}

/// The real `daybook` binary on a pseudo-terminal: spawned in a new session that opens the
/// slave as its controlling terminal, with the signal mask and dispositions reset (test
/// threads block SIGINT, and a child would inherit that). Every wait has a timeout; on
/// timeout or at the end the child gets SIGKILL.
final class Terminal {
    let pid: pid_t
    let master: Int32
    private let stream: PtyStream
    /// Where the next `expect` starts looking, in the cleaned screen text.
    private var searchFrom = 0
    private var status: Int32? = nil

    /// Spawning is serialised so that no other test's child inherits this terminal between
    /// `openpty` and the close-on-exec flags.
    private static let spawnLock = NSLock()

    init(
        _ home: Home, arguments: [String] = [], executable: String? = nil, argv0: [String]? = nil,
        columns: UInt16 = 80
    ) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        Terminal.spawnLock.lock()
        defer { Terminal.spawnLock.unlock() }
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw TimedOut(description: "openpty failed: \(String(cString: strerror(errno)))")
        }
        _ = fcntl(master, F_SETFD, FD_CLOEXEC)
        _ = fcntl(slave, F_SETFD, FD_CLOEXEC)
        let slaveName = String(cString: ttyname(slave))
        defer { close(slave) }

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, slaveName, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        // Nothing else the test process has open reaches the child. Tests run in parallel: a
        // file another test is writing, held open by this child, could not be executed
        // ("Text file busy") while the child lives. (glibc 2.34 has closefrom for spawn;
        // Swift's Glibc module does not declare it.)
        typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np")
        else { throw TimedOut(description: "this C library has no posix_spawn_file_actions_addclosefrom_np") }
        guard unsafeBitCast(symbol, to: CloseFrom.self)(&actions, 3) == 0 else {
            throw TimedOut(description: "posix_spawn_file_actions_addclosefrom_np failed")
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
        let setsid: Int32 = 0x80  // POSIX_SPAWN_SETSID, not visible from Swift
        posix_spawnattr_setflags(&attributes, Int16(setsid | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let program = executable ?? Home.binary
        let args = argv0 ?? ([program, "--journal", home.journal] + arguments)
        let env = home.processEnvironment.map { "\($0.key)=\($0.value)" }
        var cArgs: [UnsafeMutablePointer<CChar>?] = args.map { strdup($0) } + [nil]
        var cEnv: [UnsafeMutablePointer<CChar>?] = env.map { strdup($0) } + [nil]
        defer {
            for p in cArgs { free(p) }
            for p in cEnv { free(p) }
        }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, program, &actions, &attributes, &cArgs, &cEnv)
        guard rc == 0 else {
            close(master)
            throw TimedOut(description: "posix_spawn \(program) failed: \(String(cString: strerror(rc)))")
        }
        self.pid = pid
        self.master = master
        let stream = PtyStream(fd: master)
        self.stream = stream
        Thread { stream.pump() }.start()
    }

    deinit {
        if status == nil {
            kill(pid, SIGKILL)
            var s: Int32 = 0
            waitpid(pid, &s, 0)
        }
        stream.stop()
    }

    /// Everything the program wrote.
    var raw: String { stream.contents }

    /// The output with escape sequences and carriage returns taken out: what was written,
    /// in order (a redrawn line shows its pieces one after the other).
    var text: String { Terminal.clean(raw) }

    static func clean(_ s: String) -> String {
        var out = String.UnicodeScalarView()
        var scalars = Array(s.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            if c == "\u{1B}" {
                guard let next = scalars.popFirst() else { break }
                if next == "[" {
                    while let p = scalars.popFirst(), !(0x40...0x7E).contains(p.value) {}
                }
                continue
            }
            if c == "\r" || c == "\u{07}" { continue }
            out.append(c)
        }
        return String(out)
    }

    private func poll(_ timeout: Double, _ what: String, _ condition: () -> Bool) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline {
                kill(pid, SIGKILL)
                throw TimedOut(description: "timed out after \(timeout)s waiting for \(what); screen so far:\n\(text)")
            }
            usleep(2000)
        }
    }

    /// Waits until `needle` appears in the output after the previous match.
    @discardableResult
    func expect(_ needle: String, timeout: Double = 10) throws -> String {
        var found = ""
        try poll(timeout, "'\(needle)'") {
            let screen = Array(text.unicodeScalars)
            let haystack = String(String.UnicodeScalarView(screen[min(searchFrom, screen.count)...]))
            guard let range = haystack.range(of: needle) else { return false }
            found = String(haystack[..<range.upperBound])
            searchFrom += haystack.unicodeScalars.distance(
                from: haystack.unicodeScalars.startIndex,
                to: range.upperBound.samePosition(in: haystack.unicodeScalars)!)
            return true
        }
        return found
    }

    /// Output since the last match, without waiting.
    var pending: String {
        let screen = Array(text.unicodeScalars)
        return String(String.UnicodeScalarView(screen[min(searchFrom, screen.count)...]))
    }

    /// Waits until the terminal is in raw mode (libedit reading keys), so that typed keys are
    /// neither echoed twice nor turned into signals.
    func waitForRawMode(timeout: Double = 10) throws {
        try poll(timeout, "raw mode") {
            var attributes = termios()
            return tcgetattr(master, &attributes) == 0 && (attributes.c_lflag & tcflag_t(ICANON)) == 0
        }
    }

    /// Waits for the shell's prompt (`daybook Sat 21 Nov> `, or the given text) and raw mode.
    func prompt(_ text: String = "daybook Sat 21 Nov> ", timeout: Double = 10) throws {
        try expect(text, timeout: timeout)
        try waitForRawMode(timeout: timeout)
    }

    func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += n
        }
    }

    static let enter = "\r"
    static let tab = "\t"
    static let ctrlC = "\u{03}"
    static let ctrlD = "\u{04}"
    static let ctrlR = "\u{12}"
    static let ctrlU = "\u{15}"
    static let up = "\u{1B}[A"

    /// Resizes the terminal; the kernel sends SIGWINCH to the program.
    func resize(columns: UInt16, rows: UInt16 = 24) {
        var size = winsize(ws_row: rows, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// Closes our end: the program's terminal hangs up.
    func hangUp() { stream.stop() }

    /// Waits for the program to exit and returns its exit status (128+N for signal N).
    @discardableResult
    func waitForExit(timeout: Double = 10) throws -> Int32 {
        if let status { return status }
        var result: Int32 = 0
        try poll(timeout, "the program to exit") {
            var s: Int32 = 0
            let r = waitpid(pid, &s, WNOHANG)
            guard r == pid else { return false }
            result = (s & 0x7F) == 0 ? (s >> 8) & 0xFF : 128 + (s & 0x7F)
            return true
        }
        status = result
        return result
    }
}

/// Reads a pseudo-terminal's master side on its own thread. Only that thread closes the
/// descriptor (when asked to stop, or at end of output), so that a descriptor number is never
/// read after it was closed and reused by another test.
final class PtyStream: @unchecked Sendable {
    let fd: Int32
    private let lock = NSLock()
    private var bytes: [UInt8] = []
    private var stopRequested = false
    private var closed = false
    private let done = DispatchSemaphore(value: 0)

    init(fd: Int32) { self.fd = fd }

    var contents: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }

    func pump() {
        var chunk = [UInt8](repeating: 0, count: 4096)
        var ended = false
        while true {
            lock.lock()
            let stopping = stopRequested
            lock.unlock()
            if stopping { break }
            if ended {
                usleep(5000)
                continue
            }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 20)
            if ready <= 0 { continue }
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 {
                ended = true  // the program closed the terminal; keep the descriptor until asked
                continue
            }
            lock.lock()
            bytes += chunk[0..<n]
            lock.unlock()
        }
        close(fd)
        lock.lock()
        closed = true
        lock.unlock()
        done.signal()
    }

    /// Closes the master side (the program sees a hangup) and waits for the reader to end.
    func stop() {
        lock.lock()
        let already = stopRequested
        stopRequested = true
        lock.unlock()
        if !already { _ = done.wait(timeout: .now() + 5) }
    }
}
