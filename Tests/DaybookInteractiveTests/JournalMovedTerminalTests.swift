import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The shell's journal deleted or replaced from another terminal while the shell has it open.
@Suite struct JournalMovedTerminalTests {
    func removeJournal(_ home: Home) {
        for suffix in ["", "-wal", "-shm"] { unlink(home.journal + suffix) }
    }

    /// `rm journal.sqlite3*` under an open shell: the next write says so in one line and
    /// writes nothing (it used to go to the deleted file, and be lost at exit), reads say so
    /// too, and `reopen` goes on with the file now at the path.
    @Test func aDeletedJournalIsNotWrittenAndReopenGoesOn() throws {
        let home = try Home()
        let t = try Terminal(home)
        try t.expect("a new journal was created at \(home.journal)\n")
        try t.prompt()
        t.type("note one" + Terminal.enter)
        try t.expect("noted for today")
        try t.prompt()

        removeJournal(home)
        t.type("note two" + Terminal.enter)
        let deleted = try t.expect("daybook Sat 21 Nov> ")
        #expect(
            deleted.contains(
                "error: the journal \(home.journal) was deleted while daybook had it open; nothing was written. Type 'reopen' to go on at \(home.journal): the first write then creates a new journal there\n"
            ), "\(deleted)")
        #expect(!deleted.contains("noted"))
        #expect(!FileManager.default.fileExists(atPath: home.journal))

        // Meanwhile another session writes to the path: a new journal.
        try home.script("note from elsewhere\n")
        try t.waitForRawMode()
        t.type("show" + Terminal.enter)
        let replaced = try t.expect("daybook Sat 21 Nov> ")
        // A read had nothing to write, and does not say it wrote nothing.
        #expect(
            replaced.contains(
                "error: the journal \(home.journal) was replaced by another file while daybook had it open. Type 'reopen' to go on at \(home.journal): later commands then use the file now there\n"
            ), "\(replaced)")
        #expect(!replaced.contains("one"))

        try t.waitForRawMode()
        t.type("reopen" + Terminal.enter)
        try t.expect("reopened \(home.journal)\n")
        try t.prompt()
        t.type("note three" + Terminal.enter)
        try t.expect("noted for today")
        try t.prompt()
        t.type("show" + Terminal.enter)
        try t.expect("from elsewhere")
        try t.expect("three")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT group_concat(text, ',') FROM note") == "from elsewhere,three")
    }

    /// Another journal moved onto the path (`mv`): writes are refused until `reopen`, which
    /// opens the new file; with no file at the path, `reopen` creates nothing, and the next
    /// write creates the journal. The write-ahead log left at the path, which holds the first
    /// journal's last notes, is never read as the new file's.
    @Test func aReplacedJournalIsNotWrittenUntilReopened() throws {
        let home = try Home()
        let other = try Home()
        try other.script("note in the other journal\n")
        try home.script("note in the first journal\n")
        let t = try Terminal(home)
        try t.prompt()
        t.type("note typed in the shell" + Terminal.enter)
        try t.expect("noted for today")
        try t.prompt()
        #expect(FileManager.default.fileExists(atPath: home.journal + "-wal"))

        #expect(rename(other.journal, home.journal) == 0)
        t.type("mood 4 sunny" + Terminal.enter)
        try t.expect("was replaced by another file while daybook had it open; nothing was written.")
        try t.prompt()
        t.type("reopen" + Terminal.enter)
        try t.expect("reopened \(home.journal)")
        try t.prompt()
        t.type("show" + Terminal.enter)
        let shown = try t.expect("daybook Sat 21 Nov> ")
        #expect(shown.contains("in the other journal"), "\(shown)")
        #expect(!shown.contains("typed in the shell") && !shown.contains("in the first journal"), "\(shown)")
        try t.waitForRawMode()
        t.type("mood 4 sunny" + Terminal.enter)
        try t.expect("mood 4 (good) for today")
        try t.prompt()
        #expect(try home.sql("PRAGMA integrity_check; SELECT group_concat(text, ',') FROM note") == "ok\nin the other journal")
        #expect(try home.sql("SELECT count(*) FROM mood") == "1")

        removeJournal(home)
        t.type("reopen" + Terminal.enter)
        try t.expect("no journal at \(home.journal) yet; the first write creates it")
        try t.prompt()
        #expect(!FileManager.default.fileExists(atPath: home.journal))
        t.type("note afresh" + Terminal.enter)
        try t.expect("noted for today")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT group_concat(text, ',') FROM note") == "afresh")
    }
}
