import DaybookCore
import DaybookStore

/// Samples for the tests of `HealthDays`, dated in local time at an offset, as an export
/// writes them ("2025-05-28 14:15:00 +0100").
enum HealthFixture {
    static let watch = "Bob’s Apple Watch"
    static let phone = "Bob’s iPhone"

    /// The built-in attributes health imports fill, as a new journal has them.
    static let attributes: [String: Attribute] = {
        let list: [(String, ValueType, Aggregation, String)] = [
            ("steps", .count, .sum, "steps"), ("distance", .decimal, .sum, "km"), ("exercise", .duration, .sum, ""),
            ("active_energy", .count, .sum, "kcal"), ("stand_hours", .count, .sum, "h"), ("sleep", .duration, .sum, ""),
            ("bedtime", .time, .last, ""), ("wake_time", .time, .last, ""), ("mindful", .duration, .sum, ""),
            ("heart_rate", .count, .average, "bpm"), ("resting_hr", .count, .min, "bpm"),
            ("weight", .decimal, .last, "kg"), ("water", .count, .sum, "glasses"),
        ]
        var attributes: [String: Attribute] = [:]
        for (name, type, aggregation, unit) in list {
            attributes[name] = Attribute(name: name, type: type, aggregation: aggregation, unit: unit, group: "", builtin: true)
        }
        return attributes
    }()

    /// Seconds since 1970 of `time` ("2025-05-28 14:15" or with seconds) at `offset` ("+0100").
    static func seconds(_ time: String, _ offset: String = "+0000") -> Int64 {
        let parts = time.split(whereSeparator: { " -:".contains($0) }).map { Int($0)! }
        let day = Day(year: parts[0], month: parts[1], day: parts[2])!
        let local = Int64(day.ordinal) * 86_400 + Int64(parts[3] * 3600 + parts[4] * 60 + (parts.count > 5 ? parts[5] : 0))
        return local - Int64(offsetSeconds(offset))
    }

    static func offsetSeconds(_ offset: String) -> Int32 {
        let sign: Int32 = offset.hasPrefix("-") ? -1 : 1
        let digits = offset.dropFirst().map { Int32(String($0))! }
        return sign * ((digits[0] * 10 + digits[1]) * 3600 + (digits[2] * 10 + digits[3]) * 60)
    }

    /// A sample from `from` to `to` (local times at `offset`).
    static func sample(
        _ measure: HealthMeasure, _ source: String, _ from: String, _ to: String, _ value: Double = 0,
        offset: String = "+0000"
    ) -> HealthSample {
        HealthSample(
            measure: measure, source: source, start: seconds(from, offset), end: seconds(to, offset),
            offset: offsetSeconds(offset), value: value)
    }

    /// A reading at `time`.
    static func reading(_ measure: HealthMeasure, _ source: String, _ time: String, _ value: Double) -> HealthSample {
        sample(measure, source, time, time, value)
    }

    /// The result of `samples` given to a new `HealthDays`, in order.
    static func result(
        _ samples: [HealthSample], dayStart: Int = 0, prefer: [String] = []
    ) -> HealthDaysResult {
        var days = HealthDays(dayStartMinutes: dayStart, prefer: prefer, attributes: attributes)
        for sample in samples { days.add(sample) }
        return days.result()
    }

    static func day(_ text: String) -> Day {
        let parts = text.split(separator: "-").map { Int($0)! }
        return Day(year: parts[0], month: parts[1], day: parts[2])!
    }
}

extension HealthDaysResult {
    /// The values of `attribute`, by day ("2025-05-28").
    func values(_ attribute: String) -> [String: Double] {
        var found: [String: Double] = [:]
        for value in values where value.attribute == attribute { found[value.day.iso] = value.value }
        return found
    }

    func summary(_ attribute: String) -> AttributeSummary? { attributes.first { $0.attribute == attribute } }
}
