import Foundation
import Testing

/// `import health` and `import csv` on the real binary and a real journal: what lands on which
/// day, that a second import writes nothing, that typed values are never overwritten silently,
/// and that one undo takes an import back.
@Suite struct HealthImportEndToEndTests {
    static let header = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ELEMENT HealthData (ExportDate,Me,(Record|Correlation|Workout|ActivitySummary)*)>
        <!ATTLIST HealthData locale CDATA #REQUIRED>
        <!ELEMENT ExportDate EMPTY>
        <!ATTLIST ExportDate value CDATA #REQUIRED>
        <!ELEMENT Me EMPTY>
        <!ELEMENT Record (MetadataEntry*)>
        <!ATTLIST Record
          type CDATA #REQUIRED unit CDATA #IMPLIED value CDATA #IMPLIED sourceName CDATA #REQUIRED
          sourceVersion CDATA #IMPLIED device CDATA #IMPLIED creationDate CDATA #IMPLIED
          startDate CDATA #REQUIRED endDate CDATA #REQUIRED>
        <!ELEMENT MetadataEntry EMPTY>
        <!ATTLIST MetadataEntry key CDATA #REQUIRED value CDATA #REQUIRED>
        ]>
        <HealthData locale="en_GB">
         <ExportDate value="2026-11-21 09:00:00 +0000"/>
         <Me HKCharacteristicTypeIdentifierBiologicalSex="HKBiologicalSexNotSet"/>

        """

    static func record(_ type: String, _ source: String, _ unit: String, _ start: String, _ end: String, _ value: String)
        -> String
    {
        let kind = type.hasPrefix("Sleep") || type.hasPrefix("Mindful") ? "HKCategoryTypeIdentifier" : "HKQuantityTypeIdentifier"
        return
            " <Record type=\"\(kind)\(type)\" sourceName=\"\(source)\" sourceVersion=\"10.1\" device=\"&lt;&lt;HKDevice: 0x283b9c2d0&gt;&gt;\" unit=\"\(unit)\" creationDate=\"\(end)\" startDate=\"\(start)\" endDate=\"\(end)\" value=\"\(value)\"/>\n"
    }

    static let watch = "Bob’s Apple Watch"
    static let phone = "Bob’s iPhone"

    /// A day of a Watch and an iPhone: the Watch counts 4,000 steps from 09:00 to 10:00, the
    /// iPhone 3,000 from 09:30 to 10:30, half of which the Watch covered; a night of sleep
    /// stages from the Watch and a sleep app; two weights, one in pounds; two heart rates.
    static let export =
        header
        + record("StepCount", watch, "count", "2026-11-20 09:00:00 +0000", "2026-11-20 10:00:00 +0000", "4000")
        + record("StepCount", phone, "count", "2026-11-20 09:30:00 +0000", "2026-11-20 10:30:00 +0000", "3000")
        + record(
            "SleepAnalysis", watch, "", "2026-11-19 23:10:00 +0000", "2026-11-20 03:00:00 +0000",
            "HKCategoryValueSleepAnalysisAsleepCore")
        + record(
            "SleepAnalysis", watch, "", "2026-11-20 03:00:00 +0000", "2026-11-20 04:00:00 +0000",
            "HKCategoryValueSleepAnalysisAsleepDeep")
        + record(
            "SleepAnalysis", watch, "", "2026-11-20 04:00:00 +0000", "2026-11-20 04:20:00 +0000",
            "HKCategoryValueSleepAnalysisAwake")
        + record(
            "SleepAnalysis", watch, "", "2026-11-20 04:20:00 +0000", "2026-11-20 06:50:00 +0000",
            "HKCategoryValueSleepAnalysisAsleepREM")
        + record(
            "SleepAnalysis", "Sleep Cycle", "", "2026-11-19 23:00:00 +0000", "2026-11-20 06:30:00 +0000",
            "HKCategoryValueSleepAnalysisAsleepUnspecified")
        + record("BodyMass", phone, "lb", "2026-11-20 07:00:00 +0000", "2026-11-20 07:00:00 +0000", "165")
        + record("BodyMass", phone, "kg", "2026-11-20 20:00:00 +0000", "2026-11-20 20:00:00 +0000", "74.5")
        + record("HeartRate", watch, "count/min", "2026-11-20 12:00:00 +0000", "2026-11-20 12:00:00 +0000", "60")
        + record("HeartRate", watch, "count/min", "2026-11-20 13:00:00 +0000", "2026-11-20 13:00:00 +0000", "80")
        + record(
            "HeartRateVariabilitySDNN", watch, "ms", "2026-11-20 13:00:00 +0000", "2026-11-20 13:00:00 +0000", "41")
        + "</HealthData>\n"

    /// What the export's day holds, as the journal derives it.
    static let expected =
        "bedtime 1380.0,heart_rate 70.0,sleep 470.0,steps 5500.0,wake_time 410.0,weight 74.5"

    func write(_ text: String, _ name: String, in d: Daybook) throws -> String {
        let path = d.directory + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    func dayValues(_ d: Daybook) throws -> String {
        try d.sql(
            "SELECT group_concat(attribute || ' ' || round(value, 4), ',') FROM (SELECT * FROM day_value ORDER BY attribute)")
    }

    @Test func anExportLandsOnItsDaysAndASecondImportWritesNothing() throws {
        let d = try Daybook()
        let path = try write(Self.export, "export.xml", in: d)
        let first = try d.run(["import", "health", path])
        #expect(first.status == 0, "\(first.stderr)")
        #expect(try dayValues(d) == Self.expected)
        // Lines wrap at 80 columns to a pipe.
        #expect(first.stdout.hasPrefix("imported from Apple Health (export.xml): 6 values on 1 day, 2026-11-20 to\n    2026-11-20\n"))
        #expect(first.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
        #expect(first.stdout.contains("\n  steps "))
        #expect(first.stdout.contains("overlap between sources removed: 1,500 steps"))
        #expect(first.stdout.contains("not read: HeartRateVariabilitySDNN (1)"))
        #expect(try d.sql("SELECT DISTINCT source || '|' || file FROM entry") == "Apple Health|export.xml")
        let changes = try d.sql("SELECT count(*) FROM change")

        let second = try d.run(["import", "health", path])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout.contains("0 new day values, 0 replaced, 6 already there"))
        #expect(try d.sql("SELECT count(*) FROM change") == changes)
        #expect(try d.sql("SELECT count(*) FROM entry") == "6")

        // The day reads as any other: `show` gives the imported values.
        let shown = try d.run(["show", "2026-11-20"])
        #expect(shown.stdout.contains("5,500"), "\(shown.stdout)")
        #expect(shown.stdout.contains("7h 50m"), "\(shown.stdout)")
    }

    /// A backup keeps where each value came from: restored into a new journal, the same
    /// export imported again writes nothing, where typed values would all be conflicts.
    @Test func anExportAndItsRestoreKeepEachValuesSource() throws {
        for format in ["json", "csv"] {
            let d = try Daybook()
            let path = try write(Self.export, "export.xml", in: d)
            #expect(try d.run(["import", "health", path]).status == 0)
            let backup = d.directory + "/backup." + format
            #expect(try d.run(["export", backup]).status == 0)
            let restored = try Daybook()
            let r = try restored.run(["import", backup])
            #expect(r.status == 0, "\(format): \(r.stderr)")
            #expect(
                try restored.sql("SELECT DISTINCT source || '|' || file FROM entry") == "Apple Health|export.xml",
                "\(format)")
            let again = try restored.run(["import", "health", path])
            #expect(again.status == 0, "\(format): \(again.stderr)")
            #expect(again.stdout.contains("0 new day values, 0 replaced, 6 already there"), "\(format)")
        }
    }

    @Test func aDryRunWritesNothingAndCreatesNoJournal() throws {
        let d = try Daybook()
        let path = try write(Self.export, "export.xml", in: d)
        let r = try d.run(["import", "health", path, "--dry-run"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("would import from Apple Health (export.xml): 6 values on 1 day"))
        #expect(r.stdout.contains("6 new day values, 0 replaced, 0 already there"))
        #expect(!FileManager.default.fileExists(atPath: d.journal))
    }

    @Test func aTypedValueIsNeverOverwrittenSilently() throws {
        let d = try Daybook()
        let path = try write(Self.export, "export.xml", in: d)
        #expect(try d.run(["log", "steps", "9000", "--on", "2026-11-20"]).status == 0)
        let refused = try d.run(["import", "health", path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("2026-11-20 steps: 9,000 steps typed in the journal, 5,500 steps in the file"))
        #expect(
            refused.stderr.hasSuffix(
                "export.xml: 1 conflict with values already in the journal. Nothing was written: give --replace to take the file's side, or --keep to keep the journal's (--dry-run lists them)\n"
            ), "\(refused.stderr)")
        #expect(try d.sql("SELECT count(*) FROM entry") == "1")

        #expect(try d.run(["import", "health", path, "--keep"]).status == 0)
        #expect(try d.sql("SELECT value FROM day_value WHERE attribute = 'steps'") == "9000.0")
        #expect(try d.sql("SELECT count(*) FROM entry WHERE removed_by IS NULL") == "6")

        let replaced = try d.run(["import", "health", path, "--replace"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try dayValues(d) == Self.expected)
        // One undo brings the typed value back.
        #expect(try d.run(["undo"]).status == 0)
        #expect(try d.sql("SELECT value FROM day_value WHERE attribute = 'steps'") == "9000.0")
    }

    @Test func oneUndoTakesAWholeImportBack() throws {
        let d = try Daybook()
        let path = try write(Self.export, "export.xml", in: d)
        #expect(try d.run(["mood", "4", "--on", "2026-11-20"]).status == 0)
        #expect(try d.run(["import", "health", path]).status == 0)
        let undone = try d.run(["undo"])
        #expect(undone.status == 0)
        #expect(undone.stderr.contains("import export.xml (Apple Health): 6 day values"), "\(undone.stderr)")
        #expect(try d.sql("SELECT count(*) FROM day_value") == "0")
        #expect(try d.sql("SELECT count(*) FROM mood WHERE removed_by IS NULL") == "1")
    }

    @Test func anEntityDeclarationIsRefusedInOneLine() throws {
        let d = try Daybook()
        let bomb = Self.header.replacingOccurrences(
            of: "<!ELEMENT MetadataEntry EMPTY>",
            with: "<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\"><!ELEMENT MetadataEntry EMPTY>")
            + Self.record("StepCount", Self.watch, "count", "2026-11-20 09:00:00 +0000", "2026-11-20 10:00:00 +0000", "&b;")
            + "</HealthData>\n"
        let external = Self.header.replacingOccurrences(
            of: "<!ELEMENT MetadataEntry EMPTY>",
            with: "<!ENTITY x SYSTEM \"file:///etc/passwd\"><!ELEMENT MetadataEntry EMPTY>")
            + Self.record("StepCount", Self.watch, "count", "2026-11-20 09:00:00 +0000", "2026-11-20 10:00:00 +0000", "&x;")
            + "</HealthData>\n"
        for (text, name) in [(bomb, "bomb.xml"), (external, "external.xml")] {
            let path = try write(text, name, in: d)
            let r = try d.run(["import", "health", path])
            #expect(r.status != 0, "\(name)")
            #expect(r.stderr.split(separator: "\n").count == 1, "\(name): \(r.stderr)")
            #expect(r.stderr.contains("nothing was written"), "\(name): \(r.stderr)")
            #expect(!FileManager.default.fileExists(atPath: d.journal), "\(name)")
        }
    }

    @Test func aCSVMapsColumnsAndReadsTheirUnits() throws {
        let d = try Daybook()
        let csv = """
            date,Total Sleep Duration,Steps,Weight (lb)
            2026-11-19,27000,8000,165
            2026-11-20,25200,,

            """
        let path = try write(csv, "oura.csv", in: d)
        let r = try d.run([
            "import", "csv", path, "--date", "date", "--map", "Total Sleep Duration=sleep", "--map", "Steps=steps",
            "--map", "Weight (lb)=weight", "--unit", "Total Sleep Duration=s",
        ])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            try d.sql(
                "SELECT group_concat(day || ' ' || attribute || ' ' || round(value, 2), ',') FROM (SELECT * FROM day_value ORDER BY day, attribute)"
            ) == "2026-11-19 sleep 450.0,2026-11-19 steps 8000.0,2026-11-19 weight 74.84,2026-11-20 sleep 420.0")
        #expect(try d.sql("SELECT DISTINCT source FROM entry") == "CSV")

        let missing = try d.run(["import", "csv", path, "--date", "day", "--map", "Steps=steps"])
        #expect(missing.status != 0)
        #expect(
            missing.stderr.contains("the file has no column 'day'; its columns are 'date', 'Total Sleep Duration', 'Steps', 'Weight (lb)'"),
            "\(missing.stderr)")
        #expect(try d.sql("SELECT count(*) FROM change") == "2")
    }

    @Test func optionsOfOneKindAreRefusedForAnother() throws {
        let d = try Daybook()
        let path = try write(Self.export, "export.xml", in: d)
        let r = try d.run(["import", "health", path, "--map", "a=steps"])
        #expect(r.status == 64)
        #expect(r.stderr.contains("--map is for a CSV file"), "\(r.stderr)")
        let csv = try d.run(["import", "csv", path, "--date", "d"])
        #expect(csv.stderr.contains("import csv needs at least one --map"), "\(csv.stderr)")
    }
}
