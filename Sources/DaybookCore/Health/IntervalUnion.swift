/// A union of intervals `[start, end)` (seconds since 2001), kept as sorted disjoint intervals
/// in 12 bytes each. Intervals that only touch stay apart, so that an instant where one ends
/// and the next begins lies strictly inside neither.
struct IntervalUnion {
    /// Each interval as one number: its start in the high half and its end in the low half,
    /// each with its sign bit flipped, so that the numbers sort by start, then end.
    private var intervals: [UInt64] = []
    /// `prefix[i]` is the total length of the intervals before the i-th. Disjoint intervals
    /// within an `Int32`'s range never total more than a `UInt32` holds.
    private var prefix: [UInt32] = [0]

    var isEmpty: Bool { intervals.isEmpty }
    /// How many disjoint intervals it holds.
    var count: Int { intervals.count }

    private static func pack(_ start: Int32, _ end: Int32) -> UInt64 {
        UInt64(UInt32(bitPattern: start) ^ 0x8000_0000) << 32 | UInt64(UInt32(bitPattern: end) ^ 0x8000_0000)
    }
    private static func start(_ packed: UInt64) -> Int32 { Int32(bitPattern: UInt32(packed >> 32) ^ 0x8000_0000) }
    private static func end(_ packed: UInt64) -> Int32 {
        Int32(bitPattern: UInt32(truncatingIfNeeded: packed) ^ 0x8000_0000)
    }

    /// The index of the first interval ending after `t`.
    private func firstEnding(after t: Int32) -> Int {
        var low = 0
        var high = intervals.count
        while low < high {
            let mid = (low + high) / 2
            if Self.end(intervals[mid]) > t { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The index of the first interval starting at or after `t`.
    private func firstStarting(atOrAfter t: Int32) -> Int {
        var low = 0
        var high = intervals.count
        while low < high {
            let mid = (low + high) / 2
            if Self.start(intervals[mid]) >= t { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// How much of `[start, end)` the union covers, in seconds.
    func covered(from start: Int32, to end: Int32) -> Int64 {
        let i = firstEnding(after: start)
        let j = firstStarting(atOrAfter: end)
        guard i < j else { return 0 }
        var total = Int64(prefix[j]) - Int64(prefix[i])
        let first = Self.start(intervals[i])
        let last = Self.end(intervals[j - 1])
        if first < start { total -= Int64(start) - Int64(first) }
        if last > end { total -= Int64(last) - Int64(end) }
        return total
    }

    /// Whether `t` lies strictly inside one of the intervals.
    func strictlyContains(_ t: Int32) -> Bool {
        let i = firstEnding(after: t)
        return i < intervals.count && Self.start(intervals[i]) < t
    }

    /// Adds the intervals of `samples` (those with a length) to the union; with `window`, only
    /// those that meet it (see `OverlapWindow`).
    mutating func merge(_ samples: IntervalStore, within window: OverlapWindow? = nil) {
        func wanted(_ sample: StoredInterval) -> Bool {
            sample.length > 0 && window.map { $0.meets(sample.start, sample.end) } ?? true
        }
        var count = 0
        for sample in samples where wanted(sample) { count += 1 }
        var added: [UInt64] = []
        added.reserveCapacity(count)
        for sample in samples where wanted(sample) { added.append(Self.pack(sample.start, sample.end)) }
        added.sort()
        if intervals.isEmpty {
            intervals = added
        } else {
            var merged: [UInt64] = []
            merged.reserveCapacity(intervals.count + added.count)
            var i = 0
            var j = 0
            while i < intervals.count || j < added.count {
                if j == added.count || (i < intervals.count && intervals[i] <= added[j]) {
                    merged.append(intervals[i])
                    i += 1
                } else {
                    merged.append(added[j])
                    j += 1
                }
            }
            intervals = merged
        }
        added = []
        // Joined where they overlap, in place.
        count = 0
        for index in intervals.indices { count = join(intervals[index], count: count) }
        intervals.removeLast(intervals.count - count)
        prefix = [0]
        prefix.reserveCapacity(intervals.count + 1)
        var total: UInt32 = 0
        for interval in intervals {
            total &+= UInt32(bitPattern: Self.end(interval) &- Self.start(interval))
            prefix.append(total)
        }
    }

    /// Puts `interval` (starting at or after the start of those before it) after the first
    /// `count` joined intervals, joining it to the last where they overlap; the new count.
    private mutating func join(_ interval: UInt64, count: Int) -> Int {
        if count > 0 {
            let last = intervals[count - 1]
            if Self.start(interval) < Self.end(last) {
                if Self.end(interval) > Self.end(last) { intervals[count - 1] = Self.pack(Self.start(last), Self.end(interval)) }
                return count
            }
        }
        intervals[count] = interval
        return count + 1
    }
}

/// Where the lower-ranked sources' samples lie: the union of their closed intervals `[start,
/// end]` (an instant too). The overlap rule asks the union of the higher-ranked sources only
/// about these samples, how much of one is covered or whether one lies strictly inside it,
/// and an interval of the union that meets none of them changes no answer: the union keeps
/// only those that meet the window (`IntervalUnion.merge(_:within:)`), so that its memory
/// grows with the lower-ranked sources' samples (an iPhone's few steps), not with the top
/// source's (a Watch's energy every few minutes, for years), with the same results.
struct OverlapWindow {
    private var starts: [Int32] = []
    private var ends: [Int32] = []

    /// The window of the samples of `stores` that `wanted` takes (all of them by default).
    init(_ stores: [IntervalStore], where wanted: (StoredInterval) -> Bool = { _ in true }) {
        var packed: [UInt64] = []
        for store in stores {
            for sample in store where wanted(sample) {
                packed.append(UInt64(UInt32(bitPattern: sample.start) ^ 0x8000_0000) << 32 | UInt64(UInt32(bitPattern: sample.end) ^ 0x8000_0000))
            }
        }
        packed.sort()
        for item in packed {
            let start = Int32(bitPattern: UInt32(item >> 32) ^ 0x8000_0000)
            let end = Int32(bitPattern: UInt32(truncatingIfNeeded: item) ^ 0x8000_0000)
            if let last = ends.last, start <= last {
                if end > last { ends[ends.count - 1] = end }
            } else {
                starts.append(start)
                ends.append(end)
            }
        }
    }

    /// How many disjoint intervals it holds.
    var count: Int { starts.count }

    /// Whether `[start, end]` meets one of the window's intervals.
    func meets(_ start: Int32, _ end: Int32) -> Bool {
        // The first interval of the window that ends at or after `start`.
        var low = 0
        var high = ends.count
        while low < high {
            let mid = (low + high) / 2
            if ends[mid] >= start { high = mid } else { low = mid + 1 }
        }
        return low < ends.count && starts[low] <= end
    }
}
