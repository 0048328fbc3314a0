import Foundation
import Testing

/// A long health import at a terminal: its progress on standard error, redrawn in place, and
/// Ctrl-C, which stops it with nothing written.
@Suite struct HealthImportTerminalTests {
    /// An Apple Health export of `records` step samples (about 250 bytes each), written in
    /// large pieces.
    static func bigExport(at path: String, records: Int) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let file = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? file.close() }
        try file.write(
            contentsOf: Data(
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE HealthData [
                <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
                <!ATTLIST HealthData locale CDATA #REQUIRED>
                ]>
                <HealthData locale="en_GB">
                 <ExportDate value="2026-11-21 09:00:00 +0000"/>

                """.utf8))
        var chunk = ""
        for i in 0..<records {
            let minute = i % 1440
            let day = 1 + (i / 1440) % 28
            let start = String(format: "2026-10-%02d %02d:%02d:00 +0000", day, minute / 60, minute % 60)
            chunk +=
                " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Bob’s Apple Watch\" sourceVersion=\"10.1\" unit=\"count\" creationDate=\"\(start)\" startDate=\"\(start)\" endDate=\"\(start)\" value=\"12\"/>\n"
            if chunk.utf8.count > 1 << 20 {
                try file.write(contentsOf: Data(chunk.utf8))
                chunk = ""
            }
        }
        try file.write(contentsOf: Data((chunk + "</HealthData>\n").utf8))
    }

    @Test func aLongImportShowsItsProgressAndStopsAtCtrlCWritingNothing() throws {
        let home = try Home()
        let export = home.directory + "/export.xml"
        try Self.bigExport(at: export, records: 600_000)
        let t = try Terminal(home, arguments: ["--journal", home.journal, "import", "health", export], columns: 60)
        // The progress line: how much is read of how much, and the rate.
        let shown = try t.expect(" MB of ")
        #expect(shown.contains("export.xml: "))
        t.type(Terminal.ctrlC)
        // The terminal's ^C ends its line: the message starts a line of its own.
        let stopped = try t.expect("export.xml: interrupted while reading; nothing was written")
        #expect(stopped.contains("^C\n"), "\(stopped.suffix(300))")
        #expect(try t.waitForExit() == 1)
        #expect(!FileManager.default.fileExists(atPath: home.journal))
        // Each redraw goes back to the start of the line and wipes what was there, and no line
        // is wider than the window. (The terminal's own echo of Ctrl-C, and the line end after
        // it, are not drawn by daybook.)
        #expect(t.raw.contains("\r\u{1B}[K"))
        let drawn = t.raw.replacingOccurrences(of: "^C\r\n", with: "\r").split(separator: "\r")
            .map { $0.replacingOccurrences(of: "\u{1B}[K", with: "") }
            .filter { $0.contains(" records") }
        #expect(!drawn.isEmpty)
        #expect(drawn.allSatisfy { $0.count < 60 && $0.hasPrefix("export.xml: ") }, "\(drawn.prefix(3))")
    }

    /// A one-shot import whose standard error is a pipe draws no progress there.
    @Test func onAPipeThereIsNoProgress() throws {
        let home = try Home()
        let export = home.directory + "/export.xml"
        try Self.bigExport(at: export, records: 200_000)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Home.binary)
        process.arguments = ["--journal", home.journal, "import", "health", export]
        process.environment = home.processEnvironment
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(message)")
        #expect(message == "")
        #expect(try home.sql("SELECT count(*) FROM entry") == "28")
    }
}
