import DaybookTestSupport
import Foundation
import Testing

/// What the reliability tests add to the harness: running the binary through a shell (to drop
/// privileges, mount a small disk or pipe its output), sessions whose input stays open, and the
/// permission bits of files. The one-call dump of the journal is `JournalRunner.dump`.
extension Daybook {
    /// Runs `/bin/sh -c script` with the child environment.
    @discardableResult
    func shell(_ script: String, input: String = "") throws -> RunResult {
        try execute("/bin/sh", ["-c", script], input: Data(input.utf8))
    }

    /// Starts `daybook --journal J ARGS` with its standard input left open, for a session that
    /// the test feeds line by line.
    func start(_ arguments: [String] = [], journalFlag: Bool = true) throws -> Session {
        try Session(
            arguments: (journalFlag ? ["--journal", journal] : []) + arguments, environment: childEnvironment,
            directory: directory)
    }

    /// The permission bits of a file or folder.
    static func mode(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.posixPermissions] as? Int
    }

    static var isRoot: Bool { geteuid() == 0 }
}

/// A script run as a file on standard input, on a journal of its own: the crash tests' runs.
struct ScriptRun {
    let daybook: Daybook
    let session: Session

    /// Starts `text` on a new journal.
    init(_ text: String) throws {
        daybook = try Daybook()
        let path = daybook.directory + "/script.daybook"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        session = try Session(
            arguments: ["--journal", daybook.journal], environment: daybook.childEnvironment,
            directory: daybook.directory, standardInput: FileHandle(forReadingAtPath: path))
    }

    /// Runs `text` to its end: the run, its exit status and how long it took, in seconds.
    static func whole(_ text: String) throws -> (run: ScriptRun, status: Int32, seconds: Double) {
        let started = Date()
        let run = try ScriptRun(text)
        let status = run.session.wait(timeout: 120)
        return (run, status, Date().timeIntervalSince(started))
    }

    /// Runs `text` and kills it with SIGKILL after `delay` seconds (`session.killed` says
    /// whether that came before its end).
    static func killed(_ text: String, after delay: Double) throws -> ScriptRun {
        let run = try ScriptRun(text)
        usleep(UInt32(delay * 1_000_000))
        run.session.killNow()
        return run
    }
}

/// A running daybook whose standard input the test writes, and whose standard error is kept
/// in a file (so that it never blocks on a full pipe).
final class Session {
    let process = Process()
    let input = Pipe()
    let errorPath: String

    init(
        arguments: [String], environment: [String: String], directory: String, standardInput: FileHandle? = nil
    ) throws {
        errorPath = directory + "/session-\(UUID().uuidString).err"
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        process.executableURL = URL(fileURLWithPath: Daybook.binary)
        process.arguments = arguments
        process.environment = environment
        process.standardInput = standardInput ?? input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        try process.run()
    }

    func send(_ text: String) {
        input.fileHandleForWriting.write(Data(text.utf8))
    }

    /// Closes standard input and waits (at most `timeout` seconds, then kills it).
    @discardableResult
    func finish(timeout: Double = 30) -> Int32 {
        try? input.fileHandleForWriting.close()
        return wait(timeout: timeout)
    }

    @discardableResult
    func wait(timeout: Double = 30) -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(2000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            Issue.record("daybook did not finish within \(timeout) s; killed")
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    func killNow() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    var killed: Bool { process.terminationReason == .uncaughtSignal }

    var stderr: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }
}

/// A small deterministic random number generator (SplitMix64), so that a failing seed can be
/// run again.
struct SeededGenerator: RandomNumberGenerator {
    var generator: SplitMix64
    init(seed: UInt64) { generator = SplitMix64(state: seed &* SplitMix64.increment &+ 1) }
    mutating func next() -> UInt64 { generator.next() }
}

/// Polls `condition` every 10 ms for at most `timeout` seconds.
func eventually(timeout: Double = 10, _ condition: () throws -> Bool) rethrows -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
        if try condition() { return true }
        usleep(10_000)
    }
    return try condition()
}

/// Expects two lists of rows to be equal; on a difference, records what is missing and what is
/// extra (a few of each) rather than both lists whole.
func expectSameRows(
    _ got: [String]?, _ want: [String], _ label: String, sourceLocation: SourceLocation = #_sourceLocation
) {
    let got = got ?? []
    guard got != want else { return }
    let missing = Array(Set(want).subtracting(got).sorted().prefix(5))
    let extra = Array(Set(got).subtracting(want).sorted().prefix(5))
    Issue.record(
        "\(label): \(got.count) rows, expected \(want.count); missing \(missing), unexpected \(extra)",
        sourceLocation: sourceLocation)
}
