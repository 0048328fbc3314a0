@testable import DaybookCore
@testable import DaybookStore
import Foundation
import Testing

@Suite struct GadgetbridgeReaderTests {
    /// 2024-05-01 08:00 UTC and 2024-05-02 08:00 UTC.
    static let may1: Int64 = 1_714_550_400
    static let may2: Int64 = 1_714_636_800

    /// A new empty folder, removed after `body`.
    func withFolder(_ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.path + "/daybook-gadgetbridge-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    /// Makes an SQLite database at `path` from `sql`, in WAL mode as Android writes it, and
    /// closes it (which leaves no -wal or -shm beside it).
    func makeDatabase(_ path: String, _ sql: String) throws {
        let database = try Database(path: path, create: true)
        try database.execute("PRAGMA journal_mode = WAL")
        try database.execute(sql)
    }

    /// A database shaped as Gadgetbridge exports it: a Mi Band table of two devices, a Pebble
    /// table without DEVICE_ID, and tables that hold no samples.
    func makeExport(_ path: String) throws {
        let t = Self.may1
        let u = Self.may2
        try makeDatabase(
            path,
            """
            CREATE TABLE "DEVICE" ("_id" INTEGER PRIMARY KEY AUTOINCREMENT, "NAME" TEXT NOT NULL, "IDENTIFIER" TEXT NOT NULL);
            INSERT INTO DEVICE (NAME, IDENTIFIER) VALUES ('Mi Band 4', 'C8:0F:10:00:00:01'), ('Mi Band 6', 'C8:0F:10:00:00:02');
            CREATE TABLE "MI_BAND_ACTIVITY_SAMPLE" ("TIMESTAMP" INTEGER NOT NULL, "DEVICE_ID" INTEGER NOT NULL,
                "USER_ID" INTEGER NOT NULL, "RAW_INTENSITY" INTEGER NOT NULL, "STEPS" INTEGER NOT NULL,
                "RAW_KIND" INTEGER NOT NULL, "HEART_RATE" INTEGER NOT NULL, PRIMARY KEY ("TIMESTAMP", "DEVICE_ID")) WITHOUT ROWID;
            INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES
                (\(t), 1, 1, 40, 12, 1, 72),
                (\(t), 2, 1, 20, 5, 1, 250),
                (\(t + 60), 1, 1, 0, 0, 1, 0),
                (\(t + 120), 1, 1, 60, 30, 1, 255),
                (\(t + 180), 1, 1, 0, 0, 112, -1),
                (\(t + 240), 1, 1, 0, 0, 1, 251);
            CREATE TABLE "PEBBLE_HEALTH_ACTIVITY_SAMPLE" ("TIMESTAMP" INTEGER NOT NULL, "USER_ID" INTEGER NOT NULL,
                "RAW_INTENSITY" INTEGER NOT NULL, "STEPS" INTEGER NOT NULL, "RAW_KIND" INTEGER NOT NULL,
                "HEART_RATE" INTEGER NOT NULL, PRIMARY KEY ("TIMESTAMP")) WITHOUT ROWID;
            INSERT INTO PEBBLE_HEALTH_ACTIVITY_SAMPLE VALUES
                (\(u), 1, 50, 100, 1, 0),
                (\(u + 60), 1, 10, 0, 1, 64);
            CREATE TABLE "BATTERY_LEVEL" ("TIMESTAMP" INTEGER NOT NULL, "DEVICE_ID" INTEGER NOT NULL, "LEVEL" INTEGER NOT NULL,
                PRIMARY KEY ("TIMESTAMP", "DEVICE_ID")) WITHOUT ROWID;
            """)
    }

    func offset(_ seconds: Int64) -> Int32 {
        Int32(TimeZone.current.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds))))
    }

    func files(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    }

    @Test func samplesOfEachTableAndDeviceWithoutChangingTheFile() throws {
        try withFolder { folder in
            let path = folder + "/Gadgetbridge"
            try makeExport(path)
            #expect(try files(folder) == ["Gadgetbridge"])
            let before = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(before[18] == 2 && before[19] == 2)  // WAL mode, as Android writes it
            var sink = RecordingHealthSink()
            try GadgetbridgeReader.read(path: path, into: &sink)
            let t = Self.may1
            let u = Self.may2
            let pebble = "Gadgetbridge PEBBLE_HEALTH_ACTIVITY_SAMPLE"
            func sample(_ measure: HealthMeasure, _ source: String, _ start: Int64, _ value: Double) -> HealthSample {
                HealthSample(measure: measure, source: source, start: start, end: start + 60, offset: offset(start), value: value)
            }
            #expect(
                sink.samples == [
                    sample(.steps, "Mi Band 4", t, 12), sample(.heartRate, "Mi Band 4", t, 72),
                    sample(.steps, "Mi Band 6", t, 5), sample(.heartRate, "Mi Band 6", t, 250),
                    sample(.steps, "Mi Band 4", t + 120, 30),
                    sample(.steps, pebble, u, 100), sample(.heartRate, pebble, u + 60, 64),
                ])
            #expect(sink.dayValues.isEmpty && sink.skipped.isEmpty)
            #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
            #expect(try files(folder) == ["Gadgetbridge"])
        }
    }

    @Test func aTableNameWithQuotesIsRead() throws {
        try withFolder { folder in
            let path = folder + "/odd.db"
            try makeDatabase(
                path,
                """
                CREATE TABLE "ODD ""NAME"" SAMPLE" (TIMESTAMP INTEGER, STEPS INTEGER, HEART_RATE INTEGER);
                INSERT INTO "ODD ""NAME"" SAMPLE" VALUES (\(Self.may1), 7, NULL), (NULL, 9, 60);
                """)
            var sink = RecordingHealthSink()
            try GadgetbridgeReader.read(path: path, into: &sink)
            #expect(
                sink.samples == [
                    HealthSample(
                        measure: .steps, source: "Gadgetbridge ODD \"NAME\" SAMPLE", start: Self.may1, end: Self.may1 + 60,
                        offset: offset(Self.may1), value: 7)
                ])
        }
    }

    func error(_ path: String) -> String? {
        var sink = RecordingHealthSink()
        do {
            try GadgetbridgeReader.read(path: path, into: &sink)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func aDatabaseWithoutSampleTablesSaysWhatItHas() throws {
        try withFolder { folder in
            let path = folder + "/journal.sqlite3"
            try makeDatabase(path, "CREATE TABLE note (id INTEGER PRIMARY KEY, text TEXT); CREATE TABLE value (day TEXT, v REAL);")
            #expect(
                error(path)
                    == "an SQLite database with no activity-sample tables (it has: note, value); Gadgetbridge's export has tables like MI_BAND_ACTIVITY_SAMPLE"
            )
            #expect(try files(folder) == ["journal.sqlite3"])
        }
    }

    @Test func aFileThatIsNotSQLiteSaysWhatItIs() throws {
        try withFolder { folder in
            try Data("Date,Steps\n".utf8).write(to: URL(fileURLWithPath: folder + "/steps.csv"))
            #expect(
                error(folder + "/steps.csv")
                    == "this is a text file, not an SQLite database; Gadgetbridge's Export database writes one")
            try Data([0x50, 0x4B, 0x03, 0x04, 0x14, 0]).write(to: URL(fileURLWithPath: folder + "/export.zip"))
            #expect(
                error(folder + "/export.zip")
                    == "this is a zip archive, not an SQLite database; Gadgetbridge's Export database writes one, and its zip export holds one (named Gadgetbridge): unzip it and import that file"
            )
            try Data().write(to: URL(fileURLWithPath: folder + "/empty"))
            #expect(
                error(folder + "/empty") == "this is an empty file, not an SQLite database; Gadgetbridge's Export database writes one")
            #expect(error(folder + "/none") == "cannot read \(folder)/none: No such file or directory")
        }
    }
}
