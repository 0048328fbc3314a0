import DaybookProcessSupport
import DaybookTestSupport
import Foundation
import Testing

/// What a command line gave, on the binary or in process (`DaybookTestSupport`).
typealias RunResult = DaybookTestSupport.RunResult

/// Runs the built `daybook` binary on a temporary journal. Every test gets its own folder.
final class Daybook: JournalRunner {
    let directory: String
    var journal: String { directory + "/journal.sqlite3" }
    /// Pinned so that dates in expected output do not depend on the day the tests run.
    var now = "2026-11-21T09:30"
    var environment: [String: String] = [:]

    init() throws {
        let base = FileManager.default.temporaryDirectory.path
        directory = base + "/daybook-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    static let binary = BuiltBinary.daybook

    static var packageRoot: String { BuiltBinary.packageRoot }

    /// Runs `daybook --journal J ARGS` with `input` on standard input (a pipe).
    @discardableResult
    func run(_ arguments: [String] = [], input: String = "", journalFlag: Bool = true) throws -> RunResult {
        try run(arguments, inputData: Data(input.utf8), journalFlag: journalFlag)
    }

    func run(_ arguments: [String], inputData: Data, journalFlag: Bool = true) throws -> RunResult {
        #expect(FileManager.default.isExecutableFile(atPath: Daybook.binary), "build daybook first: \(Daybook.binary)")
        return try execute(Daybook.binary, (journalFlag ? ["--journal", journal] : []) + arguments, input: inputData)
    }

    /// The environment of every child process: a pinned clock, the test's folder as HOME, UTC,
    /// and `DAYBOOK` (the binary), `J` (the journal) and `D` (the folder) for shell scripts.
    var childEnvironment: [String: String] {
        var env = [
            "DAYBOOK_NOW": now, "HOME": directory, "TZ": "UTC", "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
            "LANG": "C.UTF-8",
        ]
        for (k, v) in environment { env[k] = v }
        env["DAYBOOK"] = Daybook.binary
        env["J"] = journal
        env["D"] = directory
        return env
    }

    /// Runs a program with the child environment (or `environment`), feeding `input` and
    /// reading both outputs at once, so that large inputs and outputs never dead-lock.
    func execute(
        _ executable: String, _ arguments: [String], input: Data = Data(), environment: [String: String]? = nil
    ) throws -> RunResult {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = environment ?? childEnvironment
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errData = LockedData()
        let errReader = Thread { errData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        errReader.start()
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errData.isSet { usleep(1000) }
        return RunResult(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData.value, as: UTF8.self))
    }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data? = nil
    func set(_ d: Data) { lock.lock(); data = d; lock.unlock() }
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return data != nil }
    var value: Data { lock.lock(); defer { lock.unlock() }; return data ?? Data() }
}
