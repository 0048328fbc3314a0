import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let week = CommandSpec(
        name: "week",
        summary: "the days up to a day: a table and sparklines",
        discussion: """
            Shows the seven days ending at DATE (default: the day chosen with 'day', else \
            today), or --days N of them (1 to 366), oldest first: a line per day with the \
            date, the mood, the goals met that day (3/4), the values of the attributes logged \
            most, and the first note, cut to fit. Below, a sparkline per attribute over the \
            days, with its mean and the number of days with a value. --json prints \
            {"days": [...]} with one object of the form 'show --json' prints per day, oldest \
            first (fewer only for a range that would start before 0001-01-01); that form is a stable interface. --csv prints a row per day: date, \
            weekday, mood, mood_label, goals_met, goals_total, a column per attribute logged \
            in the range (in the units of --json), tags, mood_note and notes.
            """,
        arguments: [Argument("DATE", .date, optional: true, help: acceptedDateForms)],
        options: [
            .weekDays, .json, .csv,
        ],
        examples: ["week", "week yesterday --json", "week --days 30", "week --days 90 --csv"]
    ) { invocation, context in
        let last = try context.readDay(invocation.argument("DATE"))
        var count = 7
        if let text = invocation.value(.weekDays) {
            guard let number = Int(text), (1...366).contains(number) else {
                throw CommandError("--days takes a number of days from 1 to 366; got \(printable(text))")
            }
            count = number
        }
        let format = try invocation.format()
        // Never before 0001-01-01, the first day a date can name.
        let first = max(last.adding(days: 1 - count), Day.earliest)
        let journal = try context.journal
        var report = WeekReport(records: try journal.days(from: first, through: last))
        if format != .json {
            report.goals = try journal.goalsMet(from: first, through: last)
            report.attributes = journal.attributes
        }
        context.show(report, as: format)
        return .done
    }
}

extension Option {
    static let weekDays = Option("--days", value: "N", kind: .word, help: "how many days, from 1 to 366 (default 7)")
}
