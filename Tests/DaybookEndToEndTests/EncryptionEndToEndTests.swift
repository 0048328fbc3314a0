import DaybookProcessSupport
import Foundation
import Testing

/// Encryption at rest through the real binary and real files: `encrypt`, `decrypt`, `unlock`,
/// `lock`, the passphrase command, sync, a locked journal's refusals, and what is in the file's bytes.
@Suite(.serialized) struct EncryptionEndToEndTests {
    static let passphrase = "correct horse battery"

    /// A journal with moods, notes, tags and values whose words are easy to look for in bytes.
    func filled() throws -> Daybook {
        let d = try Daybook()
        #expect(try d.run(["mood", "4", "zanzibarquokka", "#velvetpangolin"]).status == 0)
        #expect(try d.run(["note", "marmaladeoctopus was here"]).status == 0)
        #expect(try d.run(["track", "tangerinewalks", "count"]).status == 0)
        #expect(try d.run(["log", "tangerinewalks", "31337"]).status == 0)
        return d
    }

    func withCommand(_ d: Daybook, _ phrase: String = passphrase) {
        d.environment["DAYBOOK_PASSPHRASE_COMMAND"] = "printf '%s\\n' '\(phrase)'"
    }

    func export(_ d: Daybook) throws -> String {
        let r = try d.run(["export", "--format", "json"])
        #expect(r.status == 0, "\(r.stderr)")
        return r.stdout
    }

    func bytes(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }

    func holds(_ data: Data, _ text: String) -> Bool { data.range(of: Data(text.utf8)) != nil }

    @Test func encryptUseAndDecryptKeepEverything() throws {
        let d = try filled()
        let before = try export(d)
        withCommand(d)
        let encrypted = try d.run(["encrypt"])
        #expect(encrypted.status == 0, "\(encrypted.stderr)")
        #expect(encrypted.stderr.contains("encrypted"))
        #expect(encrypted.stderr.contains("Not promised"))
        #expect(!holds(bytes(d.journal).prefix(16), "SQLite format 3"))
        #expect(try export(d) == before)
        // Used while encrypted, and synced with another journal through a folder; then the
        // same journal is read back after decrypt.
        #expect(try d.run(["log", "tangerinewalks", "2"]).status == 0)
        let folder = d.directory + "/sync"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let other = d.directory + "/other.sqlite3"
        #expect(try d.run(["--journal", other, "note", "from the other device"], journalFlag: false).status == 0)
        #expect(try d.run(["sync", folder]).status == 0)
        #expect(try d.run(["--journal", other, "sync", folder], journalFlag: false).status == 0)
        let synced = try d.run(["sync", folder])
        #expect(synced.status == 0 && (synced.stdout + synced.stderr).contains("applied 1"), "\(synced.stdout)\(synced.stderr)")
        #expect(try d.run(["search", "other"]).stdout.contains("from the other device"))
        let used = try export(d)
        #expect(used != before)
        let decrypted = try d.run(["decrypt"])
        #expect(decrypted.status == 0, "\(decrypted.stderr)")
        #expect(bytes(d.journal).prefix(16) == Data("SQLite format 3\0".utf8))
        d.environment = [:]
        #expect(try export(d) == used)
        #expect(try d.run(["status", "--format", "%checkin"]).stdout == "checked in\n")
    }

    @Test func theFileAndItsLogHoldNoneOfTheJournalsWords() throws {
        let d = try filled()
        withCommand(d)
        #expect(try d.run(["encrypt"]).status == 0)
        // A writer stopped before it closed leaves its write-ahead log beside the file.
        let r = try d.shell(
            #"""
            ( printf 'note pomegranatewalrus\n'; sleep 3 ) | "$DAYBOOK" --journal "$J" -f - &
            sleep 1.5
            cp "$J-wal" "$D/wal-copy" 2>/dev/null
            wait
            """#)
        #expect(r.status == 0)
        let wal = bytes(d.directory + "/wal-copy")
        #expect(wal.count > 32, "no write-ahead log was caught")
        let file = bytes(d.journal)
        #expect(file.count >= 4096)
        for data in [file, wal] {
            for word in [
                "SQLite format 3", "zanzibarquokka", "velvetpangolin", "marmaladeoctopus", "tangerinewalks", "31337",
                "pomegranatewalrus", "CREATE TABLE",
            ] {
                #expect(!holds(data, word), "found \(word)")
            }
        }
        #expect(try d.run(["search", "pomegranatewalrus"]).stdout.contains("pomegranatewalrus"))
    }

    @Test(.enabled(if: Installed.program("/usr/bin/sqlcipher"), "needs sqlcipher (make test installs it)"))
    func theSqlcipherProgramOpensItWithThePassphraseOnly() throws {
        let d = try filled()
        withCommand(d)
        #expect(try d.run(["encrypt"]).status == 0)
        let right = try d.execute(
            "/usr/bin/sqlcipher", [d.journal, "PRAGMA key = '\(Self.passphrase)';", "SELECT text FROM note;"])
        #expect(right.status == 0)
        #expect(right.stdout.contains("marmaladeoctopus was here"))
        let wrong = try d.execute("/usr/bin/sqlcipher", [d.journal, "PRAGMA key = 'not it';", "SELECT text FROM note;"])
        #expect(wrong.status != 0)
        #expect(!wrong.stdout.contains("marmaladeoctopus"))
    }

    @Test func aLockedJournalRefusesInOneLineWithItsOwnStatus() throws {
        let d = try filled()
        withCommand(d)
        #expect(try d.run(["encrypt"]).status == 0)
        #expect(try d.run(["lock"]).status == 0)
        d.environment = [:]
        let file = bytes(d.journal)
        for arguments in [["today"], ["mood", "2"], ["decrypt"], ["unlock"]] {
            let r = try d.run(arguments)
            #expect(r.status == 77, "\(arguments): \(r.status) \(r.stderr)")
            #expect(r.stderr.split(separator: "\n").count == 1)
            #expect(r.stderr.contains("is encrypted and locked"))
        }
        #expect(bytes(d.journal) == file)
        // status never asks: it says locked, at once.
        let status = try d.run(["status"])
        #expect(status.status == 0 && status.stdout == "locked\n" && status.stderr == "")
        // Completion offers the built-ins only.
        var env = d.childEnvironment
        env["DAYBOOK_JOURNAL"] = d.journal
        let complete = try d.execute(Daybook.binary, ["__complete", "--", "log", "tan"], environment: env)
        #expect(complete.status == 0 && complete.stdout == "")
        #expect(try d.execute(Daybook.binary, ["__complete", "--", "log", "st"], environment: env).stdout
            == "steps\nstand_hours\n")
        // A passphrase command that fails is named; a wrong passphrase is told apart; nothing is written.
        d.environment["DAYBOOK_PASSPHRASE_COMMAND"] = "exit 3"
        var r = try d.run(["today"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("DAYBOOK_PASSPHRASE_COMMAND failed (exit status 3)"))
        withCommand(d, "not it")
        r = try d.run(["mood", "2"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("the passphrase does not open journal"))
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(bytes(d.journal) == file)
        // Unlocked by the command, the key is kept: then neither asks.
        withCommand(d)
        #expect(try d.run(["unlock"]).status == 0)
        d.environment = [:]
        #expect(try d.run(["status", "--format", "%checkin"]).stdout == "checked in\n")
        let unlocked = try d.execute(Daybook.binary, ["__complete", "--", "log", "tan"], environment: env)
        #expect(unlocked.stdout == "tangerinewalks\n")
        #expect(try d.run(["lock"]).status == 0)
        #expect(try d.run(["status"]).stdout == "locked\n")
    }

    @Test func plainDamagedAndForeignFilesAreToldApart() throws {
        let d = try filled()
        withCommand(d)
        var r = try d.run(["unlock"])
        #expect(r.status == 64 && r.stderr.contains("is not encrypted"))
        r = try d.run(["decrypt"])
        #expect(r.stderr.contains("is not encrypted"))
        #expect(try d.run(["encrypt"]).status == 0)
        r = try d.run(["encrypt"])
        #expect(r.status == 64 && r.stderr.contains("encrypted already"))
        #expect(try d.run(["lock"]).status == 0)
        // The first page damaged: the passphrase cannot open it, and nothing is written.
        var data = bytes(d.journal)
        data[100] ^= 0xFF
        #expect(FileManager.default.createFile(atPath: d.journal, contents: data))
        r = try d.run(["today"])
        #expect(r.status == 1 && r.stderr.contains("does not open") && r.stderr.contains("damaged"))
        #expect(bytes(d.journal) == data)
        // A text file is no journal at all.
        let text = d.directory + "/notes.txt"
        #expect(FileManager.default.createFile(atPath: text, contents: Data("hello\n".utf8)))
        r = try d.run(["--journal", text, "unlock"], journalFlag: false)
        #expect(r.status == 1 && r.stderr.contains("not a daybook journal"))
    }

    @Test func aNewPassphraseReKeysInOneStep() throws {
        let d = try filled()
        let before = try export(d)
        withCommand(d)
        #expect(try d.run(["encrypt"]).status == 0)
        let old = bytes(d.journal)
        withCommand(d, "a new one")
        let r = try d.run(["encrypt", "--new-passphrase"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(bytes(d.journal).prefix(16) != old.prefix(16))
        #expect(try d.run(["lock"]).status == 0)
        withCommand(d, Self.passphrase)
        #expect(try d.run(["today"]).stderr.contains("does not open"))
        withCommand(d, "a new one")
        #expect(try export(d) == before)
    }

    /// Killed at any point, encrypt and decrypt leave one whole journal that opens.
    @Test func killedAtRandomPointsOneWholeJournalRemains() throws {
        let d = try filled()
        for index in 0..<40 {
            let day = index % 28 + 1
            let on = "2026-10-" + (day < 10 ? "0" : "") + "\(day)"
            #expect(try d.run(["log", "tangerinewalks", "\(index)", "--on", on]).status == 0)
        }
        let before = try export(d)
        withCommand(d)
        var generator = SystemRandomNumberGenerator()
        for round in 0..<12 {
            let command = JournalFileKind.of(bytes(d.journal)) == .plain ? "encrypt" : "decrypt"
            let delay = Double.random(in: 0.0...0.25, using: &generator)
            _ = try d.shell(
                "\"$DAYBOOK\" --journal \"$J\" \(command) 2>/dev/null & pid=$!; sleep \(delay); kill -9 $pid 2>/dev/null; wait $pid 2>/dev/null; true"
            )
            #expect(try export(d) == before, "round \(round), \(command) killed after \(delay) s")
        }
    }
}

enum JournalFileKind: Equatable {
    case plain, other
    static func of(_ data: Data) -> JournalFileKind {
        data.prefix(16) == Data("SQLite format 3\0".utf8) ? .plain : .other
    }
}
