import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let mood = CommandSpec(
        name: "mood",
        summary: "rate the day from 1 to 5, with a note",
        discussion: """
            Rates the day: 1 terrible, 2 bad, 3 okay, 4 good, 5 great. The rest of the line, \
            quoted or not, is the mood's note; #tags in it tag the day. A day has one mood: \
            rating it again replaces the mood, and the old one stays in the change log.
            """,
        arguments: [
            Argument("RATING", .rating, help: Mood.accepted),
            Argument("NOTE", .text, optional: true, help: "a note on the day; #tags tag it"),
        ],
        options: [.on],
        examples: ["mood 4 walked by the sea #outdoors", "mood good", "mood 3 long day --on yesterday"],
        writes: true
    ) { invocation, context in
        let rating = try Mood.parse(invocation.argument("RATING") ?? "")
        let day = try context.writeDay(invocation)
        // Without a note, a new rating keeps the day's note; a note replaces it.
        let outcome = try context.journal.setMood(day: day, rating: rating, note: invocation.text)
        let note: String
        switch outcome {
        case .unchanged: note = ""
        case .kept: note = "; its note is kept"
        case .replaced: note = "; the new note replaces the earlier one"
        case .removed: note = "; the earlier note is removed"
        }
        context.confirm("mood \(rating) (\(Mood.label(rating))) for \(context.describe(day))" + note)
        return .done
    }
}
