import DaybookCore

extension Commands {
    public static let week = CommandSpec(
        name: "week",
        summary: "the seven days ending at a day",
        discussion: """
            Lists the seven days ending at DATE (default: the day chosen with 'day', else \
            today), oldest first. --json prints {"days": [...]} with seven objects of the \
            form 'show --json' prints, oldest first (fewer only for a week that would start \
            before 0001-01-01).
            """,
        arguments: [Argument("DATE", .date, optional: true, help: acceptedDateForms)],
        options: [CommonOptions.json],
        examples: ["week", "week yesterday --json"]
    ) { invocation, context in
        let last = try context.readDay(invocation.argument("DATE"))
        // A week never reaches back before the first day daybook accepts (0001-01-01).
        let records = try context.journal.days(from: max(last.adding(days: -6), Day.earliest), through: last)
        if invocation.flag("--json") {
            context.out.line(WeekView.json(records))
        } else {
            context.out.lines(WeekView.text(records, appearance: context.appearance, width: context.width))
        }
        return .done
    }
}
