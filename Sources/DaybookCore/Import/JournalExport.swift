/// A journal's data as daybook exports it and reads it back: what was written, without the
/// change log. Pure data; `Journal.exportData` fills it, `DaybookExportReader` reads it from a
/// file, `ImportedJournal.asExport` makes one of another program's file, and
/// `Journal.importData` writes one into a journal.
///
/// Each record keeps the line of the file it was read from (0 when it comes from a journal),
/// for messages; equality leaves the line out.
public struct JournalExport: Sendable, Equatable {
    /// What the document calls its format, and the version of that format this daybook writes
    /// and reads. A later version that adds fields keeps the number; one that changes a field
    /// raises it.
    public static let formatName = "daybook"
    public static let formatVersion = 1

    public struct Setting: Sendable, Equatable {
        public var name: String
        public var value: String
        public var line: Int

        public init(name: String, value: String, line: Int = 0) {
            self.name = name
            self.value = value
            self.line = line
        }

        public static func == (a: Setting, b: Setting) -> Bool { a.name == b.name && a.value == b.value }
    }

    /// An attribute's definition (its `id` is 0).
    public struct Definition: Sendable, Equatable {
        public var attribute: Attribute
        public var line: Int
        /// True when the file gives the attribute's plausible range (`range_min` and
        /// `range_max`, none when both are empty or null); false for a file written before
        /// exports carried ranges, whose import keeps the journal's.
        public var rangeStated: Bool

        public init(_ attribute: Attribute, line: Int = 0, rangeStated: Bool = true) {
            var attribute = attribute
            attribute.id = 0
            if !rangeStated { attribute.range = nil }
            self.attribute = attribute
            self.line = line
            self.rangeStated = rangeStated
        }

        public static func == (a: Definition, b: Definition) -> Bool {
            a.attribute == b.attribute && a.rangeStated == b.rangeStated
        }
    }

    /// One row of a goal's history: from `since` on, the goal is this; no period and no bounds
    /// end the goal. Bounds in the attribute's canonical units.
    public struct GoalChange: Sendable, Equatable {
        public var attribute: String
        public var since: Day
        public var period: GoalPeriod?
        public var min: Double?
        public var max: Double?
        /// The goal judges the period's sum (`goal ... --total`): written as aggregation "sum".
        public var total: Bool
        public var line: Int

        public init(
            attribute: String, since: Day, period: GoalPeriod?, min: Double?, max: Double?, total: Bool = false,
            line: Int = 0
        ) {
            self.attribute = attribute
            self.since = since
            self.period = period
            self.min = min
            self.max = max
            self.total = total
            self.line = line
        }

        public static func == (a: GoalChange, b: GoalChange) -> Bool {
            a.attribute == b.attribute && a.since == b.since && a.sameGoal(b)
        }

        /// The same period and bounds.
        public func sameGoal(_ other: GoalChange) -> Bool {
            period == other.period && min == other.min && max == other.max && total == other.total
        }
    }

    /// A day's mood. `recordedAt` is ISO-8601 with its offset, as the journal keeps it.
    public struct MoodRecord: Sendable, Equatable {
        public var day: Day
        public var recordedAt: String
        public var rating: Int
        public var note: String
        /// The tags of the note (for reading; an import takes them from the note again).
        public var tags: [String]
        public var line: Int

        public init(day: Day, recordedAt: String, rating: Int, note: String, tags: [String], line: Int = 0) {
            self.day = day
            self.recordedAt = recordedAt
            self.rating = rating
            self.note = note
            self.tags = tags
            self.line = line
        }

        public static func == (a: MoodRecord, b: MoodRecord) -> Bool {
            a.day == b.day && a.recordedAt == b.recordedAt && a.rating == b.rating && a.note == b.note
                && a.tags == b.tags
        }
    }

    /// A timestamped note. `id` is the note's stable id in the journal it came from, the
    /// number of `n123` (nil for notes of another program's file). `at` is the time of day the
    /// note is about, in minutes after midnight (`note ... --at 08:30`); nil when none was given.
    public struct NoteRecord: Sendable, Equatable {
        public var id: Int64?
        public var day: Day
        public var recordedAt: String
        public var at: Int?
        public var text: String
        public var tags: [String]
        public var line: Int

        public init(
            id: Int64?, day: Day, recordedAt: String, at: Int? = nil, text: String, tags: [String], line: Int = 0
        ) {
            self.id = id
            self.day = day
            self.recordedAt = recordedAt
            self.at = at
            self.text = text
            self.tags = tags
            self.line = line
        }

        public static func == (a: NoteRecord, b: NoteRecord) -> Bool {
            a.id == b.id && a.day == b.day && a.recordedAt == b.recordedAt && a.at == b.at && a.text == b.text
                && a.tags == b.tags
        }
    }

    /// One logged value, in the attribute's canonical units.
    public struct ValueRecord: Sendable, Equatable {
        public var day: Day
        public var recordedAt: String
        public var attribute: String
        public var value: Double
        /// Where an imported value came from (a health export's source, and its file's name);
        /// nil for a value typed.
        public var source: String?
        public var file: String?
        public var line: Int

        public init(
            day: Day, recordedAt: String, attribute: String, value: Double, source: String? = nil,
            file: String? = nil, line: Int = 0
        ) {
            self.day = day
            self.recordedAt = recordedAt
            self.attribute = attribute
            self.value = value
            self.source = source
            self.file = file
            self.line = line
        }

        public static func == (a: ValueRecord, b: ValueRecord) -> Bool {
            a.day == b.day && a.recordedAt == b.recordedAt && a.attribute == b.attribute && a.value == b.value
                && a.source == b.source && a.file == b.file
        }
    }

    /// A stored value that is not a number daybook can use (written by an older version, or
    /// by hand): an export leaves it out and names it here.
    public struct DamagedValue: Sendable, Equatable {
        public var day: Day
        public var attribute: String

        public init(day: Day, attribute: String) {
            self.day = day
            self.attribute = attribute
        }
    }

    /// Values of the exported journal left out as damaged; empty for a file read.
    public var damaged: [DamagedValue] = []

    /// Sorted by name.
    public var settings: [Setting]
    /// Minutes after midnight at which the exported journal's day begins (its `day-start`).
    public var dayStartMinutes: Int { SettingDefinition.dayStartMinutes(settings.first { $0.name == SettingDefinition.dayStart.name }?.value) }
    /// In the journal's order.
    public var attributes: [Definition]
    /// By attribute, then day.
    public var goals: [GoalChange]
    /// By day, one a day.
    public var moods: [MoodRecord]
    /// By day, then time, then id.
    public var notes: [NoteRecord]
    /// By day, then in the order they were logged.
    public var values: [ValueRecord]

    public init(
        settings: [Setting] = [], attributes: [Definition] = [], goals: [GoalChange] = [], moods: [MoodRecord] = [],
        notes: [NoteRecord] = [], values: [ValueRecord] = []
    ) {
        self.settings = settings
        self.attributes = attributes
        self.goals = goals
        self.moods = moods
        self.notes = notes
        self.values = values
    }

    /// The days that hold a mood, a note or a value, in calendar order.
    public var days: [Day] {
        var seen = Set<Day>()
        for mood in moods { seen.insert(mood.day) }
        for note in notes { seen.insert(note.day) }
        for value in values { seen.insert(value.day) }
        return seen.sorted()
    }
}

/// A canonical number as an export writes it: whole numbers without a decimal point (`8200`),
/// others in the shortest form that reads back to the same double (`72.4`, `0.1`, `1e-05`).
public func exportNumber(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return String(value)
}

/// Reads a number written as JSON writes one (`-12`, `72.4`, `1e-05`): digits with an optional
/// sign, fraction and exponent, finite. Nil for anything else (`8,200`, `0x10`, `inf`, `nan`).
public func parseExportNumber(_ text: String) -> Double? {
    var bytes = text.utf8[...]
    guard !bytes.isEmpty else { return nil }
    func digits() -> Int {
        let count = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }.count
        bytes = bytes.dropFirst(count)
        return count
    }
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    guard digits() > 0 else { return nil }
    if bytes.first == UInt8(ascii: ".") {
        bytes = bytes.dropFirst()
        guard digits() > 0 else { return nil }
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
        bytes = bytes.dropFirst()
        if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        guard digits() > 0 else { return nil }
    }
    guard bytes.isEmpty, let value = Double(text), value.isFinite else { return nil }
    return value
}

/// True for an instant as the journal writes one: `2026-11-21T09:30:00+01:00`, a real date and
/// time with an offset of at most 18 hours.
public func isJournalInstant(_ text: String) -> Bool {
    let b = Array(text.utf8)
    guard b.count == 25, b[10] == UInt8(ascii: "T"), b[13] == UInt8(ascii: ":"), b[16] == UInt8(ascii: ":"),
        b[19] == UInt8(ascii: "+") || b[19] == UInt8(ascii: "-"), b[22] == UInt8(ascii: ":"),
        Day.parseISO(String(decoding: b[0..<10], as: UTF8.self)) != nil
    else { return false }
    func number(_ at: Int) -> Int? {
        guard (0x30...0x39).contains(b[at]), (0x30...0x39).contains(b[at + 1]) else { return nil }
        return Int(b[at] - 0x30) * 10 + Int(b[at + 1] - 0x30)
    }
    guard let h = number(11), let m = number(14), let s = number(17), let oh = number(20), let om = number(23) else {
        return false
    }
    return h < 24 && m < 60 && s < 60 && oh <= 18 && om < 60
}
