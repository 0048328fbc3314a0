import DaybookProcessSupport
import Foundation
import Testing

/// The cryptography under SQLCipher is Nettle's (Sources/CCrypto/provider.c), not OpenSSL's:
/// the file format must stay SQLCipher 4's, byte for byte. Debian's `sqlcipher` shell, which
/// uses OpenSSL, re-keys a journal daybook encrypted (so every page is then OpenSSL's work);
/// daybook opens it with the new passphrase, writes to it, and the shell reads what it wrote.
@Suite(.serialized) struct EncryptionEngineTests {
    static let first = "first passphrase"
    static let second = "second passphrase"

    func passphrase(_ d: Daybook, _ phrase: String) {
        d.environment["DAYBOOK_PASSPHRASE_COMMAND"] = "printf '%s\\n' '\(phrase)'"
    }

    @Test(.enabled(if: Installed.program("/usr/bin/sqlcipher"), "needs sqlcipher (make test installs it)"))
    func pagesWrittenByOpenSSLAndByNettleReadOnBothSides() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "quinceaardvark before"]).status == 0)
        #expect(try d.run(["track", "laps", "count"]).status == 0)
        #expect(try d.run(["log", "laps", "42"]).status == 0)
        passphrase(d, Self.first)
        #expect(try d.run(["encrypt"]).status == 0)

        // The shell, on OpenSSL, re-keys every page (and derives the key from the passphrase).
        let rekey = try d.execute(
            "/usr/bin/sqlcipher",
            [
                d.journal, "PRAGMA key = '\(Self.first)';", "PRAGMA journal_mode = DELETE;",
                "PRAGMA rekey = '\(Self.second)';", "SELECT count(*) FROM note;",
            ])
        #expect(rekey.status == 0, "\(rekey.stderr)")
        #expect(rekey.stdout.hasSuffix("1\n"), "\(rekey.stdout)")

        // daybook: the old passphrase is refused, the new one reads OpenSSL's pages.
        let refused = try d.run(["show"])
        #expect(refused.status != 0)
        #expect(!refused.stdout.contains("quinceaardvark"))
        passphrase(d, Self.second)
        let shown = try d.run(["show"])
        #expect(shown.status == 0, "\(shown.stderr)")
        #expect(shown.stdout.contains("quinceaardvark before"))
        #expect(shown.stdout.contains("42"))
        #expect(try d.run(["note", "xylophonetapir after"]).status == 0)
        #expect(try d.run(["log", "laps", "7"]).status == 0)

        // The shell reads daybook's pages.
        let read = try d.execute(
            "/usr/bin/sqlcipher",
            [d.journal, "PRAGMA key = '\(Self.second)';", "PRAGMA cipher_integrity_check;", "SELECT text FROM note ORDER BY id;"])
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("quinceaardvark before"))
        #expect(read.stdout.contains("xylophonetapir after"))
        let wrong = try d.execute("/usr/bin/sqlcipher", [d.journal, "PRAGMA key = '\(Self.first)';", "SELECT text FROM note;"])
        #expect(wrong.status != 0)
    }

    /// Neither a plain nor an encrypted journal loads libcrypto, whatever the command: encrypt,
    /// unlock, a read, a search, a write, decrypt (the dynamic loader's own log, LD_DEBUG=files,
    /// names every library it loads).
    @Test func noCommandLoadsLibcrypto() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "lanternfish"]).status == 0)
        passphrase(d, Self.first)
        d.environment["LD_DEBUG"] = "files"
        for words in [["today"], ["encrypt"], ["unlock"], ["today"], ["search", "lanternfish"], ["note", "more"], ["lock"], ["decrypt"]] {
            let r = try d.run(words)
            #expect(r.status == 0, "\(words): \(r.stderr.suffix(300))")
            #expect(r.stderr.contains("file="), "the loader's log is missing")
            #expect(!r.stderr.contains("libcrypto"), "\(words) loaded libcrypto")
        }
    }
}
