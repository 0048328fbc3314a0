import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An encrypted, locked journal in a real pseudo-terminal: the shell asks for the passphrase
/// once, at start, without echo, and then not again; after `lock` it asks again.
@Suite struct EncryptedJournalTerminalTests {
    static let passphrase = "tidal orchard"

    func encryptedAndLocked() throws -> Home {
        let home = try Home()
        try home.script("note quietharbour\n")
        home.environment["DAYBOOK_PASSPHRASE_COMMAND"] = "printf '%s\\n' '\(Self.passphrase)'"
        try home.script("encrypt\nlock\n")
        home.environment = [:]
        return home
    }

    @Test func theShellAsksOnceAtStartWithoutEcho() throws {
        let home = try encryptedAndLocked()
        let t = try Terminal(home)
        try t.expect("passphrase for \(home.journal): ")
        t.type(Self.passphrase + Terminal.enter)
        let started = try t.expect("daybook Sat 21 Nov> ")
        #expect(!started.contains(Self.passphrase), "the passphrase was echoed: \(started)")
        t.type("search quietharbour" + Terminal.enter)
        let found = try t.expect("daybook Sat 21 Nov> ")
        #expect(found.contains("quietharbour"))
        #expect(!found.contains("passphrase"))
        // Locked again, the shell asks again at once (its prompt shows the journal's day), and
        // a passphrase typed wrong is said in one line.
        try t.waitForRawMode()
        t.type("lock" + Terminal.enter)
        try t.expect("locked")
        try t.expect("passphrase for \(home.journal): ")
        t.type(Self.passphrase + Terminal.enter)
        let again = try t.expect("daybook Sat 21 Nov> ")
        #expect(!again.contains(Self.passphrase), "the passphrase was echoed: \(again)")
        try t.waitForRawMode()
        t.type("quit" + Terminal.enter)
        #expect(try t.waitForExit() == 0)
    }
}
