/// How the records of Apple Health's export.xml become samples: which type fills which
/// measure, in which units, and what a category's value means.
enum AppleHealthRecords {
    /// What a record type becomes.
    enum Rule: Equatable {
        /// A quantity in a unit the record names, converted to the measure's.
        case quantity(HealthMeasure)
        /// An hour stood (`HKCategoryValueAppleStandHourStood`: 1) or not (`...Idle`: nothing).
        case standHour
        /// A stage of sleep or time in bed (`Awake`: nothing).
        case sleep
        /// A mindful session: its length in minutes.
        case mindful
        /// A type daybook does not map, named without Apple's prefix.
        case skip(String)
    }

    /// The rule for the record type `type` (`HKQuantityTypeIdentifierStepCount`).
    static func rule(forType type: String) -> Rule {
        switch type {
        case "HKQuantityTypeIdentifierStepCount": .quantity(.steps)
        case "HKQuantityTypeIdentifierDistanceWalkingRunning": .quantity(.distance)
        case "HKQuantityTypeIdentifierActiveEnergyBurned": .quantity(.activeEnergy)
        case "HKQuantityTypeIdentifierAppleExerciseTime": .quantity(.exercise)
        case "HKQuantityTypeIdentifierHeartRate": .quantity(.heartRate)
        case "HKQuantityTypeIdentifierRestingHeartRate": .quantity(.restingHeartRate)
        case "HKQuantityTypeIdentifierBodyMass": .quantity(.weight)
        case "HKQuantityTypeIdentifierDietaryWater": .quantity(.water)
        case "HKCategoryTypeIdentifierAppleStandHour": .standHour
        case "HKCategoryTypeIdentifierSleepAnalysis": .sleep
        case "HKCategoryTypeIdentifierMindfulSession": .mindful
        default: .skip(shortName(type))
        }
    }

    /// A type's name without `HKQuantityTypeIdentifier`, `HKCategoryTypeIdentifier` or
    /// `HKDataType`: `StepCount`.
    static func shortName(_ type: String) -> String {
        for prefix in ["HKQuantityTypeIdentifier", "HKCategoryTypeIdentifier", "HKCorrelationTypeIdentifier", "HKDataType"] where type.hasPrefix(prefix) {
            let rest = type.dropFirst(prefix.count)
            return rest.isEmpty ? type : String(rest)
        }
        return type
    }

    /// What one of `unit` is in `measure.unit`, or nil when daybook does not convert it. The
    /// lengths, masses, energies and durations are `HealthUnits`' table; Apple's own spellings
    /// (a food Calorie, beats as `count/min`, volumes of water) are written out here.
    static func factor(_ unit: String, to measure: HealthMeasure) -> Double? {
        switch (measure, unit) {
        case (.steps, "count"): return 1
        case (.activeEnergy, "Cal"): return 1
        case (.heartRate, "count/min"), (.restingHeartRate, "count/min"): return 1
        case (.heartRate, "count/s"), (.restingHeartRate, "count/s"): return 60
        case (.water, "mL"): return 1
        case (.water, "L"): return 1000
        case (.water, "fl_oz_us"): return 29.573_529_562_5
        case (.distance, _), (.activeEnergy, _), (.exercise, _), (.workout, _), (.weight, _):
            guard let from = HealthUnits.unit(named: unit), let to = HealthUnits.unit(named: measure.unit),
                from.dimension == to.dimension
            else { return nil }
            return from.factor / to.factor
        default: return nil
        }
    }

    /// What a sleep record's value means: `.asleep` for any stage of sleep, `.inBed`, nil for
    /// `Awake` (read, nothing to add); `.failure` for a value Apple does not write.
    static func sleep(_ value: String) -> CategoryValue {
        switch value {
        case "HKCategoryValueSleepAnalysisAsleepCore", "HKCategoryValueSleepAnalysisAsleepDeep",
            "HKCategoryValueSleepAnalysisAsleepREM", "HKCategoryValueSleepAnalysisAsleepUnspecified",
            "HKCategoryValueSleepAnalysisAsleep":
            .measure(.asleep)
        case "HKCategoryValueSleepAnalysisInBed": .measure(.inBed)
        case "HKCategoryValueSleepAnalysisAwake": .nothing
        default: .unknown
        }
    }

    /// What a stand-hour record's value means: an hour stood, or nothing for an idle hour.
    static func standHour(_ value: String) -> CategoryValue {
        switch value {
        case "HKCategoryValueAppleStandHourStood": .measure(.standHours)
        case "HKCategoryValueAppleStandHourIdle": .nothing
        default: .unknown
        }
    }

    enum CategoryValue: Equatable {
        case measure(HealthMeasure)
        /// A value that is read and adds nothing (awake, an idle hour).
        case nothing
        case unknown
    }
}
