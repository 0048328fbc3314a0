import DaybookCore

/// The three forms of `export`: JSON and CSV, which `import` reads back to the same journal,
/// and Markdown, for reading. `DaybookExportReader` is their reader; the README's "Import and
/// export" describes them.
public enum ExportView {
    /// The form of an export.
    public enum Format: String, Sendable, CaseIterable {
        case json, csv, markdown

        public static let names = allCases.map(\.rawValue)

        /// The form a file name's extension asks for: `.csv`, `.md` or `.markdown`, else JSON.
        public static func forFile(_ path: String) -> Format {
            let lower = path.lowercased()
            if lower.hasSuffix(".csv") { return .csv }
            if lower.hasSuffix(".md") || lower.hasSuffix(".markdown") { return .markdown }
            return .json
        }

        /// The extension of the file name at the end of `path` when no form reads it (`xlsx`
        /// in `out.xlsx`); nil for `.json`, `.csv`, `.md`, `.markdown` and a name without one.
        public static func foreignExtension(_ path: String) -> String? {
            let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
            guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
            let ext = String(name[name.index(after: dot)...])
            guard !ext.isEmpty, !["json", "csv", "md", "markdown"].contains(ext.lowercased()) else { return nil }
            return ext
        }
    }

    // MARK: JSON

    /// One JSON document: the format and its version, then `settings`, `attributes`, `goals`,
    /// `moods`, `notes` and `values`, one record a line. Text is escaped as `--json` escapes
    /// it (control, bidirectional and zero-width characters as `\uXXXX`), which reads back the same.
    /// The line an export says on standard error when it left out damaged values:
    /// `left out 1 damaged value (not a number daybook can use): steps on 2026-11-20`.
    public static func damagedNote(_ damaged: [JournalExport.DamagedValue]) -> String {
        let shown = damaged.prefix(5).map { "\(printable($0.attribute)) on \($0.day.iso)" }
        let more = damaged.count > 5 ? ", and \(damaged.count - 5) more" : ""
        let noun = Words.noun(Words.damagedValue, count: damaged.count)
        return "left out \(ValueType.count.format(Double(damaged.count))) \(noun) (not a number daybook can use): "
            + shown.joined(separator: ", ") + more
    }

    public static func json(_ data: JournalExport) -> String {
        var out =
            "{\n  \"format\": \(jsonString(JournalExport.formatName)),\n  \"version\": \(JournalExport.formatVersion),\n"
        out.reserveCapacity(data.notes.reduce(0) { $0 + $1.text.utf8.count + 120 } + data.values.count * 110 + 4096)
        func list(_ name: String, _ items: [String], last: Bool = false) {
            out += "  " + jsonString(name) + ": ["
            if items.isEmpty {
                out += "]"
            } else {
                out += "\n"
                for (index, item) in items.enumerated() {
                    out += "    " + item + (index + 1 < items.count ? ",\n" : "\n")
                }
                out += "  ]"
            }
            out += last ? "\n" : ",\n"
        }
        let types = Dictionary(data.attributes.map { ($0.attribute.name, $0.attribute.type) }) { a, _ in a }
        list(
            "settings",
            data.settings.map { jsonObject([("name", jsonString($0.name)), ("value", jsonString($0.value))]) })
        list(
            "attributes",
            data.attributes.map(\.attribute).map {
                jsonObject([
                    ("name", jsonString($0.name)), ("type", jsonString($0.type.rawValue)),
                    ("aggregation", jsonString($0.aggregation.rawValue)), ("unit", jsonString($0.unit)),
                    ("group", jsonString($0.group)), ("builtin", $0.builtin ? "true" : "false"),
                    ("range_min", $0.range?.min.map(exportNumber) ?? "null"),
                    ("range_max", $0.range?.max.map(exportNumber) ?? "null"),
                ])
            })
        list(
            "goals",
            data.goals.map {
                jsonObject([
                    ("attribute", jsonString($0.attribute)), ("since", jsonString($0.since.iso)),
                    ("period", $0.period.map { jsonString($0.rawValue) } ?? "null"),
                    ("min", $0.min.map(exportNumber) ?? "null"), ("max", $0.max.map(exportNumber) ?? "null"),
                ] + ($0.total ? [("aggregation", jsonString("sum"))] : []))
            })
        list(
            "moods",
            data.moods.map {
                jsonObject([
                    ("date", jsonString($0.day.iso)), ("time", jsonString($0.recordedAt)),
                    ("rating", String($0.rating)),
                    ("label", jsonString(Mood.label($0.rating))), ("note", jsonString($0.note)),
                    ("tags", jsonArray($0.tags.map(jsonString))),
                ])
            })
        list(
            "notes",
            data.notes.map {
                jsonObject([
                    ("id", $0.id.map { String($0) } ?? "null"), ("date", jsonString($0.day.iso)),
                    ("time", jsonString($0.recordedAt)),
                    ("at", $0.at.map { jsonString(formatTimeOfDay(Double($0))) } ?? "null"),
                    ("text", jsonString($0.text)), ("tags", jsonArray($0.tags.map(jsonString))),
                ])
            })
        list(
            "values",
            data.values.map {
                var fields = [
                    ("date", jsonString($0.day.iso)), ("time", jsonString($0.recordedAt)),
                    ("attribute", jsonString($0.attribute)), ("value", exportNumber($0.value)),
                ]
                if let type = types[$0.attribute] { fields.append(("shown", jsonString(type.typed($0.value)))) }
                if let source = $0.source { fields.append(("source", jsonString(source))) }
                if let file = $0.file { fields.append(("file", jsonString(file))) }
                return jsonObject(fields)
            }, last: true)
        return out + "}\n"
    }

    // MARK: CSV

    /// One file of rows, the first naming the columns (`DaybookExportReader.csvColumns`), the
    /// second the format and its version, then one row per record with its `kind`: setting,
    /// attribute, goal, mood, note, value. UTF-8 with a byte-order mark (so that spreadsheets
    /// read it as UTF-8), CRLF between rows, fields quoted where they hold a comma, a quote or
    /// a line break, and a cell that a spreadsheet would run as a formula (`=HYPERLINK(...)`)
    /// written with a leading `'` (`CSVFormula`), which import takes off again. `printable` makes control and bidirectional characters visible and leaves
    /// the byte-order mark out, for a terminal; a file keeps the text as it is.
    public static func csv(_ data: JournalExport, printable visible: Bool = false) -> String {
        var writer = CSVWriter(byteOrderMark: !visible)
        let columns = DaybookExportReader.csvColumns
        let index = Dictionary(uniqueKeysWithValues: columns.enumerated().map { ($1, $0) })
        writer.writeRow(columns)
        func row(_ kind: String, _ fields: [(String, String)]) {
            var cells = [String](repeating: "", count: columns.count)
            cells[0] = kind
            for (name, value) in fields { cells[index[name]!] = CSVFormula.neutralised(visible ? printable(value) : value) }
            writer.writeRow(cells)
        }
        let types = Dictionary(data.attributes.map { ($0.attribute.name, $0.attribute.type) }) { a, _ in a }
        row("format", [("name", JournalExport.formatName), ("value", String(JournalExport.formatVersion))])
        for setting in data.settings { row("setting", [("name", setting.name), ("value", setting.value)]) }
        for attribute in data.attributes.map(\.attribute) {
            row(
                "attribute",
                [
                    ("name", attribute.name), ("type", attribute.type.rawValue),
                    ("aggregation", attribute.aggregation.rawValue), ("unit", attribute.unit),
                    ("group", attribute.group), ("builtin", attribute.builtin ? "true" : "false"),
                    ("range_min", attribute.range?.min.map(exportNumber) ?? ""),
                    ("range_max", attribute.range?.max.map(exportNumber) ?? ""),
                ])
        }
        for goal in data.goals {
            row(
                "goal",
                [
                    ("date", goal.since.iso), ("name", goal.attribute), ("period", goal.period?.rawValue ?? ""),
                    ("min", goal.min.map(exportNumber) ?? ""), ("max", goal.max.map(exportNumber) ?? ""),
                ] + (goal.total ? [("aggregation", "sum")] : []))
        }
        for mood in data.moods {
            row(
                "mood",
                [
                    ("date", mood.day.iso), ("time", mood.recordedAt), ("name", Mood.label(mood.rating)),
                    ("value", String(mood.rating)), ("text", mood.note), ("tags", mood.tags.joined(separator: " ")),
                ])
        }
        for note in data.notes {
            row(
                "note",
                [
                    ("date", note.day.iso), ("time", note.recordedAt), ("id", note.id.map { String($0) } ?? ""),
                    ("text", note.text), ("tags", note.tags.joined(separator: " ")),
                    ("at", note.at.map { formatTimeOfDay(Double($0)) } ?? ""),
                ])
        }
        for value in data.values {
            row(
                "value",
                [
                    ("date", value.day.iso), ("time", value.recordedAt), ("name", value.attribute),
                    ("value", exportNumber(value.value)), ("text", types[value.attribute]?.typed(value.value) ?? ""),
                    ("source", value.source ?? ""), ("file", value.file ?? ""),
                ])
        }
        return writer.text
    }

    // MARK: Markdown

    /// A readable journal: a heading per day that holds anything, then its mood, its values
    /// (each day's value, as `show` gives it) and its notes with their times. Text is made
    /// printable and kept from reading as Markdown structure, HTML or a link to a script; this
    /// form is not read back.
    public static func markdown(_ data: JournalExport) -> String {
        var attributes: [String: Attribute] = [:]
        var order: [String: Int] = [:]
        for (position, definition) in data.attributes.enumerated() {
            attributes[definition.attribute.name] = definition.attribute
            order[definition.attribute.name] = position
        }
        var moods: [Day: JournalExport.MoodRecord] = [:]
        for mood in data.moods { moods[mood.day] = mood }
        var notes: [Day: [JournalExport.NoteRecord]] = [:]
        for note in data.notes { notes[note.day, default: []].append(note) }
        var values: [Day: [String: [Double]]] = [:]
        for value in data.values { values[value.day, default: [:]][value.attribute, default: []].append(value.value) }

        let dayStart = data.dayStartMinutes
        var out = "# Journal\n"
        for day in data.days {
            out += "\n## \(day.long)\n\n"
            if let mood = moods[day] {
                out += "- **mood** \(mood.rating) \(Mood.label(mood.rating))"
                if !mood.note.isEmpty { out += " · " + markdownText(mood.note, indent: "  ") }
                out += "\n"
            }
            let logged = (values[day] ?? [:]).sorted {
                (order[$0.key] ?? Int.max, $0.key) < (order[$1.key] ?? Int.max, $1.key)
            }
            for (name, list) in logged {
                guard let attribute = attributes[name],
                    let value = attribute.aggregation.combine(list, type: attribute.type)
                else { continue }
                out += "- **\(markdownText(name, indent: ""))** \(attribute.format(value))\n"
            }
            for record in notes[day] ?? [] {
                // Under the time of day it is about, as `show` gives it; a note written on
                // another day says so.
                let note = DayRecord.Note(
                    recordedAt: record.recordedAt, text: record.text, at: record.at, of: day, dayStart: dayStart)
                out += "- **\(DayView.label(note))** " + markdownText(note.text, indent: "  ")
                    + DayView.written(note, on: day, appearance: .plain) + "\n"
            }
        }
        return out
    }

    /// Text for a Markdown list item: printable, each later line indented under the item and
    /// ended with a hard line break, HTML and links to scripts kept from working
    /// (`escapeHTMLAndScriptLinks`), and what would start a heading, a list, a quote, a rule
    /// or a code block at the start of a line escaped.
    static func markdownText(_ text: String, indent: String) -> String {
        let lines = escapeHTMLAndScriptLinks(text.replacingAll("\r\n", with: "\n").replacingAll("\r", with: "\n"))
        let parts = lines.split(separator: "\n", omittingEmptySubsequences: false).map {
            escapeLineStart(printable(String($0)))
        }
        var out = ""
        for (index, part) in parts.enumerated() {
            if index > 0 {
                out += part.isEmpty ? "\n" : "  \n" + indent
                if part.isEmpty { continue }
            }
            out += part
        }
        return out
    }

    /// Schemes a browser runs or renders as a page of their own when a link is followed.
    static let scriptSchemes = ["javascript:", "vbscript:", "data:"]

    /// `&` and `<` as `&amp;` and `&lt;`, so that no HTML tag (`<script>`, `<img onerror=...>`),
    /// autolink or character reference (`&#106;avascript:`) reaches a renderer; and `\` before
    /// the `(` of a link, or the `:` of a link definition, whose destination is a script
    /// (`[x](javascript:...)`, any letter case, backslash escapes and leading blanks ignored),
    /// so that it shows as the text it is and is never a link.
    static func escapeHTMLAndScriptLinks(_ text: String) -> String {
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (i, scalar) in scalars.enumerated() {
            if scalar == "&" {
                out.append(contentsOf: "&amp;".unicodeScalars)
            } else if scalar == "<" {
                out.append(contentsOf: "&lt;".unicodeScalars)
            } else {
                if scalar == "(" || scalar == ":", i > 0, scalars[i - 1] == "]", linksToScript(scalars[(i + 1)...]) {
                    out.append("\\")
                }
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// True when a link destination starting here names a script scheme.
    private static func linksToScript(_ destination: ArraySlice<Unicode.Scalar>) -> Bool {
        var scheme = ""
        for scalar in destination.drop(while: { $0 == " " || $0 == "\t" || $0 == "\n" }) {
            if scalar == "\\" { continue }
            scheme.unicodeScalars.append(scalar)
            if scheme.unicodeScalars.count >= 11 { break }
        }
        let lower = scheme.lowercased()
        return scriptSchemes.contains { lower.hasPrefix($0) }
    }

    /// `\` before what would make a line Markdown structure: `# `, `> `, `- `, `+ `, `* `,
    /// `1. `, `1) `, a rule or underline (`---`, `***`, `===`), a fence (```` ``` ````, `~~~`).
    static func escapeLineStart(_ line: String) -> String {
        let scalars = Array(line.unicodeScalars)
        var i = 0
        while i < scalars.count, scalars[i] == " " { i += 1 }
        guard i < scalars.count else { return line }
        let first = scalars[i]
        let next: Unicode.Scalar? = i + 1 < scalars.count ? scalars[i + 1] : nil
        let spaceAfter = next == nil || next == " " || next == "\t"
        let rest = scalars[i...]
        var escape = false
        switch first {
        case "#":
            escape = rest.prefix { $0 == "#" }.count <= 6 && (rest.drop { $0 == "#" }.first.map { $0 == " " } ?? true)
        case ">": escape = true
        case "-", "+", "*", "=", "_":
            escape = spaceAfter && first != "=" && first != "_"
            if rest.allSatisfy({ $0 == first || $0 == " " }) && rest.filter({ $0 == first }).count >= 2 {
                escape = true
            }
        case "`", "~": escape = rest.prefix { $0 == first }.count >= 3
        case "0"..."9":
            let digits = rest.prefix { ("0"..."9").contains($0) }.count
            if digits <= 9, i + digits < scalars.count, scalars[i + digits] == "." || scalars[i + digits] == ")",
                i + digits + 1 == scalars.count || scalars[i + digits + 1] == " "
            {
                var out = scalars
                out.insert("\\", at: i + digits)
                return String(String.UnicodeScalarView(out))
            }
        default: break
        }
        guard escape else { return line }
        var out = scalars
        out.insert("\\", at: i)
        return String(String.UnicodeScalarView(out))
    }
}
