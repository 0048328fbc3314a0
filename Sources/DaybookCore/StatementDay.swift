import CSQLite

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

extension Day {
    /// `Day.parseISO` over UTF-8 bytes: exactly `YYYY-MM-DD`, a real date, else nil.
    static func parseISO(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Day? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                let b = bytes[i]
                guard b >= 48, b <= 57 else { return nil }
                value = value * 10 + Int(b - 48)
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        return Day(year: y, month: m, day: d)
    }
}
