import Foundation
import Testing

/// A write that fails on a journal that is not there yet leaves no journal behind, nor the
/// folders made for it: a read then still says there is no journal.
@Suite struct UnwrittenJournalTests {
    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func sidecarsGone(_ path: String) -> Bool { !exists(path + "-wal") && !exists(path + "-shm") }

    @Test func aFailedOneShotWriteCreatesNothing() throws {
        let d = try Daybook()
        let journal = d.directory + "/new/folder/journal.sqlite3"
        let r = try d.run(["--journal", journal, "log", "steps", "eleven"], journalFlag: false)
        #expect(r.status == 1)
        #expect(r.stderr.hasPrefix("error: steps: 'eleven' is not a count"))
        #expect(!exists(journal) && sidecarsGone(journal))
        #expect(!exists(d.directory + "/new"))
        let show = try d.run(["--journal", journal, "show"], journalFlag: false)
        #expect(show.status == 1)
        #expect(show.stderr == "error: no journal at \(journal) yet; the first write creates it\n")
        // -c too.
        #expect(try d.run(["--journal", journal, "-c", "log steps eleven"], journalFlag: false).status == 1)
        #expect(!exists(d.directory + "/new"))
    }

    @Test func aScriptWhoseOnlyLineFailsCreatesNothing() throws {
        let d = try Daybook()
        let r = try d.run([], input: "log steps eleven\n")
        #expect(r.status == 1)
        #expect(!exists(d.journal) && sidecarsGone(d.journal))
        #expect(try d.run(["show"]).stderr == "error: no journal at \(d.journal) yet; the first write creates it\n")
    }

    @Test func anAtomicScriptRolledBackCreatesNothing() throws {
        let d = try Daybook()
        let r = try d.run(["--atomic"], input: "note hello\nlog steps eleven\n")
        #expect(r.status == 1)
        #expect(r.stderr.hasSuffix("daybook: 1 line failed; with --atomic nothing was written\n"))
        #expect(!exists(d.journal) && sidecarsGone(d.journal))
    }

    /// A script that wrote anything keeps its journal, though a later line failed; a folder
    /// that was there before stays, and so does a file daybook did not create.
    @Test func whatWasWrittenOrThereBeforeStays() throws {
        let d = try Daybook()
        let r = try d.run([], input: "note hello\nlog steps eleven\n")
        #expect(r.status == 1)
        #expect(try d.sql("SELECT text FROM note") == "hello")

        let empty = d.directory + "/empty.sqlite3"
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        #expect(try d.run(["--journal", empty, "log", "steps", "eleven"], journalFlag: false).status == 1)
        #expect(exists(empty))
    }
}
