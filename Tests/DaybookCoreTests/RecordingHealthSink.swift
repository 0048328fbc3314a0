import DaybookCore
import DaybookStore

/// A `HealthSink` that keeps everything a reader gives it, in order, for the readers' tests.
struct RecordingHealthSink: HealthSink {
    struct DayValue: Equatable, CustomStringConvertible {
        let attribute: String
        let day: String
        let value: Double
        let source: String

        init(_ attribute: String, _ day: String, _ value: Double, _ source: String) {
            self.attribute = attribute
            self.day = day
            self.value = value
            self.source = source
        }

        var description: String { "\(attribute) \(day) \(value) \(source)" }
    }

    var samples: [HealthSample] = []
    var dayValues: [DayValue] = []
    /// Skipped types with how many times each was skipped.
    var skipped: [String: Int] = [:]

    mutating func add(_ sample: HealthSample) { samples.append(sample) }

    mutating func addDayValue(attribute: String, day: Day, value: Double, source: String) {
        dayValues.append(DayValue(attribute, day.iso, value, source))
    }

    mutating func skip(type: String) { skipped[type, default: 0] += 1 }
}
