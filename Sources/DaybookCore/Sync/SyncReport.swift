/// What `sync` did, or would do with `--dry-run`.
public struct SyncReport: Sendable, Equatable {
    /// Changes (rows written, removed or brought back here) written to this device's file.
    public var sent = 0
    /// The file they went to, relative to the folder; nil when none was written.
    public var file: String? = nil
    /// Changes applied from each other device that changed this journal, by its name.
    public var applied: [Applied] = []
    /// The same mood, note, definition, setting or goal changed on two devices.
    public var conflicts: [SyncConflict] = []
    /// Notes from another device that have a different short id here.
    public var renumbered: [Renumbered] = []
    /// Files in the folder that were not read, each with why (cut off, a conflicted copy...).
    public var ignored: [SyncUnread] = []
    /// Records of files that were read but that no device should send, each not applied.
    public var refused: [SyncRefusedRecord] = []
    /// A delete that lost to an edit of the same thing made without seeing it.
    public var deletesUndone: [SyncDeleteLost] = []
    public var dryRun = false
    /// Set when this sync moved the journal to a key (`setup`, `join`, `newKey`): its id, and
    /// for a key made here the join code to carry to the other devices.
    public var movedToKey: String? = nil
    public var joinCode: String? = nil
    /// True when the files this device wrote are encrypted.
    public var encrypted = false

    public struct Applied: Sendable, Equatable {
        public let device: String
        public var changes: Int
        public var files: Int

        package init(device: String, changes: Int, files: Int) {
            self.device = device
            self.changes = changes
            self.files = files
        }
    }

    public struct Renumbered: Sendable, Equatable {
        public let device: String
        public let there: Int64
        public let here: Int64

        package init(device: String, there: Int64, here: Int64) {
            self.device = device
            self.there = there
            self.here = here
        }
    }

    public init() {}

    /// True when nothing was sent or applied.
    public var isEmpty: Bool { sent == 0 && applied.allSatisfy { $0.changes == 0 } }
}

/// Two devices changed the same thing; the later change was kept, and the other stays in the
/// history.
public struct SyncConflict: Sendable, Equatable {
    public enum Subject: Sendable, Equatable {
        case mood(Day)
        case note(Int64, Day)
        case attribute(String)
        case setting(String)
        case goal(String, Day)
    }
    public let subject: Subject
    /// What was kept, shown as the journal shows it (`4`, `04:00`), or nil for a note or a goal.
    public let kept: String?
    /// The device that wrote what was kept, and the device of the change that lost.
    public let keptFrom: String
    public let otherFrom: String
    /// True when both changes carry the same time and the device id decided.
    public let tie: Bool

    package init(subject: Subject, kept: String?, keptFrom: String, otherFrom: String, tie: Bool) {
        self.subject = subject
        self.kept = kept
        self.keptFrom = keptFrom
        self.otherFrom = otherFrom
        self.tie = tie
    }
}

/// A file in the folder that was not read, and why. `path` is relative to the sync folder.
public struct SyncUnread: Sendable, Equatable {
    public enum Why: Error, Sendable, Equatable {
        /// Not a sync file's name: a sync tool's temporary file, a conflicted copy.
        case notASyncFileName
        /// A file where a device's folder belongs, or a link where a file or folder belongs.
        case notAFolder
        case link
        case notAFile
        case unreadable
        /// Larger than a sync file may be; not read at all.
        case tooLarge(bytes: Int64, limit: Int64)
        /// Cut off, changed, or otherwise not whole (the plain format's words for it).
        case damaged(String)
        case cutOff
        /// Encrypted with another key than the folder's (a device that has not moved yet, or
        /// a key given up).
        case otherKey(String)
        /// Does not authenticate under the folder's key: altered, renamed, or moved from
        /// another device's folder.
        case notAuthentic
        /// A plain file in an encrypted folder.
        case plainInEncryptedFolder
        /// Its header names another device or number than its place.
        case misplaced
        /// Holds clocks more than a day ahead of this machine's; tried again at the next sync.
        case clockAhead(days: Int64)
    }
    public let path: String
    public let why: Why

    public init(_ path: String, _ why: Why) {
        self.path = path
        self.why = why
    }
}

/// A record that was read but not applied: what no device should send (a value that cannot be
/// true, a rating outside 1-5, an unknown setting, a field daybook never writes there).
public struct SyncRefusedRecord: Sendable, Equatable {
    public let device: String
    public let file: String
    public let table: String
    public let field: String
    /// What the field held, as sent (the views escape it).
    public let value: String?

    package init(device: String, file: String, table: String, field: String, value: String?) {
        self.device = device
        self.file = file
        self.table = table
        self.field = field
        self.value = value
    }
}

/// A delete made on one device that lost to an edit made on another without seeing it: what
/// was deleted is live again, as the edit left it. Both devices report it, by their names.
public struct SyncDeleteLost: Sendable, Equatable {
    public let subject: SyncConflict.Subject
    public let deletedOn: String
    public let editedOn: String

    package init(subject: SyncConflict.Subject, deletedOn: String, editedOn: String) {
        self.subject = subject
        self.deletedOn = deletedOn
        self.editedOn = editedOn
    }
}
