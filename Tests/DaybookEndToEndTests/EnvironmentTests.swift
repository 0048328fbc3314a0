import DaybookProcessSupport
import Foundation
import Testing

/// Damaged environments: each gives one clear error, and nothing is overwritten.
///
/// CI runs as root, where file modes stop nothing, so permissions are tested as the user
/// `nobody` (setpriv), read-only and full file systems in a private mount namespace (unshare),
/// where the machine allows them. The file size limit (`ulimit -f`) works everywhere.
@Suite struct EnvironmentTests {
    /// The shell prefix that runs a command as a user without rights on the test's files.
    static let asOtherUser = Daybook.isRoot ? "setpriv --reuid=65534 --regid=65534 --clear-groups " : ""

    /// True when this machine lets the tests make private mounts.
    static let canMount: Bool = {
        guard Daybook.isRoot, let d = try? Daybook() else { return false }
        let r = try? d.shell(#"unshare -m sh -c 'mount -t tmpfs -o size=64k tmpfs "$D" && touch "$D/x"'"#)
        return r?.status == 0
    }()

    func journalWithANote(_ d: Daybook) throws -> Data {
        #expect(try d.run(["note", "an old note #kept"]).status == 0)
        // Let the folder be entered by the other user.
        chmod(d.directory, 0o755)
        return try #require(d.journalBytes())
    }

    func sidecars(_ d: Daybook) -> [String] {
        ["-wal", "-shm"].filter { FileManager.default.fileExists(atPath: d.journal + $0) }
    }

    @Test func journalPathIsAFolder() throws {
        let d = try Daybook()
        let folder = d.directory + "/journal.sqlite3"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let r = try d.run(["note", "x"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: journal path \(folder) is a directory; give the path of a file with --journal\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }

    /// A device or a FIFO given as the journal is named for what it is, for a read and a write
    /// alike, and nothing is made beside it.
    @Test func journalPathIsADeviceOrAFIFO() throws {
        let d = try Daybook()
        let fifo = d.directory + "/fifo.sqlite3"
        #expect(mkfifo(fifo, 0o600) == 0)
        for (path, kind) in [("/dev/zero", "a device"), (fifo, "a FIFO (named pipe)")] {
            for command in [["show"], ["note", "x"]] {
                let r = try d.run(["--journal", path] + command, journalFlag: false)
                #expect(r.status == 1)
                #expect(
                    r.stderr == "error: journal path \(path) is \(kind), not a file; give the path of a file with --journal\n")
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.directory) == ["fifo.sqlite3"])
    }

    /// On a damaged journal a read says the file is damaged, and only a write says that
    /// nothing was written: a read had nothing to write.
    @Test func aDamagedJournalSaysWhatFailed() throws {
        let d = try Daybook()
        let notes = (1...300).map { "note some words here number \($0) #t\($0 % 7)\n" }.joined()
        #expect(try d.run(input: notes).status == 0)
        let file = try #require(FileHandle(forWritingAtPath: d.journal))
        try file.seek(toOffset: 4096 * 3)
        file.write(Data(repeating: 0xFF, count: 4096 * 4))
        try file.close()
        for command in [["show"], ["search", "words"]] {
            let r = try d.run(command)
            #expect(r.status == 1)
            #expect(r.stderr == "error: the journal file is damaged (database disk image is malformed)\n", "\(command)")
        }
        let write = try d.run(["note", "y"])
        #expect(write.stderr == "error: the journal file is damaged (database disk image is malformed); nothing was written\n")
    }

    @Test func journalCannotBeRead() throws {
        let d = try Daybook()
        let before = try journalWithANote(d)
        chmod(d.journal, Daybook.isRoot ? 0o600 : 0o000)
        for command in ["show", "note x"] {
            let r = try d.shell(Self.asOtherUser + #""$DAYBOOK" --journal "$J" "# + command)
            #expect(r.status == 1)
            #expect(r.stderr == "error: cannot read journal \(d.journal): Permission denied\n")
        }
        chmod(d.journal, 0o600)
        #expect(d.journalBytes() == before)
    }

    @Test func journalFileIsReadOnly() throws {
        let d = try Daybook()
        let before = try journalWithANote(d)
        chmod(d.journal, Daybook.isRoot ? 0o644 : 0o444)
        let show = try d.shell(Self.asOtherUser + #""$DAYBOOK" --journal "$J" show"#)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("an old note #kept"))
        let write = try d.shell(Self.asOtherUser + #""$DAYBOOK" --journal "$J" note "a new note""#)
        #expect(write.status == 1)
        #expect(write.stderr == "error: journal \(d.journal) cannot be written: Permission denied; nothing was written\n")
        // A script goes on: each write fails with its line number, and every read still runs.
        let script = try d.shell(
            Self.asOtherUser + #""$DAYBOOK" --journal "$J""#, input: "show\nnote one\nshow --json\nmood 4\nweek\n")
        #expect(script.status == 1)
        #expect(
            script.stderr
                == "<stdin>:2: error: journal \(d.journal) cannot be written: Permission denied; nothing was written\n"
                + "<stdin>:4: error: journal \(d.journal) cannot be written: Permission denied; nothing was written\n"
        )
        #expect(script.stdout.components(separatedBy: "an old note #kept").count == 4, "show, show --json and week ran")
        // With --bail, it stops at the first write.
        let bail = try d.shell(
            Self.asOtherUser + #""$DAYBOOK" --journal "$J" --bail"#, input: "show\nnote one\nshow\n")
        #expect(bail.status == 1)
        #expect(bail.stderr == "<stdin>:2: error: journal \(d.journal) cannot be written: Permission denied; nothing was written\n")
        #expect(bail.stdout.components(separatedBy: "an old note #kept").count == 2)
        #expect(d.journalBytes() == before)
        #expect(sidecars(d) == [])
    }

    // As another user: only root can hand the file over.
    @Test(.enabled(if: Installed.root, "needs root"))
    func journalFolderIsReadOnly() throws {
        let d = try Daybook()
        let before = try journalWithANote(d)
        chown(d.journal, 65534, 65534)
        let show = try d.shell(Self.asOtherUser + #""$DAYBOOK" --journal "$J" show"#)
        #expect(show.status == 0, "\(show.stderr)")
        #expect(show.stdout.contains("an old note #kept"))
        let write = try d.shell(Self.asOtherUser + #""$DAYBOOK" --journal "$J" mood 4"#)
        #expect(write.status == 1)
        #expect(
            write.stderr
                == "error: journal \(d.journal) cannot be written: its folder \(d.directory) cannot be written (Permission denied); nothing was written\n"
        )
        #expect(d.journalBytes() == before)
    }

    @Test(.enabled(if: EnvironmentTests.canMount, "needs root and private mounts (unshare -m, tmpfs)"))
    func journalOnAReadOnlyFileSystem() throws {
        let d = try Daybook()
        let before = try journalWithANote(d)
        let r = try d.shell(
            #"unshare -m sh -c 'mount --bind -o ro "$D" "$D" && "$DAYBOOK" --journal "$J" show && "$DAYBOOK" --journal "$J" note x'"#)
        #expect(r.status == 1)
        #expect(r.stdout.contains("an old note #kept"))
        #expect(r.stderr == "error: journal \(d.journal) cannot be written: Read-only file system; nothing was written\n")
        #expect(d.journalBytes() == before)
    }

    @Test func notASQLiteFile() throws {
        let d = try Daybook()
        var random = SeededGenerator(seed: 42)
        let garbage = Data((0..<8192).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        try garbage.write(to: URL(fileURLWithPath: d.journal))
        // Whole 4 KiB pages without a SQLite header are what an encrypted journal looks like too:
        // without a passphrase nothing tells them apart, so they are refused as locked.
        for command in [["show"], ["note", "x"]] {
            let r = try d.run(command)
            #expect(r.status == 77)
            #expect(
                r.stderr
                    == "error: journal \(d.journal) is encrypted and locked (or no SQLite file at all, which only a passphrase can tell): run 'daybook unlock' on a terminal, or name a command that prints the passphrase in DAYBOOK_PASSPHRASE_COMMAND; it was left untouched\n"
            )
        }
        // One byte more, and it is no journal, plain or encrypted.
        try (garbage + Data([0])).write(to: URL(fileURLWithPath: d.journal))
        for command in [["show"], ["note", "x"]] {
            let r = try d.run(command)
            #expect(r.status == 1)
            #expect(r.stderr == "error: \(d.journal) is not a SQLite database, so not a daybook journal; it was left untouched\n")
        }
        try garbage.write(to: URL(fileURLWithPath: d.journal))
        #expect(d.journalBytes() == garbage)
        #expect(sidecars(d) == [])
    }

    @Test func aSQLiteDatabaseThatIsNotAJournal() throws {
        let d = try Daybook()
        #expect(try d.sql("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup')") == "")
        let before = try #require(d.journalBytes())
        for command in [["show"], ["note", "x"]] {
            let r = try d.run(command)
            #expect(r.status == 1)
            #expect(
                r.stderr
                    == "error: \(d.journal) is a SQLite database but not a daybook journal; it was left untouched. Give another path with --journal\n"
            )
        }
        #expect(d.journalBytes() == before)
        #expect(sidecars(d) == [])
        #expect(try d.sql("SELECT name FROM recipes") == "soup")
    }

    @Test func aJournalFromANewerDaybook() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "x"]).status == 0)
        let current = try d.sql("PRAGMA user_version")  // the version this daybook writes
        #expect(try d.sql("PRAGMA user_version = 99") == "")
        let before = try #require(d.journalBytes())
        for command in [["show"], ["note", "y"]] {
            let r = try d.run(command)
            #expect(r.status == 1)
            #expect(
                r.stderr
                    == "error: journal \(d.journal) has schema version 99, newer than this daybook reads (\(current)); upgrade daybook. Nothing was written\n"
            )
        }
        #expect(d.journalBytes() == before)
    }

    @Test func homeIsNotSet() throws {
        let d = try Daybook()
        var env = d.childEnvironment
        env["HOME"] = nil
        let message = "HOME is not set, so there is no default journal; give one with --journal PATH or DAYBOOK_JOURNAL"
        let oneShot = try d.execute(Daybook.binary, ["note", "x"], environment: env)
        #expect(oneShot.status == 1)
        #expect(oneShot.stderr == "error: \(message)\n")
        let script = try d.execute(Daybook.binary, [], input: Data("note a\nnote b\n".utf8), environment: env)
        #expect(script.status == 1)
        #expect(script.stderr == "<stdin>:1: error: \(message); the script stopped here\n")
        let help = try d.execute(Daybook.binary, ["help"], environment: env)
        #expect(help.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: d.directory) == [])
    }

    /// A limit on room to write: a full disk, or the file size limit.
    struct SpaceLimit {
        let label: String
        /// Runs a shell command under the limit.
        let run: (String) throws -> RunResult
        /// Leaves no room at all, then room again.
        let fill: () throws -> Void
        let free: () throws -> Void
    }

    /// With no room at all, a write fails with one clear line that shows nothing private, and
    /// reads still work. Then a script fills the disk itself: each batch that did not fit is
    /// reported by its lines, and every line before the first lost batch is kept.
    func runOutOfRoom(_ d: Daybook, _ limit: SpaceLimit) throws {
        let label = limit.label
        #expect(try limit.run(#""$DAYBOOK" --journal "$J" note before"#).status == 0, "\(label)")

        try limit.fill()
        let more = try limit.run(#""$DAYBOOK" --journal "$J" mood 2 "SECRET one-shot""#)
        #expect(more.status == 1, "\(label)")
        let reason = label == "tmpfs" ? "the disk is full" : "the file size limit (ulimit -f) is reached"
        #expect(
            more.stderr == "error: journal \(d.journal) cannot be written: \(reason); nothing was written\n"
                || more.stderr == "error: \(reason); nothing was written\n", "\(label): \(more.stderr)")
        let show = try limit.run(#""$DAYBOOK" --journal "$J" show"#)
        #expect(show.status == 0, "\(label): reads still work: \(show.stderr)")
        #expect(show.stdout.contains("before"), "\(label)")
        try limit.free()
        #expect(try d.sql("PRAGMA integrity_check; SELECT count(*) FROM mood") == "ok\n0", "\(label)")

        let scriptFolder = NSTemporaryDirectory() + "daybook-script-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: scriptFolder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: scriptFolder) }
        var script = ""
        for i in 1...6000 { script += "note line \(i) SECRET-\(i) #private\n" }
        try script.write(toFile: scriptFolder + "/fill.daybook", atomically: true, encoding: .utf8)
        let r = try limit.run(#""$DAYBOOK" --journal "$J" -f "# + scriptFolder + "/fill.daybook")
        #expect(r.status == 1, "\(label)")
        #expect(!r.stderr.contains("SECRET"), "\(label): an error shows note text")
        // "<path>:2000: error: the disk is full; lines 1001 to 2000 of <path> were not written"
        var firstLost = Int.max
        for line in r.stderr.split(separator: "\n") {
            #expect(line.contains("error: \(reason); lines "), "\(label): \(line)")
            if let range = line.range(of: "; lines "), let n = Int(line[range.upperBound...].prefix { $0.isNumber }) {
                firstLost = min(firstLost, n)
            }
        }
        #expect(firstLost < Int.max, "\(label): no batch was reported lost")
        #expect(try d.sql("PRAGMA integrity_check") == "ok", "\(label)")
        let numbers = try d.sql(
            "SELECT substr(text, 6, instr(text, ' SECRET') - 6) FROM note WHERE text LIKE 'line %' ORDER BY id"
        ).split(separator: "\n").compactMap { Int($0) }
        #expect(Array(numbers.prefix(firstLost - 1)) == Array(1..<firstLost), "\(label): the lines before the lost batch")
        #expect(!numbers.contains(firstLost), "\(label): a line of the lost batch was written")
        let after = try limit.run(#""$DAYBOOK" --journal "$J" show"#)
        #expect(after.status == 0, "\(label): \(after.stderr)")
    }

    @Test func theFileSizeLimitIsReached() throws {
        let d = try Daybook()
        var blocks = 600  // of 512 bytes: room for a new journal (schema 9) and its write-ahead log
        // `trap '' XFSZ`: past the limit, writes fail instead of the signal killing the process.
        try runOutOfRoom(
            d,
            SpaceLimit(
                label: "ulimit -f", run: { try d.shell("trap '' XFSZ; ulimit -f \(blocks); " + $0) },
                fill: { blocks = 1 }, free: { blocks = 600 }))
    }

    /// The normal case: the caller leaves SIGXFSZ at its default action, which would kill the
    /// process mid-batch without a word. daybook ignores it, so the same clear lines come out.
    @Test func theFileSizeLimitIsReachedWithTheSignalAtItsDefault() throws {
        let d = try Daybook()
        var blocks = 600  // of 512 bytes: room for a new journal (schema 9) and its write-ahead log
        try runOutOfRoom(
            d,
            SpaceLimit(
                label: "ulimit -f, SIGXFSZ at its default",
                run: { try d.shell("ulimit -f \(blocks); env --default-signal=XFSZ " + $0) },
                fill: { blocks = 1 }, free: { blocks = 600 }))
        // A script far past the limit runs to its end and reports each batch it could not write:
        // "<path>:2000: error: the file size limit (ulimit -f) is reached; lines 1001 to 2000 of <path> were not written",
        // the batches one after the other up to the last line (their size depends on the clock).
        var script = ""
        for i in 1...20_000 { script += "note n\(i)\n" }
        let path = d.directory + "/fill.daybook"
        try script.write(toFile: path, atomically: true, encoding: .utf8)
        let fresh = d.directory + "/fresh.sqlite3"
        #expect(try d.shell(#"env --default-signal=XFSZ "$DAYBOOK" --journal "$D/fresh.sqlite3" note first"#).status == 0)
        let r = try d.shell(
            #"ulimit -f 400; env --default-signal=XFSZ "$DAYBOOK" --journal "$D/fresh.sqlite3" -f "$D/fill.daybook""#)
        #expect(r.status == 1, "\(r.stderr.suffix(300))")
        var batches: [(first: Int, last: Int)] = []
        for line in r.stderr.split(separator: "\n").map(String.init) {
            let pattern = /(.+):(\d+): error: the file size limit \(ulimit -f\) is reached; lines (\d+) to (\d+) of (.+) were not written/
            guard let m = line.wholeMatch(of: pattern), m.1 == path, m.5 == path, m.2 == m.4,
                let first = Int(m.3), let last = Int(m.4)
            else {
                Issue.record("unexpected line: \(line)")
                continue
            }
            batches.append((first, last))
        }
        #expect(zip(batches, batches.dropFirst()).allSatisfy { $0.last < $1.first }, "\(batches)")
        // The script ran to its end, and every line is either in the journal or named as lost:
        // the notes kept are exactly the script's lines outside the lost batches (a batch after
        // a lost one may fit again, once the write-ahead log is checkpointed and starts small).
        var expected = Set(1...20_000)
        for batch in batches { expected.subtract(batch.first...batch.last) }
        let kept = try d.execute(
            "/usr/bin/sqlite3", [fresh, "SELECT substr(text, 2) FROM note WHERE text <> 'first'"]
        ).stdout.split(separator: "\n").compactMap { Int($0) }
        #expect(kept.count == Set(kept).count, "no line is written twice")
        #expect(Set(kept) == expected, "\(kept.count) notes kept; batches \(batches.prefix(4))")
        #expect(!batches.isEmpty)
    }

    @Test(.enabled(if: EnvironmentTests.canMount, "needs root and private mounts (unshare -m, tmpfs)"))
    func theDiskIsFull() throws {
        let d = try Daybook()
        // The test's own folder becomes a 640 KB disk.
        #expect(try d.shell(#"mount -t tmpfs -o size=640k,mode=0700 tmpfs "$D""#).status == 0)
        // Unmounted at the end whatever happens (lazily if a straggler still holds it).
        defer { _ = try? d.shell(#"umount "$D" 2>/dev/null || { sleep 0.2; umount "$D" 2>/dev/null; } || umount -l "$D""#) }
        try runOutOfRoom(
            d,
            SpaceLimit(
                label: "tmpfs", run: { try d.shell($0) },
                fill: { try d.shell(#"dd if=/dev/zero of="$D/filler" bs=4k 2>/dev/null; true"#) },
                free: { try d.shell(#"rm "$D/filler""#) }))
    }
}
