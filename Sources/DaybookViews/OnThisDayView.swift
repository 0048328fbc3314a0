import DaybookCore

/// Earlier days remembered: the line of `today`, `show` and the shell's greeting that says
/// what the journal held a year (or a month) ago, and `show --on-this-day`, the same day in
/// every earlier year.
public enum OnThisDayView {
    // MARK: A year ago

    /// `A year ago, Fri 21 Nov 2025: 4 good · walked by the sea`, wrapped to `width`, dim.
    public static func recollection(_ recollection: Recollection, appearance: Appearance, width: Int) -> [String] {
        let ago = recollection.distance == .year ? "A year ago" : "A month ago"
        var parts: [String] = []
        if let rating = recollection.rating { parts.append("\(rating) \(Mood.label(rating))") }
        if let text = recollection.text { parts.append(printable(text)) }
        let text =
            ago + ", " + recollection.day.short + " \(recollection.day.year): "
            + parts.joined(separator: appearance.separator)
        return Columns.wrap(text, width: max(1, width), indent: "  ").map(appearance.dim)
    }

    /// `{"date", "ago": "year" | "month", "mood": {"rating", "label"} | null, "text"}`, or
    /// `null`: where `show --json` and `today --json` put it, as `"looking_back"`.
    public static func json(_ recollection: Recollection?) -> String {
        guard let recollection else { return "null" }
        return jsonObject([
            ("date", jsonString(recollection.day.iso)), ("ago", jsonString(recollection.distance.rawValue)),
            (
                "mood",
                recollection.rating.map {
                    jsonObject([("rating", String($0)), ("label", jsonString(Mood.label($0)))])
                } ?? "null"
            ),
            ("text", recollection.text.map(jsonString) ?? "null"),
        ])
    }

    /// A JSON object (`show --json`, `today --json`) with `"looking_back"` added last.
    public static func adding(_ recollection: Recollection?, to object: String) -> String {
        guard object.hasSuffix("}") else { return object }
        return String(object.dropLast()) + ", " + jsonString("looking_back") + ": " + json(recollection) + "}"
    }

    // MARK: On this day

    /// `21 November in earlier years`, then a line per year, newest first: the year and
    /// weekday, the mood with its word and the first line of its note (or of the day's first
    /// note), and its first values.
    public static func text(_ day: Day, _ records: [DayRecord], appearance: Appearance, width: Int) -> [String] {
        let width = max(1, width)
        var lines = Columns.wrap(heading(day), width: width).map(appearance.bold)
        for record in records {
            var parts: [String] = []
            if let mood = record.mood {
                parts.append("\(mood.rating) \(Mood.label(mood.rating))")
            }
            if let text = Recollection(record, distance: .year)?.text { parts.append(printable(text)) }
            let shown = record.values.prefix(valuesShown).map {
                "\(printable($0.attribute.name)) \($0.attribute.format($0.value))"
            }
            var values = shown.joined(separator: ", ")
            if record.values.count > valuesShown {
                values += ", " + Words.counted(record.values.count - valuesShown, "more", plural: "more")
            }
            if !values.isEmpty { parts.append(values) }
            let date = "\(record.day.year) \(record.day.shortWeekday)"
            lines += Columns.wrapLine(
                "  " + date + "  " + parts.joined(separator: appearance.separator), width: width,
                hanging: 2 + Columns.width(date) + 2)
        }
        return lines
    }

    /// How many of a day's values `show --on-this-day` names; the rest are counted.
    static let valuesShown = 3

    /// `21 November in earlier years`; 29 February says it stands for 28 February too.
    static func heading(_ day: Day) -> String {
        let leap = day.month == 2 && day.dayOfMonth == 29 ? " (28 February in other years)" : ""
        return "\(day.dayOfMonth) \(Day.monthNames[day.month - 1].capitalizedFirst)\(leap) in earlier years"
    }

    /// What `show --on-this-day` says when no earlier year holds anything on that day.
    public static func nothing(_ day: Day) -> String {
        "nothing on \(day.dayOfMonth) \(Day.monthNames[day.month - 1].capitalizedFirst) in earlier years"
    }

    /// `{"date", "days": [...]}`: the day asked about, and each earlier year's day as
    /// `show --json` gives one, newest first.
    public static func json(_ day: Day, _ records: [DayRecord]) -> String {
        jsonObject([("date", jsonString(day.iso)), ("days", jsonArray(records.map(DayView.json)))])
    }
}
