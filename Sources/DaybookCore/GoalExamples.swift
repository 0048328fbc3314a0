// Goals to offer for an attribute with no values yet to suggest from: in its type and unit, and
// the way round a person would set it (at least 8 glasses of water, at most 2 cups of coffee,
// a bedtime window), rather than one set of numbers for every count.
extension Goals {
    /// Range forms for `attribute` when it has no usual value, the likeliest first. Every form
    /// parses with `GoalRange.parse` for the attribute.
    public static func exampleForms(for attribute: Attribute) -> [String] {
        if let known = builtinExamples[attribute.name], known.type == attribute.type, known.unit == attribute.unit {
            return known.forms
        }
        if attribute.type == .count || attribute.type == .decimal,
            let forms = unitExamples[attribute.unit.lowercased()]
        {
            return forms
        }
        switch attribute.type {
        case .count: return [">= 10", "<= 2", "5..10"]
        case .decimal: return [">= 5", "<= 10", "5..10"]
        case .percentage: return [">= 80%", "<= 20%", "80%..100%"]
        case .duration: return [">= 30m", "<= 1h", "30m..1h"]
        case .time:
            // A time of day is a window: a bedtime's in the evening, a waking time's in the morning.
            if attribute.name.lowercased().contains("wake") { return builtinExamples["wake_time"]!.forms }
            if attribute.group == "sleep" { return builtinExamples["bedtime"]!.forms }
            return ["08:00..09:00", "<= 09:00", ">= 08:00"]
        case .yesno: return ["yes", "no"]
        }
    }

    /// The built-in attributes (Schema.swift), while they keep their type and unit.
    static let builtinExamples: [String: (type: ValueType, unit: String, forms: [String])] = [
        "steps": (.count, "steps", [">= 8000", "6000..10000"]),
        "distance": (.decimal, "km", [">= 5", "3..8"]),
        "exercise": (.duration, "", [">= 30m", "30m..1h"]),
        "active_energy": (.count, "kcal", [">= 400", "300..600"]),
        "stand_hours": (.count, "h", [">= 12", "10..14"]),
        "sleep": (.duration, "", ["7h..9h", ">= 7h", "<= 9h"]),
        "bedtime": (.time, "", ["22:00..23:30", "<= 23:30"]),
        "wake_time": (.time, "", ["06:30..07:30", "<= 07:30", ">= 06:00"]),
        "mindful": (.duration, "", [">= 10m", "10m..20m"]),
        "heart_rate": (.count, "bpm", ["60..80", "<= 80"]),
        "resting_hr": (.count, "bpm", ["<= 60", "50..65"]),
        "weight": (.decimal, "kg", ["70..75", "<= 75"]),
        "water": (.count, "glasses", [">= 8", "6..10"]),
        "coffee": (.count, "cups", ["<= 2", "1..3"]),
        "productive": (.duration, "", [">= 4h", "4h..6h"]),
    ]

    /// Counts and decimals of attributes a person tracked, by their unit.
    static let unitExamples: [String: [String]] = [
        "glass": [">= 8", "6..10"], "glasses": [">= 8", "6..10"],
        "cup": ["<= 2", "1..3"], "cups": ["<= 2", "1..3"],
        "step": [">= 8000", "6000..10000"], "steps": [">= 8000", "6000..10000"],
        "km": [">= 5", "3..8"], "mi": [">= 3", "2..5"], "miles": [">= 3", "2..5"],
        "kg": ["70..75", "<= 75"], "lb": ["150..165", "<= 165"], "lbs": ["150..165", "<= 165"],
        "bpm": ["60..80", "<= 80"],
        "page": [">= 25", "20..40"], "pages": [">= 25", "20..40"],
        "h": [">= 8", "6..10"], "hours": [">= 8", "6..10"],
        "min": [">= 30", "20..45"], "minutes": [">= 30", "20..45"],
    ]
}

// Values to show as examples, for the check-in's questions and the value hints of TAB: a
// typical day of each built-in while it keeps its type and unit, else one by type.
extension Attribute {
    /// A typical value, in canonical units: `8200` steps, `8` glasses of water, `7h30m` of sleep.
    public var exampleValue: Double {
        if let known = Attribute.builtinExampleValues[name], let builtin = Goals.builtinExamples[name],
            builtin.type == type, builtin.unit == unit
        {
            return known
        }
        switch type {
        case .count: return 3
        case .decimal: return 2.5
        case .percentage: return 85
        case .duration: return 30
        case .time: return 7 * 60 + 30
        case .yesno: return 1
        }
    }

    /// How a value can be typed, from `exampleValue`: `8200, 8,200 or 8.2k` for steps, `8` for
    /// water, `5.2` for distance; for percentages, durations, times and yes/no, the forms the
    /// type accepts (`7h30m, 7h, 45m, 7:30 or 7.5h`).
    public var typedExamples: String {
        switch type {
        case .count:
            let n = Int64(exampleValue.rounded())
            guard n >= 1000 else { return String(n) }
            var forms = ["\(n)", type.format(Double(n))]
            if n % 100 == 0 { forms.append(n % 1000 == 0 ? "\(n / 1000)k" : "\(n / 1000).\(n % 1000 / 100)k") }
            return alternatives(forms)
        case .decimal: return type.typed(exampleValue)
        case .percentage, .duration, .time, .yesno: return type.example
        }
    }

    static let builtinExampleValues: [String: Double] = [
        "steps": 8200, "distance": 5.2, "exercise": 30, "active_energy": 450, "stand_hours": 10, "sleep": 450,
        "bedtime": 23 * 60 + 30, "wake_time": 7 * 60, "mindful": 10, "heart_rate": 72, "resting_hr": 58,
        "weight": 72.5, "water": 8, "coffee": 2, "productive": 240,
    ]
}
