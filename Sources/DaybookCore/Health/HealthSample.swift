/// What a health export holds, in the terms daybook imports it in.
///
/// A reader (Apple Health, Google Fit, Gadgetbridge, any CSV) turns its file into samples and
/// day values and hands them to a `HealthSink`; `HealthDays` (the sink every import uses)
/// settles overlaps between sources, works out nights of sleep and gives one value per
/// attribute and day. Readers know their file's format; `HealthDays` knows the rules.

/// The quantities a health import fills, each in the canonical unit of the built-in attribute
/// it fills (`attribute`).
public enum HealthMeasure: UInt8, CaseIterable, Sendable, Hashable {
    /// Summed over a day, with the overlap between sources removed.
    case steps, distance, activeEnergy, exercise, standHours, mindful, water
    /// Durations of workouts, in minutes: a day's exercise where no exercise time was recorded.
    case workout
    /// Readings: the day's mean, its lowest, its last.
    case heartRate, restingHeartRate, weight
    /// Intervals of sleep: asleep (any stage) and in bed.
    case asleep, inBed

    /// The built-in attribute the measure fills (`asleep` and `inBed` fill sleep, bedtime and
    /// wake_time; `workout` fills exercise).
    public var attribute: String {
        switch self {
        case .steps: "steps"
        case .distance: "distance"
        case .activeEnergy: "active_energy"
        case .exercise, .workout: "exercise"
        case .standHours: "stand_hours"
        case .mindful: "mindful"
        case .water: "water"
        case .heartRate: "heart_rate"
        case .restingHeartRate: "resting_hr"
        case .weight: "weight"
        case .asleep, .inBed: "sleep"
        }
    }

    /// The unit a sample's value is in: steps, km, kcal, minutes, hours stood, millilitres,
    /// beats per minute, kg. Sleep intervals carry no value (their length is what counts).
    public var unit: String {
        switch self {
        case .steps: "steps"
        case .distance: "km"
        case .activeEnergy: "kcal"
        case .exercise, .workout, .mindful: "min"
        case .standHours: "h"
        case .water: "mL"
        case .heartRate, .restingHeartRate: "bpm"
        case .weight: "kg"
        case .asleep, .inBed: ""
        }
    }

    /// Whether the day's value is the sum of its samples (and sources overlap).
    public var isSummed: Bool {
        switch self {
        case .steps, .distance, .activeEnergy, .exercise, .standHours, .mindful, .water, .workout: true
        case .heartRate, .restingHeartRate, .weight, .asleep, .inBed: false
        }
    }
}

/// One sample of a health export: a quantity over an interval (or at an instant, when `start`
/// equals `end`), recorded by a source.
public struct HealthSample: Sendable, Equatable {
    public var measure: HealthMeasure
    /// Who recorded it: Apple Health's `sourceName` ("Bob’s Apple Watch"), never the device
    /// string; a Gadgetbridge table and device. Sources are ranked by `HealthDays`.
    public var source: String
    /// Seconds since 1970-01-01 UTC.
    public var start: Int64
    public var end: Int64
    /// The record's own offset from UTC in seconds (east positive): its local date and time
    /// are read at this offset, whatever the machine's time zone.
    public var offset: Int32
    /// In `measure.unit`; 0 for sleep intervals.
    public var value: Double

    public init(measure: HealthMeasure, source: String, start: Int64, end: Int64, offset: Int32, value: Double) {
        self.measure = measure
        self.source = source
        self.start = start
        self.end = end
        self.offset = offset
        self.value = value
    }
}

/// Where readers put what they read.
public protocol HealthSink {
    /// A sample of a quantity daybook maps.
    mutating func add(_ sample: HealthSample)
    /// A value a file gives for a whole day (Google Fit's daily metrics, a CSV row), already in
    /// the attribute's canonical unit (durations and times of day in minutes). `attribute` is a
    /// journal attribute's name, built-in or the person's own.
    mutating func addDayValue(attribute: String, day: Day, value: Double, source: String)
    /// A record of a type daybook does not map (counted by type and listed, never dropped
    /// silently).
    mutating func skip(type: String)
}
