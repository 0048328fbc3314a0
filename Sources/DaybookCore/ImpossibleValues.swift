/// Values that cannot be true, and values read back that cannot be used.
///
/// A value no attribute of its type can hold (infinity, a negative count, more minutes than a
/// day has, one past `largestValue`) is never stored: the one insert of each row
/// (`Journal+Rows.swift`) refuses it with `ImpossibleValue`, and migration 10's triggers refuse
/// it in SQL too, whatever writes the row. Imports leave such values out and say so. A value
/// that is only unusual (outside its attribute's plausible range) is another matter: it is
/// kept, and counted (`ImplausibleValue`).
///
/// A journal may still hold such a value (written by an older daybook, or by hand with
/// `sqlite3`): every read of a stored value goes through `Statement.storedValue`, which gives
/// nil for anything that is not a usable number, and the reads treat that value as damaged
/// (`DayRecord.damaged`) instead of computing with it.

/// A value refused by the insert of its row, with the facts: which table and field, the value,
/// and why it cannot be true. The views word it (`ProblemText`).
public struct ImpossibleValue: Error, Sendable, Equatable {
    public enum Why: Sendable, Equatable {
        /// Infinity or not a number.
        case notFinite
        /// Past `largestValue` either way.
        case pastStorageLimit
        /// A count or a duration below 0.
        case negative
        /// A duration past 24 hours (1440 minutes).
        case longerThanADay
        /// A time of day outside 0 to 1439 minutes after midnight.
        case notATimeOfDay
        /// A percentage outside 0 to 100.
        case notAPercentage
        /// A yes/no that is not 1 or 0.
        case notYesNo
        /// A mood outside 1 to 5.
        case notAMood
    }

    /// The table and the field of the refused row: `entry.value`, `goal.min`, `mood.rating`.
    public let table: String
    public let field: String
    /// The attribute of an entry or a goal; nil for a mood.
    public let attribute: String?
    public let value: Double
    public let why: Why

    public init(table: String, field: String, attribute: String?, value: Double, why: Why) {
        self.table = table
        self.field = field
        self.attribute = attribute
        self.value = value
        self.why = why
    }
}

extension ImpossibleValue.Why {
    /// What a value of the kind can be, for messages: "a count from 0 to 1,000,000,000,000".
    public var accepted: String {
        switch self {
        case .notFinite, .pastStorageLimit: return "a number from -1,000,000,000,000 to 1,000,000,000,000"
        case .negative: return "0 or more"
        case .longerThanADay: return "a duration from 0 to 24h (1440 minutes)"
        case .notATimeOfDay: return "a time of day (0 to 1439 minutes after midnight)"
        case .notAPercentage: return "a percentage from 0 to 100"
        case .notYesNo: return "yes or no (1 or 0)"
        case .notAMood: return "a mood from 1 to 5"
        }
    }
}

/// The largest magnitude a stored value may have when it is read back: a day's value is the
/// sum of its entries (each within `largestValue`), and up to this every whole number is exact
/// in a double and every conversion to `Int` is safe. A day's value past it reads as damaged.
public let readableLimit: Double = 1_000_000_000_000_000

/// Why `value` cannot be a value of an unknown type: not finite, or past `largestValue`.
public func storageImpossibility(_ value: Double) -> ImpossibleValue.Why? {
    guard value.isFinite else { return .notFinite }
    return abs(value) <= largestValue ? nil : .pastStorageLimit
}

extension ValueType {
    /// Why `value`, in this type's canonical units, cannot be true; nil when it can. A value
    /// outside an attribute's plausible range can be true, and is not refused here.
    public func impossibility(_ value: Double) -> ImpossibleValue.Why? {
        if let why = storageImpossibility(value) { return why }
        switch self {
        case .count: return value < 0 ? .negative : nil
        case .decimal: return nil
        case .percentage: return (0...100).contains(value) ? nil : .notAPercentage
        case .duration: return value < 0 ? .negative : value > 1440 ? .longerThanADay : nil
        case .time: return value >= 0 && value < 1440 ? nil : .notATimeOfDay
        case .yesno: return value == 0 || value == 1 ? nil : .notYesNo
        }
    }
}

extension Int {
    /// `value` as a whole number (towards zero), held within what an `Int` can be, and 0 for
    /// NaN: `Int(Double)` traps past them. For sizes and percentages worked out from stored
    /// values, such as a day's value against a very small goal.
    public init(clampingValue value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 9.2e18 {
            self = Int.max
        } else if value <= -9.2e18 {
            self = Int.min
        } else {
            self = Int(value)
        }
    }
}
