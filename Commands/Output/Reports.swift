import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

// The reports of the commands, each the data of one view. A new command's output is a report
// here (or beside its command), shown with `context.show(report, as: try invocation.format())`.

/// A day, for `show` and the check-in.
struct DayReport: Report {
    let record: DayRecord
    /// What the journal held a year (or a month) before, shown under the day.
    var recollection: Recollection? = nil
    func text(on canvas: Canvas) -> [String] {
        DayView.text(record, appearance: canvas.appearance, width: canvas.width)
            + (recollection.map { OnThisDayView.recollection($0, appearance: canvas.appearance, width: canvas.width) } ?? [])
    }
    func json() -> String? { OnThisDayView.adding(recollection, to: DayView.json(record)) }
}

/// The same day in every earlier year, for `show --on-this-day`.
struct OnThisDayReport: Report {
    let day: Day
    let records: [DayRecord]
    func text(on canvas: Canvas) -> [String] {
        OnThisDayView.text(day, records, appearance: canvas.appearance, width: canvas.width)
    }
    func json() -> String? { OnThisDayView.json(day, records) }
}

/// A note's revisions, for `show --history`.
struct NoteHistoryReport: Report {
    let history: NoteHistory
    func text(on canvas: Canvas) -> [String] {
        NoteHistoryView.text(history, appearance: canvas.appearance, width: canvas.width)
    }
    func json() -> String? { NoteHistoryView.json(history) }
}

/// The day at a glance, for `today`.
struct TodayReport: Report {
    let summary: TodaySummary
    let insights: [String]
    /// What the journal held a year (or a month) before, shown under the cards after a blank line.
    var recollection: Recollection? = nil
    func text(on canvas: Canvas) -> [String] {
        let cards = TodayView.text(summary, insights: insights, appearance: canvas.appearance, width: canvas.width)
        guard let recollection else { return cards }
        return cards + [""] + OnThisDayView.recollection(recollection, appearance: canvas.appearance, width: canvas.width)
    }
    func json() -> String? { OnThisDayView.adding(recollection, to: TodayView.json(summary, insights: insights)) }
}

/// Days as a table, for `week`. Its JSON needs no goals: they are read only for text and CSV.
struct WeekReport: Report {
    let records: [DayRecord]
    var goals: [GoalsMet] = []
    var attributes: [Attribute] = []
    func text(on canvas: Canvas) -> [String] {
        WeekView.text(
            records, goals: goals, attributes: attributes, appearance: canvas.appearance, width: canvas.width)
    }
    func json() -> String? { WeekView.json(records) }
    func csv() -> [String]? { WeekView.csv(records, goals: goals, attributes: attributes) }
}

/// A year or a month as a grid, for `calendar`.
struct CalendarReport: Report {
    let data: CalendarView.Data
    func text(on canvas: Canvas) -> [String] { CalendarView.text(data, appearance: canvas.appearance, width: canvas.width) }
    func json() -> String? { CalendarView.json(data) }
    func csv() -> [String]? { CalendarView.csv(data) }
}

/// The goals and usual values, for `goals`. Its JSON needs no usual values.
struct GoalsReport: Report {
    let statuses: [(attribute: Attribute, status: GoalStatus)]
    var usuals: [GoalView.Usual] = []
    let day: Day
    func text(on canvas: Canvas) -> [String] {
        GoalView.text(statuses, usuals: usuals, day: day, appearance: canvas.appearance, width: canvas.width)
    }
    func json() -> String? { GoalView.json(statuses) }
}

/// Insights in sentences, for `insights` and the check-in: wrapped at a terminal's width, a
/// line each elsewhere.
struct InsightsReport: Report {
    let insights: [Insight]
    let day: Day
    func text(on canvas: Canvas) -> [String] {
        InsightView.text(insights, day: day, appearance: canvas.appearance, width: InsightView.width(canvas.facts))
    }
    func json() -> String? { InsightJSON.array(insights) }
}

/// Notes found, for `search`: at a terminal a long hit wraps under itself; elsewhere each hit
/// stays one line (a line for each line of its note), for grep.
struct SearchReport: Report {
    let hits: [SearchHit]
    func text(on canvas: Canvas) -> [String] {
        SearchView.text(
            hits, appearance: canvas.appearance, width: canvas.facts.isTerminal ? canvas.width : Int.max / 2)
    }
    func json() -> String? { SearchView.json(hits) }
}

/// Tags and their uses, for `tags`.
struct TagsReport: Report {
    let uses: [TagUse]
    func text(on canvas: Canvas) -> [String] { TagsView.text(uses, appearance: canvas.appearance, width: canvas.width) }
    func json() -> String? { TagsView.json(uses) }
}

/// Attributes with their type, unit, group and range, for `track`.
struct AttributesReport: Report {
    let rows: [AttributesView.Row]
    func text(on canvas: Canvas) -> [String] {
        AttributesView.text(rows, appearance: canvas.appearance, width: canvas.width)
    }
}

/// Settings and their values, for `set`.
struct SettingsReport: Report {
    let rows: [SettingsView.Row]
    func text(on canvas: Canvas) -> [String] { SettingsView.text(rows, appearance: canvas.appearance, width: canvas.width) }
}

/// What a health import wrote, or with `--dry-run` would write.
struct HealthImportReport: Report {
    let report: HealthImportView.Report
    let dryRun: Bool
    func text(on canvas: Canvas) -> [String] { HealthImportView.lines(report, dryRun: dryRun, width: canvas.width) }
}

/// The list of commands, or one explained, for `help`.
enum HelpReport: Report {
    case overview(CommandTable)
    case command(CommandSpec)
    func text(on canvas: Canvas) -> [String] {
        switch self {
        case .overview(let table): [HelpText.overview(table, appearance: canvas.appearance, width: canvas.width)]
        case .command(let spec): [HelpText.command(spec, appearance: canvas.appearance, width: canvas.width)]
        }
    }
}

/// A review of a week, a month or a year, for `review`.
struct ReviewReport: Report {
    let review: Review
    let today: Day
    /// `--ascii`: the sparklines and bars in ASCII.
    var ascii = false
    func text(on canvas: Canvas) -> [String] {
        ReviewView.text(review, appearance: chartAppearance(canvas, ascii: ascii), width: canvas.width, today: today)
    }
    func json() -> String? { ReviewJSON.object(review) }
    func markdown() -> [String]? { ReviewMarkdown.document(review, today: today) }
}

/// What `sync` sent and applied, and the conflicts it settled.
struct SyncOutcome: Report {
    let report: SyncReport
    func text(on canvas: Canvas) -> [String] { SyncView.lines(report, width: canvas.width) }
}
