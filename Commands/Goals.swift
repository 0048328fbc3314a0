import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let goals = CommandSpec(
        name: "goals",
        summary: "every goal: state, progress and streak",
        discussion: """
            Lists each goal in force on DATE (default: the day chosen with 'day', else \
            today), judged over the period holding DATE as it stood at the end of DATE: its \
            range, its period, the value (for a weekly or monthly goal, the mean of the daily \
            values recorded so far in the period, or their sum for a goal set with --total), the state (under, within, over, or no \
            data), progress as a bar and a percentage, what is left, and the streak of \
            consecutive periods met (the current period counts once it is met) by the goal \
            as it stands: a period judged by a goal with another range or period, or on the \
            total rather than the mean, ends it. Past periods are judged by the goal in force \
            then. Below the goals, tracked attributes without \
            a goal that have a value on DATE's weekday in the 8 weeks before show their usual \
            value, the median of those days, with how many it rests on; with fewer than 3, \
            how many there are so far. \
            --json prints [{"attribute", "period", "min", "max", "value", "state", \
            "progress", "left", "streak"}], one object per goal, and "total": true after \
            "period" for a goal on the period's sum (--total). min, max and value are in \
            the units of 'show --json' (durations in minutes, times of day "HH:MM"), null \
            where there is none, except that a weekly or monthly yes/no goal's value is the \
            share of days logged yes, from 0 to 1; state is "under", "within", "over" or "no data"; progress \
            is a whole percentage from 0 to 100; left is under the lower bound, how much \
            more reaches it, within, the headroom below the upper bound (0 without one), and \
            over, how far above it as a negative number, in the attribute's units (minutes \
            for a time of day: how early or, negative, how late); streak is a number of \
            periods. Every number is the one the text shows: a weekly or monthly value is \
            rounded as means read (8h 29m is 509, a resting heart rate of 58.7 stays 58.7), \
            the goal judges that figure, and left and progress are counted from it. That \
            form is a stable interface.
            """,
        arguments: [Argument("DATE", .date, optional: true, help: acceptedDateForms)],
        options: [.json],
        examples: ["goals", "goals yesterday", "goals 2026-11-01 --json"]
    ) { invocation, context in
        let journal = try context.journal
        let day = try context.readDay(invocation.argument("DATE"))
        let format = try invocation.format()
        let statuses = try journal.goalStatuses(on: day)
        var report = GoalsReport(statuses: statuses, day: day)
        if format == .text {
            let withGoals = Set(statuses.map(\.attribute.name))
            for attribute in journal.attributes where !withGoals.contains(attribute.name) {
                let usual = try journal.usual(of: attribute, on: day)
                let value = try journal.dailyValues(attribute.name, from: day, through: day).first?.1
                if usual.days > 0 { report.usuals.append((attribute, value, usual)) }
            }
        }
        context.show(report, as: format)
        return .done
    }
}
