import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let delete = CommandSpec(
        name: "delete",
        summary: "delete a note, or a day's mood or values",
        discussion: """
            'delete n12' deletes note n12 (show and search list the notes with their ids). \
            'delete mood' deletes the mood of the day chosen with --on (default: the day \
            chosen with 'day', else today), and 'delete ATTR' every value of that attribute \
            logged for the day. The day's tags and values follow. In the shell it shows what \
            goes and asks first; in a script, where nobody can answer, it needs --yes. Nothing \
            is lost: a deletion is a change like any other, it stays in the change log, and \
            'undo' brings back what it deleted.
            """,
        arguments: [Argument("WHAT", .attribute, help: "a note's id (n12), mood, or an attribute such as steps")],
        options: [.on, .yes],
        examples: ["delete n12", "delete mood --on yesterday", "delete steps --on 2026-11-20", "delete n12 --yes"],
        writes: true
    ) { invocation, context in
        let journal = try context.journal
        let what = invocation.argument("WHAT") ?? ""
        if let id = NoteID.parse(what) {
            if invocation.has(.on) {
                throw CommandError("--on chooses the day of a mood or of values; a note is named by its id alone: delete \(id)")
            }
            if let absence = try journal.whyNotLive(id) { throw CommandError(ProblemText.noNote(id, absence)) }
            guard let note = try journal.note(id) else { throw CommandError("there is no note \(id)") }
            guard try askBeforeDeleting(FixView.note(note, appearance: context.appearance), "delete \(id)", context, invocation)
            else { return .done }
            try journal.deleteNote(id)
            context.confirm("deleted \(id), the note of \(context.describe(note.day)); undo brings it back")
        } else if what.lowercased() == "mood" {
            let day = try context.writeDay(invocation)
            guard let mood = try journal.moodRow(on: day) else {
                throw CommandError("there is no mood for \(context.describe(day)) to delete")
            }
            let shown = FixView.mood(day: day, rating: mood.rating, note: mood.note, appearance: context.appearance)
            guard try askBeforeDeleting(shown, "delete mood --on \(day.iso)", context, invocation) else { return .done }
            try journal.deleteMood(day: day)
            context.confirm("deleted the mood of \(context.describe(day)); undo brings it back")
        } else if let attribute = journal.attribute(named: what) {
            let day = try context.writeDay(invocation)
            let values = try journal.values(of: attribute, on: day)
            guard values.entries > 0 else {
                throw CommandError("there are no \(attribute.name) values for \(context.describe(day)) to delete")
            }
            let shown = FixView.values(attribute, day: day, values: values, appearance: context.appearance)
            guard try askBeforeDeleting(shown, "delete \(attribute.name) --on \(day.iso)", context, invocation)
            else { return .done }
            let deleted = try journal.deleteValues(of: attribute, on: day)
            let count = deleted.entries == 1 ? "1 value" : "\(deleted.entries) values"
            context.confirm("deleted \(attribute.name) for \(context.describe(day)) (\(count)); undo brings it back")
        } else {
            let guess = nearest(what, in: ["mood"] + journal.attributes.map(\.name)).map { "did you mean '\($0)'? " } ?? ""
            throw CommandError(
                "'\(printable(what))' is not a note's id, mood or an attribute; \(guess)delete takes a note's id, \(ProblemText.noteIDForm), mood, or an attribute such as steps"
            )
        }
        return .done
    }

    /// Shows what goes and asks; true to go ahead. `--yes` goes ahead without asking; with
    /// nobody to ask (a script), `--yes` is needed.
    static func askBeforeDeleting(
        _ shown: [String], _ command: String, _ context: Context, _ invocation: Invocation
    ) throws -> Bool {
        if invocation.has(.yes) { return true }
        guard let ask = context.ask else {
            let why = context.sourcing ? "a sourced file cannot answer" : "there is no terminal to answer on"
            throw CommandError("delete asks first, and \(why): add --yes (\(command) --yes)")
        }
        context.out.flush()
        context.err.line("This goes:")
        for line in shown { context.err.line("  " + line) }
        context.err.flush()
        let answer = ask("Delete it? (y/N) ")
        if case .text(let text) = answer, ["y", "yes"].contains(text.trimmingSpaces.lowercased()) { return true }
        context.out.flush()
        context.err.line("kept; nothing was deleted")
        context.err.flush()
        return false
    }
}

extension Option {
    static let yes = Option("--yes", help: "delete without asking (a script needs it)")
}
