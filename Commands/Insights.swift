import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let insights = CommandSpec(
        name: "insights",
        summary: "how the day compares with your usual values",
        discussion: """
            Compares DATE (default: the day chosen with 'day', else today) with your own \
            history, in sentences, most notable first: each value and the mood against the \
            usual value for that weekday (the median of the same weekday over the 8 weeks \
            before, once it rests on 3 days) and against the 30-day average, except a value \
            that adds up over a day (steps, water) while its day is still going, which reads \
            "so far"; records (the \
            highest or lowest in a span, looking back a year at most); goals, what is left \
            and streaks (a week or month that ended before today judged on all its days, one \
            still running as it stood on DATE); a weekday that stands out over the last 12 weeks; and, over the last \
            90 days, links between mood and each attribute on the same day (a night's sleep \
            belongs to the day it ends) and between mood and each #tag, once at least 30 days \
            have both. A link is said only when each side has at least 7 days, it is large \
            enough (|r| at least 0.3, or 0.5 mood points), and it is unlikely to be chance (p \
            below 0.05 after Holm's correction over every weekday pattern and link tested, \
            each p counting only the days a link is worth when days lean on the day before). \
            A link is not a cause. Shows the top \
            5; --all shows every one. On a terminal the sentences wrap to its width; to a pipe \
            or a file, each is one line. --json prints a list of objects with "kind" (usual, \
            average, so_far, record, goal, streak, weekday, correlation, tag or links), "attribute", \
            "date", "value", "other", "usual", "average_30d", "percent_of_usual", \
            "percent_of_average", "difference", "goal_state", "min", "max", "left", \
            "streak", "since", "span_days", "missing", "weekday", "tag", "threshold", \
            "lag", "r", "p", "days", "other_days", "effective_days" and "sentence", null where a field does \
            not apply; values are in the units of 'show --json' (durations in minutes, times \
            of day "HH:MM"). That form is a stable interface.
            """,
        arguments: [Argument("DATE", .date, optional: true, help: acceptedDateForms)],
        options: [.all, .json],
        examples: ["insights", "insights yesterday --all", "insights 2026-11-01 --json"]
    ) { invocation, context in
        let format = try invocation.format()
        let day = try context.readDay(invocation.argument("DATE"))
        let all = try context.journal.insights(for: day)
        context.show(InsightsReport(insights: invocation.has(.all) ? all : Insights.top(all), day: day), as: format)
        return .done
    }
}

extension Option {
    static let all = Option("--all", help: "every insight, not only the top 5")
}
