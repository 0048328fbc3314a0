/// One version of a note: a row of the `note` table. An edit writes a new version with the
/// same id; the old one stays, removed by the edit.
public struct NoteVersion: Sendable, Equatable {
    public let id: NoteID
    /// The row's own id.
    public let row: Int64
    public let day: Day
    /// When the note was first written (an edit keeps it): ISO-8601 with its offset.
    public let recordedAt: String
    public let text: String
    /// The changes that wrote this version and that removed it (nil while it is the note's text).
    public let addedBy: Int64
    public let removedBy: Int64?

    package init(id: NoteID, row: Int64, day: Day, recordedAt: String, text: String, addedBy: Int64, removedBy: Int64?) {
        self.id = id
        self.row = row
        self.day = day
        self.recordedAt = recordedAt
        self.text = text
        self.addedBy = addedBy
        self.removedBy = removedBy
    }

    public var isLive: Bool { removedBy == nil }
}

/// Why a note cannot be changed.
public enum NoteAbsence: Sendable, Equatable {
    /// No note ever had that id.
    case neverWritten
    /// The note was deleted (its text stays in the change log).
    case deleted
}

/// A note's revisions, from the change log: each change that wrote or removed one of its
/// versions, oldest first.
public struct NoteHistory: Sendable, Equatable {
    public struct Event: Sendable, Equatable {
        public enum What: Sendable, Equatable {
            case written
            case edited
            case deleted
            /// An `undo`, with the change it reverted (an edit of n12 on 2026-11-20).
            case undone(LoggedChange)
            /// Any other change, by its command's name.
            case other(String)
        }
        /// When the change was made: ISO-8601 with its offset.
        public let at: String
        public let what: What
        /// The text the change gave the note, when it wrote a version.
        public let text: String?

        public init(at: String, what: What, text: String?) {
            self.at = at
            self.what = what
            self.text = text
        }
    }

    public let id: NoteID
    public let day: Day
    public let recordedAt: String
    public let events: [Event]
    /// The note's text now; nil when it is deleted.
    public let current: String?

    public init(id: NoteID, day: Day, recordedAt: String, events: [Event], current: String?) {
        self.id = id
        self.day = day
        self.recordedAt = recordedAt
        self.events = events
        self.current = current
    }
}

/// What `delete ATTR` removed: the day's entries of one attribute.
public struct DeletedValues: Sendable, Equatable {
    public let entries: Int
    /// The day's value before, after aggregation.
    public let value: Double?

    /// The day's value is damaged (see `Statement.storedValue`): `value` is then nil.
    public var damaged = false

    package init(entries: Int, value: Double?, damaged: Bool = false) {
        self.entries = entries
        self.value = value
        self.damaged = damaged
    }
}
