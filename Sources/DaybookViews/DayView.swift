import DaybookCore

/// How a day reads, as text and as JSON. The JSON form is a stable interface:
/// `{"date", "mood": {"rating", "label", "note"} | null, "notes": [{"id", "time", "text"}], "tags", "values"}`.
public enum DayView {
    public static func json(_ record: DayRecord) -> String {
        let mood =
            record.mood.map {
                jsonObject([
                    ("rating", String($0.rating)), ("label", jsonString(Mood.label($0.rating))), ("note", jsonString($0.note)),
                ])
            } ?? "null"
        let notes = jsonArray(
            record.notes.map { note in
                jsonObject(
                    (note.id.map { [("id", jsonString($0.description))] } ?? [])
                        + [
                            ("time", jsonString(note.recordedAt)),
                            ("at", note.timeOfDay.map { jsonString(formatTimeOfDay(Double($0))) } ?? "null"),
                            ("text", jsonString(note.text)),
                        ])
            })
        let tags = jsonArray(record.tags.map(jsonString))
        let values = jsonObject(record.values.map { ($0.attribute.name, $0.attribute.type.valueJSON($0.value)) })
        // Damaged values (not numbers daybook can use) by attribute name, only when there are any.
        let damaged = record.damaged.isEmpty ? [] : [("damaged", jsonArray(record.damaged.map { jsonString($0.name) }))]
        return jsonObject(
            [
                ("date", jsonString(record.day.iso)), ("mood", mood), ("notes", notes), ("tags", tags), ("values", values),
            ] + damaged)
    }

    /// `09:12` from an ISO-8601 timestamp.
    public static func clock(_ iso: String) -> String {
        // Over UTF-8: a search shows thousands of these.
        let bytes = iso.utf8
        guard let t = bytes.firstIndex(of: UInt8(ascii: "T")) else { return "" }
        return String(decoding: bytes[bytes.index(after: t)...].prefix(5), as: UTF8.self)
    }

    /// What a note is shown under: the time of day it is about, or `note` when that is not
    /// known (a note written on another day, without `--at`).
    static func label(_ note: DayRecord.Note) -> String {
        note.timeOfDay.map { formatTimeOfDay(Double($0)) } ?? "note"
    }

    /// ` · written 21 Nov` after a note written on another day than its own; nothing otherwise.
    static func written(_ note: DayRecord.Note, on day: Day, appearance: Appearance) -> String {
        guard let written = note.writtenOn else { return "" }
        let date = "\(written.dayOfMonth) \(Day.monthNames[written.month - 1].prefix(3))"
        return appearance.separator + appearance.dim("written " + date + (written.year == day.year ? "" : " \(written.year)"))
    }

    /// Each line of `lines` that holds several (a note typed across a continued quote), as lines.
    static func split(_ lines: [String]) -> [String] {
        lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
    }

    /// A note of several lines (typed across a continued quote), its later lines indented.
    static func multiline(_ text: String, indent: String) -> String {
        guard text.contains("\n") else { return printable(text) }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { printable(String($0)) }
            .joined(separator: "\n" + indent)
    }

    /// The full day, for `show`.
    public static func text(_ record: DayRecord, appearance: Appearance, width: Int) -> [String] {
        var lines = [appearance.bold(record.day.long)]
        guard Columns.width(record.day.long) <= width else {
            // Narrower than the date itself: every line wrapped where it can.
            return text(record, appearance: appearance, width: 1000).flatMap {
                Columns.wrapLine($0, width: width, hanging: 2)
            }
        }
        if record.isEmpty {
            lines.append("  " + appearance.dim("nothing recorded"))
            return lines
        }
        let labels = ["mood", "tags"] + record.values.map(\.attribute.name) + record.damaged.map(\.name)
        let column = max(8, (labels.map(\.count).max() ?? 0) + 2)
        func row(_ label: String, _ text: String) -> String {
            "  " + label + String(repeating: " ", count: max(1, column - label.count)) + text
        }
        if let mood = record.mood {
            let note =
                mood.note.isEmpty
                ? "" : appearance.separator + multiline(mood.note, indent: String(repeating: " ", count: 2 + column))
            lines.append(row("mood", "\(mood.rating) \(Mood.label(mood.rating))" + note))
        }
        for note in record.notes {
            // The note's id last, after its text: `edit n12` and `delete n12` name it.
            let id = note.id.map { appearance.separator + appearance.dim($0.description) } ?? ""
            lines.append(
                row(
                    label(note),
                    multiline(note.text, indent: String(repeating: " ", count: 2 + column))
                        + written(note, on: record.day, appearance: appearance) + id))
        }
        for (attribute, value) in record.values {
            lines.append(row(attribute.name, attribute.format(value)))
        }
        for attribute in record.damaged {
            lines.append(row(attribute.name, appearance.dim(Words.damagedValue)))
        }
        if !record.tags.isEmpty {
            lines.append(row("tags", record.tags.map { "#" + printable($0) }.joined(separator: " ")))
        }
        // A line wider than `width` (a long note) wraps under its text.
        return split(lines).flatMap { Columns.wrapLine($0, width: width, hanging: 2 + column) }
    }
}
