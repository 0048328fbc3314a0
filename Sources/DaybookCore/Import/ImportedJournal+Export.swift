#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ImportedJournal {
    /// What the file becomes in a journal: each entry a note at its time (its `noteText`, which
    /// holds everything the entry had; an entry without text is no note, as `note ""` is
    /// none), and each day with rated entries a mood, the mean of its ratings rounded half up,
    /// stamped with the time of the day's last entry and without a note of its own. Times get the offset `offset` gives for that local time (by default
    /// the local time zone's then).
    public func asExport(offset: (Day, Int) -> Int = localOffset) -> JournalExport {
        var data = JournalExport()
        data.notes.reserveCapacity(entryCount)
        // Offsets change at most every half hour.
        var offsets: [Int: Int] = [:]
        func cachedOffset(_ day: Day, _ minute: Int) -> Int {
            let key = day.ordinal * 48 + minute / 30
            if let known = offsets[key] { return known }
            let found = offset(day, minute)
            offsets[key] = found
            return found
        }
        func time(_ day: Day, _ entry: ImportedEntry) -> String {
            LocalTime(
                day: day, minuteOfDay: entry.minuteOfDay, second: entry.second,
                utcOffset: cachedOffset(day, entry.minuteOfDay)
            ).iso8601
        }
        for day in days {
            for entry in day.entries where !entry.isEmpty {
                data.notes.append(
                    JournalExport.NoteRecord(
                        id: nil, day: day.day, recordedAt: time(day.day, entry), text: entry.noteText,
                        tags: extractTags(entry.noteText), line: entry.line))
            }
            if let rating = day.mood, let last = day.entries.last {
                data.moods.append(
                    JournalExport.MoodRecord(
                        day: day.day, recordedAt: time(day.day, last), rating: rating, note: "", tags: [], line: last.line))
            }
        }
        return data
    }
}

extension ImportedJournal {
    /// The entries without any text (a jrnl entry of a date alone), which become no note. A
    /// Daylio entry of a mood alone is not one of them: its mood is the day's.
    public var emptyEntries: Int {
        days.reduce(0) { $0 + $1.entries.count(where: { $0.isEmpty && $0.rating == nil }) }
    }
}

extension ImportedEntry {
    /// True when the entry has no text, only spaces or none: it becomes no note.
    public var isEmpty: Bool { noteText.allSatisfy(\.isWhitespace) }
}

/// The local time zone's offset from UTC, in seconds, at a local date and minute (what
/// `mktime` says; 0 where it cannot tell).
public func localOffset(_ day: Day, _ minuteOfDay: Int) -> Int {
    let c = day.components
    var parts = tm()
    parts.tm_year = Int32(c.year - 1900)
    parts.tm_mon = Int32(c.month - 1)
    parts.tm_mday = Int32(c.day)
    parts.tm_hour = Int32(minuteOfDay / 60)
    parts.tm_min = Int32(minuteOfDay % 60)
    parts.tm_isdst = -1
    guard mktime(&parts) != -1 else { return 0 }
    return Int(parts.tm_gmtoff)
}
