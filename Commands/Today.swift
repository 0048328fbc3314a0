import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let today = CommandSpec(
        name: "today",
        summary: "the day at a glance: values against goals",
        discussion: """
            Shows DATE (default: the day chosen with 'day', else today) at a glance: a card \
            per group of attributes that has a value or a goal that day, side by side where \
            they fit, and the mood card with the rating and the first line of each note. \
            Each attribute shows its value, a bar toward its goal (as 'goals' judges it) or \
            toward its usual value (the median of the same weekday over the 8 weeks before, \
            once 3 of them have a value, for what adds up over a day, like steps), the goal or \
            the usual value with the days it rests on, and what is left or that it is met. A \
            time of day reads as on time, early or late. \
            --json prints the object 'show --json' prints, with "attributes": [{"attribute", \
            "group", "value", "goal", "usual", "usual_days"}] (goal as in 'goals --json', \
            without the streak, or null; usual null while it rests on fewer than 3 days, \
            usual_days the days it rests on, null with a goal) and "insights": the sentences \
            shown; "looking_back", what the journal held a year or a month before, as in \
            'show --json'. Under the cards, that day's mood and note in a line.
            """,
        arguments: [Argument("DATE", .date, optional: true, help: acceptedDateForms)],
        options: [.json],
        examples: ["today", "today yesterday", "today --json"]
    ) { invocation, context in
        let format = try invocation.format()
        let day = try context.readDay(invocation.argument("DATE"))
        let summary = try context.journal.todaySummary(on: day)
        let insights = try todayInsights(on: day, context: context)
        let recollection = try context.journal.recollection(for: day)
        context.show(TodayReport(summary: summary, insights: insights, recollection: recollection), as: format)
        return .done
    }

    /// The insights shown under the cards of `today`: the top two sentences for `day`, best
    /// first, as `insights` ranks them.
    static func todayInsights(on day: Day, context: Context) throws -> [String] {
        Insights.top(try context.journal.insights(for: day), 2).map(InsightText.sentence)
    }
}
