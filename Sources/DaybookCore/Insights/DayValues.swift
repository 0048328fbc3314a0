/// At most one value per day, over a run of consecutive days: what an insight reads of one
/// attribute (or of the mood), a year of days at most.
///
/// Stored as one `Double` per day of the run, from its first day to its last, with NaN where a
/// day has no value. A year of values takes 3 KiB this way, where a `[Day: Double]` takes
/// 16 KiB and a hash per lookup. SQLite stores no NaN (it reads back as NULL), so no value
/// read from a journal is lost to the marker; setting NaN removes a day's value.
///
/// It reads like the dictionary it replaces: `values[day]` gives a day's value or nil, and
/// it is a sequence of `(key: Day, value: Double)` pairs, oldest day first.
public struct DayValues: Sendable, Equatable, Sequence, ExpressibleByDictionaryLiteral {
    /// The day of `slots[0]`; meaningless while `slots` is empty.
    private var first = Day(ordinal: 0)
    private var slots: [Double] = []
    public private(set) var count = 0

    public init() {}

    public init(_ values: [Day: Double]) {
        if let low = values.keys.min(), let high = values.keys.max() { reserve(from: low, through: high) }
        for (day, value) in values { self[day] = value }
    }

    public init(dictionaryLiteral elements: (Day, Double)...) {
        for (day, value) in elements { self[day] = value }
    }

    public var isEmpty: Bool { count == 0 }

    /// Makes room for every day from `low` to `high`, so that setting them does not move the
    /// values again.
    public mutating func reserve(from low: Day, through high: Day) {
        guard low <= high else { return }
        if slots.isEmpty {
            first = low
            slots = [Double](repeating: .nan, count: high.ordinal - low.ordinal + 1)
            return
        }
        let last = first.ordinal + slots.count - 1
        let newFirst = Swift.min(first.ordinal, low.ordinal), newLast = Swift.max(last, high.ordinal)
        guard newFirst < first.ordinal || newLast > last else { return }
        var grown = [Double](repeating: .nan, count: newLast - newFirst + 1)
        grown.replaceSubrange(
            (first.ordinal - newFirst)..<(first.ordinal - newFirst + slots.count), with: slots)
        first = Day(ordinal: newFirst)
        slots = grown
    }

    public subscript(day: Day) -> Double? {
        get {
            let i = day.ordinal - first.ordinal
            guard slots.indices.contains(i), !slots[i].isNaN else { return nil }
            return slots[i]
        }
        set {
            let value = newValue ?? .nan
            if value.isNaN {
                let i = day.ordinal - first.ordinal
                guard slots.indices.contains(i), !slots[i].isNaN else { return }
                slots[i] = .nan
                count -= 1
                return
            }
            reserve(from: day, through: day)
            let i = day.ordinal - first.ordinal
            if slots[i].isNaN { count += 1 }
            slots[i] = value
        }
    }

    /// The days that have a value, oldest first.
    public var keys: [Day] { map(\.key) }

    public struct Iterator: IteratorProtocol {
        fileprivate let first: Int
        fileprivate let slots: [Double]
        fileprivate var i = 0

        public mutating func next() -> (key: Day, value: Double)? {
            while i < slots.count {
                defer { i += 1 }
                if !slots[i].isNaN { return (Day(ordinal: first + i), slots[i]) }
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator { Iterator(first: first.ordinal, slots: slots) }

    public var underestimatedCount: Int { count }

    public static func == (a: DayValues, b: DayValues) -> Bool {
        a.count == b.count && a.elementsEqual(b) { $0.key == $1.key && $0.value == $1.value }
    }
}
