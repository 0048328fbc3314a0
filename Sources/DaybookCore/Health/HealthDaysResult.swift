/// What a health import gives the journal: one value per attribute and day, in the
/// attribute's canonical unit and unrounded, and a summary of how it was worked out.
public struct HealthDaysResult: Sendable {
    /// An attribute's value for a day: what the journal writes (`Journal.importHealth`).
    public typealias Value = HealthValue

    /// A source and how many samples (and day values) of an attribute it gave.
    public struct SourceCount: Sendable, Equatable {
        public var name: String
        public var samples: Int

        public init(name: String, samples: Int) {
            self.name = name
            self.samples = samples
        }
    }

    /// What went into one attribute's values.
    public struct AttributeSummary: Sendable {
        public var attribute: String
        /// Days with a value, and the first and last of them.
        public var days: Int
        public var first: Day
        public var last: Day
        /// The sources that gave samples or day values of the attribute, highest-ranked first.
        public var sources: [SourceCount]
        /// What the overlap between sources took away, in the attribute's unit: the parts of
        /// lower-ranked samples that higher-ranked ones covered (for sleep, the minutes where
        /// intervals overlapped), and day values a source gave for a day another source had
        /// already given one for.
        public var overlapRemoved: Double
        /// Samples read (for bedtime and wake_time, the intervals of sleep they come from).
        public var samples: Int
        /// Day values given for the attribute, and how many of them were not used: on a day
        /// samples filled the attribute, or another source had given one first.
        public var dayValues: Int
        public var dayValuesSetAside: Int
    }

    /// A kind of record the import does not map, and how many there were.
    public struct SkippedType: Sendable, Equatable {
        public var type: String
        public var count: Int

        public init(type: String, count: Int) {
            self.type = type
            self.count = count
        }
    }

    /// Sorted by attribute (in the order of `HealthMeasure`, sleep followed by bedtime and
    /// wake_time, then the attributes only day values gave, by name), then by day.
    public var values: [Value]
    /// In the order of `values`.
    public var attributes: [AttributeSummary]
    /// Days whose sleep came from time in bed, for want of any time asleep.
    public var inBedOnlyNights: Int
    /// The most frequent first, then by name.
    public var skipped: [SkippedType]
    /// The names of all sources, highest-ranked first.
    public var sourceOrder: [String]

    /// When a file without an export date of its own was made, as far as it tells: the newest
    /// day of its values, at midnight UTC, in seconds since 1970 (`Journal.importHealth`'s
    /// `exported`); nil without values.
    public var newestDayExported: Int64? {
        values.map(\.day).max().map { Int64($0.ordinal) * 86_400 }
    }
}
