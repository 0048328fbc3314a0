@testable import DaybookCore
@testable import DaybookStore
import Foundation
import Testing

/// Apple Health exports damaged or odd in ways each said in its own words, not as a file cut short.
@Suite struct AppleHealthDamagedTests {
    static let record =
        #"<Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2025-05-28 10:00:00 +0100" endDate="2025-05-28 10:10:00 +0100" value="12"/>"#
        + "\n"
    static let export = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData>\n" + record + "</HealthData>\n"

    func withFolder(_ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.path + "/daybook-apple-damaged-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    func error(_ path: String) -> String? {
        var sink = RecordingHealthSink()
        do {
            _ = try AppleHealthReader.read(path: path, into: &sink)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// Zips `what` inside `folder` into `folder/name`, keeping links as links.
    func zip(_ folder: String, _ name: String, _ what: String) throws {
        let zip = Process()
        zip.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        zip.arguments = ["-q", "-y", "-r", name, what]
        zip.currentDirectoryURL = URL(fileURLWithPath: folder)
        try zip.run()
        zip.waitUntilExit()
        #expect(zip.terminationStatus == 0)
    }

    @Test func bytesThatAreNotUTF8SaySo() throws {
        try withFolder { folder in
            let bad = Array("<?xml version=\"1.0\"?>\n<HealthData>\n".utf8) + Array(Self.record.utf8)
                + Array("<Me>caf".utf8) + [0xFF, 0xFE] + Array("</Me>\n".utf8) + Array(Self.record.utf8)
                + Array("</HealthData>\n".utf8)
            try Data(bad).write(to: URL(fileURLWithPath: folder + "/export.xml"))
            #expect(
                error(folder + "/export.xml")
                    == "line 4: bytes that are not UTF-8, which an export.xml is all through: the file is damaged; export it again")
        }
    }

    @Test func utf16WithoutAByteOrderMarkSaysSo() throws {
        try withFolder { folder in
            var bytes: [UInt8] = []
            for unit in Self.export.utf16 { bytes += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/export.xml"))
            #expect(
                error(folder + "/export.xml")
                    == "this is UTF-16 text without a byte-order mark (an export.xml is UTF-8), not an Apple Health export; an Apple Health export is export.zip, or the export.xml inside it"
            )
        }
    }

    @Test func anExportXmlThatIsALinkInTheZipIsRefused() throws {
        try withFolder { folder in
            try FileManager.default.createDirectory(atPath: folder + "/apple_health_export", withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/apple_health_export/export.xml", withDestinationPath: "/etc/passwd")
            try zip(folder, "export.zip", "apple_health_export")
            #expect(
                error(folder + "/export.zip")
                    == "the zip archive's apple_health_export/export.xml is a symbolic link, not the file itself; it is not read (make the archive again)"
            )
        }
    }

    /// A zip of one stored entry whose name is marked UTF-8 (general-purpose flag 11), as the
    /// iPhone and most programs write it, without Info-ZIP's extra field that repeats the name.
    static func utf8Zip(entry: String, data: [UInt8]) -> [UInt8] {
        func le(_ value: Int, _ bytes: Int) -> [UInt8] { (0..<bytes).map { UInt8((value >> (8 * $0)) & 0xFF) } }
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        crc ^= 0xFFFF_FFFF
        let name = Array(entry.utf8)
        let common = le(20, 2) + le(0x0800, 2) + le(0, 2) + le(0, 2) + le(0x21, 2) + le(Int(crc), 4)
            + le(data.count, 4) + le(data.count, 4) + le(name.count, 2) + le(0, 2)
        let local = le(0x0403_4B50, 4) + common + name + data
        let central = le(0x0201_4B50, 4) + le(20, 2) + common + le(0, 2) + le(0, 2) + le(0, 2) + le(0, 4) + le(0, 4) + name
        let end = le(0x0605_4B50, 4) + le(0, 2) + le(0, 2) + le(1, 2) + le(1, 2) + le(central.count, 4)
            + le(local.count, 4) + le(0, 2)
        return local + central + end
    }

    @Test func entriesWithNonASCIINamesAreNamedAndFound() throws {
        try withFolder { folder in
            let bytes = Self.utf8Zip(entry: "Exportación/export.xml", data: Array(Self.export.utf8))
            try Data(bytes).write(to: URL(fileURLWithPath: folder + "/export.zip"))
            #expect(try HealthArchive.entries(path: folder + "/export.zip") == ["Exportación/export.xml"])
            var sink = RecordingHealthSink()
            let report = try AppleHealthReader.read(path: folder + "/export.zip", into: &sink)
            #expect(report.kind == .zip(entry: "Exportación/export.xml"))
            #expect(sink.samples.map(\.value) == [12])
        }
    }
}
