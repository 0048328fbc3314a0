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

    /// Killed at random points, encrypt and decrypt leave one whole journal that opens, plain or
    /// encrypted, with the same export. The journal is large enough (about 3 MB, with its
    /// search index) that writing the new file takes a while. Each conversion is timed once
    /// uninterrupted: when its new file appears, and when it ends. Then every other kill lands at
    /// a random moment while the new file is written, and the others anywhere in the run time
    /// and a little past it (each in its own slice). Over the rounds, some kills land while the
    /// new file is being written (the journal still in its old form, the new file left beside
    /// it) and some conversions get past the rename.
    @Test func killedAtRandomPointsOneWholeJournalRemains() throws {
        let d = try filled()
        var generator = SystemRandomNumberGenerator()
        var script = ""
        for day in 1...20 {
            let words = (0..<4000).map { _ in "w" + String(generator.next() & 0xFF_FFFF_FFFF, radix: 16) }
            script += "note --on 2026-10-" + (day < 10 ? "0" : "") + "\(day) " + words.joined(separator: " ") + "\n"
        }
        let filling = try d.run([], input: script)
        #expect(filling.status == 0, "\(filling.stderr)")
        let before = try export(d)
        withCommand(d)
        let newFile = d.journal + ".daybook-new"
        let clock = ContinuousClock()
        func seconds(since start: ContinuousClock.Instant) -> Double {
            let ran = (clock.now - start).components
            return Double(ran.seconds) + Double(ran.attoseconds) / 1e18
        }
        func size(_ path: String) -> Int? {
            (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int
        }
        /// The new file's size and time of change, to tell a file this round wrote from one left before.
        func stamp() -> String? {
            guard let found = try? FileManager.default.attributesOfItem(atPath: newFile) else { return nil }
            return "\(found[.size] ?? "") \((found[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0)"
        }

        /// Runs `command` on the journal, sent SIGKILL after `delay` seconds (nil: never, and
        /// the new file's first appearance is watched for); whether the signal ended it, the
        /// seconds it ran, and when the new file appeared.
        func run(_ command: String, killAfter delay: Double?) throws -> (killed: Bool, seconds: Double, newFile: Double?) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: Daybook.binary)
            process.arguments = ["--journal", d.journal, command]
            process.environment = d.childEnvironment
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = clock.now
            try process.run()
            var appeared: Double? = nil
            if let delay {
                usleep(useconds_t(delay * 1_000_000))
                kill(process.processIdentifier, SIGKILL)
            } else {
                while process.isRunning {
                    if appeared == nil && size(newFile) != nil { appeared = seconds(since: start) }
                    usleep(1000)
                }
            }
            process.waitUntilExit()
            return (process.terminationReason == .uncaughtSignal, seconds(since: start), appeared)
        }

        // Each conversion once, uninterrupted: when its new file appears, and how long it takes.
        var measured: [String: (writing: Double, seconds: Double)] = [:]
        for (command, result) in [("encrypt", JournalFileKind.other), ("decrypt", .plain)] {
            let timed = try run(command, killAfter: nil)
            #expect(!timed.killed && JournalFileKind.of(bytes(d.journal)) == result)
            let writing = try #require(timed.newFile, "\(command) wrote no new file beside the journal")
            measured[command] = (writing, timed.seconds)
        }
        #expect(try export(d) == before)

        var midway = 0  // killed while the new file was being written
        var past = 0  // the new file took the journal's place
        var seen: [String] = []
        var rounds: [String: Int] = [:]
        let began = clock.now
        // At least 16 rounds; until both were seen, a few more, within 45 seconds.
        while rounds.values.reduce(0, +) < 16
            || (rounds.values.reduce(0, +) < 28 && (midway == 0 || past == 0) && clock.now - began < .seconds(45))
        {
            let wasPlain = JournalFileKind.of(bytes(d.journal)) == .plain
            let command = wasPlain ? "encrypt" : "decrypt"
            let (writing, total) = measured[command]!
            let earlier = stamp()
            let k = rounds[command, default: 0]
            rounds[command] = k + 1
            let random = Double.random(in: 0..<1, using: &generator)
            let delay =
                k % 2 == 1
                ? writing + random * (total - writing)  // while the new file is written
                // Anywhere, and a little past the end: the sixths in the order 0, 5, 4, 3, 2, 1, so
                // that the first rounds already reach past the rename on a loaded machine.
                : (Double(k / 2 * 5 % 6) + random) / 6 * 1.25 * total
            let outcome = try run(command, killAfter: delay)
            let isPlain = JournalFileKind.of(bytes(d.journal)) == .plain
            let left = size(newFile)
            let what =
                "\(command), SIGKILL at \(Int(delay * 1000)) ms (new file at \(Int(writing * 1000)), end at "
                + "\(Int(total * 1000))): " + (outcome.killed ? "killed, " : "ended, ")
                + (isPlain == wasPlain ? "old form" : "new form") + (left.map { ", new file of \($0) bytes left" } ?? "")
            seen.append(what)
            if isPlain == wasPlain {
                #expect(outcome.killed, "\(what): ended without converting")
                if (left ?? 0) > 0 && stamp() != earlier { midway += 1 }
            } else {
                past += 1
                #expect(left == nil, "\(what)")
            }
            // One whole journal at its path, which opens with everything in it; the opening
            // removes what the killed conversion left beside it.
            #expect(try export(d) == before, "\(what)")
            #expect(size(newFile) == nil && size(newFile + "-journal") == nil, "left after an opening: \(what)")
        }
        #expect(midway >= 1, "no kill landed while the new file was written: \(seen)")
        #expect(past >= 1, "no conversion got past the rename: \(seen)")
        // A new file left by a killed conversion goes with the next one.
        _ = try run(JournalFileKind.of(bytes(d.journal)) == .plain ? "encrypt" : "decrypt", killAfter: nil)
        #expect(size(newFile) == nil && size(newFile + "-journal") == nil)
        #expect(try export(d) == before)
    }
}

enum JournalFileKind: Equatable {
    case plain, other
    static func of(_ data: Data) -> JournalFileKind {
        data.prefix(16) == Data("SQLite format 3\0".utf8) ? .plain : .other
    }
}
