import CSQLite

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

extension Statement {
    /// A stored value (an entry's, a day's, a goal's bound) as daybook can use it: nil when the
    /// column holds no number (NULL, text, a blob), or a number that is not finite or lies past
    /// `readableLimit`. Such a value is damaged: reads leave it out of every sum and mean, and
    /// the views say so.
    func storedValue(_ column: Int32) -> Double? {
        let type = sqlite3_column_type(handle, column)
        guard type == SQLITE_INTEGER || type == SQLITE_FLOAT else { return nil }
        let value = sqlite3_column_double(handle, column)
        return value.isFinite && abs(value) <= readableLimit ? value : nil
    }
}

/// Migration 10's SQL: triggers that refuse, before the row is written, an entry's value, a
/// goal's bound or a mood's rating that cannot be true (the rules of `ValueType.impossibility`;
/// an entry of an attribute the journal does not define is held to the storage limit alone).
/// SQLite cannot add a CHECK to an existing table without rebuilding it, and a rebuild would
/// copy every row and its indexes, triggers and sync columns; triggers cost one test per row
/// written and leave the tables as they are. Only inserts are guarded: daybook never updates a
/// value in place (an edit inserts a new row), so a value written by hand with `UPDATE` stays
/// possible to make, and reads as damaged. (`IF NOT EXISTS`: a journal whose version was set
/// back by hand keeps its triggers, and the step runs again without failing.)
enum PossibleValueTriggers {
    static let limit = "1000000000000"

    static let migration = """
        CREATE TRIGGER IF NOT EXISTS entry_value_possible BEFORE INSERT ON entry
            WHEN typeof(new.value) NOT IN ('integer', 'real') OR NOT (abs(new.value) <= \(limit))
                OR (SELECT CASE type
                        WHEN 'count' THEN new.value < 0
                        WHEN 'percentage' THEN new.value < 0 OR new.value > 100
                        WHEN 'duration' THEN new.value < 0 OR new.value > 1440
                        WHEN 'time' THEN new.value < 0 OR new.value >= 1440
                        WHEN 'yesno' THEN new.value NOT IN (0, 1)
                        ELSE 0 END
                    FROM attribute WHERE name = new.attribute AND removed_by IS NULL)
        BEGIN
            SELECT RAISE(ABORT, 'entry.value cannot be true for its attribute');
        END;
        CREATE TRIGGER IF NOT EXISTS goal_bounds_possible BEFORE INSERT ON goal
            WHEN (new.min IS NOT NULL AND (typeof(new.min) NOT IN ('integer', 'real') OR NOT (abs(new.min) <= \(limit))))
                OR (new.max IS NOT NULL AND (typeof(new.max) NOT IN ('integer', 'real') OR NOT (abs(new.max) <= \(limit))))
        BEGIN
            SELECT RAISE(ABORT, 'goal.min or goal.max is not a finite number within the storage limit');
        END;
        CREATE TRIGGER IF NOT EXISTS mood_rating_possible BEFORE INSERT ON mood
            WHEN typeof(new.rating) <> 'integer' OR new.rating NOT BETWEEN 1 AND 5
        BEGIN
            SELECT RAISE(ABORT, 'mood.rating is not a whole number from 1 to 5');
        END;
        """
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
