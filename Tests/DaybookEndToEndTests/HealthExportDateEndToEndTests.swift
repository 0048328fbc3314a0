import Foundation
import Testing

/// An older Apple Health export imported after a newer one, on the real binary: the newer
/// values stay, the report says which and why, and `--replace` lets the older file win.
@Suite struct HealthExportDateEndToEndTests {
    typealias Health = HealthImportEndToEndTests

    /// An export made at `exportDate` whose Watch counted `steps` on 20 November.
    static func export(_ exportDate: String, steps: String) -> String {
        Health.header.replacingOccurrences(
            of: "<ExportDate value=\"2026-11-21 09:00:00 +0000\"/>", with: "<ExportDate value=\"\(exportDate)\"/>")
            + Health.record(
                "StepCount", Health.watch, "count", "2026-11-20 09:00:00 +0000", "2026-11-20 10:00:00 +0000", steps)
            + "</HealthData>\n"
    }

    func write(_ text: String, _ name: String, in d: Daybook) throws -> String {
        let path = d.directory + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test func anOlderExportKeepsTheNewerValuesAndSaysSo() throws {
        let d = try Daybook()
        let newer = try write(Self.export("2026-11-21 09:00:00 +0100", steps: "9120"), "new.xml", in: d)
        let older = try write(Self.export("2026-11-20 22:00:00 +0100", steps: "4000"), "old.xml", in: d)
        #expect(try d.run(["import", "health", newer]).status == 0)
        #expect(try d.sql("SELECT exported FROM entry") == "1795248000")
        let changes = try d.sql("SELECT count(*) FROM change")
        let r = try d.run(["import", "health", older])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.contains("0 new day values, 0 replaced, 0 already there"), "\(r.stdout)")
        let flat = r.stdout.replacingOccurrences(of: "\n    ", with: " ")
        #expect(
            flat.contains(
                "kept 1 day value from a newer export of Apple Health (exported 2026-11-21 08:00 UTC; this file 2026-11-20 21:00 UTC), which an older file replaces only with --replace: steps on 2026-11-20"
            ), "\(r.stdout)")
        #expect(try d.sql("SELECT CAST(value AS INTEGER) FROM day_value WHERE attribute = 'steps'") == "9120")
        #expect(try d.sql("SELECT count(*) FROM change") == changes)

        let dry = try d.run(["import", "health", older, "--dry-run", "--replace"])
        #expect(dry.stdout.contains("0 new day values, 1 replaced"), "\(dry.stdout)")
        let replaced = try d.run(["import", "health", older, "--replace"])
        #expect(replaced.status == 0, "\(replaced.stderr)")
        #expect(try d.sql("SELECT CAST(value AS INTEGER) FROM day_value WHERE attribute = 'steps'") == "4000")
    }
}
