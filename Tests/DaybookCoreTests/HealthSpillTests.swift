import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// Samples that wait for the overlap rule go to a temporary file past the first few thousand,
/// so that memory stays flat: the values and the summary are the same as when every sample is
/// kept in memory, and the file is gone (it is unlinked as soon as it is made).
@Suite struct HealthSpillTests {
    typealias F = HealthFixture

    /// A seeded month of overlapping steps, distance and sleep from three sources, with
    /// intervals across midnight and at two offsets.
    static func samples(seed: UInt64) -> [HealthSample] {
        var random = SeededRandom(seed: seed)
        let sources = [F.phone, F.watch, "Oura"]
        let base: Int64 = 1_780_000_000
        var samples: [HealthSample] = []
        for index in 0..<30_000 {
            let start = base + Int64(random.next() % (30 * 86_400))
            let length = Int64(random.next() % 3600)
            let measure: HealthMeasure = [.steps, .distance, .asleep, .activeEnergy][index % 4]
            samples.append(
                HealthSample(
                    measure: measure, source: sources[Int(random.next() % 3)], start: start, end: start + length,
                    offset: index % 7 == 0 ? -18_000 : 3600, value: Double(random.next() % 10_000) / 7))
        }
        return samples
    }

    static func read(_ samples: [HealthSample], kept: Int) -> HealthDaysResult {
        var days = HealthDays(dayStartMinutes: 0, attributes: F.attributes, keptSamples: kept)
        for sample in samples { days.add(sample) }
        return days.result()
    }

    @Test(arguments: [1, 2] as [UInt64])
    func samplesSpiltToDiskGiveTheSameDays(seed: UInt64) throws {
        let samples = Self.samples(seed: seed)
        let inMemory = Self.read(samples, kept: .max)
        let spilt = Self.read(samples, kept: 0)
        #expect(inMemory.values.count > 100)
        #expect(spilt.values == inMemory.values)
        #expect(spilt.sourceOrder == inMemory.sourceOrder)
        #expect(spilt.attributes.map(\.overlapRemoved) == inMemory.attributes.map(\.overlapRemoved))
        #expect(spilt.attributes.map(\.samples) == inMemory.attributes.map(\.samples))
    }

    /// The union of the higher-ranked sources kept to where the lower-ranked samples lie gives
    /// the same totals as the whole union: intervals and instants, touching and overlapping,
    /// from four sources.
    @Test(arguments: [3, 4, 5] as [UInt64])
    func theWindowedUnionGivesTheSameTotals(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var stores = (0..<4).map { _ in IntervalStore() }
        for index in 0..<20_000 {
            let source = index % 11 == 0 ? 3 : index % 5 == 0 ? 2 : index % 3
            let start = Int32(random.next() % 2_000_000)
            let length = random.next() % 4 == 0 ? 0 : Int32(random.next() % 5000)
            stores[source].append(
                StoredInterval(
                    HealthSample(
                        measure: .steps, source: "s", start: Int64(start) + healthEpoch,
                        end: Int64(start + length) + healthEpoch, offset: 0, value: Double(random.next() % 1000)))!)
        }
        let day = { (sample: StoredInterval) in Int(sample.start / 86_400) }
        let whole = HealthOverlap.dayTotals(stores, order: [2, 0, 3, 1], windowed: false, day: day)
        let windowed = HealthOverlap.dayTotals(stores, order: [2, 0, 3, 1], day: day)
        #expect(whole.count > 10)
        #expect(whole.map(\.value) == windowed.map(\.value))
        #expect(whole.map(\.removed) == windowed.map(\.removed))
        #expect(whole.map(\.removed).reduce(0, +) > 0)
    }

    @Test func theSpillFileLeavesNothingBehind() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/daybook-spill-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spill = SpillFile(folder: folder)
        var store = IntervalStore(spill: spill, kept: 0)
        for index in 0..<(3 * IntervalStore.chunkSize + 5) {
            store.append(
                StoredInterval(
                    HealthSample(
                        measure: .steps, source: F.watch, start: 1_780_000_000 + Int64(index), end: 1_780_000_060,
                        offset: 3600, value: Double(index)))!)
        }
        #expect(spill.bytesWritten == Int64(3 * IntervalStore.chunkSize * 17))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
        let read = Array(store)
        #expect(read.count == 3 * IntervalStore.chunkSize + 5)
        #expect(read.map(\.value) == (0..<read.count).map(Double.init))
        // Twice, as the overlap rule reads each source's samples more than once.
        #expect(Array(store).map(\.start) == read.map(\.start))
    }
}
