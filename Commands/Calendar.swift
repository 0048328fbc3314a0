import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let calendar = CommandSpec(
        name: "calendar",
        summary: "a year or a month of moods as a grid",
        discussion: """
            Draws a year (YYYY) or a month (YYYY-MM) as a grid of cells, one per day: \
            weekdays down, weeks across. Without an argument, the year of the day chosen \
            with 'day', else this year. Each day with a mood is drawn at its rating, 1 to 5; \
            --attribute NAME draws an attribute instead, in five equal steps between its own \
            low and high over the days shown. In colour a cell is a coloured square; without \
            colour, or where the terminal cannot show it, the digit 1 to 5. A day without a \
            value is a dot. Below the width a year needs, the months wrap. --json prints \
            {"attribute", "from", "through", "low", "high", "days": [{"date", "value", \
            "level"}]} with every day of the range (value and level null where there is \
            none); --csv prints date,value,level.
            """,
        arguments: [Argument("PERIOD", .word, optional: true, help: "a year, YYYY, or a month, YYYY-MM")],
        options: [
            .calendarAttribute, .json, .csv,
        ],
        examples: ["calendar", "calendar 2026-11", "calendar --attribute sleep", "calendar 2026 --csv"]
    ) { invocation, context in
        let journal = try context.journal
        let today = try context.today
        let (from, through) = try calendarPeriod(invocation.argument("PERIOD"), around: context.readDay(nil))
        var attribute: Attribute? = nil
        if let name = invocation.value(.calendarAttribute), name.lowercased() != "mood" {
            guard let found = journal.attribute(named: name) else {
                throw CommandError(unknownAttributeMessage(name, journal: journal))
            }
            attribute = found
        }
        var values: [Int: Double] = [:]
        if let attribute {
            for (day, value) in try journal.dailyValues(attribute.name, from: from, through: through) {
                values[day.ordinal] = value
            }
        } else {
            for (day, rating) in try journal.moods(from: from, through: through) { values[day.ordinal] = Double(rating) }
        }
        let data = CalendarView.Data(
            from: from, through: through, month: from.month == through.month && from.year == through.year,
            attribute: attribute, values: values, today: today)
        context.show(CalendarReport(data: data), as: try invocation.format())
        return .done
    }

    /// The first and last day of `text`: a year (`2026`) or a month (`2026-11`); without it,
    /// the year holding `day`.
    static func calendarPeriod(_ text: String?, around day: Day) throws -> (Day, Day) {
        guard let text else {
            return (Day(year: day.year, month: 1, day: 1)!, Day(year: day.year, month: 12, day: 31)!)
        }
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        let digits = { (part: Substring, count: Int) in part.count == count && part.allSatisfy { $0.isASCII && $0.isNumber } }
        if parts.count == 1, digits(parts[0], 4), let year = Int(parts[0]), let first = Day(year: year, month: 1, day: 1) {
            return (first, Day(year: year, month: 12, day: 31)!)
        }
        if parts.count == 2, digits(parts[0], 4), digits(parts[1], 2), let year = Int(parts[0]),
            let month = Int(parts[1]), let first = Day(year: year, month: month, day: 1)
        {
            return (first, first.endOfMonth)
        }
        throw CommandError("'\(printable(text))' is not a year or a month; use YYYY or YYYY-MM, like 2026 or 2026-11")
    }

}

extension Option {
    /// `--csv`, for the commands whose data is a table (`week`, `calendar`).
    public static let csv = Option("--csv", help: "print comma-separated values instead of text, a row per day")
    static let calendarAttribute = Option(
        "--attribute", value: "NAME", kind: .attribute, help: "draw this attribute instead of the mood")
}
