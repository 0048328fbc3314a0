/// What a reader of another program's file gives: days, each with its entries in the order of
/// their time, ready to be written to a journal. Pure data; nothing here touches a journal.
public struct ImportedJournal: Sendable, Equatable {
    public enum Source: String, Sendable {
        case daylio
        case jrnl
    }

    public let source: Source
    /// In calendar order, each day once.
    public let days: [ImportedDay]

    public init(source: Source, days: [ImportedDay]) {
        self.source = source
        self.days = days
    }

    public var entryCount: Int { days.reduce(0) { $0 + $1.entries.count } }

    /// The distinct daybook tags of all entries, sorted.
    public var tags: [String] {
        var seen = Set<String>()
        for day in days {
            for entry in day.entries {
                for tag in entry.tags { seen.insert(tag.tag) }
            }
        }
        return seen.sorted()
    }

    /// Groups entries by day: days in calendar order, entries by time. Entries at the same time
    /// keep the order they had in the file, read from oldest to newest (a file written newest
    /// first, as Daylio writes it, is read backwards).
    static func grouping(_ source: Source, _ entries: [ImportedEntry]) -> ImportedJournal {
        guard let first = entries.first, let last = entries.last else {
            return ImportedJournal(source: source, days: [])
        }
        let newestFirst = (first.day, first.minuteOfDay, first.second) > (last.day, last.minuteOfDay, last.second)
        // Sort small keys rather than the entries themselves.
        let keys = entries.indices.map { i in
            let e = entries[i]
            return (e.day.ordinal * 86_400 + e.minuteOfDay * 60 + e.second, newestFirst ? -e.line : e.line, i)
        }
        let order = keys.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
        var days: [ImportedDay] = []
        var start = 0
        while start < order.count {
            let day = entries[order[start]].day
            var end = start + 1
            while end < order.count, entries[order[end]].day == day { end += 1 }
            days.append(ImportedDay(day: day, entries: order[start..<end].map { entries[$0] }))
            start = end
        }
        return ImportedJournal(source: source, days: days)
    }
}

/// One day of an imported file.
public struct ImportedDay: Sendable, Equatable {
    public let day: Day
    /// In the order of their time.
    public let entries: [ImportedEntry]
    /// The day's mood: the mean of its entries' ratings, rounded half up (4.5 is 5); nil when no
    /// entry has a rating (jrnl).
    public let mood: Int?

    public init(day: Day, entries: [ImportedEntry]) {
        self.day = day
        self.entries = entries
        self.mood = ImportedDay.mean(entries.compactMap(\.rating))
    }

    /// The mean of ratings rounded half up, or nil for none.
    public static func mean(_ ratings: [Int]) -> Int? {
        guard !ratings.isEmpty else { return nil }
        let sum = ratings.reduce(0, +)
        return (2 * sum + ratings.count) / (2 * ratings.count)
    }
}

/// One entry of an imported file: a Daylio row or a jrnl entry.
public struct ImportedEntry: Sendable, Equatable {
    /// The physical line of the file where the entry starts, for messages.
    public let line: Int
    public let day: Day
    /// Minutes after midnight, 0 to 1439.
    public let minuteOfDay: Int
    public let second: Int
    /// Daylio's mood, 1 to 5, as the mood map rated the label; nil for jrnl.
    public let rating: Int?
    /// The mood label as the file writes it ("rad", "Gut"); empty for jrnl.
    public let moodLabel: String
    /// The entry's title (Daylio's note title, jrnl's first line); may be empty.
    public let title: String
    /// The note (Daylio) or body (jrnl) as the file holds it, with line breaks as `\n`.
    public let text: String
    /// Daylio's activities or jrnl's tags, each with its original name and the daybook tag it
    /// becomes (see `ImportTags`), in order of appearance, each once. A starred jrnl entry has
    /// the tag `starred`.
    public let tags: [ImportedTag]
    /// jrnl's star.
    public let starred: Bool
    /// Daylio's scales ("Energy: 4"), as name and value.
    public let scales: [ImportedScale]
    /// The text of the daybook note this entry becomes: everything above, readable, with every
    /// tag of `tags` in it as a `#tag` (so that `extractTags(noteText)` holds them all).
    public let noteText: String

    public init(
        line: Int, day: Day, minuteOfDay: Int, second: Int = 0, rating: Int? = nil, moodLabel: String = "",
        title: String = "", text: String = "", tags: [ImportedTag] = [], starred: Bool = false,
        scales: [ImportedScale] = [], noteText: String
    ) {
        self.line = line
        self.day = day
        self.minuteOfDay = minuteOfDay
        self.second = second
        self.rating = rating
        self.moodLabel = moodLabel
        self.title = title
        self.text = text
        self.tags = tags
        self.starred = starred
        self.scales = scales
        self.noteText = noteText
    }

    /// `HH:MM`, or `HH:MM:SS` when the seconds are known and not zero.
    public var timeText: String {
        let hm = pad(minuteOfDay / 60, 2) + ":" + pad(minuteOfDay % 60, 2)
        return second == 0 ? hm : hm + ":" + pad(second, 2)
    }
}

/// A name from another program (a Daylio activity, a jrnl tag) and the daybook tag it becomes.
public struct ImportedTag: Sendable, Hashable {
    /// As the file writes it: "movies / tv", "@Tom".
    public let name: String
    /// Without `#`: "movies-tv", "tom".
    public let tag: String

    /// `#tag`, followed by the original name in brackets when the tag does not already say it
    /// (when it differs from the name by more than letter case and spaces written as `-`).
    public let written: String

    public init(name: String, tag: String) {
        self.name = name
        self.tag = tag
        let plain = name.lowercased()
        if plain == tag || String(plain.map { $0 == " " ? "-" : $0 }) == tag {
            written = "#" + tag
        } else {
            written = "#\(tag) (\(name))"
        }
    }
}

/// A Daylio scale of one entry: "Energy: 4".
public struct ImportedScale: Sendable, Hashable {
    public let name: String
    public let value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
