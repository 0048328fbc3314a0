// daybook's export read back from CSV: a header row naming the columns, a `format` row, then a
// row per record.
extension DaybookExportReader {
    // MARK: CSV

    static func readCSV(_ bytes: [UInt8]) throws(ImportError) -> JournalExport {
        var reader = try CSVReader(bytes: bytes)
        guard let header = try reader.next() else {
            throw ImportError(line: nil, "the file is empty; a daybook export is JSON or CSV")
        }
        var column: [String: Int] = [:]
        for (index, raw) in header.fields.enumerated() {
            let name = DaylioMoods.fold(raw)
            if column[name] == nil { column[name] = index }
        }
        guard let kindColumn = column["kind"] else {
            if column["mood"] != nil, column["time"] != nil {
                throw ImportError(line: header.line, .daylioCSV(expected: "daybook's"))
            }
            let names = ImportError.shown(header.fields.prefix(8).joined(separator: ","))
            throw ImportError(
                line: header.line,
                "this is not a daybook export: its JSON starts with {, and its CSV's first line names the columns kind, date, time...; this file's first line is '\(names)'"
            )
        }
        var data = JournalExport()
        var sawFormat = false
        while let record = try reader.next() {
            let line = record.line
            func field(_ name: String) -> String {
                guard let index = column[name], index < record.fields.count else { return "" }
                return CSVFormula.restored(record.fields[index])
            }
            func optionalNumber(_ name: String) throws(ImportError) -> Double? {
                let text = field(name)
                if text.isEmpty { return nil }
                guard let value = parseExportNumber(text) else {
                    throw ImportError(line: line, "\(name) '\(ImportError.shown(text))' is not a number")
                }
                return value
            }
            func requiredNumber(_ name: String) throws(ImportError) -> Double {
                guard let value = try optionalNumber(name) else {
                    throw ImportError(line: line, "the \(name) is missing")
                }
                return value
            }
            let kind = kindColumn < record.fields.count ? record.fields[kindColumn] : ""
            if !sawFormat && kind != "format" {
                throw ImportError(
                    line: line, "the first row after the column names should be the format row (kind 'format')")
            }
            switch kind {
            case "format":
                guard !sawFormat else { throw ImportError(line: line, "a second format row") }
                guard field("name") == JournalExport.formatName else {
                    throw ImportError(line: line, "the format row does not name daybook; this is not a daybook export")
                }
                try checkVersion(field("value"), given: true, line: line)
                sawFormat = true
            case "setting":
                data.settings.append(JournalExport.Setting(name: field("name"), value: field("value"), line: line))
            case "attribute":
                let builtin: Bool
                // In any letter case: a spreadsheet that saved the file writes TRUE and FALSE.
                switch field("builtin").lowercased() {
                case "true": builtin = true
                case "false", "": builtin = false
                default:
                    throw ImportError(
                        line: line, "builtin '\(ImportError.shown(field("builtin")))' is not true or false")
                }
                let attribute = try definition(
                    name: field("name"), type: field("type"), aggregation: field("aggregation"), unit: field("unit"),
                    group: field("group"), builtin: builtin, line: line)
                data.attributes.append(
                    try withRange(
                        attribute, min: try optionalNumber("range_min"), max: try optionalNumber("range_max"),
                        stated: column["range_min"] != nil || column["range_max"] != nil, line: line))
            case "goal":
                let period = field("period")
                data.goals.append(
                    try goal(
                        attribute: field("name"), since: field("date"), period: period.isEmpty ? nil : period,
                        min: try optionalNumber("min"), max: try optionalNumber("max"),
                        aggregation: field("aggregation").isEmpty ? nil : field("aggregation"), line: line))
            case "mood":
                let rating = try requiredNumber("value")
                guard rating == rating.rounded(), (1...5).contains(rating) else {
                    throw ImportError(line: line, "the mood's value is \(exportNumber(rating)); a mood is rated 1 to 5")
                }
                data.moods.append(
                    JournalExport.MoodRecord(
                        day: try day(field("date"), line: line), recordedAt: try instant(field("time"), line: line),
                        rating: Int(rating), note: field("text"), tags: csvTags(field("tags")), line: line))
            case "note":
                let idText = field("id")
                var id: Int64? = nil
                if !idText.isEmpty {
                    id = try noteID(parseExportNumber(idText), shown: "'\(ImportError.shown(idText))'", line: line)
                }
                let atText = field("at")
                data.notes.append(
                    JournalExport.NoteRecord(
                        id: id, day: try day(field("date"), line: line),
                        recordedAt: try instant(field("time"), line: line),
                        at: atText.isEmpty ? nil : try minuteOfDay(atText, line: line), text: field("text"),
                        tags: csvTags(field("tags")), line: line))
            case "value":
                data.values.append(
                    JournalExport.ValueRecord(
                        day: try day(field("date"), line: line), recordedAt: try instant(field("time"), line: line),
                        attribute: field("name"), value: try requiredNumber("value"),
                        source: field("source").isEmpty ? nil : field("source"),
                        file: field("file").isEmpty ? nil : field("file"), line: line))
            default:
                throw ImportError(
                    line: line,
                    "kind '\(ImportError.shown(kind))' is not a kind of record; a daybook export has format, setting, attribute, goal, mood, note and value rows"
                )
            }
        }
        guard sawFormat else {
            throw ImportError(line: nil, "the file has column names but no rows; a daybook export has a format row")
        }
        try check(data)
        return data
    }

    static func csvTags(_ text: String) -> [String] { text.split(separator: " ").map(String.init) }
}
