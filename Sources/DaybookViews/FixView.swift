import DaybookCore

/// What `delete` is about to remove, shown before it asks: a note with its text, a day's mood,
/// or an attribute's values on a day.
public enum FixView {
    /// `n12, the note of Friday 20 November 2026 at 21:40:` and the text, indented.
    public static func note(_ version: NoteVersion, appearance: Appearance) -> [String] {
        ["\(version.id), the note of \(version.day.long) at \(DayView.clock(version.recordedAt)):"]
            + DayView.split(["    " + DayView.multiline(version.text, indent: "    ")])
    }

    /// `the mood of Friday 20 November 2026: 4 good · walked by the sea`
    public static func mood(day: Day, rating: Int, note: String, appearance: Appearance) -> [String] {
        let text = note.isEmpty ? "" : appearance.separator + DayView.multiline(note, indent: "    ")
        return DayView.split(["the mood of \(day.long): \(rating) \(Mood.label(rating))" + text])
    }

    /// `steps on Friday 20 November 2026: 9,120 (2 entries)`
    public static func values(
        _ attribute: Attribute, day: Day, values: DeletedValues, appearance: Appearance
    ) -> [String] {
        let value = values.damaged ? Words.damagedValue : values.value.map { attribute.formatWithUnit($0) } ?? appearance.dash
        let entries = values.entries == 1 ? "1 entry" : "\(values.entries) entries"
        return ["\(attribute.name) on \(day.long): \(value) (\(entries))"]
    }
}
