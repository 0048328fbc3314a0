import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// An import reads a regular file of a bounded size: a device that never ends, a FIFO that
/// never gets a writer and a folder are refused in one line, before a byte is read, whatever
/// the kind of import.
@Suite struct ImportInputFileTests {
    /// `daybook ARGUMENTS`, killed after 10 s (SIGKILL: the child inherits the test threads'
    /// mask, which blocks SIGTERM).
    func run(_ d: Daybook, _ arguments: [String]) throws -> RunResult {
        try d.execute("/usr/bin/timeout", ["-s", "KILL", "10", Daybook.binary, "--journal", d.journal] + arguments)
    }

    @Test func aDeviceAFIFOAndAFolderAreRefused() throws {
        let d = try Daybook()
        let fifo = d.directory + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let cases: [(String, String)] = [
            ("/dev/zero", "error: /dev/zero is a device, not a file; give the file to import. Nothing was written\n"),
            (fifo, "error: \(fifo) is a FIFO (named pipe), not a file; give the file to import. Nothing was written\n"),
            (d.directory, "error: \(d.directory) is a folder; give the file to import. Nothing was written\n"),
        ]
        for (path, message) in cases {
            // Google Fit's reader takes the folder of its daily files.
            let googlefit = path == d.directory ? [] : [["googlefit"]]
            for source in [[], ["daylio"], ["jrnl"], ["health"], ["gadgetbridge"]] + googlefit {
                let r = try run(d, ["import"] + source + [path])
                #expect(r.status == 1, "\(source) \(path)")
                #expect(r.stderr == message, "\(source) \(path)")
            }
        }
        #expect(!FileManager.default.fileExists(atPath: d.journal))
    }

    /// A file of more than 1 GiB (a sparse one: it takes no room) is refused with its size.
    @Test func aFileOfMoreThanAGibibyteIsRefused() throws {
        let d = try Daybook()
        let path = d.directory + "/huge.json"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("{".utf8)))
        #expect(truncate(path, (1 << 30) + 1) == 0)
        let r = try run(d, ["import", path])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: \(path) holds 1,073,741,825 bytes; an import reads files of up to 1,073,741,824 bytes (1 GiB). Nothing was written\n"
        )
    }
}
