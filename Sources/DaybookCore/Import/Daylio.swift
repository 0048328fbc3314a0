/// Reads Daylio's CSV export ("Export entries" → CSV) as phones write it.
///
/// - Columns are found by their names in the first line, in any order: `full_date` (or, in
///   older exports, `year` with `date`), `time` and `mood` are needed; `activities`, `scales`,
///   `note_title` and `note` are read when present; `weekday` is ignored (the date says it), and
///   any other column's value is kept in the note under the column's name. The
///   older `year,date,weekday,time,mood,activities,note` and the newer
///   `full_date,date,weekday,time,mood,activities,[scales,]note_title,note` are both read.
///   Fields may be separated by commas, or by semicolons or tabs after a spreadsheet saved it.
/// - `full_date` (YYYY-MM-DD) is the date when it is there. Otherwise `year` and `date` give it,
///   `date` being a day and a month name in the phone's language (see `MonthNames`).
/// - The time is in 24 or 12 hours (see `ImportClock`).
/// - Rows may come newest first and several on one day; each row is one entry.
/// - Activities are separated by `|`; each becomes a daybook tag (see `ImportTags`) and keeps its
///   name. Spaces around a name and an activity named twice in a row are dropped.
/// - In notes and titles, `<br>` is a line break and HTML entities (`&amp;`, `&#39;`...) are
///   decoded; the rich text of newer versions reads as plain text (`<b>`, `<i>`, `<u>` and the
///   like dropped, paragraphs on lines of their own, list items as `- item`); CRLF is LF;
///   spaces and line breaks at either end are dropped.
/// - Mood labels are rated by `moods`. Every label it does not know is counted over the whole
///   file, and the error lists them with their counts and a ready-to-edit `--moods` argument.
/// - Any other problem stops the reading with an error naming the line and what was wrong.
public enum DaylioReader {
    public static func read(_ bytes: [UInt8], moods: DaylioMoods = .defaults) throws(ImportError) -> ImportedJournal {
        var state = try Parser(bytes: bytes, moods: moods)
        return try state.run()
    }

    public static func read(_ text: String, moods: DaylioMoods = .defaults) throws(ImportError) -> ImportedJournal {
        try read(Array(text.utf8), moods: moods)
    }

    private struct Columns {
        var fullDate, year, date, time, mood, activities, scales, title, note: Int?
        /// Columns daybook has no place for (`location`, `weather`...), kept in the note under
        /// their names: their index and name as the first line gives it.
        var others: [(index: Int, name: String)] = []
        var count = 0
    }

    private struct Parser {
        var reader: CSVReader
        let header: CSVRecord
        let columns: Columns
        let moods: DaylioMoods
        var ratingCache: [String: Int?] = [:]
        var timeCache: [String: (Int, Int)?] = [:]
        var dateCache: [String: (day: Int, month: Int)?] = [:]
        var tagCache: [String: ImportedTag] = [:]
        var activitiesCache: [String: [ImportedTag]] = [:]
        var unknown: [String: (label: String, count: Int, first: Int)] = [:]
        var labelsInOrder: [String] = []

        init(bytes: [UInt8], moods: DaylioMoods) throws(ImportError) {
            self.moods = moods
            var reader = try CSVReader(bytes: bytes, delimiter: Parser.delimiter(bytes))
            guard let header = try reader.next() else {
                throw ImportError(line: nil, "the file is empty; a Daylio export starts with a line of column names")
            }
            let columns = Parser.columns(header.fields)
            if let first = header.fields.first?.unicodeScalars.drop(while: { $0 == "\u{FEFF}" || $0 == " " }),
                first.first == "[" || first.first == "{", columns.mood == nil
            {
                throw ImportError(line: header.line, .jrnlJournal(expected: "a Daylio export"))
            }
            guard columns.time != nil, columns.mood != nil else {
                let names = ImportError.shown(header.fields.prefix(10).joined(separator: ","))
                throw ImportError(
                    line: header.line,
                    "this is not a Daylio export: its first line should name the columns full_date (or year and date), time and mood; it is '\(names)'"
                )
            }
            guard columns.fullDate != nil || (columns.year != nil && columns.date != nil) else {
                throw ImportError(
                    line: header.line,
                    "this Daylio export has no full_date column, nor year and date columns; the date is missing")
            }
            self.reader = reader
            self.header = header
            self.columns = columns
        }

        /// The delimiter of the first line: a comma, or a semicolon or tab when the line holds
        /// more of those (outside quotes), as spreadsheets save CSV in some languages.
        static func delimiter(_ bytes: [UInt8]) -> UInt8 {
            var counts: [UInt8: Int] = [:]
            var quoted = false
            for byte in bytes {
                if byte == 10 || byte == 13 { break }
                if byte == UInt8(ascii: "\"") { quoted.toggle() }
                if !quoted { counts[byte, default: 0] += 1 }
            }
            let comma = counts[UInt8(ascii: ","), default: 0]
            let semicolon = counts[UInt8(ascii: ";"), default: 0]
            let tab = counts[9, default: 0]
            if semicolon > comma && semicolon >= tab { return UInt8(ascii: ";") }
            if tab > comma && tab > semicolon { return 9 }
            return UInt8(ascii: ",")
        }

        static func columns(_ names: [String]) -> Columns {
            var columns = Columns()
            columns.count = names.count
            for (index, raw) in names.enumerated() {
                var name = DaylioMoods.fold(raw)
                if name.hasPrefix("\u{FEFF}") { name.removeFirst() }
                func set(_ keyPath: WritableKeyPath<Columns, Int?>) {
                    if columns[keyPath: keyPath] == nil {
                        columns[keyPath: keyPath] = index
                    } else {
                        columns.others.append((index, DaylioMoods.trim(Substring(raw))))  // a name given twice
                    }
                }
                switch name {
                case "full_date": set(\.fullDate)
                case "year": set(\.year)
                case "date": set(\.date)
                case "time": set(\.time)
                case "mood": set(\.mood)
                case "activities": set(\.activities)
                case "scales": set(\.scales)
                case "note_title": set(\.title)
                case "note": set(\.note)
                case "weekday": break  // the date says it
                default:
                    let shown = DaylioMoods.trim(Substring(raw.hasPrefix("\u{FEFF}") ? String(raw.dropFirst()) : raw))
                    if !shown.isEmpty { columns.others.append((index, shown)) }
                }
            }
            return columns
        }

        mutating func run() throws(ImportError) -> ImportedJournal {
            var entries: [ImportedEntry] = []
            while let record = try reader.next() {
                if let entry = try entry(record, endsWithDelimiter: reader.lastEndedWithDelimiter) {
                    entries.append(entry)
                }
            }
            if !unknown.isEmpty {
                let list = unknown.values.sorted { $0.first < $1.first }
                throw ImportError(unknownMoods: list.map { ($0.label, $0.count) }, moodLabels: labelsInOrder)
            }
            return ImportedJournal.grouping(.daylio, entries)
        }

        func field(_ record: CSVRecord, _ column: Int?) -> String {
            guard let column, column < record.fields.count else { return "" }
            return record.fields[column]
        }

        /// One row as an entry, nil for a blank one. A row with fewer fields than the first line
        /// has columns is read with the missing ones empty (a spreadsheet that saved the file
        /// may leave out empty fields at the end of a row), unless it ends with the delimiter
        /// (`endsWithDelimiter`): neither Daylio nor a spreadsheet writes such a row, and it is
        /// what a file cut short ends with.
        mutating func entry(_ record: CSVRecord, endsWithDelimiter: Bool) throws(ImportError) -> ImportedEntry? {
            let line = record.line
            if record.fields.allSatisfy(DaylioReader.isBlank) { return nil }
            if record.fields.count > columns.count, !record.fields[columns.count...].allSatisfy(DaylioReader.isBlank) {
                throw ImportError(
                    line: line,
                    "the row has \(record.fields.count) fields where the first line names \(columns.count) columns; a field that holds a comma must be in quotes"
                )
            }
            if record.fields.count < columns.count && endsWithDelimiter {
                let delimiter =
                    reader.delimiter == UInt8(ascii: ";") ? "a semicolon" : reader.delimiter == 9 ? "a tab" : "a comma"
                throw ImportError(
                    line: line,
                    "the row has \(record.fields.count) fields where the first line names \(columns.count) columns, and ends with \(delimiter), as if the file were cut short there; Daylio writes every column of every row"
                )
            }
            let day = try date(record)
            let timeText = DaylioMoods.trim(Substring(field(record, columns.time)))
            let time: (Int, Int)?
            if let cached = timeCache[timeText] {
                time = cached
            } else {
                time = ImportClock.timeOfDay(timeText).map { ($0.minuteOfDay, $0.second) }
                timeCache[timeText] = time
            }
            guard let (minuteOfDay, second) = time else {
                if timeText.isEmpty {
                    throw ImportError(line: line, "the time is missing; Daylio writes \(ImportClock.accepted)")
                }
                throw ImportError(
                    line: line,
                    "time '\(ImportError.shown(timeText))' is not a time of day; daybook reads \(ImportClock.accepted)")
            }
            let label = DaylioMoods.trim(Substring(field(record, columns.mood)))
            guard !label.isEmpty else { throw ImportError(line: line, "the mood is missing") }
            let rating: Int?
            if let cached = ratingCache[label] {
                rating = cached
            } else {
                rating = moods.rating(for: label)
                ratingCache[label] = rating
                let key = DaylioMoods.fold(label)
                if !labelsInOrder.contains(where: { DaylioMoods.fold($0) == key }) { labelsInOrder.append(label) }
            }
            if rating == nil {
                let key = DaylioMoods.fold(label)
                unknown[key, default: (label, 0, line)].count += 1
            }
            let tags = activities(field(record, columns.activities))
            let title = DaylioReader.noteText(field(record, columns.title))
            let note = DaylioReader.noteText(field(record, columns.note))
            let scales = DaylioReader.scales(field(record, columns.scales))
            var others: [ImportedScale] = []
            for column in columns.others {
                let value = DaylioReader.noteText(field(record, column.index))
                if !value.isEmpty { others.append(ImportedScale(name: column.name, value: value)) }
            }
            return ImportedEntry(
                line: line, day: day, minuteOfDay: minuteOfDay, second: second, rating: rating ?? 0, moodLabel: label,
                title: title, text: note, tags: tags, scales: scales,
                noteText: DaylioReader.render(title: title, note: note, tags: tags, scales: scales, others: others))
        }

        mutating func date(_ record: CSVRecord) throws(ImportError) -> Day {
            let line = record.line
            let full = DaylioMoods.trim(Substring(field(record, columns.fullDate)))
            if !full.isEmpty {
                guard let day = Day.parseISO(full) else {
                    throw ImportError(
                        line: line, "full_date '\(ImportError.shown(full))' is not a date; Daylio writes YYYY-MM-DD")
                }
                return day
            }
            let yearText = DaylioMoods.trim(Substring(field(record, columns.year)))
            let dateText = DaylioMoods.trim(Substring(field(record, columns.date)))
            guard columns.year != nil, !yearText.isEmpty, !dateText.isEmpty else {
                throw ImportError(line: line, "the date is missing: the row has no full_date, nor year and date")
            }
            guard yearText.utf8.count == 4, let year = Int(yearText), year >= 1 else {
                throw ImportError(line: line, "year '\(ImportError.shown(yearText))' is not a year")
            }
            let parsed: (day: Int, month: Int)?
            if let cached = dateCache[dateText] {
                parsed = cached
            } else {
                parsed = MonthNames.dayAndMonth(dateText)
                dateCache[dateText] = parsed
            }
            guard let parsed else {
                throw ImportError(
                    line: line,
                    "date '\(ImportError.shown(dateText))' is not a day and a month; daybook reads \(MonthNames.accepted)"
                )
            }
            guard let day = Day(year: year, month: parsed.month, day: parsed.day) else {
                throw ImportError(line: line, "date '\(ImportError.shown(dateText))' does not exist in \(year)")
            }
            return day
        }

        mutating func activities(_ text: String) -> [ImportedTag] {
            if text.isEmpty { return [] }
            if let cached = activitiesCache[text] { return cached }
            var tags: [ImportedTag] = []
            var seen = Set<String>()
            for part in text.utf8.split(separator: UInt8(ascii: "|")) {
                let name = DaylioMoods.trim(Substring(part))
                guard !name.isEmpty, seen.insert(name.lowercased()).inserted else { continue }
                if let cached = tagCache[name] {
                    tags.append(cached)
                } else {
                    let tag = ImportTags.imported(name)
                    tagCache[name] = tag
                    tags.append(tag)
                }
            }
            activitiesCache[text] = tags
            return tags
        }
    }

    /// Empty, or only spaces and line breaks.
    static func isBlank(_ text: String) -> Bool {
        for byte in text.utf8 where !(byte == 0x20 || (0x09...0x0D).contains(byte)) {
            return byte < 0x80 ? false : DaylioMoods.trim(Substring(text)).isEmpty
        }
        return true
    }

    /// A Daylio note or title as daybook keeps it: `<br>` as a line break, HTML entities
    /// decoded, CRLF as LF, no spaces or line breaks at either end.
    static func noteText(_ raw: String) -> String {
        if raw.isEmpty { return "" }
        var text = raw
        var special = false
        for byte in raw.utf8 where byte == UInt8(ascii: "<") || byte == UInt8(ascii: "&") || byte == 13 {
            special = true
            break
        }
        if special { text = decodeHTML(text) }
        return DaylioMoods.trim(Substring(text))
    }

    /// The tags of Daylio's rich text that are styling only, dropped.
    static let styleTags: Set<String> = ["b", "strong", "i", "em", "u", "s", "strike", "del", "span", "font", "mark"]
    /// The tags that begin or end a block: each stands on a line of its own.
    static let blockTags: Set<String> = ["p", "div", "ul", "ol", "li", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote"]

    /// A tag of Daylio's rich text at `i` (`<b>`, `</li>`, `<span style="...">`): its name,
    /// whether it closes, and the index after its `>`. Nil for anything else (`<3`, `a < b`).
    static func richTextTag(_ s: [Unicode.Scalar], at i: Int) -> (name: String, closing: Bool, end: Int)? {
        var k = i + 1
        let closing = k < s.count && s[k] == "/"
        if closing { k += 1 }
        var name = ""
        while k < s.count, name.count < 10, ("a"..."z").contains(s[k]) || ("A"..."Z").contains(s[k]) || ("0"..."9").contains(s[k]) {
            name.unicodeScalars.append(s[k])
            k += 1
        }
        name = name.lowercased()
        guard styleTags.contains(name) || blockTags.contains(name), k < s.count else { return nil }
        // Attributes (`style="..."`), within reason, up to the `>`.
        if s[k] != ">" {
            guard s[k] == " " || s[k] == "/" else { return nil }
            let limit = min(s.count, k + 300)
            while k < limit, s[k] != ">", s[k] != "<" { k += 1 }
            guard k < limit, s[k] == ">" else { return nil }
        }
        return (name, closing, k + 1)
    }

    /// `<br>` (any case, with or without `/`) as `\n`; the rich text of newer versions as plain
    /// text (`richTextTag`: styling dropped, each block on its own line, a list item as
    /// `- item`); `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&nbsp;`, `&#NN;` and `&#xNN;`
    /// as their characters; CR LF and lone CR as `\n`. Other tags and unknown entities stay
    /// as they are.
    static func decodeHTML(_ text: String) -> String {
        let s = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func lower(_ k: Int) -> Unicode.Scalar? {
            guard k < s.count else { return nil }
            let v = s[k].value
            return (65...90).contains(v) ? Unicode.Scalar(v + 32) : s[k]
        }
        while i < s.count {
            let c = s[i]
            if c == "\r" {
                out.append("\n")
                i += (i + 1 < s.count && s[i + 1] == "\n") ? 2 : 1
                continue
            }
            if c == "<", lower(i + 1) == "b", lower(i + 2) == "r" {
                var k = i + 3
                while k < s.count, s[k] == " " { k += 1 }
                if k < s.count, s[k] == "/" { k += 1 }
                if k < s.count, s[k] == ">" {
                    out.append("\n")
                    i = k + 1
                    continue
                }
            }
            if c == "<", let tag = richTextTag(s, at: i) {
                if blockTags.contains(tag.name) {
                    // A block starts and ends on a line of its own; a list item reads `- item`.
                    if let last = out.last, last != "\n" { out.append("\n") }
                    if tag.name == "li" && !tag.closing { out.append(contentsOf: "- ".unicodeScalars) }
                }
                i = tag.end
                continue
            }
            if c == "&", let end = s[i...].prefix(12).firstIndex(of: ";") {
                let name = String(String.UnicodeScalarView(s[(i + 1)..<end]))
                var decoded: Unicode.Scalar? = nil
                switch name {
                case "amp": decoded = "&"
                case "lt": decoded = "<"
                case "gt": decoded = ">"
                case "quot": decoded = "\""
                case "apos": decoded = "'"
                case "nbsp": decoded = "\u{00A0}"
                default:
                    if name.hasPrefix("#x") || name.hasPrefix("#X") {
                        decoded = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                    } else if name.hasPrefix("#") {
                        decoded = UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init)
                    }
                }
                if let decoded {
                    out.append(decoded)
                    i = end + 1
                    continue
                }
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }

    /// Daylio's scales, `Energy:\u{A0}4 | Stress:\u{A0}2`: name and value, split at the last `:`.
    static func scales(_ text: String) -> [ImportedScale] {
        if text.isEmpty { return [] }
        var scales: [ImportedScale] = []
        for part in text.split(separator: "|") {
            let item = DaylioMoods.trim(part)
            if item.isEmpty { continue }
            if let colon = item.lastIndex(of: ":") {
                scales.append(
                    ImportedScale(
                        name: DaylioMoods.trim(item[..<colon]),
                        value: DaylioMoods.trim(item[item.index(after: colon)...])))
            } else {
                scales.append(ImportedScale(name: item, value: ""))
            }
        }
        return scales
    }

    /// The note text of one Daylio entry:
    ///
    ///     Title
    ///     The note, as many lines as it has.
    ///     #work #bad-sleep #movies-tv (movies / tv)
    ///     Energy: 4 · Stress: 2
    ///     location: Berlin, DE · weather: Sunny 12°C
    ///
    /// Each line is there when the entry has it: a title, a note, activities, scales, or values
    /// in columns daybook has no place for (`others`, each under its column's name). The mood
    /// label is not: it is the entry's mood, which the day's mood holds. An entry of a mood
    /// alone has no text, and becomes no note.
    static func render(
        title: String, note: String, tags: [ImportedTag], scales: [ImportedScale], others: [ImportedScale] = []
    ) -> String {
        var lines: [String] = []
        if !title.isEmpty { lines.append(title) }
        if !note.isEmpty { lines.append(note) }
        if !tags.isEmpty { lines.append(tags.map(\.written).joined(separator: " ")) }
        if !scales.isEmpty {
            lines.append(scales.map { $0.value.isEmpty ? $0.name : "\($0.name): \($0.value)" }.joined(separator: " · "))
        }
        if !others.isEmpty { lines.append(others.map { "\($0.name): \($0.value)" }.joined(separator: " · ")) }
        return lines.joined(separator: "\n")
    }
}
