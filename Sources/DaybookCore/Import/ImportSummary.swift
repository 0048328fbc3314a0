/// Which side wins where an import and the journal disagree.
public enum ImportResolution: Sendable, Equatable {
    /// Neither: an import with conflicts writes nothing.
    case ask
    /// The file's side (`--replace`); what it replaces stays in the change log.
    case replace
    /// The journal's side (`--keep`).
    case keep
}

/// Something the file and the journal hold differently: a day's mood, a setting, a goal
/// change, an attribute's definition. `description` says what, never note text.
public struct ImportConflict: Sendable, Equatable, CustomStringConvertible {
    /// The line of the file.
    public let line: Int
    public let description: String

    package init(line: Int, description: String) {
        self.line = line
        self.description = description
    }
}

/// What an import writes (or would write).
public struct ImportSummary: Sendable, Equatable {
    /// Days that get a mood, a note or a value.
    public var days = 0
    /// Notes and values.
    public var entries = 0
    /// Distinct tags of the notes and mood notes written.
    public var tags = 0
    /// Attribute definitions, goal changes and settings written.
    public var attributes = 0
    public var goals = 0
    public var settings = 0
    public var conflicts: [ImportConflict] = []
    /// Values written that lie outside their attribute's plausible range: an import keeps
    /// them as the file has them, and says how many there are.
    public var implausible = 0

    public init() {}

    public var writesNothing: Bool { days == 0 && entries == 0 && attributes == 0 && goals == 0 && settings == 0 }
}

/// An import met conflicts and was told neither `--replace` nor `--keep`: nothing was written.
public struct ImportConflictError: Error, Sendable {
    public let summary: ImportSummary

    package init(summary: ImportSummary) {
        self.summary = summary
    }
}
