/// Reads daybook's own export back, as JSON or as CSV (see the README's "Import and export").
///
/// - JSON: one object, `{"format": "daybook", "version": 1, "settings": [...], "attributes":
///   [...], "goals": [...], "moods": [...], "notes": [...], "values": [...]}`.
/// - CSV: a header row naming the columns (`kind,date,time,id,name,value,text,tags,type,
///   aggregation,unit,group,builtin,period,min,max,at`, in any order), a `format` row, then one
///   row per record, its `kind` saying which.
///
/// A note's `at` (the time of day it is about, `HH:MM`) came after version 1 was first
/// written: a file without it, or with it `null` or empty, has notes without one.
///
/// The two are told apart by the first character after a byte-order mark and spaces: `{` is
/// JSON. Members and columns this version does not know are ignored; a format version newer
/// than this daybook's is refused. Every problem is an error naming the line. A file of another
/// program is recognised and named (Daylio's CSV, jrnl's JSON), so that the message can say
/// which command reads it. What the records mean against a journal (attributes that exist,
/// values that fit their type, days in the future) is checked by `Journal.importData`.
public enum DaybookExportReader {
    public static func read(_ bytes: [UInt8]) throws(ImportError) -> JournalExport {
        let start = try bytes.withUnsafeBufferPointer { buffer throws(ImportError) in try TextBytes.start(of: buffer) }
        var i = start
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
        if i == bytes.count { throw ImportError(line: nil, "the file is empty; a daybook export is JSON or CSV") }
        if bytes[i] == UInt8(ascii: "["), i + 1 < bytes.count, (0x30...0x39).contains(bytes[i + 1]) {
            throw ImportError(
                line: 1 + bytes[start..<i].count { $0 == 0x0A }, .jrnlJournal(expected: "daybook's export"))
        }
        if bytes[i] == UInt8(ascii: "{") || bytes[i] == UInt8(ascii: "[") { return try readJSON(bytes) }
        // The first line of the Markdown export, which is for reading and is not read back.
        let heading = Array("# Journal".utf8)
        if bytes.count - i >= heading.count, bytes[i..<(i + heading.count)].elementsEqual(heading),
            i + heading.count == bytes.count || [0x0A, 0x0D].contains(bytes[i + heading.count])
        {
            throw ImportError(line: 1 + bytes[start..<i].count { $0 == 0x0A }, .markdownExport)
        }
        return try readCSV(bytes)
    }

    public static func read(_ text: String) throws(ImportError) -> JournalExport { try read(Array(text.utf8)) }

    /// The columns of the CSV form, in the order daybook writes them.
    public static let csvColumns = [
        "kind", "date", "time", "id", "name", "value", "text", "tags", "type", "aggregation", "unit", "group",
        "builtin", "period", "min", "max", "at", "range_min", "range_max", "source", "file",
    ]

    // MARK: JSON

    static func readJSON(_ bytes: [UInt8]) throws(ImportError) -> JournalExport {
        let document = try JSONReader.read(bytes)
        guard let root = document.object else {
            throw ImportError(
                line: 1, "the JSON is \(document.kind); a daybook export is an object with \"format\": \"daybook\"")
        }
        guard let format = root["format"] else {
            if root["entries"] != nil {
                throw ImportError(line: root.line, .jrnlJSON)
            }
            throw ImportError(
                line: root.line, "this JSON has no \"format\"; a daybook export starts with \"format\": \"daybook\"")
        }
        guard format.string == JournalExport.formatName else {
            throw ImportError(
                line: root.line(of: "format"), "\"format\" is not \"daybook\"; this is not a daybook export")
        }
        var versionText: String? = nil
        if case .number(let text) = root["version"] { versionText = text }
        try checkVersion(versionText, given: root["version"] != nil, line: root.line(of: "version"))
        var data = JournalExport()
        for o in try list(root, "settings") {
            data.settings.append(
                JournalExport.Setting(name: try string(o, "name"), value: try string(o, "value"), line: o.line))
        }
        for o in try list(root, "attributes") {
            let attribute = try definition(
                name: try string(o, "name"), type: try string(o, "type"), aggregation: try string(o, "aggregation"),
                unit: try string(o, "unit"), group: try string(o, "group"), builtin: try bool(o, "builtin"),
                line: o.line)
            let stated = o["range_min"] != nil || o["range_max"] != nil
            data.attributes.append(
                try withRange(
                    attribute, min: try optionalNumber(o, "range_min"), max: try optionalNumber(o, "range_max"),
                    stated: stated, line: o.line))
        }
        for o in try list(root, "goals") {
            data.goals.append(
                try goal(
                    attribute: try string(o, "attribute"), since: try string(o, "since"),
                    period: try optionalString(o, "period"), min: try optionalNumber(o, "min"),
                    max: try optionalNumber(o, "max"), aggregation: try optionalString(o, "aggregation"), line: o.line))
        }
        for o in try list(root, "moods") {
            let rating = try number(o, "rating")
            guard rating == rating.rounded(), (1...5).contains(rating) else {
                throw ImportError(
                    line: o.line(of: "rating"), "\"rating\" is \(exportNumber(rating)); a mood is rated 1 to 5")
            }
            data.moods.append(
                JournalExport.MoodRecord(
                    day: try day(try string(o, "date"), line: o.line(of: "date")),
                    recordedAt: try instant(try string(o, "time"), line: o.line(of: "time")), rating: Int(rating),
                    note: try string(o, "note"), tags: try tags(o), line: o.line))
        }
        for o in try list(root, "notes") {
            var id: Int64? = nil
            if let value = o["id"], value != .null {
                id = try noteID(value.double, shown: "\(value.kind)", line: o.line(of: "id"))
            }
            var at: Int? = nil
            if let value = o["at"], value != .null {
                guard let text = value.string else {
                    throw ImportError(
                        line: o.line(of: "at"), "a note's \"at\" is \(value.kind); it is a time of day \(atForm), or null")
                }
                at = try minuteOfDay(text, line: o.line(of: "at"))
            }
            data.notes.append(
                JournalExport.NoteRecord(
                    id: id, day: try day(try string(o, "date"), line: o.line(of: "date")),
                    recordedAt: try instant(try string(o, "time"), line: o.line(of: "time")), at: at,
                    text: try string(o, "text"), tags: try tags(o), line: o.line))
        }
        for o in try list(root, "values") {
            data.values.append(
                JournalExport.ValueRecord(
                    day: try day(try string(o, "date"), line: o.line(of: "date")),
                    recordedAt: try instant(try string(o, "time"), line: o.line(of: "time")),
                    attribute: try string(o, "attribute"), value: try number(o, "value"),
                    source: try optionalString(o, "source"), file: try optionalString(o, "file"), line: o.line))
        }
        try check(data)
        return data
    }

    /// The objects of the list `key` (none when it is missing or null).
    static func list(_ root: JSONObject, _ key: String) throws(ImportError) -> [JSONObject] {
        guard let value = root[key], value != .null else { return [] }
        guard let array = value.array else {
            throw ImportError(line: root.line(of: key), "\"\(key)\" is \(value.kind), not a list")
        }
        var objects: [JSONObject] = []
        objects.reserveCapacity(array.items.count)
        for item in array.items {
            guard let object = item.object else {
                let line: Int
                if case .array(let inner) = item { line = inner.line } else { line = objects.last?.line ?? array.line }
                throw ImportError(line: line, "a record of \"\(key)\" is \(item.kind); each record is an object")
            }
            objects.append(object)
        }
        return objects
    }

    static func member(_ o: JSONObject, _ key: String) throws(ImportError) -> JSONValue {
        guard let value = o[key] else { throw ImportError(line: o.line, "the record has no \"\(key)\"") }
        return value
    }

    static func string(_ o: JSONObject, _ key: String) throws(ImportError) -> String {
        let value = try member(o, key)
        guard let text = value.string else {
            throw ImportError(line: o.line(of: key), "\"\(key)\" is \(value.kind), not a string")
        }
        return text
    }

    static func optionalString(_ o: JSONObject, _ key: String) throws(ImportError) -> String? {
        guard let value = o[key], value != .null else { return nil }
        guard let text = value.string else {
            throw ImportError(line: o.line(of: key), "\"\(key)\" is \(value.kind), not a string or null")
        }
        return text
    }

    static func number(_ o: JSONObject, _ key: String) throws(ImportError) -> Double {
        let value = try member(o, key)
        guard case .number(let text) = value, let number = parseExportNumber(text) else {
            throw notANumber(o, key, value, or: "")
        }
        return number
    }

    static func optionalNumber(_ o: JSONObject, _ key: String) throws(ImportError) -> Double? {
        guard let value = o[key], value != .null else { return nil }
        guard case .number(let text) = value, let number = parseExportNumber(text) else {
            throw notANumber(o, key, value, or: " or null")
        }
        return number
    }

    /// Why `value` is not a number a journal keeps: it is of another kind, or a number too
    /// large for one (`1e400`). `or` names what else is accepted.
    static func notANumber(_ o: JSONObject, _ key: String, _ value: JSONValue, or: String) -> ImportError {
        guard case .number(let text) = value else {
            return ImportError(line: o.line(of: key), "\"\(key)\" is \(value.kind), not a finite number\(or)")
        }
        let shown = text.count > 24 ? text.prefix(24) + "..." : text[...]
        return ImportError(
            line: o.line(of: key), "\"\(key)\" is \(shown), too large: numbers up to about 1.8e308 are accepted\(or)")
    }

    static func bool(_ o: JSONObject, _ key: String) throws(ImportError) -> Bool {
        guard let value = o[key], value != .null else { return false }
        guard let flag = value.bool else {
            throw ImportError(line: o.line(of: key), "\"\(key)\" is \(value.kind), not true or false")
        }
        return flag
    }

    static func tags(_ o: JSONObject) throws(ImportError) -> [String] {
        guard let value = o["tags"], value != .null else { return [] }
        guard let array = value.array else {
            throw ImportError(line: o.line(of: "tags"), "\"tags\" is \(value.kind), not a list")
        }
        var tags: [String] = []
        for item in array.items {
            guard let tag = item.string else {
                throw ImportError(line: o.line(of: "tags"), "a tag is \(item.kind), not a string")
            }
            tags.append(tag)
        }
        return tags
    }

    // MARK: Fields

    /// An attribute's definition with the plausible range the file gives it: bounds in its
    /// canonical units, checked as a goal's are (`ImportBounds.problem`); none for yes/no.
    static func withRange(_ attribute: Attribute, min: Double?, max: Double?, stated: Bool, line: Int)
        throws(ImportError) -> JournalExport.Definition
    {
        var attribute = attribute
        if min != nil || max != nil {
            let name = attribute.name
            if attribute.type == .yesno {
                throw ImportError(line: line, "\(name) is yes/no, which takes no plausible range; leave range_min and range_max empty")
            }
            switch ImportBounds.problem(min: min, max: max, type: attribute.type) {
            case .notAValue(let bound, let accepted):
                throw ImportError(
                    line: line, "\(name)'s plausible range bound \(exportNumber(bound)) is not \(accepted)")
            case .reversed(let low, let high):
                throw ImportError(
                    line: line,
                    "\(name)'s plausible range runs from \(exportNumber(low)) down to \(exportNumber(high)); range_min must not be above range_max"
                )
            case nil: break
            }
            attribute.range = GoalRange(min: min, max: max)
        }
        return JournalExport.Definition(attribute, line: line, rangeStated: stated)
    }

    static func checkVersion(_ text: String?, given: Bool, line: Int) throws(ImportError) {
        guard given else { throw ImportError(line: line, "the export has no format version") }
        guard let text, let version = Int(text), version >= 1 else {
            throw ImportError(line: line, "the format version is not a whole number 1 or more")
        }
        if version > JournalExport.formatVersion {
            throw ImportError(
                line: line,
                "the export is in format version \(version), written by a newer daybook; this one reads version \(JournalExport.formatVersion). Upgrade daybook"
            )
        }
    }

    static func day(_ text: String, line: Int) throws(ImportError) -> Day {
        guard let day = Day.parseISO(text) else {
            if text.isEmpty { throw ImportError(line: line, "the date is missing") }
            throw ImportError(line: line, "date '\(ImportError.shown(text))' is not a date written YYYY-MM-DD")
        }
        return day
    }

    static func instant(_ text: String, line: Int) throws(ImportError) -> String {
        guard isJournalInstant(text) else {
            if text.isEmpty { throw ImportError(line: line, "the time is missing") }
            throw ImportError(
                line: line,
                "time '\(ImportError.shown(text))' is not a time written YYYY-MM-DDTHH:MM:SS+HH:MM, as daybook exports it"
            )
        }
        return text
    }

    /// How a note's `at` is written, for messages.
    static let atForm = "written HH:MM, 00:00 to 23:59"

    /// A note's `at`, `HH:MM` as daybook exports it, in minutes after midnight.
    static func minuteOfDay(_ text: String, line: Int) throws(ImportError) -> Int {
        let b = Array(text.utf8)
        func number(_ at: Int) -> Int? {
            guard (0x30...0x39).contains(b[at]), (0x30...0x39).contains(b[at + 1]) else { return nil }
            return Int(b[at] - 0x30) * 10 + Int(b[at + 1] - 0x30)
        }
        guard b.count == 5, b[2] == UInt8(ascii: ":"), let h = number(0), let m = number(3), h < 24, m < 60 else {
            throw ImportError(line: line, "a note's at '\(ImportError.shown(text))' is not a time of day \(atForm)")
        }
        return h * 60 + m
    }

    static func noteID(_ value: Double?, shown: String, line: Int) throws(ImportError) -> Int64 {
        guard let value, value == value.rounded(), value >= 1, value < 9e15 else {
            throw ImportError(line: line, "a note's id is \(shown), not a whole number 1 or more")
        }
        return Int64(value)
    }

    static func definition(
        name: String, type: String, aggregation: String, unit: String, group: String, builtin: Bool, line: Int
    ) throws(ImportError) -> Attribute {
        guard isValidAttributeName(name), name == name.lowercased() else {
            throw ImportError(
                line: line,
                "'\(ImportError.shown(name))' is not an attribute name; a name is a letter, then lowercase letters, digits, _ or -"
            )
        }
        guard let valueType = ValueType(rawValue: type) else {
            throw ImportError(
                line: line, "\(name)'s type '\(ImportError.shown(type))' is not one of \(ValueType.acceptedNames)")
        }
        guard let combine = Aggregation(rawValue: aggregation) else {
            throw ImportError(
                line: line,
                "\(name)'s aggregation '\(ImportError.shown(aggregation))' is not one of \(Aggregation.acceptedNames)")
        }
        if !combine.fits(valueType) {
            throw ImportError(
                line: line, "\(name) is a time of day summed; times of day are averaged, min, max or last")
        }
        guard isValidAttributeName(group), group == group.lowercased() else {
            throw ImportError(
                line: line, "\(name)'s group '\(ImportError.shown(group))' is not a group name; use one word")
        }
        guard unit.unicodeScalars.count <= 20,
            !unit.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else {
            throw ImportError(line: line, "\(name)'s unit is not a short word of at most 20 characters")
        }
        return Attribute(
            name: name, type: valueType, aggregation: combine, unit: unit, group: group, builtin: builtin)
    }

    /// A goal change. `aggregation` "sum" marks a goal on the period's total (`--total`);
    /// without it, a weekly or monthly goal judges the daily mean.
    static func goal(
        attribute: String, since: String, period: String?, min: Double?, max: Double?, aggregation: String? = nil,
        line: Int
    ) throws(ImportError) -> JournalExport.GoalChange {
        let day = try day(since, line: line)
        var goalPeriod: GoalPeriod? = nil
        if let period {
            guard let named = GoalPeriod(rawValue: period) else {
                throw ImportError(
                    line: line,
                    "a goal's period '\(ImportError.shown(period))' is not \(GoalPeriod.names.joined(separator: ", "))")
            }
            goalPeriod = named
        }
        if goalPeriod == nil && (min != nil || max != nil) {
            throw ImportError(line: line, "a goal with bounds has no period; give daily, weekly or monthly")
        }
        if goalPeriod != nil && min == nil && max == nil {
            throw ImportError(line: line, "a goal has a period but neither min nor max")
        }
        if let aggregation, aggregation != "sum" {
            throw ImportError(
                line: line,
                "a goal's aggregation '\(ImportError.shown(aggregation))' is not sum (a goal on the period's total) or empty")
        }
        if aggregation != nil && (goalPeriod == nil || goalPeriod == .daily) {
            throw ImportError(line: line, "a goal on the period's total (aggregation sum) needs the period weekly or monthly")
        }
        return JournalExport.GoalChange(
            attribute: attribute, since: day, period: goalPeriod, min: min, max: max, total: aggregation != nil,
            line: line)
    }

    /// What holds for a whole file: each attribute, setting, goal change and mood once, each
    /// note id once.
    static func check(_ data: JournalExport) throws(ImportError) {
        var names = Set<String>()
        for definition in data.attributes where !names.insert(definition.attribute.name).inserted {
            throw ImportError(line: definition.line, "attribute \(definition.attribute.name) is defined twice")
        }
        var settings = Set<String>()
        for setting in data.settings where !settings.insert(setting.name).inserted {
            throw ImportError(line: setting.line, "setting '\(ImportError.shown(setting.name))' is given twice")
        }
        var goals = Set<String>()
        for goal in data.goals where !goals.insert(goal.attribute + " " + goal.since.iso).inserted {
            throw ImportError(
                line: goal.line, "\(ImportError.shown(goal.attribute))'s goal from \(goal.since.iso) is given twice")
        }
        var moods = Set<Day>()
        for mood in data.moods where !moods.insert(mood.day).inserted {
            throw ImportError(line: mood.line, "a second mood for \(mood.day.iso); a day has one mood")
        }
        var ids = Set<Int64>()
        for note in data.notes {
            if let id = note.id, !ids.insert(id).inserted {
                throw ImportError(line: note.line, "a second note with id \(id); each note has its own")
            }
        }
    }
}
