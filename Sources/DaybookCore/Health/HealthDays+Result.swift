extension HealthDays {
    /// The attributes samples fill, in the order results list them.
    static let sampleAttributes: [String] = {
        var names: [String] = []
        for measure in HealthMeasure.allCases where !names.contains(measure.attribute) { names.append(measure.attribute) }
        return names + ["bedtime", "wake_time"]
    }()

    /// The measures whose samples an attribute's value comes from.
    static func measures(of attribute: String) -> [HealthMeasure] {
        if attribute == "bedtime" || attribute == "wake_time" { return [.asleep, .inBed] }
        return HealthMeasure.allCases.filter { $0.attribute == attribute }
    }

    /// One value per attribute and day, by the rules (see `HealthDays`), and a summary.
    public func result() -> HealthDaysResult {
        let order = priorityOrder()
        var days = sampleDays(order: order)
        var setAside = dayValuesOverlapping
        for (attribute, entries) in dayValues {
            let filled = days[attribute]?.values ?? [:]
            let type = attributes[attribute]?.type ?? .decimal
            let aggregation = aggregation(of: attribute)
            for (day, entry) in entries {
                if filled[day] != nil {
                    setAside[attribute, default: 0] += entry.values.count
                    continue
                }
                guard let value = aggregation.combine(entry.values, type: type) else { continue }
                days[attribute, default: AttributeDays()].values[day] = value
            }
        }
        let names = Self.sampleAttributes + dayValues.keys.filter { !Self.sampleAttributes.contains($0) }.sorted()
        var values: [HealthDaysResult.Value] = []
        var summaries: [HealthDaysResult.AttributeSummary] = []
        for name in names {
            guard let attributeDays = days[name], !attributeDays.values.isEmpty else { continue }
            let sorted = attributeDays.values.sorted { $0.key < $1.key }
            values += sorted.map { HealthDaysResult.Value(attribute: name, day: Day(ordinal: $0.key), value: $0.value) }
            summaries.append(summary(
                name, days: sorted.map(\.key), removed: attributeDays.removed + (dayValueOverlap[name] ?? 0),
                setAside: setAside[name] ?? 0, order: order))
        }
        let skipped = skippedCounts.map { HealthDaysResult.SkippedType(type: $0.key, count: $0.value) }
            .sorted { ($1.count, $0.type) < ($0.count, $1.type) }
        return HealthDaysResult(
            values: values, attributes: summaries, inBedOnlyNights: days["sleep"]?.inBedOnly ?? 0, skipped: skipped,
            sourceOrder: order.map { sourceNames[$0] })
    }

    /// The days an attribute's samples fill, with its values on them.
    struct AttributeDays {
        var values: [Int: Double] = [:]
        /// In the attribute's unit (see `HealthDaysResult.AttributeSummary.overlapRemoved`).
        var removed: Double = 0
        /// For sleep: the days whose sleep is time in bed.
        var inBedOnly = 0
    }

    /// Each attribute's values from samples, by day.
    func sampleDays(order: [Int]) -> [String: AttributeDays] {
        var days: [String: AttributeDays] = [:]
        func totals(_ measure: HealthMeasure) -> [DayTotal] {
            HealthOverlap.dayTotals(intervals[Int(measure.rawValue)], order: order) {
                day(of: $0.startSince1970, offset: $0.offsetSeconds)
            }
        }
        func add(_ totals: [DayTotal], to attribute: String, per unit: Double = 1) {
            guard !totals.isEmpty else { return }
            var result = days[attribute] ?? AttributeDays()
            for total in totals {
                result.values[total.day] = total.value / unit
                result.removed += total.removed / unit
            }
            days[attribute] = result
        }
        for measure in [HealthMeasure.steps, .distance, .activeEnergy, .standHours, .mindful] {
            add(totals(measure), to: measure.attribute)
        }
        add(totals(.water), to: "water", per: Self.glassMillilitres)
        let exercise = totals(.exercise)
        add(exercise, to: "exercise")
        let exerciseDays = Set(exercise.map(\.day))
        add(totals(.workout).filter { !exerciseDays.contains($0.day) }, to: "exercise")

        if !readings.heartRate.isEmpty {
            days["heart_rate"] = AttributeDays(values: readings.heartRate.mapValues { $0.sum / Double($0.count) })
        }
        if !readings.resting.isEmpty { days["resting_hr"] = AttributeDays(values: readings.resting) }
        if !readings.weight.isEmpty { days["weight"] = AttributeDays(values: readings.weight.mapValues(\.value)) }

        let asleep = HealthSleep.nights(intervals[Int(HealthMeasure.asleep.rawValue)])
        let asleepDays = Set(asleep.map(\.day))
        let inBed = HealthSleep.nights(intervals[Int(HealthMeasure.inBed.rawValue)]).filter { !asleepDays.contains($0.day) }
        let nights = asleep + inBed
        if !nights.isEmpty {
            var sleep = AttributeDays(inBedOnly: inBed.count)
            var bedtime = AttributeDays()
            var wakeTime = AttributeDays()
            for night in nights {
                sleep.values[night.day] = night.minutes
                sleep.removed += night.overlapMinutes
                bedtime.values[night.day] = night.bedtime
                wakeTime.values[night.day] = night.wakeTime
            }
            days["sleep"] = sleep
            days["bedtime"] = bedtime
            days["wake_time"] = wakeTime
        }
        return days
    }

    /// The summary of an attribute with values on `days` (sorted).
    func summary(
        _ attribute: String, days: [Int], removed: Double, setAside: Int, order: [Int]
    ) -> HealthDaysResult.AttributeSummary {
        let measures = Self.measures(of: attribute)
        let given = dayValueCounts[attribute] ?? [:]
        var samples = 0
        var sources: [HealthDaysResult.SourceCount] = []
        for source in order {
            let fromSamples = measures.reduce(0) { $0 + sampleCounts[Int($1.rawValue)][source] }
            let count = fromSamples + (given[source] ?? 0)
            samples += fromSamples
            if count > 0 { sources.append(HealthDaysResult.SourceCount(name: sourceNames[source], samples: count)) }
        }
        return HealthDaysResult.AttributeSummary(
            attribute: attribute, days: days.count, first: Day(ordinal: days.first!), last: Day(ordinal: days.last!),
            sources: sources, overlapRemoved: removed, samples: samples, dayValues: given.values.reduce(0, +),
            dayValuesSetAside: setAside)
    }
}
