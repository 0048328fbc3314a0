import DaybookCore

extension Commands {
    public static let week = CommandSpec(
        name: "week",
        summary: "the seven days ending at a day",
        discussion: """
            Lists the seven days ending at DATE (default: the day chosen with 'day', else \
            today), oldest first. --json prints {"days": [...]} with seven objects of the \
            form 'show --json' prints, oldest first.
            """,
        arguments: [Argument("DATE", .date, optional: true, help: acceptedDateForms)],
        options: [CommonOptions.json],
        examples: ["week", "week yesterday --json"]
    ) { invocation, context in
        let last = try context.readDay(invocation.argument("DATE"))
        let records = try context.journal.days(from: last.adding(days: -6), through: last)
        if invocation.flag("--json") {
            context.out.line(jsonObject([("days", jsonArray(records.map(DayView.json)))]))
        } else {
            for record in records {
                for line in DayView.compact(record, style: context.style) { context.out.line(line) }
            }
        }
        return .done
    }
}
