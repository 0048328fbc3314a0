/// Why a journal could not be opened or written. `description` is the one line a person sees.
public struct JournalError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public let kind: Kind

    public enum Kind: Sendable, Equatable {
        case other
        /// There is no journal at the path yet, and none was created (a read).
        case missing
        /// The journal's file was deleted or replaced while it was open (`Journal.whereabouts`).
        case moved
        /// The journal is encrypted, and no key for it is at hand (`JournalError.locked`).
        case locked
        /// The key at hand does not open the encrypted journal (`JournalError.wrongKey`).
        case wrongKey
    }

    /// The facts of the refusal, for the views to word (`description` is a plain fallback),
    /// where the error has them.
    public let reason: Reason?

    public enum Reason: Sendable, Equatable {
        /// The journal at `path` was deleted or replaced while it was open.
        case moved(path: String, Whereabouts)
        /// A goal on a period's total that cannot be set.
        case total(TotalProblem)
        /// The journal's path names no regular file: a directory (`kind` nil), or what `kind` says.
        case notAFile(path: String, kind: String?)
        /// The file at `path` is a SQLite database, but no daybook journal; it was left untouched.
        case notAJournal(path: String)
        /// There is no live note `id`.
        case noNote(NoteID, NoteAbsence)
        /// There is no mood on `day` to edit.
        case noMoodToEdit(Day)
    }

    /// An error whose facts are `reason`, and whose plain words, without an option or a
    /// command, are `description`.
    public init(_ description: String, reason: Reason) {
        self.description = description
        self.kind = .other
        self.reason = reason
    }

    public init(_ description: String, kind: Kind = .other) {
        self.description = description
        self.kind = kind
        self.reason = nil
    }

    /// The journal at `path` was deleted or replaced while it was open; nothing was written.
    public init(moved path: String, _ whereabouts: Whereabouts) {
        let what = whereabouts == .deleted ? "was deleted" : "was replaced by another file"
        self.description = "the journal \(path) \(what) while daybook had it open; nothing was written"
        self.kind = .moved
        self.reason = .moved(path: path, whereabouts)
    }

    /// A goal on a period's total that cannot be set; nothing was changed.
    public init(_ problem: TotalProblem) {
        switch problem {
        case .dailyPeriod:
            self.description = "a daily goal judges the day's value and has no total; nothing was changed"
        case .doesNotAddUp(let attribute, let period, let why):
            self.description = "\(attribute) has no total over a \(period.noun): \(why); nothing was changed"
        }
        self.kind = .other
        self.reason = .total(problem)
    }

    /// True when there is no journal at the path yet, and none was created (a read).
    public var journalMissing: Bool { kind == .missing }
    /// True when the journal's file was deleted or replaced while it was open.
    public var journalMoved: Bool { kind == .moved }
}

/// What became of a journal's file while it was open.
public enum Whereabouts: Sendable, Equatable {
    /// The file was deleted (`rm`).
    case deleted
    /// Another file took its place (`mv`).
    case replaced
}
