/// The sink every health import uses: it keeps what the readers hand it compactly and, in
/// `result()`, applies daybook's rules to give one value per attribute and day.
///
/// The rules:
/// - **Sources** are ranked: those named in `prefer` first (in that order; a name matches a
///   source case-insensitively, exactly or as part of its name), then samples entered by hand
///   (sources ending in `enteredByHand`, as Apple ranks them), then sources whose name
///   contains "Watch", then those containing "iPhone", then the others in the order they first
///   appeared.
/// - **Overlap** (summed measures): where samples of several sources overlap in time, the
///   higher-ranked source counts; a lower-ranked sample counts only for the part of its
///   interval no higher-ranked sample covers, pro rata. Samples of one source are summed. A
///   sample at an instant counts unless it lies strictly inside a higher-ranked interval.
/// - **Days**: a sample counts for the local date of its start, read at its own offset, after
///   taking away the journal's day-start. A sample that runs across midnight counts, whole, for
///   the day it started.
/// - **Sleep** belongs to the day it ends (see `HealthSleep`); the day-start does not apply.
/// - **exercise** is the day's exercise samples, or its workouts on a day without any;
///   **water** is in glasses of `glassMillilitres`; **heart_rate** is the mean of the day's
///   readings, **resting_hr** the lowest, **weight** the last.
/// - **Day values** (`addDayValue`) count only on days no sample fills the attribute; for one
///   attribute and day, the first source to give one wins.
///
/// Samples are kept as 17 bytes each (dated in seconds since 2001, which covers 1933 to
/// 2068, with their value as read, a double), past the first few thousand of each measure and
/// source in a temporary file (`IntervalStore`), so that memory stays flat; readings are
/// aggregated per day as they arrive.
/// A sample whose value cannot be true for its attribute (`ValueType.impossibility`: infinity,
/// a negative count, a duration past a day, one past `largestValue`) is not read, and is
/// counted among the types skipped.
public struct HealthDays: HealthSink {
    /// Millilitres in a glass: water is imported in glasses of this size.
    public static let glassMillilitres: Double = 250

    let dayStartSeconds: Int64
    let prefer: [String]
    let attributes: [String: Attribute]
    /// Where the interval samples go past the first `keptSamples` of each store.
    let spill = SpillFile()
    let keptSamples: Int

    /// Source names in the order they first appeared; a source's index is its position here.
    var sourceNames: [String] = []
    var sourceIndices: [String: Int] = [:]
    var lastSource: (name: String, index: Int)?
    /// The interval samples (summed measures and sleep), by measure and source.
    var intervals: [[IntervalStore]] = HealthMeasure.allCases.map { _ in [] }
    /// Samples read, by measure and source.
    var sampleCounts: [[Int]] = HealthMeasure.allCases.map { _ in [] }
    var readings = DayReadings()
    var dayValues: [String: [Int: DayValueEntry]] = [:]
    /// Day values given, by attribute and source.
    var dayValueCounts: [String: [Int: Int]] = [:]
    /// Day values another source had already given one for (their attribute and day), by
    /// attribute: how many, and (for attributes that sum) their total.
    var dayValuesOverlapping: [String: Int] = [:]
    var dayValueOverlap: [String: Double] = [:]
    var skippedCounts: [String: Int] = [:]

    /// `dayStartMinutes` is the journal's day-start (0 to 720; values outside are clamped):
    /// a sample before it counts for the day before. `prefer` names the sources to rank first.
    /// `attributes` are the journal's, by name: their aggregation combines a day's day values.
    /// `keptSamples` is how many samples of a measure and source stay in memory before the
    /// rest spill to a temporary file (`IntervalStore`).
    public init(
        dayStartMinutes: Int, prefer: [String] = [], attributes: [String: Attribute],
        keptSamples: Int = 8192
    ) {
        dayStartSeconds = Int64(min(max(dayStartMinutes, 0), 720)) * 60
        self.prefer = prefer
        self.attributes = attributes
        self.keptSamples = keptSamples
    }

    public mutating func add(_ sample: HealthSample) {
        let measure = sample.measure
        guard sample.value.isFinite else {
            skip(type: "\(measure.attribute) without a number")
            return
        }
        let type = attributes[measure.attribute]?.type
        if (type.map { $0.impossibility(sample.value) } ?? storageImpossibility(sample.value)) != nil {
            skip(type: "\(measure.attribute) with a value that cannot be true")
            return
        }
        switch measure {
        case .heartRate, .restingHeartRate, .weight:
            readings.add(sample, day: day(of: sample.start, offset: Int64(sample.offset)))
        default:
            guard let stored = StoredInterval(sample) else {
                skip(type: "\(measure.attribute) dated before 1933 or after 2068")
                return
            }
            intervals[Int(measure.rawValue)][sourceIndex(sample.source)].append(stored)
        }
        sampleCounts[Int(measure.rawValue)][sourceIndex(sample.source)] += 1
    }

    /// A day value of an attribute the journal does not have (so with no aggregation known)
    /// combines with others of its day and source as the last of them.
    public mutating func addDayValue(attribute: String, day: Day, value: Double, source: String) {
        guard value.isFinite else {
            skip(type: "\(attribute) without a number")
            return
        }
        if (attributes[attribute].map { $0.type.impossibility(value) } ?? storageImpossibility(value)) != nil {
            skip(type: "\(attribute) with a value that cannot be true")
            return
        }
        let index = sourceIndex(source)
        dayValueCounts[attribute, default: [:]][index, default: 0] += 1
        if let entry = dayValues[attribute]?[day.ordinal], entry.source != index {
            dayValuesOverlapping[attribute, default: 0] += 1
            if aggregation(of: attribute) == .sum { dayValueOverlap[attribute, default: 0] += value }
            return
        }
        dayValues[attribute, default: [:]][day.ordinal, default: DayValueEntry(source: index)].values.append(value)
    }

    public mutating func skip(type: String) {
        skippedCounts[type, default: 0] += 1
    }

    /// The index of the source named `name`, registering it when it is new.
    mutating func sourceIndex(_ name: String) -> Int {
        // Files give long runs of one source: the last one is checked before the dictionary.
        if let last = lastSource, last.name == name { return last.index }
        if let index = sourceIndices[name] {
            lastSource = (name, index)
            return index
        }
        let index = sourceNames.count
        lastSource = (name, index)
        sourceNames.append(name)
        sourceIndices[name] = index
        for m in intervals.indices { intervals[m].append(IntervalStore(spill: spill, kept: keptSamples)) }
        for m in sampleCounts.indices { sampleCounts[m].append(0) }
        return index
    }

    /// The day a moment (seconds since 1970) counts for: its local date at `offset` seconds
    /// east of UTC, after taking away the day-start.
    func day(of seconds: Int64, offset: Int64) -> Int {
        Int(floorDivide(seconds + offset - dayStartSeconds, 86_400))
    }

    func aggregation(of attribute: String) -> Aggregation { attributes[attribute]?.aggregation ?? .last }

    /// Source indices, highest priority first (see the type's documentation).
    /// What follows a source's name for the samples entered by hand in the Health app, which
    /// Apple ranks above every device.
    public static let enteredByHand = " (entered by hand)"

    func priorityOrder() -> [Int] {
        func rank(_ name: String) -> Int {
            name.hasSuffix(Self.enteredByHand) ? -1 : name.contains("Watch") ? 0 : name.contains("iPhone") ? 1 : 2
        }
        let byDefault = sourceNames.indices.sorted { (rank(sourceNames[$0]), $0) < (rank(sourceNames[$1]), $1) }
        func folded(_ text: String) -> String { text.lowercased().replacingApostrophes }
        let names = sourceNames.map(folded)
        var order: [Int] = []
        var taken = Set<Int>()
        for wanted in prefer.map(folded) where !wanted.isEmpty {
            for index in byDefault where !taken.contains(index) && names[index].contains(wanted) {
                order.append(index)
                taken.insert(index)
            }
        }
        return order + byDefault.filter { !taken.contains($0) }
    }
}

extension String {
    /// The text with curly apostrophes (as in "Bob’s Apple Watch") made straight.
    fileprivate var replacingApostrophes: String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\u{2019}" ? "'" : $0 }))
    }
}

/// `a / b` rounded towards minus infinity (`b` > 0).
func floorDivide(_ a: Int64, _ b: Int64) -> Int64 {
    let q = a / b
    return a % b < 0 ? q - 1 : q
}

/// Seconds from 1970-01-01 to 2001-01-01 UTC, the epoch stored samples are dated from.
let healthEpoch: Int64 = 978_307_200

/// A sample with an interval, as `IntervalStore` gives it back.
struct StoredInterval {
    /// Seconds since 2001-01-01 UTC.
    var start: Int32
    /// Seconds; `start + length` always fits an `Int32`.
    var length: Int32
    /// The value as read, at double precision.
    var value: Double
    /// The sample's offset from UTC, in quarters of an hour (to the nearest).
    var offset: Int8

    /// The sample as stored, or nil when its start is outside 1933 to 2068. An end before the
    /// start is taken as an instant.
    init?(_ sample: HealthSample) {
        let start = sample.start - healthEpoch
        guard let start32 = Int32(exactly: start) else { return nil }
        self.start = start32
        length = Int32(min(max(sample.end - sample.start, 0), Int64(Int32.max) - start))
        value = sample.value
        offset = Int8(clamping: (Int64(sample.offset) + 450 * (sample.offset < 0 ? -1 : 1)) / 900)
    }

    init(_ packed: PackedInterval, offset: Int8) {
        start = packed.start
        length = packed.length
        value = packed.value
        self.offset = offset
    }

    var end: Int32 { start + length }
    /// The offset in seconds.
    var offsetSeconds: Int64 { Int64(offset) * 900 }
    /// The start in seconds since 1970.
    var startSince1970: Int64 { Int64(start) + healthEpoch }
    var endSince1970: Int64 { Int64(end) + healthEpoch }
}

/// A sample as kept until `result()`: 16 bytes, and its offset (1 byte) beside it in
/// `IntervalStore`, so that the value keeps its full double precision.
struct PackedInterval {
    var start: Int32
    var length: Int32
    var value: Double
}

/// The day values given for one attribute and day, by the first source that gave one.
struct DayValueEntry {
    var source: Int
    var values: [Double] = []
}

/// Heart rate, resting heart rate and weight, aggregated per day as they arrive.
struct DayReadings {
    var heartRate: [Int: (sum: Double, count: Int)] = [:]
    var resting: [Int: Double] = [:]
    /// The latest weight of each day and when it was taken.
    var weight: [Int: (time: Int64, value: Double)] = [:]

    mutating func add(_ sample: HealthSample, day: Int) {
        switch sample.measure {
        case .heartRate:
            heartRate[day, default: (0, 0)].sum += sample.value
            heartRate[day, default: (0, 0)].count += 1
        case .restingHeartRate:
            resting[day] = min(resting[day] ?? sample.value, sample.value)
        case .weight:
            if let last = weight[day], last.time > sample.start { return }
            weight[day] = (sample.start, sample.value)
        default:
            break
        }
    }
}
