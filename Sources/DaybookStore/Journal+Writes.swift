import DaybookCore
// Writes: moods, notes with their tags, values, and the daily values derived from them.
extension Journal {
    /// Sets the day's mood, replacing any earlier one (which stays in the change log). A nil
    /// `note` keeps the note of the day's earlier mood; a note, even an empty one, replaces it.
    /// Says what became of the earlier note.
    @discardableResult
    public func setMood(day: Day, rating: Int, note: String?) throws -> MoodNoteOutcome {
        let summary = "mood \(rating) (\(Mood.label(rating))) for \(day.iso)"
        return try change("mood", summary, facts: .mood(day, rating: rating)) { id in
            let earlier = try database.scalarText(
                "SELECT note FROM mood WHERE day = ? AND removed_by IS NULL", [.text(day.iso)]) ?? ""
            let outcome: MoodNoteOutcome =
                earlier.isEmpty || note == earlier ? .unchanged
                : note == nil ? .kept : note!.isEmpty ? .removed : .replaced
            let note = note ?? earlier
            try database.run(
                "UPDATE mood SET removed_by = ? WHERE day = ? AND removed_by IS NULL", [.integer(id), .text(day.iso)])
            try database.run(
                "UPDATE tag SET removed_by = ? WHERE day = ? AND mood_id IS NOT NULL AND removed_by IS NULL",
                [.integer(id), .text(day.iso)])
            let moodID = try insertMood(day: day, rating: rating, note: note, recordedAt: timestamp(), addedBy: id)
            try insertTags(extractTags(note), day: day, noteID: nil, moodID: moodID, addedBy: id)
            return outcome
        }
    }

    /// Adds a note to the day, stamped with when it was written. `at` is the time of day it
    /// is about, in minutes after midnight, when one was given. A note without text (empty,
    /// or only spaces of any kind) is refused: an export could not bring it back.
    public func addNote(day: Day, text: String, at: Int? = nil) throws {
        try Journal.requireText(text)
        let summary = "a note on \(day.iso)"
        try change("note", summary, facts: .note(day)) { id in
            let noteID = try insertNote(day: day, text: text, at: at, recordedAt: timestamp(), addedBy: id)
            try insertTags(extractTags(text), day: day, noteID: noteID, moodID: nil, addedBy: id)
        }
    }

    /// Records values for a day, all in one change. Unless `force` is given, a value outside
    /// its attribute's plausible range throws `ImplausibleValue`, and so does a day's total
    /// that the values would take outside it; then none of the values is written. Returns the
    /// day's totals where the values added to what the day held (`dayTotals`).
    @discardableResult
    public func log(day: Day, _ values: [(Attribute, Double)], force: Bool = false) throws -> [LoggedTotal] {
        if !force {
            for (attribute, value) in values { try (attributesByName[attribute.name] ?? attribute).checkPlausible(value) }
        }
        let totals = try dayTotals(day: day, values, force: force)
        let summary =
            "log " + values.map { "\($0.0.name) \($0.0.type.format($0.1))" }.joined(separator: ", ") + " for \(day.iso)"
        try change("log", summary, facts: .log(day, values)) { id in
            let stamp = timestamp()
            for (attribute, value) in values {
                try insertEntry(attribute: attribute.name, day: day, value: value, recordedAt: stamp, addedBy: id)
            }
        }
        return totals
    }

    // MARK: Derived daily values

    /// Brings `day_value` up to date for every (attribute, day) written since the last flush,
    /// then the goal streaks that depend on them (`flushStreaks`).
    package func flushDerived() throws {
        // Daily values written now fire the triggers that list them in goal_dirty.
        if !dirtyValues.isEmpty || !appendedValues.isEmpty { streaksMayBeStale = true }
        try flushDailyValues()
        try flushStreaks()
    }

    /// Where values were only logged, and the attribute's aggregation gives from the stored
    /// value and the new ones exactly what it gives over all the day's entries (a sum adds in
    /// the order logged, as it does over the entries; last, min and max), the stored value is
    /// updated; otherwise it is recomputed from the day's entries.
    func flushDailyValues() throws {
        guard !dirtyValues.isEmpty || !appendedValues.isEmpty else { return }
        largestPendingDailyValues = max(largestPendingDailyValues, dirtyValues.count + appendedValues.count)
        var keys = dirtyValues
        let appended = appendedValues
        dirtyValues.removeAll()
        appendedValues.removeAll()
        for (key, values) in appended where !keys.contains(key) {
            guard let attribute = attributesByName[key.attribute], let step = DayValueStep.appending(attribute) else {
                keys.insert(key)
                continue
            }
            for value in values {
                try storeDayValue(key, .real(value), entries: 1, step)
            }
        }
        for key in keys {
            let read = try database.rows(
                "SELECT value FROM entry WHERE attribute = ? AND day = ? AND removed_by IS NULL ORDER BY id",
                [.text(key.attribute), .text(key.day)]
            ) { $0.storedValue(0) }
            let values = read.compactMap { $0 }
            if attributesByName[key.attribute] != nil, values.count < read.count {
                // A damaged entry (`storedValue`) makes the day's value damaged: stored as text,
                // which every read takes as damaged, so that it is in no sum and the views say so.
                try storeDayValue(key, .text("damaged"), entries: read.count, .set)
            } else if let attribute = attributesByName[key.attribute],
                let value = attribute.aggregation.combine(values, type: attribute.type)
            {
                try storeDayValue(key, .real(value), entries: values.count, .set)
            } else {
                try database.run(
                    "DELETE FROM day_value WHERE attribute = ? AND day = ?", [.text(key.attribute), .text(key.day)])
            }
        }
    }

    /// The one insert into `day_value`: the day's value as `step` says, from `value` and the
    /// stored one (`DayValueStep`).
    private func storeDayValue(_ key: DirtyKey, _ value: SQLValue, entries: Int, _ step: DayValueStep) throws {
        try database.run(
            DayValueStep.sql, [.text(key.attribute), .text(key.day), value, .integer(Int64(entries)), .text(step.rawValue)])
    }
}

/// How `flushDailyValues` stores a day's value (`day_value`): `set` puts the value recomputed
/// from the day's entries (or `damaged`) and their count; the others add one more logged value
/// to the stored one, as the attribute's aggregation does over the ordered entries (on a tie,
/// min keeps the earlier value and max takes the later). A damaged day's value (not a number)
/// stays damaged.
enum DayValueStep: String {
    case set, sum, last, min, max

    static let sql = """
        INSERT INTO day_value (attribute, day, value, entries) VALUES (?1, ?2, ?3, ?4) \
        ON CONFLICT (attribute, day) DO UPDATE SET value = CASE \
        WHEN ?5 = 'set' THEN excluded.value \
        WHEN typeof(value) NOT IN ('integer', 'real') THEN value \
        WHEN ?5 = 'sum' THEN value + excluded.value \
        WHEN ?5 = 'min' THEN CASE WHEN excluded.value < value THEN excluded.value ELSE value END \
        WHEN ?5 = 'max' THEN CASE WHEN excluded.value >= value THEN excluded.value ELSE value END \
        ELSE excluded.value END, \
        entries = CASE WHEN ?5 = 'set' THEN excluded.entries ELSE entries + 1 END
        """

    /// The step that adds one logged value of `attribute` to a day's stored value, or nil when
    /// its aggregation needs all the day's entries (an average, the min or max of times of day,
    /// which are ordered around their mean).
    static func appending(_ attribute: Attribute) -> DayValueStep? {
        switch attribute.aggregation {
        case .last: return .last
        case .sum: return attribute.type.isCircular ? .last : .sum
        case .min: return attribute.type.isCircular ? nil : .min
        case .max: return attribute.type.isCircular ? nil : .max
        case .average: return nil
        }
    }
}

extension Journal {
    /// Refuses a note's text that is empty or only spaces (of any kind, such as U+3000),
    /// whichever way it comes: `note`, `edit` or the check-in.
    static func requireText(_ text: String) throws {
        guard text.allSatisfy(\.isWhitespace) else { return }
        throw JournalError("a note needs some text; this one is \(text.isEmpty ? "empty" : "only spaces")")
    }
}
