import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let day = CommandSpec(
        name: "day",
        summary: "choose the day later commands write to",
        discussion: """
            Later commands in this session write to, and show, DATE, until 'day' alone goes \
            back to today. Handy for filling in yesterday. A day in the future is refused.
            """,
        arguments: [Argument("DATE", .date, optional: true, help: acceptedDateForms)],
        examples: ["day yesterday", "day fri", "day"]
    ) { invocation, context in
        let today = try context.today
        guard let text = invocation.argument("DATE") else {
            context.currentDay = nil
            context.confirm("back to today, \(today.short)")
            return .done
        }
        let day = try context.parseDay(text, today: today)
        try context.refuseFuture(day, today: today)
        context.currentDay = day == today ? nil : day
        context.confirm("now on \(day.long)" + (day == today ? " (today)" : ""))
        return .done
    }
}
