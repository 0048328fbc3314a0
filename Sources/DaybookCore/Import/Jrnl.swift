/// Reads jrnl's journals: the plain-text journal file, the older form of jrnl 1.x, and the JSON
/// that `jrnl --export json` writes.
///
/// The plain-text journal:
///
///     [2020-08-29 11:11] Entry the first.
///
///     Lorem @ipsum dolor sit amet...
///
///     [2020-08-31 14:32] A second entry. *
///
/// - An entry starts on a line that begins with its date and time in brackets, then its title.
///   The lines after it, up to the next entry, are its body (blank lines between paragraphs are
///   kept; blank lines and spaces at either end are dropped).
/// - The time is written by jrnl's `timeformat` setting: `%Y-%m-%d %H:%M` in older versions,
///   `%F %r` (`2020-08-29 11:11:00 AM`) by default in newer ones. Without a format, daybook reads
///   `YYYY-MM-DD` then `HH:MM`, `HH:MM:SS`, either with AM or PM, or no time (09:00, as jrnl
///   does). Give the format of the journal's jrnl configuration when it is another one.
/// - A title that ends with `*` marks a starred entry.
/// - jrnl 1.x wrote the date without brackets: `2013-06-10 15:40 Title`. A file whose first entry
///   is written so is read in that form (where entries in brackets also start an entry).
/// - A line that begins like a bracketed date (`[2019-07 14:23]`) but is not one, and text before
///   the first entry, are errors that name the line.
///
/// Tags are words that start with a tag symbol (`#` or `@` unless told otherwise) after a space
/// or at the start of a line, as jrnl reads them; each becomes a daybook tag (see
/// `ImportTags.jrnlTag`: `@C++` is `c-plus-plus`, `@C#` `c-sharp`).
/// In the note text, `@tom` is written `#tom`; a tag that cannot be written in its place so
/// (`@work/home`) is added on a last line (`#work-home (@work/home)`), and a starred entry ends
/// with `#starred`.
public enum JrnlReader {
    public struct Options: Sendable, Equatable {
        /// jrnl's `timeformat` (strftime), or nil to recognise jrnl's usual ones.
        public var timeFormat: String?
        /// jrnl's `tagsymbols`.
        public var tagSymbols: String

        public init(timeFormat: String? = nil, tagSymbols: String = "#@") {
            self.timeFormat = timeFormat
            self.tagSymbols = tagSymbols
        }
    }

    /// The JSON export or the plain-text journal, told apart by the first character: `{`, or `[`
    /// that does not start a date, is JSON.
    public static func read(_ bytes: [UInt8], options: Options = Options()) throws(ImportError) -> ImportedJournal {
        let start = try bytes.withUnsafeBufferPointer { buffer throws(ImportError) in try TextBytes.start(of: buffer) }
        var i = start
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: "{") { return try readJSON(bytes, options: options) }
        if i < bytes.count, bytes[i] == UInt8(ascii: "[") {
            var k = i + 1
            while k < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[k]) { k += 1 }
            if k < bytes.count, [UInt8(ascii: "{"), UInt8(ascii: "]")].contains(bytes[k]) {
                return try readJSON(bytes, options: options)
            }
        }
        return try readText(bytes, options: options)
    }

    public static func read(_ text: String, options: Options = Options()) throws(ImportError) -> ImportedJournal {
        try read(Array(text.utf8), options: options)
    }

    // MARK: The plain-text journal

    public static func readText(_ bytes: [UInt8], options: Options = Options()) throws(ImportError) -> ImportedJournal {
        let format: [TimeFormat.Piece]?
        do {
            format = try options.timeFormat.map { (f: String) throws(ImportError) in try TimeFormat.compile(f) }
        }
        let lines = try splitLines(bytes)
        var legacy: Bool? = nil
        var entries: [ImportedEntry] = []
        var current: (line: Int, day: Day, minute: Int, second: Int, title: String)? = nil
        var body: [String] = []

        func finish() {
            guard let c = current else { return }
            entries.append(entry(c.line, c.day, c.minute, c.second, title: c.title, body: body, options: options))
            body = []
        }

        for (index, text) in lines.enumerated() {
            let number = index + 1
            let scalars = Array(text.unicodeScalars)
            var header = try bracketed(scalars, format: format, line: number)
            if header == nil, legacy != false { header = unbracketed(scalars, format: format) }
            if let header {
                if legacy == nil { legacy = !(scalars.first == "[") }
                finish()
                current = (number, header.day, header.minute, header.second, header.title)
                continue
            }
            if current == nil {
                if scalars.allSatisfy({ $0.properties.isWhitespace }) { continue }
                let names = Set(text.lowercased().split(whereSeparator: { $0 == "," || $0 == ";" || $0 == "\t" }))
                if names.contains("mood") && names.contains("time") {
                    throw ImportError(line: number, .daylioCSV(expected: "a jrnl journal"))
                }
                let shown = ImportError.shown(text)
                throw ImportError(
                    line: number,
                    "a jrnl journal starts with an entry's date and time, such as [2020-08-29 11:11] Title; this line is '\(shown)'"
                )
            }
            body.append(text)
        }
        finish()
        return ImportedJournal.grouping(.jrnl, entries)
    }

    /// The file's lines as text, without their line breaks (LF, CRLF or CR).
    static func splitLines(_ bytes: [UInt8]) throws(ImportError) -> [String] {
        try bytes.withUnsafeBufferPointer { b throws(ImportError) -> [String] in
            var lines: [String] = []
            var i = try TextBytes.start(of: b)
            try TextBytes.validate(b, from: i)
            var start = i
            while i < b.count {
                let c = b[i]
                if c == 10 || c == 13 {
                    lines.append(TextBytes.string(b, start..<i))
                    if c == 13, i + 1 < b.count, b[i + 1] == 10 { i += 1 }
                    i += 1
                    start = i
                } else {
                    i += 1
                }
            }
            if start < b.count { lines.append(TextBytes.string(b, start..<b.count)) }
            return lines
        }
    }

    struct Header {
        var day: Day
        var minute: Int
        var second: Int
        var title: String
    }

    /// `[date] Title`: the header, nil when the line is not one, or an error when it starts like
    /// a date (`[2019-07 14:23]`) and is not one.
    static func bracketed(_ s: [Unicode.Scalar], format: [TimeFormat.Piece]?, line: Int) throws(ImportError) -> Header?
    {
        guard s.first == "[", let close = s.firstIndex(of: "]") else { return nil }
        // Inside the brackets, spaces at either end do not count (`%p` is empty in some languages).
        var inside = Array(s[1..<close])
        while let last = inside.last, last.properties.isWhitespace { inside.removeLast() }
        while let first = inside.first, first.properties.isWhitespace { inside.removeFirst() }
        guard close + 1 == s.count || s[close + 1] == " " || s[close + 1] == "\t" else { return nil }
        var parsed: TimeFormat.Parsed? = nil
        if let format {
            if let p = TimeFormat.match(format, inside, from: 0), p.end == inside.count { parsed = p }
        } else {
            for candidate in TimeFormat.bracketedForms {
                if let p = TimeFormat.match(candidate, inside, from: 0), p.end == inside.count {
                    parsed = p
                    break
                }
            }
        }
        guard let parsed else {
            // Four digits and a separator: a date jrnl could read, and daybook cannot.
            let looksLikeDate =
                format == nil && inside.count >= 5 && inside[0..<4].allSatisfy({ ("0"..."9").contains($0) })
                && ["-", "/", "."].contains(inside[4])
            if looksLikeDate {
                let shown = ImportError.shown(String(String.UnicodeScalarView(s[0...close])))
                throw ImportError(
                    line: line,
                    "\(shown) starts an entry but is not a date and time daybook reads, such as [2020-08-29 11:11] or [2020-08-29 11:11:00 AM]; give jrnl's timeformat if the journal has another"
                )
            }
            return nil
        }
        return Header(
            day: parsed.day, minute: parsed.minute, second: parsed.second, title: rest(s, from: close + 1))
    }

    /// `2013-06-10 15:40 Title` (jrnl 1.x).
    static func unbracketed(_ s: [Unicode.Scalar], format: [TimeFormat.Piece]?) -> Header? {
        guard let first = s.first, first.properties.numericType == .decimal else { return nil }
        let forms = format.map { [$0] } ?? TimeFormat.legacyForms
        for candidate in forms {
            if let p = TimeFormat.match(candidate, s, from: 0), p.end == s.count || s[p.end] == " " || s[p.end] == "\t"
            {
                return Header(day: p.day, minute: p.minute, second: p.second, title: rest(s, from: p.end))
            }
        }
        return nil
    }

    static func rest(_ s: [Unicode.Scalar], from index: Int) -> String {
        String(String.UnicodeScalarView(s[index...]))
    }

    static func entry(
        _ line: Int, _ day: Day, _ minute: Int, _ second: Int, title rawTitle: String, body lines: [String],
        options: Options
    ) -> ImportedEntry {
        var title = DaylioMoods.trim(Substring(rawTitle))
        var starred = false
        if title.hasSuffix("*") {
            starred = true
            title = DaylioMoods.trim(Substring(title.dropLast()))
        }
        let body = DaylioMoods.trim(Substring(lines.joined(separator: "\n")))
        let whole = body.isEmpty ? title : title + "\n" + body
        let occurrences = tagOccurrences(whole, symbols: options.tagSymbols)
        var tags: [ImportedTag] = []
        var seen = Set<String>()
        for occurrence in occurrences where seen.insert(occurrence.text.lowercased()).inserted {
            tags.append(
                ImportedTag(
                    name: occurrence.text, tag: ImportTags.jrnlTag(for: String(occurrence.text.unicodeScalars.dropFirst())))
            )
        }
        return makeEntry(
            line: line, day: day, minute: minute, second: second, title: title, body: body, whole: whole,
            occurrences: occurrences, tags: tags, starred: starred)
    }

    static func makeEntry(
        line: Int, day: Day, minute: Int, second: Int, title: String, body: String, whole: String,
        occurrences: [TagOccurrence], tags: [ImportedTag], starred: Bool
    ) -> ImportedEntry {
        var tags = tags
        if starred, !tags.contains(where: { $0.tag == "starred" }) {
            tags.append(ImportedTag(name: "*", tag: "starred"))
        }
        let noteText = render(whole, occurrences: occurrences, tags: tags)
        return ImportedEntry(
            line: line, day: day, minuteOfDay: minute, second: second, title: title, text: body, tags: tags,
            starred: starred, noteText: noteText)
    }

    /// The note text: `whole` with each tag written with `#` where that reads as the same daybook
    /// tag, and the tags it still lacks on a last line.
    static func render(_ whole: String, occurrences: [TagOccurrence], tags: [ImportedTag]) -> String {
        var scalars = Array(whole.unicodeScalars)
        for occurrence in occurrences where scalars[occurrence.start] != "#" {
            let word = String(occurrence.text.unicodeScalars.dropFirst())
            if extractTags("#" + word) == [ImportTags.jrnlTag(for: word)] { scalars[occurrence.start] = "#" }
        }
        var text = String(String.UnicodeScalarView(scalars))
        let present = Set(extractTags(text))
        let missing = tags.filter { !present.contains($0.tag) }
        if !missing.isEmpty {
            text +=
                (text.isEmpty ? "" : "\n")
                + missing.map { $0.name == "*" ? "#starred" : $0.written }.joined(separator: " ")
        }
        return text
    }

    struct TagOccurrence {
        /// Scalar offset of the symbol.
        let start: Int
        /// The tag as written, with its symbol: "@Tom".
        let text: String
    }

    /// jrnl's tags: a tag symbol after whitespace or at the start, then one or more letters,
    /// digits, `_`, `-`, `+`, `*`, `#` or `/`.
    static func tagOccurrences(_ text: String, symbols: String) -> [TagOccurrence] {
        let symbolSet = Set(symbols.unicodeScalars)
        let s = Array(text.unicodeScalars)
        var found: [TagOccurrence] = []
        var i = 0
        func isTagScalar(_ c: Unicode.Scalar) -> Bool {
            ImportTags.isTagScalar(c) || c == "-" || c == "+" || c == "*" || c == "#" || c == "/"
                || c.properties.generalCategory == .nonspacingMark || c.properties.generalCategory == .spacingMark
        }
        while i < s.count {
            if symbolSet.contains(s[i]), i == 0 || s[i - 1].properties.isWhitespace {
                var k = i + 1
                while k < s.count, isTagScalar(s[k]) { k += 1 }
                if k > i + 1 {
                    found.append(TagOccurrence(start: i, text: String(String.UnicodeScalarView(s[i..<k]))))
                    i = k
                    continue
                }
            }
            i += 1
        }
        return found
    }

    // MARK: The JSON export

    /// `{"tags": {...}, "entries": [{"title", "body", "date", "time", "tags", "starred"}, ...]}`
    /// as `jrnl --export json` writes it (a bare list of entries is read too). Other members,
    /// such as `uuid` or `creator`, are ignored.
    public static func readJSON(_ bytes: [UInt8], options: Options = Options()) throws(ImportError) -> ImportedJournal {
        let document = try JSONReader.read(bytes)
        let list: JSONArray
        if let object = document.object {
            guard let entries = object["entries"] else {
                throw ImportError(
                    line: object.line, "this JSON has no \"entries\"; jrnl's export holds its entries there")
            }
            guard let array = entries.array else {
                throw ImportError(line: object.line(of: "entries"), "\"entries\" is \(entries.kind), not a list")
            }
            list = array
        } else if let array = document.array {
            list = array
        } else {
            throw ImportError(line: 1, "the JSON is \(document.kind); jrnl's export is an object with \"entries\"")
        }
        var entries: [ImportedEntry] = []
        for item in list.items {
            guard let object = item.object else {
                throw ImportError(line: list.line, "an entry is \(item.kind); each entry of jrnl's export is an object")
            }
            entries.append(try jsonEntry(object, options: options))
        }
        return ImportedJournal.grouping(.jrnl, entries)
    }

    static func jsonEntry(_ object: JSONObject, options: Options) throws(ImportError) -> ImportedEntry {
        func text(_ key: String, required: Bool) throws(ImportError) -> String {
            guard let value = object[key] else {
                if required { throw ImportError(line: object.line, "the entry has no \"\(key)\"") }
                return ""
            }
            if value == .null && !required { return "" }
            guard let string = value.string else {
                throw ImportError(line: object.line(of: key), "\"\(key)\" is \(value.kind), not a string")
            }
            return string
        }
        let dateText = try text("date", required: true)
        guard let day = Day.parseISO(dateText) else {
            throw ImportError(
                line: object.line(of: "date"),
                "\"date\" is '\(ImportError.shown(dateText))', not a date written YYYY-MM-DD")
        }
        let timeText = try text("time", required: false)
        var minute = 9 * 60
        var second = 0
        if !timeText.isEmpty {
            guard let time = ImportClock.timeOfDay(timeText) else {
                throw ImportError(
                    line: object.line(of: "time"),
                    "\"time\" is '\(ImportError.shown(timeText))', not a time written HH:MM")
            }
            minute = time.minuteOfDay
            second = time.second
        }
        let title = try text("title", required: false)
        let body = try text("body", required: false)
        var starred = false
        if let value = object["starred"], value != .null {
            guard let flag = value.bool else {
                throw ImportError(line: object.line(of: "starred"), "\"starred\" is \(value.kind), not true or false")
            }
            starred = flag
        }
        var names: [String] = []
        if let value = object["tags"], value != .null {
            guard let array = value.array else {
                throw ImportError(line: object.line(of: "tags"), "\"tags\" is \(value.kind), not a list")
            }
            for item in array.items {
                guard let name = item.string else {
                    throw ImportError(line: object.line(of: "tags"), "a tag is \(item.kind), not a string")
                }
                names.append(name)
            }
        }
        let cleanTitle = DaylioMoods.trim(Substring(title))
        let cleanBody = DaylioMoods.trim(Substring(body.replacingAll("\r\n", with: "\n")))
        let whole = cleanBody.isEmpty ? cleanTitle : cleanTitle + "\n" + cleanBody
        // The symbols of the listed tags, so that the text's tags are found where they are.
        let symbols = options.tagSymbols + String(String.UnicodeScalarView(names.compactMap(\.unicodeScalars.first)))
        let listed = Set(names.map { $0.lowercased() })
        let occurrences = tagOccurrences(whole, symbols: symbols).filter { listed.contains($0.text.lowercased()) }
        var tags: [ImportedTag] = []
        var seen = Set<String>()
        for name in names where seen.insert(name.lowercased()).inserted {
            let written = occurrences.first { $0.text.lowercased() == name.lowercased() }?.text ?? name
            var word = Substring(written)
            if let first = word.unicodeScalars.first, symbols.unicodeScalars.contains(first) {
                word = Substring(word.unicodeScalars.dropFirst())
            }
            tags.append(ImportedTag(name: written, tag: ImportTags.jrnlTag(for: String(word))))
        }
        return makeEntry(
            line: object.line, day: day, minute: minute, second: second, title: cleanTitle, body: cleanBody,
            whole: whole, occurrences: occurrences, tags: tags, starred: starred)
    }
}
