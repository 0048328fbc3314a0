/// The overlap rule for a summed measure: where sources overlap in time, the higher-ranked
/// source counts, and a lower-ranked sample counts only for the part of its interval that no
/// higher-ranked sample covers, pro rata. Samples of one source never reduce each other.
///
/// Sources are taken from the highest-ranked down. The intervals of the sources already taken
/// are kept as their union (`IntervalUnion`); each sample's covered length is found in it by
/// binary search, then its source's intervals are merged in. O(n log n) for n samples. The
/// days are taken in slices (`daySlices`), so that what is held at once does not grow with
/// the number of days.
enum HealthOverlap {
    /// Each day's total of `samples` (by source, `order` giving the sources highest-ranked
    /// first) after the overlap rule, and what the rule removed from it. `day` gives the day a
    /// sample counts for. `windowed` keeps the union to what the lower-ranked samples meet
    /// (`OverlapWindow`), with the same totals.
    static func dayTotals(
        _ samples: [IntervalStore], order: [Int], windowed: Bool = true, day: (StoredInterval) -> Int
    ) -> [DayTotal] {
        slicedDayTotals(samples, order: order, windowed: windowed, day: day).totals
    }

    /// `dayTotals`, and the most intervals the window and the union held at once.
    static func slicedDayTotals(
        _ samples: [IntervalStore], order: [Int], windowed: Bool = true, sliceSamples: Int = sliceSamples,
        day: (StoredInterval) -> Int
    ) -> (totals: [DayTotal], held: Int) {
        let sources = order.filter { !samples[$0].isEmpty }
        guard !sources.isEmpty else { return ([], 0) }
        var first = Int.max
        var last = Int.min
        for source in sources {
            for sample in samples[source] {
                let d = day(sample)
                first = min(first, d)
                last = max(last, d)
            }
        }
        var counted = [Double](repeating: 0, count: last - first + 1)
        var removed = counted
        var present = [Bool](repeating: false, count: counted.count)
        // The days are taken in slices holding at most `sliceSamples` lower-ranked samples, so
        // that the window and the union stay that size whatever the number of days. All of a
        // day's samples are in one slice and are added in the same order as over all days at
        // once: the totals are the same to the bit.
        let slices = windowed && sources.count > 1
            ? daySlices(sources.dropFirst().map { samples[$0] }, first: first, days: counted.count, most: sliceSamples, day: day)
            : [first...last]
        var held = 0
        for slice in slices {
            var union = IntervalUnion()
            // The union is asked about the slice's lower-ranked samples only.
            let window = windowed && sources.count > 1
                ? OverlapWindow(sources.dropFirst().map { samples[$0] }, where: { slice.contains(day($0)) }) : nil
            for (rank, source) in sources.enumerated() {
                for sample in samples[source] {
                    let d = day(sample)
                    guard slice.contains(d) else { continue }
                    let value = Double(sample.value)
                    var kept = value
                    if !union.isEmpty {
                        if sample.length == 0 {
                            if union.strictlyContains(sample.start) { kept = 0 }
                        } else {
                            let covered = union.covered(from: sample.start, to: sample.end)
                            if covered > 0 { kept = value * Double(Int64(sample.length) - covered) / Double(sample.length) }
                        }
                    }
                    let slot = d - first
                    counted[slot] += kept
                    removed[slot] += value - kept
                    present[slot] = true
                }
                if rank < sources.count - 1 { union.merge(samples[source], within: window) }
            }
            held = max(held, union.count + (window?.count ?? 0))
        }
        let totals = present.indices.filter { present[$0] }.map {
            DayTotal(day: first + $0, value: counted[$0], removed: removed[$0])
        }
        return (totals, held)
    }

    /// The most lower-ranked samples a slice of days holds, unless one day holds more.
    static let sliceSamples = 1 << 14

    /// Consecutive days from `first` (of `days`), each slice holding at most `most` of the
    /// samples of `stores` by the day `day` gives them (or a single day holding more).
    static func daySlices(
        _ stores: [IntervalStore], first: Int, days: Int, most: Int, day: (StoredInterval) -> Int
    ) -> [ClosedRange<Int>] {
        var perDay = [Int32](repeating: 0, count: days)
        for store in stores {
            for sample in store {
                let slot = day(sample) - first
                if slot >= 0 && slot < days { perDay[slot] &+= 1 }
            }
        }
        var slices: [ClosedRange<Int>] = []
        var start = 0
        var held = 0
        for slot in 0..<days {
            let count = Int(perDay[slot])
            if held > 0 && held + count > most {
                slices.append(first + start...first + slot - 1)
                start = slot
                held = 0
            }
            held += count
        }
        slices.append(first + start...first + days - 1)
        return slices
    }
}

/// One day's total of a summed measure, and what the overlap rule removed from it.
struct DayTotal {
    var day: Int
    var value: Double
    var removed: Double
}
