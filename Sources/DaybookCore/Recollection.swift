/// How far back an earlier day is from the day it is remembered on.
public enum LookBack: String, Sendable, Equatable {
    case year
    case month
}

/// What the journal held on an earlier day, remembered on a later one: the mood with its
/// note, or, without a mood, the day's first note.
public struct Recollection: Sendable, Equatable {
    public let day: Day
    /// A year or a month before the day it is remembered on.
    public let distance: LookBack
    public let rating: Int?
    /// The first line of the mood's note, or without a mood of the day's first note; nil
    /// when there is none.
    public let text: String?

    public init(day: Day, distance: LookBack, rating: Int?, text: String?) {
        self.day = day
        self.distance = distance
        self.rating = rating
        self.text = text
    }

    /// The recollection of `record`, or nil when it holds neither a mood nor a note.
    public init?(_ record: DayRecord, distance: LookBack) {
        if let mood = record.mood {
            self.init(day: record.day, distance: distance, rating: mood.rating, text: Recollection.firstLine(mood.note))
        } else if let note = record.notes.first {
            self.init(day: record.day, distance: distance, rating: nil, text: Recollection.firstLine(note.text))
        } else {
            return nil
        }
    }

    /// The first line of a text that holds anything but blanks, its blanks trimmed; nil when
    /// there is none.
    public static func firstLine(_ text: String) -> String? {
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            var end = trimmed.endIndex
            while end > trimmed.startIndex, [" ", "\t", "\r"].contains(trimmed[trimmed.index(before: end)]) {
                end = trimmed.index(before: end)
            }
            if end > trimmed.startIndex { return String(trimmed[..<end]) }
        }
        return nil
    }
}
