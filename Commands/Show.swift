import DaybookCore
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
        options: [CommonOptions.json, historyOption, onThisDayOption],
        examples: ["show", "show yesterday", "show 2026-11-01 --json", "show --history n12", "show --on-this-day"]
    ) { invocation, context in
        if let text = invocation.option("--history") {
            try showHistory(text, invocation, context)
            return .done
        }
        let day = try context.readDay(invocation.argument("DATE"))
        if invocation.flag("--on-this-day") {
            try showOnThisDay(day, invocation, context)
            return .done
        }
        let record = try context.journal.day(day)
        let recollection = try context.journal.recollection(for: day)
        if invocation.flag("--json") {
            context.out.line(OnThisDayView.adding(recollection, to: DayView.json(record)))
        } else {
            context.out.lines(DayView.text(record, appearance: context.appearance, width: context.width))
            if let recollection {
                context.out.lines(
                    OnThisDayView.recollection(recollection, appearance: context.appearance, width: context.width))
            }
        }
        return .done
    }

    static let historyOption = Option(
        "--history", value: "ID", kind: .word, help: "the revisions of a note, by its id (n12), instead of a day")

    static let onThisDayOption = Option(
        "--on-this-day", help: "the same day in every earlier year, newest first, instead of the day alone")

    static func showOnThisDay(_ day: Day, _ invocation: Invocation, _ context: Context) throws {
        let records = try context.journal.onThisDay(day)
        if invocation.flag("--json") {
            context.out.line(OnThisDayView.json(day, records))
        } else if records.isEmpty {
            context.confirm(OnThisDayView.nothing(day))
        } else {
            context.out.lines(OnThisDayView.text(day, records, appearance: context.appearance, width: context.width))
        }
    }

    static func showHistory(_ text: String, _ invocation: Invocation, _ context: Context) throws {
        guard let id = NoteID.parse(text) else {
            throw CommandError("--history takes a note's id, \(NoteID.form); got '\(printable(text))'")
        }
        if invocation.argument("DATE") != nil {
            throw CommandError("show takes a DATE or --history \(id), not both")
        }
        if invocation.flag("--on-this-day") {
            throw CommandError("show takes --on-this-day or --history \(id), not both")
        }
        guard let history = try context.journal.noteHistory(id) else {
            throw CommandError("there is no note \(id); show and search list the notes with their ids")
        }
        if invocation.flag("--json") {
            context.out.line(NoteHistoryView.json(history))
        } else {
            context.out.lines(NoteHistoryView.text(history, appearance: context.appearance, width: context.width))
        }
    }
}
