import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

extension Shell {
    /// The greeting under the banner (`InsightView.greeting`): yesterday in a few words,
    /// whether today has a check-in, yesterday's most notable insight, and what the journal
    /// held a year ago today (or a month ago). Only in the shell on
    /// a terminal; nothing when the journal has nothing to say, or cannot be read.
    func greet(_ journal: Journal) {
        guard context.facts.isTerminal, isatty(2) == 1, let lines = try? greeting(journal), !lines.isEmpty else {
            return
        }
        context.err.lines(lines)
        context.err.flush()
    }

    func greeting(_ journal: Journal) throws -> [String] {
        let today = journal.today()
        let records = try journal.days(from: today.adding(days: -14), through: today)
        let yesterday = records[records.count - 2]
        let kept = !yesterday.isEmpty
        let greeting = InsightView.Greeting(
            minuteOfDay: journal.now().minuteOfDay, yesterday: yesterday, today: records[records.count - 1],
            recent: records.contains { !$0.isEmpty },
            goals: kept ? try journal.attributesWithGoals(on: yesterday.day) : [],
            insights: kept ? Insights.top(try journal.insights(for: yesterday.day), 3) : [])
        // Then what the journal held on this day a year (or a month) ago.
        let earlier = try journal.recollection(for: today).map {
            OnThisDayView.recollection($0, appearance: context.appearance, width: context.width)
        }
        return InsightView.greeting(greeting, appearance: context.appearance, width: context.width) + (earlier ?? [])
    }
}
