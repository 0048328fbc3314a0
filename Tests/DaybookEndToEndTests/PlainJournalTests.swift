import DaybookProcessSupport
import DaybookTestSupport
import Foundation
import Testing

/// `--demo` and the tests' journals are plain SQLite files, whatever the environment says about
/// passphrases: only the tests of encryption encrypt one.
@Suite struct PlainJournalTests {
    static let header = Data("SQLite format 3\0".utf8)

    /// A passphrase command that leaves a mark when it is run.
    func passphraseCommand(_ d: Daybook) -> String {
        "touch '\(d.directory)/asked'; printf '%s\\n' 'some passphrase'"
    }

    func head(_ path: String) -> Data { (FileManager.default.contents(atPath: path) ?? Data()).prefix(16) }

    /// The demo's journal, looked at while the demo runs (it is gone after), with
    /// DAYBOOK_PASSPHRASE_COMMAND set: a plain SQLite file, and the command never run.
    @Test func theDemoJournalIsPlain() throws {
        let d = try Daybook()
        let temporary = d.directory + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        var environment = d.childEnvironment
        environment["TMPDIR"] = temporary
        environment["DAYBOOK_PASSPHRASE_COMMAND"] = passphraseCommand(d)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Daybook.binary)
        process.arguments = ["--demo"]
        process.environment = environment
        let stdin = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = FileHandle.nullDevice
        process.standardError = stderr
        try process.run()
        // The notice comes once the demo's journal is made and filled.
        var said = Data()
        while !String(decoding: said, as: UTF8.self).contains("thrown away on exit") {
            let more = stderr.fileHandleForReading.availableData
            if more.isEmpty { break }
            said += more
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: temporary).filter { $0.hasPrefix("daybook-demo-") }
        #expect(folders.count == 1, "\(folders) \(String(decoding: said, as: UTF8.self))")
        let journal = temporary + "/" + (folders.first ?? "") + "/journal.sqlite3"
        #expect(head(journal) == Self.header)
        // A write to the demo keeps it plain.
        stdin.fileHandleForWriting.write(Data("mood 2 grey\n".utf8))
        try stdin.fileHandleForWriting.close()
        _ = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(!FileManager.default.fileExists(atPath: d.directory + "/asked"))
        // And it is gone.
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary).isEmpty)
    }

    /// The tests' journals: the helper passes no passphrase command of the test process's own on,
    /// and with one set for a test, what the commands write is a plain file all the same.
    @Test func theTestsJournalsArePlain() throws {
        let d = try Daybook()
        #expect(d.childEnvironment["DAYBOOK_PASSPHRASE_COMMAND"] == nil)
        d.environment["DAYBOOK_PASSPHRASE_COMMAND"] = passphraseCommand(d)
        #expect(try d.run(["mood", "4", "sunny #outdoors"]).status == 0)
        #expect(try d.run(["log", "steps", "8200", "--on", "yesterday"]).status == 0)
        #expect(try d.run([], input: "note by the river\ntrack naps count\nlog naps 1\n").status == 0)
        #expect(head(d.journal) == Self.header)
        #expect(try d.sql("SELECT count(*) FROM note") == "1")
        #expect(!FileManager.default.fileExists(atPath: d.directory + "/asked"))
    }
}
