/// Everything recorded for one day.
public struct DayRecord: Sendable {
    public struct Note: Sendable {
        /// When the note was written: ISO-8601, with its offset.
        public let recordedAt: String
        public let text: String
        /// The time of day the note is about, in minutes after midnight, when it was given
        /// (`note ... --at 08:30`).
        public var at: Int?
        /// The day the note was written, when that is not the note's own day (a note for
        /// yesterday, written today); nil for a note written on its day.
        public var writtenOn: Day?
        /// The note's stable id (`n123`); nil for a note not read from a journal.
        public let id: NoteID?

        public init(recordedAt: String, text: String, id: NoteID? = nil, at: Int? = nil, writtenOn: Day? = nil) {
            self.recordedAt = recordedAt
            self.text = text
            self.id = id
            self.at = at
            self.writtenOn = writtenOn
        }

        /// The time of day the note is about, in minutes after midnight: the one given, else
        /// the time it was written when that was on its own day; nil when not known.
        public var timeOfDay: Int? {
            if let at { return at }
            guard writtenOn == nil else { return nil }
            return Note.minuteOfDay(recordedAt)
        }

        /// A note of `day`, as `show` gives it: written on another day than `day` (by the
        /// day-start, as for any entry) when `recordedAt` says so. A note stamped on `day`'s own
        /// date was written on it, before the day-start too: an entry imported from another
        /// program, which has no day-start, keeps its date and its time.
        public init(recordedAt: String, text: String, id: NoteID? = nil, at: Int?, of day: Day, dayStart: Int) {
            self.init(recordedAt: recordedAt, text: text, id: id, at: at)
            if let date = Day.parseISO(recordedAt.prefix(10)), date != day {
                var writtenDay = date
                if let minute = Note.minuteOfDay(recordedAt), minute < dayStart { writtenDay = writtenDay.adding(days: -1) }
                if writtenDay != day { writtenOn = writtenDay }
            }
        }

        /// Minutes after midnight of an ISO-8601 timestamp's time (`...T21:40:...` is 1300).
        static func minuteOfDay(_ iso: String) -> Int? {
            guard let t = iso.firstIndex(of: "T") else { return nil }
            let clock = iso[iso.index(after: t)...].prefix(5)
            guard clock.count == 5, let hours = Int(clock.prefix(2)), let minutes = Int(clock.suffix(2)) else { return nil }
            return hours * 60 + minutes
        }
    }
    public let day: Day
    public var mood: (rating: Int, note: String)?
    public var notes: [Note] = []
    public var tags: [String] = []
    public var values: [(attribute: Attribute, value: Double)] = []
    /// Attributes whose value on the day is damaged (not a number daybook can use: written by
    /// an older version, or by hand), in the journal's order. They are in no sum or mean.
    public var damaged: [Attribute] = []

    public init(day: Day) { self.day = day }

    public var isEmpty: Bool { mood == nil && notes.isEmpty && values.isEmpty && damaged.isEmpty }
}
