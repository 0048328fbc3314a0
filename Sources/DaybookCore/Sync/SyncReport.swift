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
    public var ignored: [String] = []
    public var dryRun = false

    public struct Applied: Sendable, Equatable {
        public let device: String
        public var changes: Int
        public var files: Int
    }

    public struct Renumbered: Sendable, Equatable {
        public let device: String
        public let there: Int64
        public let here: Int64
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
}
