import DaybookCore

/// How `search` reads: one hit a line, newest first: its date and time, the note's id (or
/// `mood` and the rating, for a mood's note), and the text with the matched words in bold.
/// As JSON, an array of `{"id", "kind", "date", "time", "rating", "text"}` (a stable interface).
public enum SearchView {
    /// `n12`, or `mood` for a mood's note.
    static func label(_ hit: SearchHit) -> String {
        switch hit.kind {
        case .note(let id): return id.description
        case .mood: return "mood"
        }
    }

    /// The time it was written, `21:40`, when that was on its own day; else a dash in the same
    /// five columns: a note written today for yesterday has no time of yesterday.
    static func clock(_ hit: SearchHit, appearance: Appearance) -> String {
        hit.writtenOnItsDay ? DayView.clock(hit.recordedAt) : "  " + appearance.dim(appearance.dash) + "  "
    }

    public static func text(_ hits: [SearchHit], appearance: Appearance, width: Int) -> [String] {
        let column = hits.map { label($0).count }.max() ?? 0
        let indent = String(repeating: " ", count: 10 + 1 + 5 + 2 + column + 2)
        var lines: [String] = []
        lines.reserveCapacity(hits.count)
        var date: (day: Day, text: String)? = nil  // hits come by day: each day's date is written once
        for hit in hits {
            let label = label(hit)
            if date?.day != hit.day { date = (hit.day, hit.day.iso) }
            let head =
                date!.text + " " + clock(hit, appearance: appearance) + "  " + appearance.dim(label)
                + String(repeating: " ", count: column - label.count + 2)
            var rating = ""
            if case .mood(let value) = hit.kind { rating = "\(value) \(Mood.label(value))" + appearance.separator }
            // Wider than `width`, the text (after the date, time and id) wraps under itself,
            // while 10 columns are left for it.
            for (index, line) in marked(hit.pieces, appearance: appearance, first: head + rating, indent: indent).enumerated() {
                // No character takes more columns than its UTF-8 bytes: most lines fit uncounted.
                if line.utf8.count <= width || Columns.width(line) <= width {
                    lines.append(line)
                } else if width - indent.count >= 10 {
                    let first = index == 0 ? head : indent
                    lines += Columns.wrapFitted(String(line.dropFirst(first.count)), width: width, first: first, indent: indent)
                } else {
                    lines += Columns.wrapLine(line, width: width)
                }
            }
        }
        return lines
    }

    /// The lines of a text given in pieces, after `first` on the first line and `indent` on the
    /// others: control characters made visible, matches in bold. Bold never spans a line break.
    static func marked(
        _ pieces: [(text: String, match: Bool)], appearance: Appearance, first: String, indent: String
    ) -> [String] {
        var lines: [String] = []
        var line = first
        for piece in pieces {
            // Most notes are one line: split only those that are not.
            var text = piece.text
            let parts =
                text.withUTF8 { $0.contains(10) }
                ? piece.text.utf8.split(separator: 10, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
                : [piece.text]
            for (index, part) in parts.enumerated() {
                if index > 0 {
                    lines.append(line)
                    line = indent
                }
                let shown = printable(part)
                line += piece.match && !shown.isEmpty ? appearance.bold(shown) : shown
            }
        }
        lines.append(line)
        return lines
    }

    public static func json(_ hits: [SearchHit]) -> String {
        jsonArray(
            hits.map { hit in
                let id: String
                let kind: String
                let rating: String
                switch hit.kind {
                case .note(let note):
                    (id, kind, rating) = (jsonString(note.description), jsonString("note"), "null")
                case .mood(let value):
                    (id, kind, rating) = ("null", jsonString("mood"), String(value))
                }
                return jsonObject([
                    ("id", id), ("kind", kind), ("date", jsonString(hit.day.iso)), ("time", jsonString(hit.recordedAt)),
                    ("rating", rating), ("text", jsonString(hit.text)),
                ])
            })
    }
}

/// How `tags` reads: each tag, the number of notes and moods that carry it, and the last day it
/// was used, most used first. As JSON, `[{"tag", "count", "last"}]` (a stable interface).
public enum TagsView {
    public static func text(_ tags: [TagUse], appearance: Appearance, width: Int) -> [String] {
        let names = tags.map { "#" + printable($0.name) }
        let counts = tags.map { ValueType.count.format(Double($0.count)) }
        let nameColumn = names.map(\.count).max() ?? 0
        let countColumn = counts.map(\.count).max() ?? 0
        return tags.indices.map { i in
            names[i] + String(repeating: " ", count: nameColumn - names[i].count + 2)
                + String(repeating: " ", count: countColumn - counts[i].count) + counts[i] + "  "
                + appearance.dim("last " + tags[i].last.iso)
        }
    }

    public static func json(_ tags: [TagUse]) -> String {
        jsonArray(
            tags.map {
                jsonObject([("tag", jsonString($0.name)), ("count", String($0.count)), ("last", jsonString($0.last.iso))])
            })
    }
}

/// How `show --history n12` reads: each change that wrote or removed a version of the note,
/// oldest first, then the note's text now.
public enum NoteHistoryView {
    static func word(_ what: NoteHistory.Event.What) -> String {
        switch what {
        case .written: return "written"
        case .edited: return "edited"
        case .deleted: return "deleted"
        case .undone: return "undone"
        case .other(let command): return command
        }
    }

    public static func text(_ history: NoteHistory, appearance: Appearance, width: Int) -> [String] {
        // The day the note is for, and the date and time it was written, which may be another
        // day's (a note written with --on, or before the day's start).
        let written = String(history.recordedAt.prefix(10)) + " " + DayView.clock(history.recordedAt)
        var lines = [appearance.bold("\(history.id), a note for \(history.day.long), written \(written)")]
        let column = max(7, (history.events.map { word($0.what).count }.max() ?? 0)) + 2
        let indent = String(repeating: " ", count: 2 + 16 + 2 + column)
        func row(_ at: String, _ word: String, _ text: String) -> String {
            guard !text.isEmpty else { return "  " + at + "  " + word }
            return "  " + at + "  " + word + String(repeating: " ", count: column - word.count) + text
        }
        for event in history.events {
            let at = String(event.at.prefix(10)) + " " + DayView.clock(event.at)
            var text = event.text.map { DayView.multiline($0, indent: indent) } ?? ""
            if case .undone(let what) = event.what { text = appearance.dim(printable(ChangeWords.text(what))) }
            lines.append(row(at, word(event.what), text))
        }
        let now = history.current.map { DayView.multiline($0, indent: indent) } ?? appearance.dim("deleted")
        lines.append(row(String(repeating: " ", count: 16), "now", now))
        // A line wider than `width` wraps under its text.
        return DayView.split(lines).flatMap { Columns.wrapLine($0, width: width, hanging: indent.count) }
    }

    public static func json(_ history: NoteHistory) -> String {
        let events = history.events.map { event in
            var undid = "null"
            if case .undone(let what) = event.what { undid = jsonString(ChangeWords.text(what)) }
            return jsonObject([
                ("time", jsonString(event.at)), ("change", jsonString(word(event.what))),
                ("text", event.text.map(jsonString) ?? "null"), ("undid", undid),
            ])
        }
        return jsonObject([
            ("id", jsonString(history.id.description)), ("date", jsonString(history.day.iso)),
            ("time", jsonString(history.recordedAt)), ("events", jsonArray(events)),
            ("text", history.current.map(jsonString) ?? "null"),
        ])
    }
}
