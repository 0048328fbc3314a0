import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// The same export imported on two or three devices, in random orders, with syncs in between
/// (some devices importing it twice), and then, now and then, a newer export of the same
/// source imported the same way: once every device has synced twice, each holds the values of
/// one import of the newest export, and nothing is counted twice. Seeded; a failure names its
/// seed. (An older export imported after a newer one is another matter: on one machine as
/// across machines, the later import is what stands.)
@Suite struct SyncImportOrderTests {
    @Test(arguments: 0..<24)
    func theSameImportInAnyOrderCountsOnce(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        let dir = try TempDir()
        let count = seed % 2 == 0 ? 2 : 3
        let devices = try (0..<count).map { try SyncFixtures.device(dir, "d\($0)") }
        if seed % 3 == 0 {
            try devices[0].sync(action: .setup)
            let key = try #require(devices[0].key)
            for device in devices.dropFirst() { try device.sync(action: .join(key)) }
        }
        let days = [saturday.day, saturday.day.adding(days: -1), saturday.day.adding(days: -2)]
        let older = days.map { HealthValue(attribute: "steps", day: $0, value: 18_480) }
            + [HealthValue(attribute: "weight", day: days[0], value: 72.5)]
        let newer = days.map { HealthValue(attribute: "steps", day: $0, value: 19_000) }
            + [HealthValue(attribute: "weight", day: days[0], value: 72.25)]
        var expected: [HealthValue]? = nil
        let phases = seed % 4 == 1 ? [older] : [older, newer]
        for export in phases {
            for step in 0..<10 {
                let device = devices[Int(random.next() % UInt64(count))]
                // The phase's first step imports, so that every later import in it is of the
                // newest export there is.
                if step == 0 || random.next() % 2 == 0 {
                    _ = try device.journal.importHealth(
                        export, source: "Google Fit", file: "Daily activity metrics.csv", resolution: .replace)
                    expected = export
                    // A few milliseconds apart: the clocks, not a device id, say which was later.
                    usleep(3000)
                } else {
                    try device.sync()
                }
            }
        }
        for _ in 0..<2 { for device in devices { try device.sync() } }
        for device in devices {
            for value in try #require(expected) {
                let attribute = try #require(device.journal.attribute(named: value.attribute))
                let got = try device.journal.values(of: attribute, on: value.day).value
                #expect(got == value.value, "seed \(seed): \(value.attribute) on \(value.day.iso) on \(device.name)")
            }
        }
    }
}
