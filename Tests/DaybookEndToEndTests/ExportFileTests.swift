import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `export FILE --force` replaces a file whole or not at all, and writes only regular files.
@Suite struct ExportFileTests {
    /// A journal whose JSON export is about 150 KB.
    func journal() throws -> Daybook {
        let d = try Daybook()
        let line = "note " + String(repeating: "a long day of notes ", count: 6) + "\n"
        let r = try d.run([], input: String(repeating: line, count: 1000))
        #expect(r.status == 0, "\(r.stderr)")
        return d
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    func names(_ d: Daybook) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: d.directory).sorted()
    }

    /// Past the file size limit the write fails: the backup it was to replace stays as it was,
    /// and no temporary file is left beside it.
    @Test func aFailedWriteLeavesTheOldFileAsItWas() throws {
        let d = try journal()
        let backup = d.directory + "/backup.json"
        let old = Data("an older backup, which must survive\n".utf8)
        try old.write(to: URL(fileURLWithPath: backup))
        let before = try names(d)
        // 64 KiB (dash counts blocks of 512 bytes): room for SQLite's shared memory, not for the export.
        let r = try d.execute(
            "/bin/sh", ["-c", "ulimit -f 128; exec \"$DAYBOOK\" --journal \"$J\" export \"$D/backup.json\" --force"])
        #expect(r.status == 1)
        #expect(r.stderr == "error: could not write \(backup) (File too large); \(backup) was left as it was\n")
        #expect(bytes(backup) == old)
        #expect(try names(d).filter { !$0.hasPrefix("journal.sqlite3") } == before.filter { !$0.hasPrefix("journal.sqlite3") })
        // Within the limit, it is replaced whole.
        #expect(try d.run(["export", backup, "--force"]).status == 0)
        #expect(bytes(backup).map { $0.count > 100_000 } == true)
    }

    /// A FIFO, a device and a folder are refused in one line, before anything is written:
    /// nothing blocks on the FIFO, and each is left as it was.
    @Test func onlyARegularFileIsWritten() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "hello"]).status == 0)
        let fifo = d.directory + "/fifo"
        #expect(mkfifo(fifo, 0o644) == 0)
        let device = d.directory + "/null"
        // Root can make a device node (the null device) of its own to aim at; others skip it.
        // 1, 3 in the kernel's encoding of small numbers: major << 8 | minor.
        let haveDevice = mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 3)) == 0
        if haveDevice { chmod(device, 0o666) }
        let folder = d.directory + "/folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)

        var targets = [(fifo, "a FIFO (named pipe)")]
        if haveDevice { targets.append((device, "a device")) }
        for (path, kind) in targets {
            for force in [true, false] {
                // SIGKILL: the child inherits the test threads' mask, which blocks SIGTERM.
                let r = try d.execute(
                    "/usr/bin/timeout", ["-s", "KILL", "10", Daybook.binary, "--journal", d.journal, "export", path] + (force ? ["--force"] : []))
                #expect(r.status == 1, "\(kind)")
                #expect(r.stderr == "error: \(path) is \(kind), not a regular file; export writes to a file. Nothing was written\n")
            }
        }
        var info = stat()
        #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
        if haveDevice {
            #expect(lstat(device, &info) == 0 && (info.st_mode & S_IFMT) == S_IFCHR && (info.st_mode & 0o777) == 0o666)
        }
        let r = try d.run(["export", folder, "--force"])
        #expect(r.stderr == "error: \(folder) is a folder; give the path of a file to export to\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        #expect(try names(d).filter { $0.hasPrefix(".daybook-export-") }.isEmpty)
        // Standard output is still an export's place.
        #expect(try d.run(["export", "-"]).stdout.hasPrefix("{\n  \"format\": \"daybook\""))
    }

    /// A symbolic link is followed: the file it names gets the export, and the link stays.
    @Test func aLinkIsFollowed() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "hello"]).status == 0)
        let file = d.directory + "/real.json"
        try Data("old".utf8).write(to: URL(fileURLWithPath: file))
        let link = d.directory + "/link.json"
        #expect(symlink("real.json", link) == 0)
        #expect(try d.run(["export", link]).stderr == "error: \(link) exists; give --force to overwrite it. Nothing was written\n")
        #expect(try d.run(["export", link, "--force"]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "real.json")
        #expect(String(decoding: bytes(file) ?? Data(), as: UTF8.self).contains("\"text\": \"hello\""))
    }
}
