/// A value outside what its attribute can plausibly be (a resting heart rate of 1, a weight of
/// 0, 500 glasses of water): surely a typo. Typed values are checked against the attribute's
/// range before anything is written; a typed value can be forced in anyway. Imports and `undo`
/// never check: what they write is the person's own data, already kept once. The error holds
/// the facts; the views word it (`ProblemText`).
public struct ImplausibleValue: Error, Sendable {
    public let attribute: Attribute
    /// The value refused: the one typed, or the day's total with it (`added`).
    public let value: Double
    public let range: GoalRange
    /// What was typed, when `value` is the day's total it would make with the values the day
    /// held before.
    public var added: Double? = nil

    public init(attribute: Attribute, value: Double, range: GoalRange, added: Double? = nil) {
        self.attribute = attribute
        self.value = value
        self.range = range
        self.added = added
    }
}

/// How `track` changes an attribute's plausible range.
public enum RangeChange: Sendable, Equatable {
    /// Keeps the range it has, unless its type or unit changes (the bounds would then mean
    /// something else), which drops it.
    case keep
    /// Sets it; nil removes it, so any value of the type is accepted.
    case set(GoalRange?)
}

extension GoalRange {
    /// `value` lies in the range, bounds included. For a time of day, a range whose lower bound
    /// is above its upper bound is a window across midnight (`18:00..06:00`).
    public func admits(_ value: Double, type: ValueType) -> Bool {
        if wraps(type), let min, let max { return value >= min || value <= max }
        if let min, value < min { return false }
        if let max, value > max { return false }
        return true
    }

    /// The forms `track ... range` accepts, for messages and help.
    public static let plausibleForms = "LOW..HIGH, LOW.. or ..HIGH (like 0..2000, 20.. or 05:00..11:00), or off"

    /// Reads a plausible range typed after `track ... range`: `0..2000`, `20..`, `..650`,
    /// `05:00..11:00` (a time window may run across midnight), or as a goal's range is written
    /// (`>= 20`, `at most 650`), each bound read by `type` with the attribute's unit allowed; a
    /// bare value, which for a goal means "at least", is refused here as ambiguous. `off` (or `none`) is nil, no range. Refusals name `name`.
    public static func parsePlausible(_ text: String, type: ValueType, unit: String, name: String)
        throws(GoalRangeError) -> GoalRange?
    {
        let t = text.trimmingSpaces.lowercased()
        if t == "off" || t == "none" { return nil }
        if type == .yesno {
            throw GoalRangeError("\(name): yes or no is all a yes/no attribute can be; it takes no range, only off")
        }
        let bounded = [">", "<", "≥", "≤", "at least ", "at most ", "between "].contains { t.hasPrefix($0) }
        let ends = t.replacingAll("..", with: " ").replacingAll("…", with: " ").trimmingSpaces
        guard bounded || (ends != t.trimmingSpaces && !ends.isEmpty) else {
            throw GoalRangeError("\(name): '\(text)' is not a range; use \(plausibleForms)")
        }
        do {
            return try parse(t, type: type, unit: unit, name: name)
        } catch {
            // The goal's own words ("a goal needs...") do not fit here: say what a range is.
            if error.aboutGoals {
                throw GoalRangeError("\(name): '\(text)' is not a range; use \(plausibleForms)")
            }
            throw error
        }
    }
}

extension Attribute {
    /// Throws when `value` is outside the attribute's plausible range.
    public func checkPlausible(_ value: Double) throws(ImplausibleValue) {
        guard let range, !range.admits(value, type: type) else { return }
        throw ImplausibleValue(attribute: self, value: value, range: range)
    }

    /// The range that stays with the attribute when it is redefined as `new`: its own, while
    /// its type and unit stay (what the bounds are counted in).
    package func rangeKept(as new: Attribute) -> GoalRange? {
        type == new.type && unit == new.unit ? range : nil
    }
}

/// A day's value of an attribute after a `log` added to what the day held.
public struct LoggedTotal: Sendable {
    public let attribute: Attribute
    /// The day's value with the new ones, by the attribute's aggregation.
    public let value: Double

    package init(attribute: Attribute, value: Double) {
        self.attribute = attribute
        self.value = value
    }
}
