import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// An older export of a source never replaces what a newer one wrote, unless told to; and
/// across devices, the newer export's values are the ones that stand, whichever device
/// imported last.
@Suite struct HealthExportDateTests {
    let monday = Day(year: 2026, month: 11, day: 16)!
    let tuesday = Day(year: 2026, month: 11, day: 17)!
    /// 2026-11-20 08:00 UTC and 2026-11-10 08:00 UTC.
    let newer: Int64 = 1_795_161_600
    let older: Int64 = 1_794_297_600


    func steps(_ journal: Journal, _ day: Day) throws -> Double? {
        try journal.day(day).values.first { $0.attribute.name == "steps" }?.value
    }

    @Test func anOlderExportKeepsTheNewerOnesValuesAndSaysWhich() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.importHealth(
            [HealthValue(attribute: "steps", day: monday, value: 9120)], source: "Apple Health", file: "new.zip",
            exported: newer, resolution: .ask)
        #expect(try journal.database.scalarInt("SELECT exported FROM entry") == newer)
        let changes = try journal.database.scalarInt("SELECT count(*) FROM change")
        // The older file saw less of Monday, and a day the newer one did not bring.
        let summary = try journal.importHealth(
            [
                HealthValue(attribute: "steps", day: monday, value: 4000),
                HealthValue(attribute: "steps", day: tuesday, value: 300),
            ], source: "Apple Health", file: "old.zip", exported: older, resolution: .ask)
        #expect(summary.olderKept == 1)
        #expect(summary.older == [HealthValue(attribute: "steps", day: monday, value: 4000)])
        #expect(summary.newerExported == newer)
        #expect(summary.exported == older)
        #expect(summary.replaced == 0)
        #expect(summary.written == 1)
        #expect(try steps(journal, monday) == 9120)
        #expect(try steps(journal, tuesday) == 300)
        #expect(try journal.database.scalarInt("SELECT count(*) FROM change") == (changes ?? 0) + 1)
        // With --keep too: keeping is about other sources and typed values.
        let kept = try journal.planHealthImport(
            [HealthValue(attribute: "steps", day: monday, value: 4000)], source: "Apple Health", exported: older,
            resolution: .keep)
        #expect(kept.olderKept == 1 && kept.writesNothing)
    }

    @Test func replaceLetsAnOlderExportWin() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.importHealth(
            [HealthValue(attribute: "steps", day: monday, value: 9120)], source: "Apple Health", file: "new.zip",
            exported: newer, resolution: .ask)
        let summary = try journal.importHealth(
            [HealthValue(attribute: "steps", day: monday, value: 4000)], source: "Apple Health", file: "old.zip",
            exported: older, resolution: .replace)
        #expect(summary.replaced == 1)
        #expect(summary.olderKept == 0)
        #expect(try steps(journal, monday) == 4000)
        #expect(
            try journal.database.scalarInt("SELECT exported FROM entry WHERE removed_by IS NULL") == older)
    }

    @Test func aNewerOrUndatedFileStillReplaces() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.importHealth(
            [HealthValue(attribute: "steps", day: monday, value: 4000)], source: "Google Fit", file: "a.csv",
            exported: older, resolution: .ask)
        var summary = try journal.importHealth(
            [HealthValue(attribute: "steps", day: monday, value: 9120)], source: "Google Fit", file: "b.csv",
            exported: newer, resolution: .ask)
        #expect(summary.replaced == 1)
        // An export of the same moment brings its day up to date as before.
        summary = try journal.importHealth(
            [HealthValue(attribute: "steps", day: monday, value: 9200)], source: "Google Fit", file: "c.csv",
            exported: newer, resolution: .ask)
        #expect(summary.replaced == 1)
        // A file whose date is not known cannot be said to be older.
        summary = try journal.importHealth(
            [HealthValue(attribute: "steps", day: monday, value: 9300)], source: "Google Fit", file: "d.csv",
            resolution: .ask)
        #expect(summary.replaced == 1)
        #expect(try steps(journal, monday) == 9300)
        // Another source's date says nothing about this one's.
        summary = try journal.importHealth(
            [HealthValue(attribute: "steps", day: tuesday, value: 10)], source: "Apple Health", file: "e.zip",
            exported: older, resolution: .ask)
        #expect(summary.written == 1 && summary.olderKept == 0)
    }

    /// Two devices import different exports of one source, in either order, with or without
    /// having synced between: once both have synced twice, both hold the newer export's values.
    @Test(arguments: [false, true], [false, true])
    func twoDevicesConvergeOnTheNewerExport(olderImportedLast: Bool, syncedBetween: Bool) throws {
        let dir = try TempDir()
        let laptop = try SyncFixtures.device(dir, "laptop")
        let desktop = try SyncFixtures.device(dir, "desktop")
        let newValues = [
            HealthValue(attribute: "steps", day: monday, value: 9120),
            HealthValue(attribute: "weight", day: monday, value: 72.25),
        ]
        let oldValues = [
            HealthValue(attribute: "steps", day: monday, value: 4000),
            HealthValue(attribute: "weight", day: monday, value: 72.5),
        ]
        let imports = [(desktop, newValues, newer), (laptop, oldValues, older)]
        for (index, (device, values, exported)) in (olderImportedLast ? imports : imports.reversed()).enumerated() {
            // The older export, imported where the newer one's values are already there, keeps
            // them unless told: --replace says so here, so that both rows are live.
            _ = try device.journal.importHealth(
                values, source: "Apple Health", file: "export.zip", exported: exported, resolution: .replace)
            usleep(3000)
            if syncedBetween && index == 0 {
                try device.sync()
                let other = device.name == "laptop" ? desktop : laptop
                try other.sync()
            }
        }
        for _ in 0..<2 { for device in [laptop, desktop] { try device.sync() } }
        for device in [laptop, desktop] {
            let stepsAttribute = try #require(device.journal.attribute(named: "steps"))
            let weight = try #require(device.journal.attribute(named: "weight"))
            let expectSteps: Double = syncedBetween && olderImportedLast ? 4000 : 9120
            let expectWeight: Double = syncedBetween && olderImportedLast ? 72.5 : 72.25
            #expect(try device.journal.values(of: stepsAttribute, on: monday).value == expectSteps, "\(device.name)")
            #expect(try device.journal.values(of: weight, on: monday).value == expectWeight, "\(device.name)")
            #expect(
                try device.journal.database.scalarInt(
                    "SELECT count(*) FROM entry WHERE removed_by IS NULL AND attribute = 'steps'") == 1)
        }
    }

    /// Without `--replace`, the older export imported on a device that has already seen the
    /// newer one writes nothing, and both devices keep the newer one's values.
    @Test func anOlderExportAfterASyncKeepsTheNewerEverywhere() throws {
        let dir = try TempDir()
        let laptop = try SyncFixtures.device(dir, "laptop")
        let desktop = try SyncFixtures.device(dir, "desktop")
        try desktop.journal.importHealth(
            [HealthValue(attribute: "steps", day: monday, value: 9120)], source: "Apple Health", file: "export.zip",
            exported: newer, resolution: .ask)
        try desktop.sync()
        try laptop.sync()
        let summary = try laptop.journal.importHealth(
            [HealthValue(attribute: "steps", day: monday, value: 4000)], source: "Apple Health", file: "export.zip",
            exported: older, resolution: .ask)
        #expect(summary.olderKept == 1 && summary.writesNothing)
        for _ in 0..<2 { for device in [laptop, desktop] { try device.sync() } }
        for device in [laptop, desktop] { #expect(try steps(device.journal, monday) == 9120, "\(device.name)") }
    }

    /// A record of a journal of schema 11 has no export date: it is read, as a value whose
    /// export date is not known.
    @Test func aRecordWithoutTheExportDateIsRead() throws {
        let line = Array(
            "entry\tg1\t1\t5\t\("a" + String(repeating: "0", count: 31))\tsteps\t2026-11-16\t9120\t2026-11-16T10:00:00Z\tApple Health\texport.zip"
                .utf8)
        let record = try #require(SyncFile.record(line[...]))
        #expect(record.fields.count == SyncFile.columns["entry"]!.count)
        #expect(record.fields.last == .some(nil))
        #expect(SyncCheck.problem(record) == nil)
        // Two fields short is damaged.
        #expect(SyncFile.record(line[..<line.lastIndex(of: 0x09)!]) == nil)
        var bad = record
        bad.fields[6] = "soon"
        #expect(SyncCheck.problem(bad)?.field == "exported")
    }
}
