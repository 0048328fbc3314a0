import Foundation
import Testing

/// Each kind of health file through the real binary: Apple Health's zip, Google Fit's Takeout
/// files, Gadgetbridge's database, and the rank of sources that `--prefer` changes.
@Suite struct HealthSourcesEndToEndTests {
    static var fixtures: String { Daybook.packageRoot + "/Tests/DaybookCoreTests/Fixtures/health/" }

    func values(_ d: Daybook, _ attributes: String) throws -> String {
        try d.sql(
            "SELECT group_concat(day || ' ' || attribute || ' ' || round(value, 3), ', ') FROM (SELECT * FROM day_value WHERE attribute IN (\(attributes)) ORDER BY day, attribute)"
        )
    }

    /// The zip as the iPhone writes it gives what the export.xml in it gives.
    @Test func theZipReadsAsTheXMLInIt() throws {
        let fromZip = try Daybook()
        fromZip.now = "2026-11-21T09:30"
        let zip = try fromZip.run(["import", "health", Self.fixtures + "apple-export.zip"])
        #expect(zip.status == 0, "\(zip.stderr)")
        let fromXML = try Daybook()
        let xml = try fromXML.run(["import", "health", Self.fixtures + "apple-export.xml"])
        #expect(xml.status == 0, "\(xml.stderr)")
        let all = "SELECT group_concat(day || attribute || value) FROM (SELECT * FROM day_value ORDER BY day, attribute)"
        #expect(try fromZip.sql(all) == (try fromXML.sql(all)))
        #expect(try fromZip.sql("SELECT count(*) FROM day_value") != "0")

        for (name, words) in [
            ("apple-truncated.zip", ["cut off", "truncated", "ends"]), ("apple-no-export.zip", ["export.xml"]),
            ("apple-cut-short.xml", ["ends"]),
        ] {
            let d = try Daybook()
            let r = try d.run(["import", "health", Self.fixtures + name])
            #expect(r.status != 0, "\(name)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(name): \(r.stderr)")
            #expect(words.contains { r.stderr.contains($0) }, "\(name): \(r.stderr)")
            #expect(r.stderr.hasSuffix("nothing was written\n"), "\(name): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: d.journal), "\(name)")
        }
    }

    @Test func googleFitsDailyMetricsMapStepsDistanceWeightAndHeartRate() throws {
        let d = try Daybook()
        let r = try d.run(["import", "googlefit", Self.fixtures + "Daily activity metrics/Daily activity metrics.csv"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            try values(d, "'steps', 'distance', 'weight'")
                == "2024-05-01 distance 6.123, 2024-05-01 steps 8412.0, 2024-05-02 distance 7.802, 2024-05-02 steps 10230.0, 2024-05-02 weight 81.4, 2024-05-04 distance 1.523, 2024-05-04 steps 2231.0, 2024-05-04 weight 81.15"
        )
        #expect(try d.sql("SELECT DISTINCT source FROM entry") == "Google Fit")
        // Calories are listed as not read, with the reason in the documentation.
        #expect(r.stdout.contains("Calories (kcal)"), "\(r.stdout)")
        // The folder reads the same.
        let folder = try Daybook()
        #expect(try folder.run(["import", "googlefit", Self.fixtures + "Daily activity metrics"]).status == 0)
        #expect(try values(folder, "'steps'") == (try values(d, "'steps'")))
    }

    @Test func gadgetbridgesMinutesBecomeStepsAndHeartRateAndTheFileIsUntouched() throws {
        let d = try Daybook()
        let db = d.directory + "/Gadgetbridge.db"
        // 2026-11-20 10:00 UTC and the minutes after it, from one band; 0 and 255 are no reading.
        let setup = """
            CREATE TABLE MI_BAND_ACTIVITY_SAMPLE (TIMESTAMP INTEGER NOT NULL, DEVICE_ID INTEGER NOT NULL, USER_ID INTEGER,
              RAW_INTENSITY INTEGER, STEPS INTEGER, RAW_KIND INTEGER, HEART_RATE INTEGER, PRIMARY KEY (TIMESTAMP, DEVICE_ID)) WITHOUT ROWID;
            INSERT INTO MI_BAND_ACTIVITY_SAMPLE VALUES (1795168800, 1, 1, 10, 100, 1, 70), (1795168860, 1, 1, 10, 120, 1, 0),
              (1795168920, 1, 1, 10, 0, 1, 255), (1795168980, 1, 1, 10, 30, 1, 80);
            """
        let sqlite = Process()
        sqlite.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        sqlite.arguments = [db, setup]
        try sqlite.run()
        sqlite.waitUntilExit()
        let before = try Data(contentsOf: URL(fileURLWithPath: db))
        let r = try d.run(["import", "gadgetbridge", db])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try values(d, "'steps', 'heart_rate'") == "2026-11-20 heart_rate 75.0, 2026-11-20 steps 250.0")
        #expect(try Data(contentsOf: URL(fileURLWithPath: db)) == before)
        #expect(!FileManager.default.fileExists(atPath: db + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: db + "-shm"))

        // A database of another program: one line, saying what it has.
        let other = d.directory + "/other.db"
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        make.arguments = [other, "CREATE TABLE notes (id INTEGER);"]
        try make.run()
        make.waitUntilExit()
        let refused = try d.run(["import", "gadgetbridge", other])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("notes"), "\(refused.stderr)")
    }

    /// With `--prefer` naming the iPhone, the iPhone counts where both counted.
    @Test func preferPutsANamedSourceFirst() throws {
        let d = try Daybook()
        let path = d.directory + "/export.xml"
        try HealthImportEndToEndTests.export.write(toFile: path, atomically: false, encoding: .utf8)
        let r = try d.run(["import", "health", path, "--prefer", "iphone", "--dry-run"])
        #expect(r.status == 0, "\(r.stderr)")
        // The iPhone's 3,000 count whole; the Watch's 4,000 from 09:00 to 10:00 keep the half
        // hour the iPhone did not cover: 2,000.
        #expect(r.stdout.contains("overlap between sources removed: 2,000 steps"), "\(r.stdout)")
        #expect(try d.run(["import", "health", path, "--prefer", "Bob’s iPhone"]).status == 0)
        #expect(try values(d, "'steps'") == "2026-11-20 steps 5000.0")
    }
}
