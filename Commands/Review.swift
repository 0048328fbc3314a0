import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let review = CommandSpec(
        name: "review",
        summary: "how a week, a month or a year went",
        discussion: """
            Reviews a week (Monday to Sunday), a month or a year in sentences: the days with \
            a mood and the longest run of them; the mood's mean, a bar per rating, and the \
            best and worst days with the first line of their note; each goal's days, weeks or \
            months met of those judged (a period is judged once it has ended, by the goal in \
            force on its last day), its longest run, and whether it held better than in the \
            period before; each attribute's mean (and total, for what adds up over days, like \
            steps or sleep) against the period before, with the days each rests on; records \
            set (as insights tells them, reaching back 90 days at least); the tags used most \
            and the mood on their days against the other days; and the links with mood that \
            hold over the period, under the insights' rules (30 days with both at least, \
            days that lean on the day before counted for what they are worth, Holm's \
            correction over every link tested). A month adds a sparkline of each attribute's \
            days, a year the mood calendar and a sparkline of each attribute's months \
            (--ascii draws them in ASCII). Without a PERIOD, the last complete week (or month, \
            or year); PERIOD is a year (2025), a month (2026-10, october, oct 2025, last \
            month), an ISO week (2026-W46, last week, this week) or a date (the period \
            holding it). A period still running is reviewed so far, and says so. Under 3 \
            moods there is no mean, and a value is compared only when both periods have 3 \
            days of it. --markdown prints the review as Markdown (headings, lists and a \
            table), to keep or share. --json prints {"period", "from", "through", \
            "last_day", "complete", "days", "previous", "check_ins", "mood", "goals", \
            "attributes", "records", "tags", "links", "calendar", "months"}; values are in \
            the units of 'show --json'. That form is a stable interface. --html FILE writes \
            the review as one self-contained web page (the sentences, a year's mood \
            calendar and a chart of each attribute, as inline SVG; nothing loaded from \
            outside the file), refusing a FILE that exists unless --force.
            """,
        arguments: [
            Argument(
                "KIND", .choice(ReviewPeriod.Kind.allCases.map(\.rawValue)), optional: true,
                help: "week (the default), month or year"),
            Argument("PERIOD", .text, optional: true, help: "2025, 2026-10, october, 2026-W46, last week, or a date"),
        ],
        options: [.json, .markdown, .html, .overwrite, .ascii],
        examples: [
            "review", "review month", "review year 2025", "review 2026-10", "review week 2026-W46",
            "review month --markdown", "review year --html year.html",
        ]
    ) { invocation, context in
        let format = try invocation.format()
        var words: [String] = []
        for part in [invocation.argument("KIND"), invocation.text].compactMap({ $0 }) {
            words += part.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        }
        let today = try context.today
        let period: ReviewPeriod
        do {
            period = try ReviewPeriod.parse(words, today: today, order: context.dayOrder)
        } catch let error as ReviewPeriodError {
            throw CommandError(printable(error.description))
        }
        let review = try context.journal.review(of: period, today: today)
        if let path = invocation.value(.html) {
            if format != .text { throw CommandError("give --html FILE alone, not with --json or --markdown") }
            try ExportFile.write(try reviewPage(review, today: today, journal: context.journal), to: path, force: invocation.has(.overwrite), command: "review --html")
            context.confirm("wrote the review to \(printable(path))")
        } else {
            context.show(ReviewReport(review: review, today: today, ascii: invocation.has(.ascii)), as: format)
        }
        return .done
    }
}

/// The review as a web page, with a chart of the mood and of each attribute it talks about, by
/// day for a week or a month and by week for a year.
func reviewPage(_ review: Review, today: Day, journal: Journal) throws -> String {
    let step: ChartStep = review.period.kind == .year ? .week : .day
    let through = review.lastDay
    var charts: [(String, Chart)] = []
    var subjects: [ChartSubject] = review.mood == nil ? [] : [.mood]
    subjects += review.attributes.filter { $0.days > 0 }.map { .attribute($0.attribute) }
    for subject in subjects {
        let chart = try journal.chart(subject, from: review.period.from, through: through, step: step, maxPoints: 400)
        charts.append((ChartView.title(chart, " · "), chart))
    }
    return ReviewHTML.document(review, charts: charts, today: today)
}

extension Option {
    static let html = Option("--html", value: "FILE", kind: .path, help: "write the review as a self-contained web page to FILE")
    static let markdown = Option("--markdown", help: "print Markdown: headings, lists and a table, to keep or share")
}
