/// One value a health import brings: an attribute's value for a day, in its canonical units.
public struct HealthValue: Sendable, Equatable {
    public var attribute: String
    public var day: Day
    public var value: Double

    public init(attribute: String, day: Day, value: Double) {
        self.attribute = attribute
        self.day = day
        self.value = value
    }
}

/// A day where the journal holds values of an attribute that did not come from the source
/// being imported: typed, or brought by another source. `journalSource` is nil for typed values.
public struct HealthConflict: Sendable, Equatable {
    public let attribute: String
    public let day: Day
    /// The journal's value for the day from elsewhere (combined as the attribute combines a day).
    public let journal: Double
    public let journalSource: String?
    public let file: Double

    package init(attribute: String, day: Day, journal: Double, journalSource: String?, file: Double) {
        self.attribute = attribute
        self.day = day
        self.journal = journal
        self.journalSource = journalSource
        self.file = file
    }
}

/// What a health import writes (or would write), attribute by attribute.
public struct HealthImportSummary: Sendable, Equatable {
    public struct Counts: Sendable, Equatable {
        public var attribute: String
        /// Days that get a value they had none of from this source.
        public var written = 0
        /// Days whose value from an earlier import of the same source is replaced.
        public var replaced = 0
        /// Days whose value from this source is already the journal's.
        public var unchanged = 0
        /// Days where the journal holds a typed value (or another source's) and keeps it.
        public var kept = 0
        /// Values written outside the attribute's plausible range (kept as the file has them).
        public var implausible = 0
        /// Days whose value from a newer export of the same source stays: the file is older.
        public var older = 0

        package init(attribute: String) {
            self.attribute = attribute
        }
    }

    /// In the order the values came.
    public var attributes: [Counts] = []
    public var conflicts: [HealthConflict] = []
    /// Values dated after today, which are not written.
    public var future = 0
    /// Attributes the journal does not track (the file's values of them are not written).
    public var untracked: [String] = []
    /// Distinct days that get a value written or replaced.
    public var days = 0
    /// Day values that cannot be true for their attribute (`ValueType.impossibility`), which
    /// are not written.
    public var impossible: [HealthValue] = []
    /// The file's values of days where the journal keeps a newer export's value of the same
    /// source (`Counts.older`), in the order they came.
    public var older: [HealthValue] = []
    /// When the file was exported, and the newest export whose values it left as they are.
    public var exported: Int64?
    public var newerExported: Int64?

    public init() {}

    public var written: Int { attributes.reduce(0) { $0 + $1.written } }
    public var replaced: Int { attributes.reduce(0) { $0 + $1.replaced } }
    public var unchanged: Int { attributes.reduce(0) { $0 + $1.unchanged } }
    public var kept: Int { attributes.reduce(0) { $0 + $1.kept } }
    public var implausible: Int { attributes.reduce(0) { $0 + $1.implausible } }
    public var olderKept: Int { attributes.reduce(0) { $0 + $1.older } }
    public var writesNothing: Bool { written == 0 && replaced == 0 }
}

/// A health import met conflicts and was told neither side: nothing was written.
public struct HealthConflictError: Error, Sendable {
    public let summary: HealthImportSummary

    package init(summary: HealthImportSummary) {
        self.summary = summary
    }
}

// Health imports: one value per attribute and day from a source (Apple Health, Google Fit,
// Gadgetbridge, a CSV), written as entries that carry their source and file.
