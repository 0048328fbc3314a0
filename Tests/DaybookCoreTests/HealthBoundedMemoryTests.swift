import DaybookTestSupport
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// What an Apple Health import holds at once stays under a bound whatever the number of days:
/// the overlap rule and the nights of sleep are worked out over slices of days, and the
/// journal brings its stored daily values up to date in batches while it writes. The results
/// are the same as when everything is held at once.
@Suite struct HealthBoundedMemoryTests {
    typealias F = HealthFixture

    /// `days` days of a Watch and an iPhone counting the same walks, and of nights in sleep
    /// stages from the Watch and in bed from the iPhone, at two offsets.
    static func stores(days: Int) -> (steps: [IntervalStore], sleep: [IntervalStore]) {
        var random = SeededRandom(seed: 7)
        var steps = [IntervalStore(), IntervalStore()]
        var sleep = [IntervalStore(), IntervalStore()]
        func add(_ store: inout IntervalStore, _ start: Int64, _ length: Int64, _ value: Double, _ offset: Int32) {
            store.append(
                StoredInterval(
                    HealthSample(measure: .steps, source: "s", start: start, end: start + length, offset: offset, value: value))!)
        }
        let base: Int64 = 1_600_000_000
        for day in 0..<Int64(days) {
            let midnight = base + day * 86_400
            let offset: Int32 = day % 9 == 0 ? -18_000 : 3600
            for walk in 0..<6 {
                let start = midnight + 8 * 3600 + Int64(walk) * 5400 + Int64(random.next() % 600)
                add(&steps[0], start, 900, Double(random.next() % 2000), offset)
                add(&steps[1], start + 300, 1200, Double(random.next() % 2000), offset)
            }
            var t = midnight - 2 * 3600
            for _ in 0..<8 {
                let length = Int64(1200 + random.next() % 2400)
                add(&sleep[0], t, length, 0, offset)
                t += length + Int64(random.next() % 300)
            }
            add(&sleep[1], midnight - 2 * 3600 - 600, 9 * 3600, 0, offset)
        }
        return (steps, sleep)
    }

    static func day(_ sample: StoredInterval) -> Int {
        Int(floorDivide(sample.startSince1970 + sample.offsetSeconds, 86_400))
    }

    @Test func theOverlapRuleHoldsOneSliceOfDaysAtOnce() {
        let (steps, _) = Self.stores(days: 400)
        let whole = HealthOverlap.slicedDayTotals(steps, order: [0, 1], sliceSamples: .max, day: Self.day)
        let sliced = HealthOverlap.slicedDayTotals(steps, order: [0, 1], sliceSamples: 300, day: Self.day)
        #expect((400...401).contains(whole.totals.count))
        #expect(sliced.totals.map(\.day) == whole.totals.map(\.day))
        #expect(sliced.totals.map(\.value) == whole.totals.map(\.value))
        #expect(sliced.totals.map(\.removed) == whole.totals.map(\.removed))
        #expect(whole.totals.map(\.removed).reduce(0, +) > 0)
        // 300 of the iPhone's walks at most, and the Watch's that meet them.
        #expect(whole.held > 2000)
        #expect(sliced.held <= 2 * 300 + 2 * 6)
    }

    @Test func nightsAreWorkedOutOneSliceOfDaysAtOnce() {
        let (_, sleep) = Self.stores(days: 400)
        let whole = HealthSleep.slicedNights(sleep, sliceParts: .max)
        let sliced = HealthSleep.slicedNights(sleep, sliceParts: 100)
        #expect((400...401).contains(whole.nights.count))
        #expect(sliced.nights.map(\.day) == whole.nights.map(\.day))
        #expect(sliced.nights.map(\.minutes) == whole.nights.map(\.minutes))
        #expect(sliced.nights.map(\.bedtime) == whole.nights.map(\.bedtime))
        #expect(sliced.nights.map(\.wakeTime) == whole.nights.map(\.wakeTime))
        #expect(sliced.nights.map(\.overlapMinutes) == whole.nights.map(\.overlapMinutes))
        #expect(whole.held == 400 * 9)
        #expect(sliced.held <= 100)
    }

    /// The same through `HealthDays`, with the default slices: more days than a slice holds
    /// give the values of the rule applied to every day at once.
    @Test func yearsOfDaysGiveWhatTheRuleGivesOverAllOfThem() {
        let (steps, sleep) = Self.stores(days: 12_000)
        let whole = HealthOverlap.slicedDayTotals(steps, order: [0, 1], sliceSamples: .max, day: Self.day)
        let sliced = HealthOverlap.slicedDayTotals(steps, order: [0, 1], day: Self.day)
        #expect(sliced.totals.map(\.value) == whole.totals.map(\.value))
        #expect(sliced.held <= 2 * HealthOverlap.sliceSamples)
        let nights = HealthSleep.slicedNights(sleep)
        #expect((12_000...12_001).contains(nights.nights.count))
        #expect(nights.held <= HealthSleep.sliceParts)
    }

    /// An import of more day values than a batch brings the stored daily values up to date
    /// as it goes: what waits for that never passes a batch, and the values read back are those
    /// written.
    @Test func theJournalWritesAnImportsDailyValuesInBatches() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let first = Day(year: 2001, month: 1, day: 1)!
        var values: [HealthValue] = []
        for offset in 0..<6000 {
            let day = Day(ordinal: first.ordinal + offset)
            values.append(HealthValue(attribute: "steps", day: day, value: Double(offset)))
            values.append(HealthValue(attribute: "heart_rate", day: day, value: 50 + Double(offset % 40)))
        }
        let summary = try journal.importHealth(values, source: "Apple Health", file: "export.zip", resolution: .ask)
        #expect(summary.written == 12_000)
        #expect(journal.largestPendingDailyValues <= Journal.healthFlushBatch)
        #expect(try journal.database.scalarInt("SELECT count(*) FROM day_value") == 12_000)
        #expect(
            try journal.database.scalarInt(
                "SELECT count(*) FROM day_value d JOIN entry e ON e.attribute = d.attribute AND e.day = d.day WHERE d.value = e.value")
                == 12_000)
        // Imported again with --replace, every value is replaced in batches too.
        let again = try journal.importHealth(
            values.map { HealthValue(attribute: $0.attribute, day: $0.day, value: $0.value + 1) }, source: "Apple Health",
            file: "export2.zip", resolution: .replace)
        #expect(again.replaced == 12_000)
        #expect(journal.largestPendingDailyValues <= Journal.healthFlushBatch)
        #expect(
            try journal.database.scalarInt(
                "SELECT count(*) FROM day_value d JOIN entry e ON e.attribute = d.attribute AND e.day = d.day AND e.removed_by IS NULL WHERE d.value = e.value")
                == 12_000)
    }
}
