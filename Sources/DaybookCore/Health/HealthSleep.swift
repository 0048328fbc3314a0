/// Nights of sleep from intervals of sleep (asleep, or in bed).
///
/// A night belongs to the day it ends: an interval that ends from 18:00 the day before up to
/// (not including) 18:00 of a day, local time at its own offset, counts for that day, naps
/// included. The journal's day-start plays no part. A day's sleep is the length of the union
/// of its intervals, whatever their sources. Its bedtime and wake time are the start and end
/// of its longest block of sleep, where parts less than `blockGap` apart make one block, each
/// read at the offset of the interval that starts or ends it.
enum HealthSleep {
    /// Parts of a night closer than this (in seconds) are one block of sleep.
    static let blockGap: Int64 = 3600

    /// One day's sleep, its times in minutes (bedtime and wake time after local midnight).
    struct Night {
        var day: Int
        var minutes: Double
        var bedtime: Double
        var wakeTime: Double
        /// How much of the intervals' total length other intervals already covered, in minutes.
        var overlapMinutes: Double
    }

    /// An interval of sleep, with its ends in seconds since 1970.
    private struct Part {
        var day: Int
        var start: Int64
        var end: Int64
        var offset: Int64
    }

    /// The day an interval ending at `end` (seconds since 1970, `offset` seconds east of UTC)
    /// counts for: the local day that starts at 18:00 the evening before.
    static func day(ending end: Int64, offset: Int64) -> Int {
        Int(floorDivide(end + offset + 6 * 3600, 86_400))
    }

    /// The most parts held at once, unless one day has more.
    static let sliceParts = 1 << 14

    /// The nights of `intervals` (all sources' intervals of one kind), by day. Intervals of no
    /// length are left out.
    static func nights(_ intervals: [IntervalStore]) -> [Night] {
        slicedNights(intervals).nights
    }

    /// `nights`, worked out over slices of days holding at most `sliceParts` intervals each, so
    /// that memory does not grow with the number of nights; and the most intervals held at once.
    /// A day's intervals are all in one slice, in the order they had over all days at once.
    static func slicedNights(_ intervals: [IntervalStore], sliceParts: Int = sliceParts) -> (nights: [Night], held: Int) {
        var first = Int.max
        var last = Int.min
        for source in intervals {
            for interval in source where interval.length > 0 {
                let d = day(ending: interval.endSince1970, offset: interval.offsetSeconds)
                first = min(first, d)
                last = max(last, d)
            }
        }
        guard first <= last else { return ([], 0) }
        var perDay = [Int32](repeating: 0, count: last - first + 1)
        for source in intervals {
            for interval in source where interval.length > 0 {
                perDay[day(ending: interval.endSince1970, offset: interval.offsetSeconds) - first] &+= 1
            }
        }
        var nights: [Night] = []
        var held = 0
        var sliceStart = 0
        while sliceStart < perDay.count {
            var sliceEnd = sliceStart
            var count = Int(perDay[sliceStart])
            while sliceEnd + 1 < perDay.count && count + Int(perDay[sliceEnd + 1]) <= sliceParts {
                sliceEnd += 1
                count += Int(perDay[sliceEnd])
            }
            let slice = (first + sliceStart)...(first + sliceEnd)
            var parts: [Part] = []
            parts.reserveCapacity(count)
            for source in intervals {
                for interval in source where interval.length > 0 {
                    let end = interval.endSince1970
                    let d = day(ending: end, offset: interval.offsetSeconds)
                    guard slice.contains(d) else { continue }
                    parts.append(Part(day: d, start: interval.startSince1970, end: end, offset: interval.offsetSeconds))
                }
            }
            held = max(held, parts.count)
            parts.sort { ($0.day, $0.start) < ($1.day, $1.start) }
            var first = 0
            while first < parts.count {
                var last = first
                while last + 1 < parts.count && parts[last + 1].day == parts[first].day { last += 1 }
                nights.append(night(parts[first...last]))
                first = last + 1
            }
            sliceStart = sliceEnd + 1
        }
        return (nights, held)
    }

    /// A stretch of sleep and the offsets of the parts that start and end it.
    private struct Stretch {
        var start: Int64
        var end: Int64
        var startOffset: Int64
        var endOffset: Int64
        /// Seconds asleep within it.
        var asleep: Int64
    }

    /// The night of one day's parts, sorted by start.
    private static func night(_ parts: ArraySlice<Part>) -> Night {
        // The union: overlapping or touching parts joined.
        var union: [Stretch] = []
        var total: Int64 = 0
        for part in parts {
            total += part.end - part.start
            if var last = union.last, part.start <= last.end {
                if part.end > last.end {
                    last.end = part.end
                    last.endOffset = part.offset
                    last.asleep = last.end - last.start
                    union[union.count - 1] = last
                }
            } else {
                union.append(Stretch(
                    start: part.start, end: part.end, startOffset: part.offset, endOffset: part.offset,
                    asleep: part.end - part.start))
            }
        }
        let asleep = union.reduce(0) { $0 + $1.asleep }
        // Blocks: stretches less than an hour apart joined; the longest is the night's.
        var longest = union[0]
        var block = union[0]
        for stretch in union.dropFirst() {
            if stretch.start - block.end < blockGap {
                block.end = stretch.end
                block.endOffset = stretch.endOffset
                block.asleep += stretch.asleep
            } else {
                block = stretch
            }
            if block.asleep > longest.asleep { longest = block }
        }
        return Night(
            day: parts.first!.day, minutes: Double(asleep) / 60,
            bedtime: minuteOfDay(longest.start, offset: longest.startOffset),
            wakeTime: minuteOfDay(longest.end, offset: longest.endOffset),
            overlapMinutes: Double(total - asleep) / 60)
    }

    /// Minutes after local midnight of a moment (seconds since 1970) at `offset`.
    static func minuteOfDay(_ seconds: Int64, offset: Int64) -> Double {
        let local = seconds + offset
        return Double(local - floorDivide(local, 86_400) * 86_400) / 60
    }
}
