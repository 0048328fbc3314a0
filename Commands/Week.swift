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
            context.out.line(WeekView.json(records))
        } else {
            context.out.lines(WeekView.text(records, appearance: context.appearance, width: context.width))
        }
        return .done
    }
}
