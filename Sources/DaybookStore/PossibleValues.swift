import CSQLite
import DaybookCore

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

