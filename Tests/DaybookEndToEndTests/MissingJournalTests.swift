import Foundation
import Testing

/// A journal that does not exist yet: reads say so and create nothing, not even a folder, so
/// that a mistyped path never looks like an empty journal; the first write creates it.
@Suite struct MissingJournalTests {
    @Test func readsCreateNothingAndWritesCreateTheJournal() throws {
        let d = try Daybook()
        let path = d.directory + "/x/a/b/j.sqlite3"
        let message = "no journal at \(path) yet; the first write creates it"
        for command in [["show"], ["week", "--json"], ["goals"], ["undo"]] {
            let r = try d.run(["--journal", path] + command, journalFlag: false)
            #expect(r.status == 1, "\(command)")
            #expect(r.stdout == "", "\(command)")
            #expect(r.stderr == "error: \(message)\n", "\(command)")
        }
        // A script's reads say so line by line, and the script goes on to its first write.
        let script = try d.run(["--journal", path], input: "show\nundo\n", journalFlag: false)
        #expect(script.status == 1)
        #expect(script.stderr == "<stdin>:1: error: \(message)\n<stdin>:2: error: \(message)\n")
        // Commands that need no journal work: settings read as their defaults.
        #expect(try d.run(["--journal", path, "day", "yesterday"], journalFlag: false).status == 0)
        #expect(try d.run(["--journal", path, "help"], journalFlag: false).status == 0)
        #expect(try d.run(["--journal", path, "set", "color"], journalFlag: false).stdout == "color auto\n")
        #expect(try d.run(["--journal", path, "set"], journalFlag: false).status == 0)
        #expect(!FileManager.default.fileExists(atPath: d.directory + "/x"))

        let write = try d.run(["--journal", path, "note", "first"], journalFlag: false)
        #expect(write.status == 0)
        #expect(write.stderr == "noted for today\n")
        #expect(Daybook.mode(path) == 0o600)
        #expect(Daybook.mode(d.directory + "/x/a/b") == 0o700)
        let show = try d.run(["--journal", path, "show"], journalFlag: false)
        #expect(show.status == 0)
        #expect(show.stdout.contains("first"))
    }

    /// A script that reads, then writes, creates the journal at its first write.
    @Test func aScriptCreatesTheJournalAtItsFirstWrite() throws {
        let d = try Daybook()
        let r = try d.run(input: "show\nnote one\nnote two\nshow\n")
        #expect(r.status == 1)
        #expect(r.stderr == "<stdin>:1: error: no journal at \(d.journal) yet; the first write creates it\n")
        #expect(r.stdout == "Saturday 21 November 2026\n  09:30   one · n1\n  09:30   two · n2\n")
        #expect(try d.sql("SELECT group_concat(text, ',') FROM note") == "one,two")
    }
}
