import DaybookCore

/// A run of days, for `week`: a table with a line per day (the date and weekday, the mood as a
/// number and a word, the goals met, the key values, the first note cut to fit), then a
/// sparkline per attribute over the range with its mean and the number of days with a value.
/// As JSON, `{"days": [...]}` with one object of the form `show --json` prints per day; as CSV,
/// one row per day.
public enum WeekView {
    /// Columns between two columns of the table.
    static let gap = 2

    /// The table and the sparklines. `goals` holds the goals met on each day, as many as
    /// `records` (empty when unknown); `attributes` is the journal's order of attributes.
    public static func text(
        _ records: [DayRecord], goals: [GoalsMet] = [], attributes: [Attribute] = [], appearance: Appearance,
        width: Int
    ) -> [String] {
        guard let first = records.first, let last = records.last else { return [] }
        let width = max(1, width)
        let shown = columns(records, attributes: attributes)
        var lines = Columns.wrap(title(first.day, last.day, count: records.count), width: width).map(appearance.bold)
        lines += table(records, goals: goals, attributes: shown, appearance: appearance, width: width)
        let sparks = sparklines(records, attributes: shown, appearance: appearance, width: width)
        if !sparks.isEmpty {
            lines.append("")
            lines += sparks
        }
        return lines
    }

    /// "7 days to Saturday 21 November 2026"; "1 day: Saturday 21 November 2026".
    static func title(_ first: Day, _ last: Day, count: Int) -> String {
        count == 1 ? "1 day: \(last.long)" : "\(count) days to \(last.long)"
    }

    /// The attributes with a value on some day of `records`, in the journal's order (attributes
    /// not in `attributes` after, in the order met).
    static func columns(_ records: [DayRecord], attributes: [Attribute]) -> [Attribute] {
        var seen: [Attribute] = []
        var names = Set<String>()
        for record in records {
            for (attribute, _) in record.values where names.insert(attribute.name).inserted { seen.append(attribute) }
            for attribute in record.damaged where names.insert(attribute.name).inserted { seen.append(attribute) }
        }
        let order = Dictionary(attributes.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { a, _ in a })
        return seen.enumerated().sorted {
            (order[$0.element.name] ?? attributes.count + $0.offset) < (order[$1.element.name] ?? attributes.count + $1.offset)
        }.map(\.element)
    }

    /// The date of a day in the table: `Sat 21 Nov`, or `2026-11-21 Sat` when the range spans
    /// two years.
    static func date(_ day: Day, years: Bool) -> String {
        years ? day.iso + " " + day.shortWeekday : day.short
    }

    /// The first line of the day's first note: the mood's, else the first of the notes.
    static func firstNote(_ record: DayRecord) -> String {
        let texts = (record.mood.map { [$0.note] } ?? []) + record.notes.map(\.text)
        for text in texts {
            if let line = TodayView.firstLine(text) { return line }
        }
        return ""
    }

    static func table(
        _ records: [DayRecord], goals: [GoalsMet], attributes: [Attribute], appearance: Appearance, width: Int
    ) -> [String] {
        let years = records.first!.day.year != records.last!.day.year
        let dates = records.map { date($0.day, years: years) }
        let moods = records.map { $0.mood.map { "\($0.rating) \(Mood.label($0.rating))" } ?? appearance.dash }
        let shortMoods = records.map { $0.mood.map { "\($0.rating)" } ?? appearance.dash }
        let notes = records.map(firstNote)
        let goalCells = goals.count == records.count ? goals.map { $0.total > 0 ? "\($0.met)/\($0.total)" : "" } : []

        struct Column {
            var header: String
            var cells: [String]
            var right = false
            var width: Int { ([header] + cells).map(Columns.width).max() ?? 0 }
        }
        var columns = [Column(header: "day", cells: dates)]
        var used = columns[0].width
        // The mood's word goes when it leaves no room for the goals met.
        let hasGoals = goalCells.contains { !$0.isEmpty }
        let goalsWidth = hasGoals ? gap + Column(header: "goals", cells: goalCells).width : 0
        var mood = Column(header: "mood", cells: moods)
        let short = Column(header: "mood", cells: shortMoods)
        if used + gap + mood.width + goalsWidth > width
            && (used + gap + short.width + goalsWidth <= width || used + gap + mood.width > width)
        {
            mood = short
        }
        columns.append(mood)
        used += gap + mood.width
        if hasGoals {
            let column = Column(header: "goals", cells: goalCells)
            if used + gap + column.width <= width {
                columns.append(column)
                used += gap + column.width
            }
        }
        // Values, the attributes with the most days first, as many as leave room for notes.
        let longestNote = notes.map(Columns.width).max() ?? 0
        let noteRoom = longestNote == 0 ? 0 : gap + min(longestNote, 16)
        let counts = attributes.map { attribute in records.filter { $0.values.contains { $0.attribute.name == attribute.name } }.count }
        let ranked = attributes.indices.sorted { counts[$0] != counts[$1] ? counts[$0] > counts[$1] : $0 < $1 }
        var chosen = Set<Int>()
        var cellsOf: [Int: Column] = [:]
        for index in ranked {
            let attribute = attributes[index]
            let cells = records.map { record in
                record.values.first { $0.attribute.name == attribute.name }.map { attribute.format($0.value) }
                    ?? (record.damaged.contains { $0.name == attribute.name } ? Words.damagedValue : "")
            }
            let column = Column(header: printable(attribute.name), cells: cells, right: true)
            if used + gap + column.width + noteRoom <= width {
                chosen.insert(index)
                cellsOf[index] = column
                used += gap + column.width
            }
        }
        for index in attributes.indices where chosen.contains(index) { columns.append(cellsOf[index]!) }
        if longestNote > 0, width - used - gap >= 6 {
            let room = min(longestNote, width - used - gap)
            columns.append(
                Column(header: "note", cells: notes.map { Columns.fit($0, room, ellipsis: appearance.ellipsis) }))
        }

        let widths = columns.map(\.width)
        func line(_ cells: [String], right: [Bool]) -> String {
            var parts: [String] = []
            for (i, cell) in cells.enumerated() {
                parts.append(right[i] ? Columns.padLeft(cell, widths[i]) : Columns.pad(cell, widths[i]))
            }
            var text = parts.joined(separator: String(repeating: " ", count: gap))
            while text.hasSuffix(" ") { text.removeLast() }
            return Columns.fit(text, width, ellipsis: appearance.ellipsis)
        }
        let right = columns.map(\.right)
        var lines = [appearance.dim(line(columns.map(\.header), right: right))]
        lines.append(Columns.fit(widths.map { appearance.borders.rule($0) }.joined(separator: "  "), width, ellipsis: ""))
        for (row, record) in records.enumerated() {
            var text = line(columns.map { $0.cells[row] }, right: right)
            if record.isEmpty && appearance.colour { text = appearance.dim(text) }
            lines.append(text)
        }
        return lines
    }

    // MARK: Sparklines

    /// One value a tick, `count` ticks over `values` (one per day, nil where none): each tick
    /// is the mean of its days (`type.mean`), scaled between `low` and `high`.
    static func spark(
        _ values: [Double?], count: Int, type: ValueType, low: Double, high: Double, center: Double,
        appearance: Appearance
    ) -> String {
        var out = ""
        let n = values.count
        for i in 0..<count {
            let from = i * n / count
            let to = max(from + 1, (i + 1) * n / count)
            let bucket = values[from..<to].compactMap { $0 }
            guard let mean = type.mean(bucket) else {
                out += " "
                continue
            }
            let position = linear(mean, type: type, center: center)
            out += appearance.tick(high > low ? (position - low) / (high - low) : 0.5)
        }
        return out
    }

    /// A value on a line: itself, or for a time of day its signed distance from `center`.
    static func linear(_ value: Double, type: ValueType, center: Double) -> Double {
        type.isCircular ? type.difference(value, center) : value
    }

    /// A sparkline per attribute with a value in the range, and the mood first.
    static func sparklines(_ records: [DayRecord], attributes: [Attribute], appearance: Appearance, width: Int) -> [String] {
        var series: [(name: String, group: String, type: ValueType, values: [Double?], stats: String, mood: Bool)] = []
        let moods = records.map { $0.mood.map { Double($0.rating) } }
        let moodDays = moods.compactMap { $0 }
        if !moodDays.isEmpty {
            let mean = ValueType.decimal.format(Statistics.mean(moodDays) ?? 0, decimals: 1)
            series.append(("mood", "mood", .count, moods, "mean \(mean)" + appearance.separator + days(moodDays.count), true))
        }
        for attribute in attributes {
            let values = records.map { record in record.values.first { $0.attribute.name == attribute.name }?.value }
            let present = values.compactMap { $0 }
            guard let mean = attribute.type.mean(present) else { continue }
            let average =
                attribute.type == .yesno ? "yes \(Percent.roundedDown(mean))%" : "mean " + meanText(attribute, mean)
            series.append(
                (printable(attribute.name), attribute.group, attribute.type, values,
                 average + appearance.separator + days(present.count), false))
        }
        guard !series.isEmpty else { return [] }
        let labelWidth = min(series.map { Columns.width($0.name) }.max() ?? 0, max(4, width / 4))
        var lines: [String] = []
        for item in series {
            let label = Columns.pad(Columns.fit(item.name, labelWidth, ellipsis: appearance.ellipsis), labelWidth)
            let present = item.values.compactMap { $0 }
            var low = 1.0
            var high = 5.0
            var center = 0.0
            if !item.mood {
                center = item.type.mean(present) ?? 0
                let positions = present.map { linear($0, type: item.type, center: center) }
                low = item.type == .yesno ? 0 : positions.min() ?? 0
                high = item.type == .yesno ? 1 : positions.max() ?? 0
            }
            let statsWidth = Columns.width(item.stats)
            let room = width - labelWidth - gap
            var count = min(records.count, room - gap - statsWidth)
            let statsBelow = count < min(records.count, 8)
            if statsBelow { count = min(records.count, room) }
            let ticks = spark(
                item.values, count: max(1, count), type: item.type, low: low, high: high, center: center,
                appearance: appearance)
            let coloured = appearance.group(item.group, ticks)
            if room < 1 {
                lines.append(Columns.fit(label, width, ellipsis: appearance.ellipsis))
            } else if statsBelow {
                lines.append(label + "  " + coloured)
                lines += Columns.wrap(item.stats, width: width, first: String(repeating: " ", count: min(labelWidth + gap, width / 2)))
                    .map(appearance.dim)
            } else {
                lines.append(label + "  " + coloured + "  " + appearance.dim(item.stats))
            }
        }
        return lines
    }

    /// A mean as it reads: to one decimal, and a mean of small counts too (`1.7 cups`).
    static func meanText(_ attribute: Attribute, _ mean: Double) -> String {
        guard attribute.type == .count, abs(mean) < 100 else { return attribute.format(mean, decimals: 1) }
        var decimal = attribute
        decimal.type = .decimal
        return decimal.format(mean, decimals: 1)
    }

    static func days(_ count: Int) -> String { count == 1 ? "1 day" : "\(count) days" }

    // MARK: JSON and CSV

    public static func json(_ records: [DayRecord]) -> String {
        jsonObject([("days", jsonArray(records.map(DayView.json)))])
    }

    /// A header, then a row per day: `date`, `weekday`, `mood`, `mood_label`, `goals_met`,
    /// `goals_total`, a column per attribute with a value in the range (in the units of
    /// `show --json`: durations in minutes, times of day `HH:MM`, yes/no `true` or `false`),
    /// `tags` (space-separated), `mood_note`, and `notes` (one a line). Empty where there is none.
    public static func csv(_ records: [DayRecord], goals: [GoalsMet] = [], attributes: [Attribute] = []) -> [String] {
        let shown = columns(records, attributes: attributes)
        var lines = [
            CSV.row(
                ["date", "weekday", "mood", "mood_label", "goals_met", "goals_total"] + shown.map(\.name)
                    + ["tags", "mood_note", "notes"])
        ]
        for (i, record) in records.enumerated() {
            let goal = goals.count == records.count ? goals[i] : nil
            var fields = [
                record.day.iso, record.day.longWeekday.lowercased(), record.mood.map { String($0.rating) } ?? "",
                record.mood.map { Mood.label($0.rating) } ?? "", goal.map { String($0.met) } ?? "",
                goal.map { String($0.total) } ?? "",
            ]
            for attribute in shown {
                fields.append(
                    record.values.first { $0.attribute.name == attribute.name }.map { CSV.value(attribute.type, $0.value) }
                        ?? "")
            }
            fields.append(record.tags.joined(separator: " "))
            fields.append(record.mood?.note ?? "")
            fields.append(record.notes.map(\.text).joined(separator: "\n"))
            lines.append(CSV.row(fields))
        }
        return lines
    }
}

/// Comma-separated values, as RFC 4180 writes them: a field holding a comma, a quote or a line
/// break is quoted, its quotes doubled. Control characters other than line breaks and tabs are
/// shown as `printable` shows them, so that a CSV printed to a terminal is as safe as the views,
/// and a cell a spreadsheet would run as a formula gets a leading `'` (`CSVFormula`).
public enum CSV {
    public static func row(_ fields: [String]) -> String { fields.map(field).joined(separator: ",") }

    public static func field(_ text: String) -> String {
        let shown = text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map { printable(String($0)) }.joined(separator: "\t") }
            .joined(separator: "\n")
        let safe = CSVFormula.neutralised(shown)
        guard safe.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return safe }
        var out = "\""
        for ch in safe {
            out.append(ch)
            if ch == "\"" { out.append("\"") }
        }
        return out + "\""
    }

    /// A value in the units of `show --json`, without JSON's quotes: `8200`, `450`, `23:40`, `true`.
    public static func value(_ type: ValueType, _ value: Double) -> String {
        let json = type.json(value)
        return json.hasPrefix("\"") ? String(json.dropFirst().dropLast()) : json
    }
}
