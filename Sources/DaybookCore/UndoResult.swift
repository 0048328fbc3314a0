/// What `undo` reverted.
public struct UndoResult: Sendable {
    /// What the change did: its facts, or its text when it has none.
    public let change: LoggedChange
    public let recordedAt: String
    /// True when the change came from another session (another shell, script or command).
    public let otherSession: Bool

    public init(change: LoggedChange, recordedAt: String, otherSession: Bool) {
        self.change = change
        self.recordedAt = recordedAt
        self.otherSession = otherSession
    }

    /// The text the change log holds for it.
    public var summary: String { change.text }

    /// A change known by its text alone.
    public init(summary: String, recordedAt: String, otherSession: Bool) {
        self.init(change: LoggedChange(description: nil, text: summary), recordedAt: recordedAt, otherSession: otherSession)
    }
}
