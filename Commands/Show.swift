import DaybookCore

extension Commands {
    public static let show = CommandSpec(
        name: "show",
        summary: "everything recorded for a day",
        discussion: """
            Shows a day's mood, notes, values and tags. Without DATE, the day chosen with \
            'day', else today. --json prints one object: {"date", "mood": {"rating", "label", \
            "note"} or null, "notes": [{"time", "text"}], "tags", "values"}, where counts, \
            decimals and percentages are numbers, durations are minutes, times of day are \
            "HH:MM" and yes/no are true or false. That form is a stable interface.
            """,
        arguments: [Argument("DATE", .date, optional: true, help: acceptedDateForms)],
        options: [CommonOptions.json],
        examples: ["show", "show yesterday", "show 2026-11-01 --json"]
    ) { invocation, context in
        let day = try context.readDay(invocation.argument("DATE"))
        let record = try context.journal.day(day)
        if invocation.flag("--json") {
            context.out.line(DayView.json(record))
        } else {
            context.out.lines(DayView.text(record, appearance: context.appearance, width: context.width))
        }
        return .done
    }
}
