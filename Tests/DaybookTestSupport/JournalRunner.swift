import Foundation

/// What a daybook command line gave: what it printed on standard output and standard error,
/// and the exit status it ended with.
public struct RunResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    public init(status: Int32, stdout: String, stderr: String) {
        self.status = status
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// Runs daybook's command lines on a journal in a folder of a test's own: in process
/// (`InProcess`, the commands' tests) or on the built binary (`Daybook`, the end-to-end tests).
/// The journals the suites of both kinds build (`JournalRunner+Fixtures.swift`) and the looks
/// into the journal file with the sqlite3 shell are written once, here, for both.
public protocol JournalRunner: AnyObject {
    /// A runner on a new, empty folder of its own.
    init() throws
    /// The test's folder, removed when the runner goes.
    var directory: String { get }
    /// The journal that `--journal` names in each run.
    var journal: String { get }
    /// The time the journal's clock gives (`YYYY-MM-DDTHH:MM`, UTC).
    var now: String { get set }
    /// Runs `daybook --journal J ARGS` (without `--journal` when `journalFlag` is false), or with
    /// no arguments the script `input` as commands piped in.
    func run(_ arguments: [String], input: String, journalFlag: Bool) throws -> RunResult
}

extension JournalRunner {
    /// Runs a query with the sqlite3 command-line shell on the journal.
    public func sql(_ query: String) throws -> String { try SQLiteShell.query(journal, query) }

    /// Runs several queries with the sqlite3 shell at once; each one's rows come back under its
    /// own key.
    public func dump(_ queries: [(String, String)]) throws -> [String: [String]] {
        try SQLiteShell.dump(journal, queries)
    }

    /// The journal file's bytes (or another file's), or nil when there is none.
    public func journalBytes(_ path: String? = nil) -> Data? { FileManager.default.contents(atPath: path ?? journal) }

    /// Writes `text` to the file `name` in the test's folder; its path.
    public func writeFile(_ text: String, _ name: String) throws -> String {
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// How many live rows each table of the journal holds, and how many changes there were: a
    /// fingerprint that a refused import must leave as it was.
    public func liveCounts() throws -> String {
        try ["mood", "note", "tag", "entry", "attribute", "setting", "goal"].map {
            try sql("SELECT count(*) FROM \($0) WHERE removed_by IS NULL")
        }.joined(separator: ",") + "," + sql("SELECT count(*) FROM change")
    }
}

/// The sqlite3 command-line shell, run on a journal file from outside daybook.
public enum SQLiteShell {
    /// The rows of `query`, one a line, without the last line break.
    public static func query(_ path: String, _ query: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path, query]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// Runs several queries at once; each one's rows come back under its own key. sqlite3 must
    /// end with status 0 and say nothing on standard error.
    public static func dump(_ path: String, _ queries: [(String, String)]) throws -> [String: [String]] {
        var script = ""
        for (name, query) in queries { script += "SELECT '#\(name)';\n\(query);\n" }
        let scriptFile = FileManager.default.temporaryDirectory.path + "/daybook-dump-" + UUID().uuidString
        try Data(script.utf8).write(to: URL(fileURLWithPath: scriptFile))
        defer { try? FileManager.default.removeItem(atPath: scriptFile) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-batch", path]
        let (output, errors) = (Pipe(), Pipe())
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: scriptFile))
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Standard error is read to its end on a thread of its own, so that neither pipe fills.
        let errorText = LockedText()
        let errorReader = Thread { errorText.set(errors.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = errorText.waitForValue()
        guard process.terminationStatus == 0 && stderr == "" else {
            throw FixtureFailure("sqlite3 failed on \(script): \(stderr)")
        }
        var result: [String: [String]] = [:]
        var current = ""
        var lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .map(String.init)
        if lines.last == "" { lines.removeLast() }
        let names = Set(queries.map { "#" + $0.0 })
        for line in lines {
            if names.contains(line) {
                current = String(line.dropFirst())
                result[current] = []
            } else if !current.isEmpty {
                result[current, default: []].append(line)
            }
        }
        return result
    }
}

/// Text that one thread reads to its end and another waits for.
final class LockedText: @unchecked Sendable {
    private let condition = NSCondition()
    private var text: String?

    func set(_ data: Data) {
        condition.lock()
        text = String(decoding: data, as: UTF8.self)
        condition.signal()
        condition.unlock()
    }

    func waitForValue() -> String {
        condition.lock()
        defer { condition.unlock() }
        while text == nil { condition.wait() }
        return text!
    }
}

/// A journal a fixture could not make, or a query sqlite3 refused: thrown, so that the test
/// that asked for it fails with what went wrong. (This target is built without the test
/// framework, so it cannot record an expectation itself.)
public struct FixtureFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
