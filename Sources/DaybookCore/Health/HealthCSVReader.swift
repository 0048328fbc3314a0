#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads any CSV with a date column and columns of daily values (an Oura or Garmin export, a
/// spreadsheet), as the person maps its columns to attributes.
///
/// - Fields are separated by commas, or by semicolons when the header has semicolons and no
///   comma (as spreadsheets save CSV in many languages).
/// - Columns are found by their header exactly as given, else ignoring case. A date column or a
///   mapped column the file does not have is refused in one line that lists the file's columns.
/// - The date column reads `YYYY-MM-DD`, `YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM]` and
///   `YYYY-MM-DD HH:MM[:SS]` (the date as written decides the day, whatever the offset),
///   `YYYY/MM/DD`, and Unix seconds (nine digits or more: the day is the machine's local date
///   at that instant). Nothing else is guessed: `05/01/2024` could be either of two days.
/// - A column's unit is read from its header (`Distance (m)`), or given for it in `units`
///   (which overrides the header); its values are converted to the attribute's unit
///   (`HealthUnits`) at double precision, what was read: only a count (steps, heart rate) is
///   made a whole number. A column
///   with no unit is read as a value typed for the attribute is (`8000`, `7h 30m`, `23:15`).
///   A unit that does not fit the attribute is refused.
/// - Each row's values go to `HealthSink.addDayValue`; an empty cell is no value. Several rows
///   on one day each give their value: the sink combines them.
public enum HealthCSVReader {
    /// The forms the date column reads, for messages.
    public static let acceptedDates =
        "YYYY-MM-DD, YYYY-MM-DD HH:MM, YYYY-MM-DDTHH:MM (seconds and an offset such as Z or +01:00 may follow), YYYY/MM/DD or Unix seconds"

    public static func read(
        bytes: [UInt8], dateColumn: String, maps: [(column: String, attribute: Attribute)], units: [String: String] = [:],
        source: String, into sink: inout some HealthSink
    ) throws(ImportError) {
        let kind = HealthInput.kind(Array(bytes.prefix(512)))
        if kind == "an empty file" { throw ImportError(line: nil, "the file is empty") }
        // Other bytes that are not UTF-8 (UTF-16 text among them) are CSVReader's to name.
        if kind != "a text file" && kind != "a binary file" { throw ImportError(line: nil, "this is \(kind), not a CSV file") }
        var reader = try CSVReader(bytes: bytes, delimiter: delimiter(of: bytes))
        guard let header = try reader.next() else { throw ImportError(line: nil, "the file is empty") }
        let columns = header.fields
        let dateIndex = try index(of: dateColumn, in: columns)
        var mapped: [(index: Int, attribute: Attribute, factor: Double?)] = []
        for (column, attribute) in maps {
            let index = try index(of: column, in: columns)
            mapped.append((index, attribute, nil))
        }
        for (column, name) in units {
            let index = try index(of: column, in: columns)
            guard mapped.contains(where: { $0.index == index }) else {
                throw ImportError(
                    line: nil, "a unit is given for column '\(ImportError.shown(columns[index]))', which is mapped to no attribute")
            }
            guard HealthUnits.unit(named: name) != nil else {
                throw ImportError(
                    line: nil, "'\(ImportError.shown(name))' is not a unit; a column's unit is \(HealthUnits.accepted)")
            }
        }
        for m in mapped.indices {
            let header = columns[mapped[m].index]
            let given = units.first { (try? index(of: $0.key, in: columns)) == mapped[m].index }?.value
            guard let unit = given.flatMap(HealthUnits.unit(named:)) ?? HealthUnits.unit(inHeader: header) else { continue }
            mapped[m].factor = try HealthUnits.factor(from: unit, to: mapped[m].attribute, column: header)
        }
        while let record = try reader.next() {
            func cell(_ index: Int) -> String { index < record.fields.count ? record.fields[index].trimmingSpaces : "" }
            let dateText = cell(dateIndex)
            let values = mapped.map { cell($0.index) }
            if values.allSatisfy(\.isEmpty) && dateText.isEmpty { continue }
            guard let day = day(of: dateText) else {
                let what = dateText.isEmpty ? "no date" : "'\(ImportError.shown(dateText))' is not a date"
                throw ImportError(
                    line: record.line, "column '\(ImportError.shown(columns[dateIndex]))': \(what); use \(acceptedDates)")
            }
            for (m, text) in zip(mapped, values) where !text.isEmpty {
                let value = try self.value(text, attribute: m.attribute, factor: m.factor)
                    .get(line: record.line, column: columns[m.index])
                sink.addDayValue(attribute: m.attribute.name, day: day, value: value, source: source)
            }
        }
    }

    /// The column named `name`: its exact header first, else a header equal to it ignoring case.
    static func index(of name: String, in columns: [String]) throws(ImportError) -> Int {
        if let exact = columns.firstIndex(of: name) { return exact }
        let lower = name.lowercased()
        if let loose = columns.firstIndex(where: { $0.lowercased() == lower }) { return loose }
        let listed = columns.map { "'\(ImportError.shown($0))'" }.joined(separator: ", ")
        throw ImportError(line: nil, "the file has no column '\(ImportError.shown(name))'; its columns are \(listed)")
    }

    /// A semicolon when the first line has semicolons and no commas (as spreadsheets in many
    /// languages save CSV), else a comma.
    static func delimiter(of bytes: [UInt8]) -> UInt8 {
        let firstLine = bytes.prefix { $0 != 10 && $0 != 13 }
        let comma = UInt8(ascii: ","), semicolon = UInt8(ascii: ";")
        return !firstLine.contains(comma) && firstLine.contains(semicolon) ? semicolon : comma
    }

    /// One cell's value in the attribute's unit. With a unit (`factor` set), the cell is a
    /// number, converted, and rounded for a count; without one, the attribute reads it.
    static func value(_ text: String, attribute: Attribute, factor: Double?) -> Result<Double, ValueError> {
        guard let factor else {
            do throws(ValueError) { return .success(try attribute.parse(text)) } catch { return .failure(error) }
        }
        guard let number = parseNumber(text.lowercased(), allowSuffix: false), number >= 0 else {
            return .failure(ValueError("'\(ImportError.shown(text))' is not a number 0 or more; use digits like 72.5"))
        }
        // What was read, at double precision: only a count is made whole.
        var value = number * factor
        if attribute.type == .count { value = value.rounded() }
        if attribute.type == .duration, value > 24 * 60 {
            return .failure(ValueError("'\(ImportError.shown(text))' is longer than a day; durations go up to 24h"))
        }
        guard value <= largestValue else {
            return .failure(ValueError("'\(ImportError.shown(text))' is too large; values go up to 1,000,000,000,000"))
        }
        return .success(value)
    }

    /// The day a date cell names, or nil when it is none of `acceptedDates`.
    static func day(of text: String) -> Day? {
        let b = Array(text.utf8)
        func isDigit(_ i: Int) -> Bool { i < b.count && b[i] >= 48 && b[i] <= 57 }
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= b.count, range.allSatisfy(isDigit) else { return nil }
            return range.reduce(0) { $0 * 10 + Int(b[$1] - 48) }
        }
        if b.count >= 9, b.count <= 11, b.indices.allSatisfy(isDigit), let seconds = number(0..<b.count) {
            return localDay(seconds: seconds)
        }
        guard b.count >= 10, let year = number(0..<4), let month = number(5..<7), let dayOfMonth = number(8..<10),
            (b[4] == UInt8(ascii: "-") && b[7] == UInt8(ascii: "-")) || (b[4] == UInt8(ascii: "/") && b[7] == UInt8(ascii: "/"))
        else { return nil }
        guard let day = Day(year: year, month: month, day: dayOfMonth) else { return nil }
        if b.count == 10 { return day }
        // A time after a dash-separated date: `T` or a space, HH:MM, then :SS, a fraction and
        // an offset, each optional.
        guard b[4] == UInt8(ascii: "-"), b[10] == UInt8(ascii: "T") || b[10] == UInt8(ascii: " "),
            let hour = number(11..<13), b.count > 13, b[13] == UInt8(ascii: ":"), let minute = number(14..<16),
            hour < 24, minute < 60
        else { return nil }
        var i = 16
        if i < b.count, b[i] == UInt8(ascii: ":") {
            guard let second = number(i + 1..<i + 3), second < 60 else { return nil }
            i += 3
            if i < b.count, b[i] == UInt8(ascii: ".") {
                i += 1
                guard isDigit(i) else { return nil }
                while isDigit(i) { i += 1 }
            }
        }
        if i == b.count { return day }
        if b[i] == UInt8(ascii: "Z"), i + 1 == b.count { return day }
        guard b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-"), let hours = number(i + 1..<i + 3), hours <= 14 else {
            return nil
        }
        i += 3
        if i < b.count, b[i] == UInt8(ascii: ":") { i += 1 }
        guard let minutes = number(i..<i + 2), minutes < 60, i + 2 == b.count else { return nil }
        return day
    }

    /// The machine's local date at `seconds` after 1970-01-01 UTC.
    static func localDay(seconds: Int) -> Day? {
        var t = time_t(seconds)
        var parts = tm()
        guard localtime_r(&t, &parts) != nil else { return nil }
        return Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }
}

extension Result where Failure == ValueError {
    /// The value, or an import error naming the line and column it was read from.
    func get(line: Int, column: String) throws(ImportError) -> Success {
        switch self {
        case .success(let value): return value
        case .failure(let error):
            throw ImportError(line: line, "column '\(ImportError.shown(column))': \(error.description)")
        }
    }
}
