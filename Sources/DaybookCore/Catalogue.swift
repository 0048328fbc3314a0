/// A tracked attribute: what it measures, how a day's values combine, and how it reads.
public struct Attribute: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var type: ValueType
    public var aggregation: Aggregation
    public var unit: String
    public var group: String
    public var builtin: Bool

    public init(
        id: Int64 = 0, name: String, type: ValueType, aggregation: Aggregation, unit: String, group: String,
        builtin: Bool = false
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.aggregation = aggregation
        self.unit = unit
        self.group = group
        self.builtin = builtin
    }

    /// A value as it reads after the attribute's name: `8,200` (steps), `7h 30m`, `23:40`,
    /// `72.5 kg`. A unit that repeats the name is left out.
    public func format(_ value: Double) -> String {
        unit == name ? type.format(value) : formatWithUnit(value)
    }

    /// A value with its unit, as it reads in a sentence: `8,200 steps`, `7h 30m`, `72.5 kg`.
    public func formatWithUnit(_ value: Double) -> String {
        let text = type.format(value)
        switch type {
        case .duration, .time, .percentage, .yesno: return text
        case .count, .decimal:
            if unit.isEmpty { return text }
            return text + " " + (text == "1" ? singular(unit) : unit)
        }
    }
}

/// Names an attribute may have: a letter, then letters, digits, `_` or `-`, at most 40.
public func isValidAttributeName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, name.unicodeScalars.count <= 40 else {
        return false
    }
    return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
}

public enum Catalogue {
    public static let groups = ["activity", "sleep", "health", "food", "productivity", "other"]

    // The built-in attributes are created by the first migration (Schema.swift), and live in the journal.
}

/// The singular of a plural English unit, for a value of exactly 1: cups → cup, glasses →
/// glass, steps → step. Units that are not plurals (kg, kcal, bpm, h) stay as they are.
func singular(_ unit: String) -> String {
    guard unit.count > 2, unit.hasSuffix("s"), !unit.hasSuffix("ss") else { return unit }
    for ending in ["sses", "shes", "ches", "xes"] where unit.hasSuffix(ending) { return String(unit.dropLast(2)) }
    return String(unit.dropLast())
}
