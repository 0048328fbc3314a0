@testable import DaybookCore
@testable import DaybookStore
import Foundation
import Testing

/// Gadgetbridge databases that are not quite what Gadgetbridge writes, or not yet written out.
@Suite struct GadgetbridgeHostileTests {
    static let may1: Int64 = 1_714_550_400

    func withFolder(_ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.path + "/daybook-gadgetbridge-hostile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    static let table = """
        CREATE TABLE "MI_BAND_ACTIVITY_SAMPLE" ("TIMESTAMP" INTEGER NOT NULL, "DEVICE_ID" INTEGER NOT NULL,
            "STEPS" INTEGER NOT NULL, "HEART_RATE" INTEGER NOT NULL, PRIMARY KEY ("TIMESTAMP", "DEVICE_ID")) WITHOUT ROWID;
        """

    func read(_ path: String) throws -> RecordingHealthSink {
        var sink = RecordingHealthSink()
        try GadgetbridgeReader.read(path: path, into: &sink)
        return sink
    }

    func error(_ path: String) -> String? {
        do {
            _ = try read(path)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func timestampsThatAreNotWholeSecondsInRangeAreRefusedInOneLine() throws {
        try withFolder { folder in
            let cases: [(String, String)] = [
                ("9223372036854775807", "9223372036854775807"), ("-9223372036854775808", "-9223372036854775808"),
                ("'2026-11-01'", "'2026-11-01'"), ("1714550400.5", "1714550400.5"), ("1714550400000", "1714550400000"),
                ("-1", "-1"),
            ]
            for (index, (value, shown)) in cases.enumerated() {
                let path = folder + "/db\(index)"
                let database = try Database(path: path, create: true)
                try database.execute(Self.table + "INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (\(value), 1, 10, 60);")
                #expect(
                    error(path)
                        == "table MI_BAND_ACTIVITY_SAMPLE: TIMESTAMP \(shown) is not a time Gadgetbridge writes, which is whole seconds since 1970 (such as 1714550400), up to 253402300799 (the end of the year 9999)"
                )
            }
            let path = folder + "/whole.db"
            let database = try Database(path: path, create: true)
            try database.execute(Self.table + "INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (1714550400.0, 1, 10, 60);")
            #expect(try read(path).samples.map(\.start) == [Self.may1, Self.may1])
        }
    }

    @Test func rowsStillInTheWriteAheadLogAreRead() throws {
        try withFolder { folder in
            let path = folder + "/Gadgetbridge"
            let writer = try Database(path: path, create: true)
            try writer.execute("PRAGMA journal_mode = WAL")
            try writer.execute("PRAGMA wal_autocheckpoint = 0")
            try writer.execute(
                Self.table
                    + """
                    CREATE TABLE "DEVICE" ("_id" INTEGER PRIMARY KEY AUTOINCREMENT, "NAME" TEXT NOT NULL, "ALIAS" TEXT);
                    INSERT INTO DEVICE (NAME, ALIAS) VALUES ('Amazfit Bip', NULL), ('Amazfit Bip', ''), ('Mi Band 5', 'Left wrist');
                    INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (\(Self.may1), 1, 10, 0), (\(Self.may1), 2, 20, 0), (\(Self.may1), 3, 30, 0);
                    """)
            let before = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
            #expect(before == ["Gadgetbridge", "Gadgetbridge-shm", "Gadgetbridge-wal"])
            let sink = try read(path)
            #expect(sink.samples.map(\.source) == ["Amazfit Bip (device 1)", "Amazfit Bip (device 2)", "Left wrist"])
            #expect(sink.samples.map(\.value) == [10, 20, 30])
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == before)
            withExtendedLifetime(writer) {}
        }
    }
}
