import CHealthExport

/// What the C walk over export.xml calls for each item: the non-generic face of
/// `AppleHealthWalk`, so that a C callback can reach it.
class AppleHealthItems {
    /// Takes one item; true stops the walk.
    func take(_ item: daybook_health_item) -> Bool { false }

    /// The C callback: `context` is an `AppleHealthItems`, not retained.
    static let callback: daybook_health_callback = { context, item in
        guard let context, let item else { return 1 }
        let items = Unmanaged<AppleHealthItems>.fromOpaque(context).takeUnretainedValue()
        return items.take(item.pointee) ? 1 : 0
    }
}

/// Turns the walk's items into samples, day values and skipped types for a sink. Each name
/// the walk interns (a type, a source, a unit) becomes a String once, the first time it is
/// met, and each type's rule and each unit's factor are worked out once.
final class AppleHealthWalk<Sink: HealthSink>: AppleHealthItems {
    var sink: Sink
    let walk: OpaquePointer
    let progress: (HealthReadProgress) -> Void
    let interrupted: () -> Bool
    let totalBytes: Int64
    private(set) var records = 0
    private(set) var wasInterrupted = false
    /// The export's own date (`<ExportDate>`), at its offset.
    private(set) var exportDay: Day?
    /// The same instant, in seconds since 1970 UTC.
    private(set) var exported: Int64?

    /// By id, each made when first asked for.
    private var strings: [String?] = []
    private var rules: [AppleHealthRecords.Rule?] = []
    /// By unit id, then by measure: 0 not yet known, -1 not converted, else the factor.
    private var factors: [[Double]] = []
    /// By type id: the records of each type at the top level, and inside a Correlation.
    private var topLevel: [Int] = []
    private var nested: [Int] = []

    init(
        sink: Sink, walk: OpaquePointer, totalBytes: Int64, progress: @escaping (HealthReadProgress) -> Void,
        interrupted: @escaping () -> Bool
    ) {
        self.sink = sink
        self.walk = walk
        self.totalBytes = totalBytes
        self.progress = progress
        self.interrupted = interrupted
    }

    private func string(_ id: Int32) -> String {
        guard id >= 0 else { return "" }
        if strings.count <= Int(id) { strings.append(contentsOf: repeatElement(nil, count: Int(id) + 1 - strings.count)) }
        if let string = strings[Int(id)] { return string }
        var length = 0
        let bytes = daybook_health_string(walk, id, &length)!
        let string = String(
            decoding: UnsafeRawBufferPointer(start: bytes, count: length).bindMemory(to: UInt8.self), as: UTF8.self)
        strings[Int(id)] = string
        return string
    }

    private func rule(_ id: Int32) -> AppleHealthRecords.Rule {
        guard id >= 0 else { return .skip("Record without a type") }
        if rules.count <= Int(id) { rules.append(contentsOf: repeatElement(nil, count: Int(id) + 1 - rules.count)) }
        if let rule = rules[Int(id)] { return rule }
        let rule = AppleHealthRecords.rule(forType: string(id))
        rules[Int(id)] = rule
        return rule
    }

    private func factor(_ unit: Int32, _ measure: HealthMeasure) -> Double? {
        guard unit >= 0 else { return nil }
        if factors.count <= Int(unit) {
            factors.append(contentsOf: repeatElement([], count: Int(unit) + 1 - factors.count))
        }
        if factors[Int(unit)].isEmpty { factors[Int(unit)] = Array(repeating: 0, count: HealthMeasure.allCases.count) }
        var factor = factors[Int(unit)][Int(measure.rawValue)]
        if factor == 0 {
            factor = AppleHealthRecords.factor(string(unit), to: measure) ?? -1
            factors[Int(unit)][Int(measure.rawValue)] = factor
        }
        return factor < 0 ? nil : factor
    }

    override func take(_ item: daybook_health_item) -> Bool {
        switch Int(item.kind) {
        case DAYBOOK_HEALTH_RECORD: record(item)
        case DAYBOOK_HEALTH_WORKOUT: workout(item)
        case DAYBOOK_HEALTH_ACTIVITY: activitySummary(item)
        case DAYBOOK_HEALTH_NESTED_RECORD:
            count(item.type, in: &nested)
            return false
        case DAYBOOK_HEALTH_EXPORT_DATE:
            if item.has_start != 0 {
                exportDay = Day(ordinal: Int((item.start + Int64(item.offset)).floorDivided(by: 86_400)))
                exported = item.start
            }
        default:
            records = Int(item.records)
            progress(HealthReadProgress(bytesRead: item.bytes_read, totalBytes: totalBytes, records: records))
            if interrupted() {
                wasInterrupted = true
                return true
            }
        }
        records = Int(item.records)
        return false
    }

    /// Adds a sample. One entered by hand in the Health app (`HKWasUserEntered`) is given
    /// under a source of its own, which ranks first (`HealthDays.enteredByHand`).
    private func add(_ measure: HealthMeasure, _ item: daybook_health_item, value: Double) {
        var source = item.source >= 0 ? string(item.source) : "Apple Health"
        if item.user_entered != 0 { source += HealthDays.enteredByHand }
        sink.add(
            HealthSample(measure: measure, source: source, start: item.start, end: item.end, offset: item.offset, value: value))
    }

    private func count(_ type: Int32, in counts: inout [Int]) {
        guard type >= 0 else { return }
        if counts.count <= Int(type) { counts.append(contentsOf: repeatElement(0, count: Int(type) + 1 - counts.count)) }
        counts[Int(type)] += 1
    }

    /// Once the walk is done: the records found inside a Correlation more often than at the
    /// top level (where Apple writes their copies, which are what is read) are listed as not
    /// read, so that none vanishes without a line.
    func finish() {
        for (type, count) in nested.enumerated() {
            let extra = count - (type < topLevel.count ? topLevel[type] : 0)
            guard extra > 0 else { continue }
            let name = "\(AppleHealthRecords.shortName(string(Int32(type)))) (only inside a Correlation)"
            for _ in 0..<extra { sink.skip(type: name) }
        }
    }

    private func record(_ item: daybook_health_item) {
        count(item.type, in: &topLevel)
        let rule = rule(item.type)
        if case .skip(let name) = rule { return sink.skip(type: name) }
        guard item.has_start != 0, item.has_end != 0, item.end >= item.start else {
            return sink.skip(type: "\(name(rule, item)) (no dates)")
        }
        switch rule {
        case .quantity(let measure):
            guard item.has_value != 0 else { return sink.skip(type: "\(name(rule, item)) (not a number)") }
            guard let factor = factor(item.unit, measure) else {
                return sink.skip(type: "\(name(rule, item)) (\(unitName(item)))")
            }
            add(measure, item, value: item.value * factor)
        case .standHour, .sleep:
            let value = string(item.text)
            switch rule == .sleep ? AppleHealthRecords.sleep(value) : AppleHealthRecords.standHour(value) {
            case .measure(let measure): add(measure, item, value: measure == .standHours ? 1 : 0)
            case .nothing: break
            case .unknown: sink.skip(type: "\(name(rule, item)) (\(item.text < 0 ? "no value" : "value \(ImportError.shown(value))"))")
            }
        case .mindful:
            add(.mindful, item, value: Double(item.end - item.start) / 60)
        case .skip:
            break
        }
    }

    /// The unit daybook does not convert, for a skipped record: `unit xyz`, `no unit`.
    private func unitName(_ item: daybook_health_item) -> String {
        item.unit < 0 ? "no unit" : "unit \(ImportError.shown(string(item.unit)))"
    }

    /// The record's type without Apple's prefix, for a skipped record.
    private func name(_ rule: AppleHealthRecords.Rule, _ item: daybook_health_item) -> String {
        if case .skip(let name) = rule { return name }
        return AppleHealthRecords.shortName(string(item.type))
    }

    private func workout(_ item: daybook_health_item) {
        guard item.has_start != 0, item.has_end != 0, item.end >= item.start else {
            return sink.skip(type: "Workout (no dates)")
        }
        if item.has_value != 0, item.unit >= 0 {
            guard let factor = factor(item.unit, .workout) else { return sink.skip(type: "Workout (\(unitName(item)))") }
            add(.workout, item, value: item.value * factor)
        } else {
            add(.workout, item, value: Double(item.end - item.start) / 60)
        }
    }

    /// A day's Activity rings: its stand hours, and (above 0) its active energy and exercise
    /// minutes, as day values, which count only where the day has no finer records of them.
    private func activitySummary(_ item: daybook_health_item) {
        guard let day = Day(year: Int(item.year), month: Int(item.month), day: Int(item.day)) else {
            return sink.skip(type: "ActivitySummary (no date)")
        }
        let source = "Activity summary"
        if item.has_value != 0 {
            sink.addDayValue(attribute: HealthMeasure.standHours.attribute, day: day, value: item.value, source: source)
        }
        if item.has_energy != 0, item.energy > 0 {
            if let factor = factor(item.unit, .activeEnergy) {
                sink.addDayValue(attribute: HealthMeasure.activeEnergy.attribute, day: day, value: item.energy * factor, source: source)
            } else {
                sink.skip(type: "ActivitySummary active energy (\(unitName(item)))")
            }
        }
        if item.has_exercise != 0, item.exercise > 0 {
            sink.addDayValue(attribute: HealthMeasure.exercise.attribute, day: day, value: item.exercise, source: source)
        }
    }
}

extension Int64 {
    /// The quotient rounded down (towards minus infinity).
    fileprivate func floorDivided(by divisor: Int64) -> Int64 {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
