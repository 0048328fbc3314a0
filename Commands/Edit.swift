import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let edit = CommandSpec(
        name: "edit",
        summary: "change a note's text, or a day's mood",
        discussion: """
            'edit n12 NEW TEXT...' replaces the text of note n12 (show and search list the \
            notes with their ids). The note keeps its id, its day and its time, and its #tags \
            become those of the new text. 'edit mood RATING [NOTE...]' changes the mood of the \
            day chosen with --on (default: the day chosen with 'day', else today): a rating \
            alone keeps the mood's note, a rating and a note replace both. Without new text, \
            in a terminal, your editor opens on the current text ($VISUAL, else $EDITOR, else \
            vi, on a private temporary file that is removed afterwards); a file saved \
            unchanged changes nothing. For a mood, the file holds the rating, then the note. \
            Nothing is lost: the old text stays in the change log, 'undo' brings it back, and \
            'show --history n12' lists a note's revisions.
            """,
        arguments: [
            Argument("WHAT", .word, help: "a note's id (n12), or mood"),
            Argument("TEXT", .text, optional: true, help: "the new text; without it, your editor opens"),
        ],
        options: [.on],
        examples: [
            "edit n12 call Ana about Saturday #friends", "edit n12", "edit mood 3 --on yesterday",
            "edit mood 4 a calm day after all --on 2026-11-20", "edit mood",
        ],
        writes: true
    ) { invocation, context in
        let journal = try context.journal
        let what = invocation.argument("WHAT") ?? ""
        if what.lowercased() == "mood" {
            try editMood(invocation, context, journal)
            return .done
        }
        guard let id = NoteID.parse(what) else {
            throw CommandError(
                "'\(printable(what))' is not a note's id or mood; edit takes a note's id, \(ProblemText.noteIDForm), or mood")
        }
        if invocation.has(.on) {
            throw CommandError("--on chooses the day of a mood; a note is named by its id alone: edit \(id) NEW TEXT...")
        }
        if let absence = try journal.whyNotLive(id) { throw CommandError(ProblemText.noNote(id, absence)) }
        guard let current = try journal.note(id) else { throw CommandError("there is no note \(id)") }
        let text: String
        let typed = invocation.text
        if let typed {
            text = typed
        } else {
            guard let editor = context.editor else {
                throw CommandError(
                    "edit \(id) needs the new text here: edit \(id) NEW TEXT... (\(noEditor(context)))")
            }
            text = try editor(current.text).withoutTrailingLineBreaks
        }
        guard !text.allSatisfy(\.isWhitespace) else {
            throw CommandError("a note needs some text, so \(id) was not changed; to remove it: delete \(id)")
        }
        if text == current.text {
            context.confirm("\(id) is unchanged; nothing was written")
            return .done
        }
        if typed == nil {
            // Another session may have changed or deleted the note while the editor was open:
            // what was written there goes over nothing, and is kept.
            let now = try journal.note(id)
            if now?.row != current.row {
                let what = now == nil ? "was deleted" : "was changed in another session"
                throw unsaved(text, "note \(id) \(what) while the editor was open; nothing was written", context)
            }
        }
        do {
            try journal.editNote(id, text: text, expected: current.row)
        } catch let error as JournalError where typed == nil {
            throw unsaved(text, ProblemText.line(for: error, unwritten: "nothing was written") ?? error.description, context)
        }
        let tags = extractTags(text)
        let tagged = tags.isEmpty ? "" : ", tagged " + tags.prefix(5).map { "#" + $0 }.joined(separator: " ")
        context.confirm("edited \(id), the note of \(context.describe(current.day))\(tagged)")
        return .done
    }

    /// A refusal of text written in the editor: `message`, and the private file the text is
    /// kept in, so that nothing written is lost.
    static func unsaved(_ text: String, _ message: String, _ context: Context) -> CommandError {
        guard let kept = context.keepUnsaved?(text) else { return CommandError(message) }
        return CommandError(message + "; what you wrote is kept in \(kept)")
    }

    /// Why the editor did not open: a sourced file runs as a script, even in a terminal.
    static func noEditor(_ context: Context) -> String {
        context.sourcing ? "a sourced file runs as a script, which opens no editor" : "the editor opens only in a terminal"
    }

    /// `edit mood RATING [NOTE...]`, or the editor on `RATING NOTE`.
    static func editMood(_ invocation: Invocation, _ context: Context, _ journal: Journal) throws {
        let day = try context.writeDay(invocation)
        guard let current = try journal.moodRow(on: day) else {
            throw CommandError("there is no mood for \(context.describe(day)) to edit; rate the day with mood RATING")
        }
        let typed = invocation.text
        let text: String
        if let typed {
            text = typed
        } else {
            guard let editor = context.editor else {
                throw CommandError(
                    "edit mood needs the new rating here: edit mood RATING [NOTE...] (\(noEditor(context)))")
            }
            let shown = current.note.isEmpty ? "\(current.rating)" : "\(current.rating) \(current.note)"
            text = try editor(shown).withoutTrailingLineBreaks
        }
        // The rating, then the note: from the first space or line break on.
        let scalars = Substring(text).unicodeScalars.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
        let end = scalars.firstIndex { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" } ?? scalars.endIndex
        let word = String(scalars[..<end])
        guard !word.isEmpty else {
            throw CommandError(
                "a mood needs a rating, \(Mood.accepted); nothing was changed. To remove the mood: delete mood --on \(day.iso)")
        }
        let rating: Int
        do {
            rating = try Mood.parse(word)
        } catch {
            let message = "edit mood takes the rating first, then the note: \(error); nothing was changed"
            // Written in the editor: kept, so that a slip of the first word loses nothing.
            throw typed == nil ? unsaved(text, message, context) : CommandError(message)
        }
        var note = String(scalars[end...]).trimmingSpaces
        while let first = note.unicodeScalars.first, first == "\n" || first == "\r" { note.removeFirst() }
        // Typed, a rating alone keeps the note; in the editor, the file is the whole mood.
        if typed != nil && note.isEmpty { note = current.note }
        if rating == current.rating && note == current.note {
            context.confirm("the mood of \(context.describe(day)) is unchanged; nothing was written")
            return
        }
        if typed == nil, try journal.moodRow(on: day)?.row != current.row {
            let what = "the mood of \(context.describe(day)) was changed or deleted in another session"
            throw unsaved(text, "\(what) while the editor was open; nothing was written", context)
        }
        do {
            try journal.editMood(day: day, rating: rating, note: note, expected: current.row)
        } catch let error as JournalError where typed == nil {
            throw unsaved(text, ProblemText.line(for: error, unwritten: "nothing was written") ?? error.description, context)
        }
        let what = note == current.note ? "" : note.isEmpty ? ", without a note" : ", with the new note"
        context.confirm("mood \(rating) (\(Mood.label(rating))) for \(context.describe(day))\(what)")
    }
}
