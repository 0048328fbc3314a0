import CSQLite
import DaybookCore

extension Statement {
    /// A `YYYY-MM-DD` column as a `Day`, read from SQLite's own bytes without making a String.
    /// Reads over long histories (goal streaks go back years) decode thousands of days, and
    /// the String for each cost more than the row itself. Nil when the column is not such a date.
    public func day(_ column: Int32) -> Day? {
        guard let pointer = sqlite3_column_text(handle, column) else { return nil }
        let bytes = UnsafeBufferPointer(start: pointer, count: Int(sqlite3_column_bytes(handle, column)))
        return Day.parseISO(utf8: bytes)
    }
}
