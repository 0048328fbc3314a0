import DaybookCore

/// What the core refuses, in words. The core's errors carry their facts (an attribute, a
/// value, a range, what became of a file); these say them to a person, with the command or
/// option that goes on from there, which the core never names.
public enum ProblemText {
    /// "resting_hr: 1 bpm is outside its plausible range, 20..250 bpm"; for a day's total,
    /// "sleep: 10h more makes 30h for the day, outside its plausible range, 0m..24h".
    public static func reason(_ error: ImplausibleValue) -> String {
        let attribute = error.attribute
        let range = "its plausible range, \(error.range.format(attribute))"
        if let added = error.added {
            return "\(attribute.name): \(attribute.formatWithUnit(added)) more makes \(attribute.formatWithUnit(error.value)) for the day, outside \(range)"
        }
        return "\(attribute.name): \(attribute.formatWithUnit(error.value)) is outside \(range)"
    }

    /// The one line a person sees when a typed value is refused.
    public static func implausible(_ error: ImplausibleValue) -> String {
        reason(error) + "; add --force to log it anyway"
    }

    /// Why `goal ... --total` is refused.
    public static func total(_ problem: TotalProblem) -> String {
        switch problem {
        case .dailyPeriod:
            return "--total is for weekly and monthly goals: a daily goal judges the day's value; nothing was changed"
        case .doesNotAddUp(let attribute, let period, let why):
            return "--total does not fit \(attribute): \(why); without --total a \(period.rawValue) goal judges the daily mean. Nothing was changed"
        }
    }

    /// A journal deleted or replaced while it was open, saying what that kept out of it with
    /// `unwritten` ("nothing was written", or the lines of a lost batch; nil after a read).
    public static func moved(path: String, _ whereabouts: Whereabouts, unwritten: String?) -> String {
        let what = whereabouts == .deleted ? "was deleted" : "was replaced by another file"
        let next =
            whereabouts == .deleted
            ? "the first write then creates a new journal there" : "later commands then use the file now there"
        return "the journal \(path) \(what) while daybook had it open\(unwritten.map { "; " + $0 } ?? ""). "
            + "Type 'reopen' to go on at \(path): \(next)"
    }

    /// How a note's id is written, for messages.
    public static let noteIDForm = "n followed by its number, as show and search list them (n12)"

    /// Why a note cannot be changed, and where to look for it.
    public static func noNote(_ id: NoteID, _ absence: NoteAbsence) -> String {
        switch absence {
        case .neverWritten: return "there is no note \(id); show and search list the notes with their ids"
        case .deleted: return "note \(id) was deleted; undo brings it back, and show --history \(id) shows its text"
        }
    }

    /// The words for a journal error that carries its facts.
    public static func journal(_ reason: JournalError.Reason, unwritten: String?) -> String {
        switch reason {
        case .moved(let path, let whereabouts): return moved(path: path, whereabouts, unwritten: unwritten)
        case .total(let problem): return total(problem)
        case .notAFile(let path, nil): return "journal path \(path) is a directory; give the path of a file with --journal"
        case .notAFile(let path, let kind?):
            return "journal path \(path) is \(kind), not a file; give the path of a file with --journal"
        case .notAJournal(let path):
            return "\(path) is a SQLite database but not a daybook journal; it was left untouched. Give another path with --journal"
        case .noNote(let id, let absence): return noNote(id, absence)
        case .noMoodToEdit(let day): return "there is no mood on \(day.iso) to edit; rate the day with mood RATING"
        }
    }

    /// A line of `log` that could not be read.
    public static func phrase(_ error: PhraseError) -> String {
        switch error.reason {
        case .noValue?: return "log needs a value; e.g. log slept 7h, walked 9k steps, 3 coffees, or log steps 8200"
        case .unknownWord(let word, let guess, let newName)?:
            return "'\(word)' is not a tracked attribute, unit or verb log knows; "
                + (guess.map { "did you mean '\($0)'? " } ?? "")
                + "write like slept 7h, walked 9k steps, 3 coffees, or log ATTR VALUE"
                + (newName.map { "; to track it: track \($0) count" } ?? "")
        case nil: return error.description
        }
    }

    /// A file that could not be imported, with its line when it has one; a file of another
    /// kind says which command reads it.
    public static func importError(_ error: ImportError) -> String {
        guard let reason = error.reason else { return error.description }
        switch reason {
        case .moodMap(let problem): return moodMap(problem)
        case .unratedMoods: return unratedMoods(error, moods: .defaults)
        default: break
        }
        let reads =
            "import reads daybook's JSON or CSV export, or Daylio's or jrnl's (import daylio FILE, import jrnl FILE)"
        let advice: String
        switch reason {
        case .jrnlJournal, .jrnlJSON: advice = "; import it with: import jrnl FILE"
        case .daylioCSV: advice = "; import it with: import daylio FILE"
        case .markdownExport: advice = "; export the journal as JSON or CSV (export journal.json) and import that"
        case .sqliteDatabase:
            advice = "; \(reads). A daybook journal is read by exporting it: daybook --journal FILE export journal.json"
        case .zipArchive:
            advice = "; \(reads): export Daylio's entries as CSV, or unzip the archive and import the file it holds"
        case .moodMap, .unratedMoods: advice = ""
        }
        return error.description + advice
    }

    /// A value the journal refused to store: "entry.value of steps: inf cannot be stored; it
    /// must be a number from -1,000,000,000,000 to 1,000,000,000,000. Nothing was written".
    public static func impossible(_ error: ImpossibleValue) -> String {
        let of = error.attribute.map { " of \(printable($0))" } ?? ""
        return "\(error.table).\(error.field)\(of): \(exportNumber(error.value)) cannot be stored; it must be "
            + error.why.accepted + ". Nothing was written"
    }

    /// The words for an error of the core that carries its facts rather than its words; nil
    /// for any other error. `unwritten` says what the error kept out of the journal.
    public static func line(for error: any Error, unwritten: String?) -> String? {
        switch error {
        case let error as ImplausibleValue: return implausible(error)
        case let error as ImpossibleValue: return impossible(error)
        case let error as JournalError: return error.reason.map { journal($0, unwritten: unwritten) }
        case let error as PhraseError: return error.reason == nil ? nil : phrase(error)
        case let error as ImportError: return error.reason == nil ? nil : importError(error)
        default: return nil
        }
    }
}
