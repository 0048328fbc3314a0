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
                        + [("time", jsonString(note.recordedAt)), ("text", jsonString(note.text))])
            })
        let tags = jsonArray(record.tags.map(jsonString))
        let values = jsonObject(record.values.map { ($0.attribute.name, $0.attribute.type.json($0.value)) })
        return jsonObject([
            ("date", jsonString(record.day.iso)), ("mood", mood), ("notes", notes), ("tags", tags), ("values", values),
        ])
    }

    /// `09:12` from an ISO-8601 timestamp.
    public static func clock(_ iso: String) -> String {
        // Over UTF-8: a search shows thousands of these.
        let bytes = iso.utf8
        guard let t = bytes.firstIndex(of: UInt8(ascii: "T")) else { return "" }
        return String(decoding: bytes[bytes.index(after: t)...].prefix(5), as: UTF8.self)
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
        if record.isEmpty {
            lines.append("  " + appearance.dim("nothing recorded"))
            return lines
        }
        let labels = ["mood", "tags"] + record.values.map(\.attribute.name)
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
                row(clock(note.recordedAt), multiline(note.text, indent: String(repeating: " ", count: 2 + column)) + id))
        }
        for (attribute, value) in record.values {
            lines.append(row(attribute.name, attribute.format(value)))
        }
        if !record.tags.isEmpty {
            lines.append(row("tags", record.tags.map { "#" + printable($0) }.joined(separator: " ")))
        }
        return split(lines)
    }

    /// One day of a week: a heading line and indented details.
    public static func compact(_ record: DayRecord, appearance: Appearance, width: Int) -> [String] {
        let head = record.day.short
        let indent = String(repeating: " ", count: 12)
        var body: [String] = []
        if let mood = record.mood {
            body.append(
                "mood \(mood.rating) \(Mood.label(mood.rating))"
                    + (mood.note.isEmpty ? "" : appearance.separator + multiline(mood.note, indent: indent)))
        }
        if !record.values.isEmpty {
            body.append(
                record.values.map { "\($0.attribute.name) \($0.attribute.format($0.value))" }
                    .joined(separator: appearance.separator))
        }
        for note in record.notes {
            body.append(clock(note.recordedAt) + " " + multiline(note.text, indent: indent + "      "))
        }
        if !record.tags.isEmpty { body.append(record.tags.map { "#" + printable($0) }.joined(separator: " ")) }
        if body.isEmpty { body.append(appearance.dim(appearance.dash)) }
        let padded = head + String(repeating: " ", count: max(1, 12 - head.count))
        return split([appearance.bold(padded) + body[0]] + body.dropFirst().map { indent + $0 })
    }
}
