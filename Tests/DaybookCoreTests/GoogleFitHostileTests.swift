@testable import DaybookCore
@testable import DaybookStore
import Foundation
import Testing

/// Google Fit's files as a hostile folder or archive may hold them: devices, FIFOs, zip bombs,
/// records without end. Each is refused in one line, at once, in flat memory.
@Suite struct GoogleFitHostileTests {
    func withFolder(_ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.path + "/daybook-googlefit-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    func error(_ path: String, interrupted: @escaping () -> Bool = { false }) -> String? {
        var sink = RecordingHealthSink()
        do {
            try GoogleFitReader.read(path: path, into: &sink, interrupted: interrupted)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aPerDayFileThatIsADeviceIsRefused() throws {
        try withFolder { folder in
            try FileManager.default.createSymbolicLink(atPath: folder + "/2026-11-01.csv", withDestinationPath: "/dev/zero")
            #expect(
                error(folder) == "2026-11-01.csv is a device, not a file; an import reads regular files only")
        }
    }

    @Test func aPerDayFileThatIsAFIFOIsRefusedWithoutWaiting() throws {
        try withFolder { folder in
            #expect(mkfifo(folder + "/2026-11-01.csv", 0o600) == 0)
            #expect(
                error(folder) == "2026-11-01.csv is a FIFO (named pipe), not a file; an import reads regular files only")
            try Data().write(to: URL(fileURLWithPath: folder + "/x"))
            #expect(mkfifo(folder + "/Daily activity metrics.csv", 0o600) == 0)
            #expect(error(folder) == "Daily activity metrics.csv is a FIFO (named pipe), not a file; an import reads regular files only")
        }
    }

    @Test func aRecordWithoutEndIsRefusedAfterItsFirstMebibyte() throws {
        try withFolder { folder in
            // 300 MiB of zero bytes that take no room on the disk: no line break, ever.
            let path = folder + "/Daily activity metrics.csv"
            #expect(FileManager.default.createFile(atPath: path, contents: Data("Date,Step count\n".utf8)))
            #expect(truncate(path, 300 << 20) == 0)
            #expect(
                error(folder)
                    == "line 2: a record runs past 1 MiB without ending, which no such file holds; it is not read")
        }
    }

    @Test func aZipEntryThatInflatesBeyondReasonIsRefused() throws {
        try withFolder { folder in
            let fit = folder + "/Takeout/Fit/Daily activity metrics"
            try FileManager.default.createDirectory(atPath: fit, withIntermediateDirectories: true)
            // 10 MB of one long row again and again: deflate packs it about a thousand times.
            var text = "Date,Step count\n"
            text += String(repeating: "2024-05-01,1" + String(repeating: ",", count: 2000) + "\n", count: 5_000)
            try Data(text.utf8).write(to: URL(fileURLWithPath: fit + "/Daily activity metrics.csv"))
            let zip = Process()
            zip.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
            zip.arguments = ["-q", "-9", "-r", "takeout.zip", "Takeout"]
            zip.currentDirectoryURL = URL(fileURLWithPath: folder)
            try zip.run()
            zip.waitUntilExit()
            try FileManager.default.removeItem(atPath: folder + "/Takeout")
            #expect(
                error(folder + "/takeout.zip")
                    == "Daily activity metrics.csv in the zip archive inflates to more than 100 times the archive's size, which no such file does; it is not read (a zip bomb?)"
            )
        }
    }

    @Test func aLongReadStopsWhenInterrupted() throws {
        try withFolder { folder in
            let text = "Date,Step count\n2024-05-01,10\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/Daily activity metrics.csv"))
            #expect(error(folder) == nil)
            #expect(error(folder, interrupted: { true }) == "interrupted")
            #expect(error(folder + "/Daily activity metrics.csv", interrupted: { true }) == "interrupted")
        }
    }

    @Test func recordsCutAcrossPiecesKeepTheirLines() throws {
        // Pieces cut inside a quoted line break, a CRLF and a multi-byte character.
        let text = "Date,Step count\r\n2024-05-01,\"1\n2\"\r\n2024-05-02,caf\u{E9}\r\n"
        let bytes = Array(text.utf8)
        for size in 1...bytes.count {
            var stream = CSVStream()
            var lines: [Int] = []
            var from = 0
            while from < bytes.count {
                let piece = Array(bytes[from..<min(from + size, bytes.count)])
                try stream.feed(piece) { lines.append($0.line) }
                from += size
            }
            try stream.finish { lines.append($0.line) }
            #expect(lines == [1, 2, 4], "pieces of \(size)")
        }
    }
}

extension GoogleFitHostileTests {
    @Test func rowsPastWhatGoogleFitWritesAreRefused() throws {
        try withFolder { folder in
            // Each row is kept until the end: a file that repeats one would fill the memory.
            var text = "Date,Step count\n"
            text += String(repeating: "2024-05-01,1\n", count: 100_001)
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/Daily activity metrics.csv"))
            #expect(
                error(folder)
                    == "line 100002: more than 100,000 rows, far more than Google Fit writes (a row per day in Daily activity metrics.csv, one per 15 minutes in a per-day file); it is not read"
            )
            try FileManager.default.removeItem(atPath: folder + "/Daily activity metrics.csv")
            var day = "Start time,End time,Step count\n"
            day += String(repeating: "00:00:00.000+01:00,00:15:00.000+01:00,1\n", count: 10_001)
            try Data(day.utf8).write(to: URL(fileURLWithPath: folder + "/2024-05-01.csv"))
            #expect(
                error(folder)
                    == "2024-05-01.csv, line 10002: more than 10,000 rows, far more than Google Fit writes (a row per day in Daily activity metrics.csv, one per 15 minutes in a per-day file); it is not read"
            )
        }
    }
}
