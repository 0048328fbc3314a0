import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let show = CommandSpec(
        name: "show",
        summary: "everything recorded for a day",
        discussion: """
            Shows a day's mood, notes, values and tags. Without DATE, the day chosen with \
            'day', else today. --json prints one object: {"date", "mood": {"rating", "label", \
            "note"} or null, "notes": [{"time", "text"}], "tags", "values"}, where counts, \
            decimals and percentages are numbers, durations are minutes, times of day are \
            "HH:MM" and yes/no are true or false. That form is a stable interface. Each note \
            shows its id (n12), which edit, delete and search use; in JSON, as "id". \
            --history n12 lists the revisions of note n12 instead: each change that wrote, \
            edited, deleted or undid it, with the text it gave, and the text now. \
            Under the day, what the journal held on it a year before (29 February: 28 \
            February in other years), or else a month before (the month's last day when it is \
            shorter): the mood with its word and the first line of its note, or the first line \
            of the day's first note; in JSON, "looking_back": {"date", "ago": "year" or \
            "month", "mood": {"rating", "label"} or null, "text"} or null. \
            --on-this-day lists the same day in every earlier year, newest first, with its \
            mood, the first line of its note and its first values; in JSON, {"date", "days": \
            [...]}, each day as show --json gives it.
            """,
        arguments: [Argument("DATE", .date, optional: true, help: acceptedDateForms)],
        options: [.json, .history, .onThisDay],
        examples: ["show", "show yesterday", "show 2026-11-01 --json", "show --history n12", "show --on-this-day"]
    ) { invocation, context in
        let format = try invocation.format()
        if let text = invocation.value(.history) {
            try showHistory(text, invocation, context, format)
            return .done
        }
        let day = try context.readDay(invocation.argument("DATE"))
        if invocation.has(.onThisDay) {
            let records = try context.journal.onThisDay(day)
            if records.isEmpty && format == .text {
                context.confirm(OnThisDayView.nothing(day))
            } else {
                context.show(OnThisDayReport(day: day, records: records), as: format)
            }
            return .done
        }
        let record = try context.journal.day(day)
        context.show(DayReport(record: record, recollection: try context.journal.recollection(for: day)), as: format)
        return .done
    }

    static func showHistory(_ text: String, _ invocation: Invocation, _ context: Context, _ format: OutputFormat) throws {
        guard let id = NoteID.parse(text) else {
            throw CommandError("--history takes a note's id, \(ProblemText.noteIDForm); got '\(printable(text))'")
        }
        if invocation.argument("DATE") != nil {
            throw CommandError("show takes a DATE or --history \(id), not both")
        }
        if invocation.has(.onThisDay) {
            throw CommandError("show takes --on-this-day or --history \(id), not both")
        }
        guard let history = try context.journal.noteHistory(id) else {
            throw CommandError("there is no note \(id); show and search list the notes with their ids")
        }
        context.show(NoteHistoryReport(history: history), as: format)
    }
}

extension Option {
    static let history = Option(
        "--history", value: "ID", kind: .word, help: "the revisions of a note, by its id (n12), instead of a day")
    static let onThisDay = Option(
        "--on-this-day", help: "the same day in every earlier year, newest first, instead of the day alone")
}
