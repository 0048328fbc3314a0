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
            edited, deleted or undid it, with the text it gave, and the text now.
            """,
        arguments: [Argument("DATE", .date, optional: true, help: acceptedDateForms)],
        options: [CommonOptions.json, historyOption],
        examples: ["show", "show yesterday", "show 2026-11-01 --json", "show --history n12"]
    ) { invocation, context in
        if let text = invocation.option("--history") {
            try showHistory(text, invocation, context)
            return .done
        }
        let day = try context.readDay(invocation.argument("DATE"))
        let record = try context.journal.day(day)
        if invocation.flag("--json") {
            context.out.line(DayView.json(record))
        } else {
            context.out.lines(DayView.text(record, appearance: context.appearance, width: context.width))
        }
        return .done
    }

    static let historyOption = Option(
        "--history", value: "ID", kind: .word, help: "the revisions of a note, by its id (n12), instead of a day")

    static func showHistory(_ text: String, _ invocation: Invocation, _ context: Context) throws {
        guard let id = NoteID.parse(text) else {
            throw CommandError("--history takes a note's id, \(ProblemText.noteIDForm); got '\(printable(text))'")
        }
        if invocation.argument("DATE") != nil {
            throw CommandError("show takes a DATE or --history \(id), not both")
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
