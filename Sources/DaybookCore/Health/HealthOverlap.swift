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
    /// sample counts for.
    static func dayTotals(
        _ samples: [[StoredInterval]], order: [Int], day: (StoredInterval) -> Int
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
            if rank < sources.count - 1 { union.merge(samples[source]) }
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

/// A union of intervals, kept as sorted disjoint intervals `[start, end)`. Intervals that only
/// touch stay apart, so that an instant where one ends and the next begins lies strictly
/// inside neither.
struct IntervalUnion {
    var starts: [Int32] = []
    var ends: [Int32] = []
    /// `prefix[i]` is the total length of the intervals before the i-th.
    var prefix: [Int64] = [0]

    var isEmpty: Bool { starts.isEmpty }

    /// The index of the first interval ending after `t`.
    private func firstEnding(after t: Int32) -> Int {
        var low = 0
        var high = ends.count
        while low < high {
            let mid = (low + high) / 2
            if ends[mid] > t { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The index of the first interval starting at or after `t`.
    private func firstStarting(atOrAfter t: Int32) -> Int {
        var low = 0
        var high = starts.count
        while low < high {
            let mid = (low + high) / 2
            if starts[mid] >= t { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// How much of `[start, end)` the union covers, in seconds.
    func covered(from start: Int32, to end: Int32) -> Int64 {
        let i = firstEnding(after: start)
        let j = firstStarting(atOrAfter: end)
        guard i < j else { return 0 }
        var total = prefix[j] - prefix[i]
        if starts[i] < start { total -= Int64(start) - Int64(starts[i]) }
        if ends[j - 1] > end { total -= Int64(ends[j - 1]) - Int64(end) }
        return total
    }

    /// Whether `t` lies strictly inside one of the intervals.
    func strictlyContains(_ t: Int32) -> Bool {
        let i = firstEnding(after: t)
        return i < starts.count && starts[i] < t
    }

    /// Adds the intervals of `samples` (those with a length) to the union.
    mutating func merge(_ samples: [StoredInterval]) {
        // Each interval as one number that sorts by start, then end.
        var added = samples.compactMap { sample -> UInt64? in
            guard sample.length > 0 else { return nil }
            return UInt64(UInt32(bitPattern: sample.start) ^ 0x8000_0000) << 32
                | UInt64(UInt32(bitPattern: sample.end) ^ 0x8000_0000)
        }
        added.sort()
        var merged = IntervalUnion()
        merged.starts.reserveCapacity(starts.count + added.count)
        merged.ends.reserveCapacity(starts.count + added.count)
        merged.prefix.reserveCapacity(starts.count + added.count + 1)
        var i = 0
        var j = 0
        while i < starts.count || j < added.count {
            let start: Int32
            let end: Int32
            if j == added.count || (i < starts.count && starts[i] <= Int32(bitPattern: UInt32(added[j] >> 32) ^ 0x8000_0000)) {
                (start, end) = (starts[i], ends[i])
                i += 1
            } else {
                start = Int32(bitPattern: UInt32(added[j] >> 32) ^ 0x8000_0000)
                end = Int32(bitPattern: UInt32(truncatingIfNeeded: added[j]) ^ 0x8000_0000)
                j += 1
            }
            merged.append(start, end)
        }
        self = merged
    }

    /// Adds an interval starting at or after the last one's start.
    private mutating func append(_ start: Int32, _ end: Int32) {
        if let last = ends.last, start < last {
            guard end > last else { return }
            prefix[prefix.count - 1] += Int64(end) - Int64(last)
            ends[ends.count - 1] = end
            return
        }
        starts.append(start)
        ends.append(end)
        prefix.append(prefix[prefix.count - 1] + Int64(end) - Int64(start))
    }
}
