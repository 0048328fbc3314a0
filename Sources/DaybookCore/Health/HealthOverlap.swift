/// The overlap rule for a summed measure: where sources overlap in time, the higher-ranked
/// source counts, and a lower-ranked sample counts only for the part of its interval that no
/// higher-ranked sample covers, pro rata. Samples of one source never reduce each other.
///
/// Sources are taken from the highest-ranked down. The intervals of the sources already taken
/// are kept as their union (`IntervalUnion`); each sample's covered length is found in it by
/// binary search, then its source's intervals are merged in. O(n log n) for n samples.
enum HealthOverlap {
    /// Each day's total of `samples` (by source, `order` giving the sources highest-ranked
    /// first) after the overlap rule, and what the rule removed from it. `day` gives the day a
    /// sample counts for. `windowed` keeps the union to what the lower-ranked samples meet
    /// (`OverlapWindow`), with the same totals.
    static func dayTotals(
        _ samples: [IntervalStore], order: [Int], windowed: Bool = true, day: (StoredInterval) -> Int
    ) -> [DayTotal] {
        let sources = order.filter { !samples[$0].isEmpty }
        guard !sources.isEmpty else { return [] }
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
        var union = IntervalUnion()
        // The union is asked about the lower-ranked sources' samples only.
        let window = windowed && sources.count > 1 ? OverlapWindow(sources.dropFirst().map { samples[$0] }) : nil
        for (rank, source) in sources.enumerated() {
            for sample in samples[source] {
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
                let slot = day(sample) - first
                counted[slot] += kept
                removed[slot] += value - kept
                present[slot] = true
            }
            if rank < sources.count - 1 { union.merge(samples[source], within: window) }
        }
        return present.indices.filter { present[$0] }.map {
            DayTotal(day: first + $0, value: counted[$0], removed: removed[$0])
        }
    }
}

/// One day's total of a summed measure, and what the overlap rule removed from it.
struct DayTotal {
    var day: Int
    var value: Double
    var removed: Double
}
