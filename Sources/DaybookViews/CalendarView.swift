import DaybookCore

/// A year or a month of one value a day, for `calendar`: a grid of cells, weekdays down and
/// weeks across, as a code forge draws contributions. Each day with a value is drawn at its
/// level from 1 to 5: the mood's rating, or for an attribute five equal steps between its own
/// low and high over the days shown. In colour and Unicode a cell is a coloured square; in
/// ASCII or without colour it is the digit of its level. A day without a value is a dot, and
/// the days outside the range or still to come are blank.
public enum CalendarView {
    /// What the calendar shows.
    public struct Data: Sendable {
        /// The first and last day of the year or month.
        public var from: Day
        public var through: Day
        /// True for a single month.
        public var month: Bool
        /// nil for the mood.
        public var attribute: Attribute?
        /// The value of each day that has one, by `Day.ordinal`.
        public var values: [Int: Double]
        /// Days after this one are still to come: drawn blank.
        public var today: Day?

        public init(from: Day, through: Day, month: Bool, attribute: Attribute?, values: [Int: Double], today: Day?) {
            self.from = from
            self.through = through
            self.month = month
            self.attribute = attribute
            self.values = values
            self.today = today
        }

        public var name: String { attribute.map { printable($0.name) } ?? "mood" }
        var type: ValueType { attribute?.type ?? .count }
        var isMood: Bool { attribute == nil }
    }

    /// The five levels' bounds for an attribute: its low and high over the days shown, and the
    /// centre a time of day is measured from (its circular mean).
    struct Scale {
        var low: Double
        var high: Double
        var center: Double
        var type: ValueType

        init(_ data: Data) {
            let type = data.type
            self.type = type
            let values = Array(data.values.values)
            let center = data.isMood ? 0 : type.mean(values) ?? 0
            self.center = center
            if data.isMood {
                low = 1
                high = 5
            } else if type == .yesno {
                low = 0
                high = 1
            } else {
                let positions = values.map { WeekView.linear($0, type: type, center: center) }
                low = positions.min() ?? 0
                high = positions.max() ?? 0
            }
        }

        /// 1 to 5.
        func level(_ value: Double, mood: Bool) -> Int {
            if mood { return max(1, min(5, Int(clampingValue: value.rounded()))) }
            if type == .yesno { return value >= 0.5 ? 5 : 1 }
            guard high > low else { return 3 }
            let position = WeekView.linear(value, type: type, center: center)
            return 1 + max(0, min(4, Int(clampingValue: ((position - low) / (high - low) * 5).rounded(.down))))
        }

        /// The value where level `n` starts, and where level 5 ends (`n` = 6).
        func bound(_ n: Int) -> Double {
            let position = low + (high - low) * Double(n - 1) / 5
            return type.isCircular ? Statistics.onClock(center + position) : position
        }
    }

    // MARK: Text

    public static func text(_ data: Data, appearance: Appearance, width: Int) -> [String] {
        let width = max(1, width)
        let scale = Scale(data)
        let period = data.month ? "\(Day.monthNames[data.from.month - 1]) \(data.from.year)" : "\(data.from.year)"
        let title = (data.isMood ? "Mood" : data.name) + " in " + period
        var lines = Columns.wrap(title, width: width).map(appearance.bold)
        func cell(_ day: Day) -> String {
            if day < data.from || day > data.through { return " " }
            if let today = data.today, day > today { return " " }
            guard let value = data.values[day.ordinal] else { return appearance.dim(appearance.glyphs.noValue) }
            return self.cell(scale.level(value, mood: data.isMood), mood: data.isMood, appearance: appearance)
        }
        let weeks = (data.through.startOfISOWeek.ordinal - data.from.startOfISOWeek.ordinal) / 7 + 1
        let label = 3
        if !data.month && label + 2 * weeks <= width {
            lines += strip(from: data.from, through: data.through, cellWidth: 2, cell: cell, width: width)
        } else if !data.month && label + weeks <= width {
            lines += strip(from: data.from, through: data.through, cellWidth: 1, cell: cell, width: width)
        } else {
            lines += months(data, cell: cell, width: width)
        }
        lines.append("")
        lines += legend(data, scale: scale, appearance: appearance, width: width)
        return lines
    }

    /// A cell at level 1 to 5: a coloured square in colour and Unicode, else the digit (coloured
    /// when colour is on).
    static func cell(_ level: Int, mood: Bool, appearance: Appearance) -> String {
        if appearance.colour && appearance.glyphs == .unicode {
            return appearance.level(level, mood: mood, appearance.glyphs.cell)
        }
        return appearance.level(level, mood: mood, String(level))
    }

    static let weekdayLabels = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

    /// One grid from `from` to `through`: a row of month names, then a row per weekday.
    static func strip(from: Day, through: Day, cellWidth: Int, cell: (Day) -> String, width: Int) -> [String] {
        let start = from.startOfISOWeek
        let weeks = (through.startOfISOWeek.ordinal - start.ordinal) / 7 + 1
        // Month names over the week holding each month's first day, where there is room.
        var header = Array(repeating: Character(" "), count: 3 + weeks * cellWidth)
        var free = 0
        var day = from
        while day <= through {
            let column = 3 + (day.startOfISOWeek.ordinal - start.ordinal) / 7 * cellWidth
            let name = Array(Day.monthNames[day.month - 1].prefix(3))
            if column >= free, column + name.count <= header.count {
                for (i, ch) in name.enumerated() { header[column + i] = ch }
                free = column + name.count + 1
            }
            day = day.endOfMonth.adding(days: 1)
        }
        var lines = [trimmed(String(header))]
        for weekday in 0..<7 {
            var line = weekdayLabels[weekday] + " "
            for week in 0..<weeks {
                line += cell(start.adding(days: week * 7 + weekday))
                if cellWidth == 2 && week < weeks - 1 { line += " " }
            }
            lines.append(trimmed(line))
        }
        return lines
    }

    /// The months as blocks side by side, as many as fit, wrapping below.
    static func months(_ data: Data, cell: (Day) -> String, width: Int) -> [String] {
        var blocks: [[String]] = []
        var first = data.from
        while first <= data.through {
            let last = min(first.endOfMonth, data.through)
            // A month alone has its name in the title already.
            var block = [data.month ? "" : Day.monthNames[first.month - 1]]
            let start = first.startOfISOWeek
            let weeks = (last.startOfISOWeek.ordinal - start.ordinal) / 7 + 1
            // Over each week, the day of the month it starts on (the 1st for the first), so
            // that every cell's date can be read off: three columns a week, room for two digits.
            var numbers = ""
            for week in 0..<weeks {
                let number = String(max(start.adding(days: week * 7), first).dayOfMonth)
                numbers += week < weeks - 1 ? Columns.pad(number, 3) : number
            }
            block.append(numbers)
            for weekday in 0..<7 {
                var line = ""
                for week in 0..<weeks {
                    let day = start.adding(days: week * 7 + weekday)
                    line += day < first || day > last ? " " : cell(day)
                    if week < weeks - 1 { line += "  " }
                }
                block.append(line)
            }
            blocks.append(block)
            first = last.adding(days: 1)
        }
        // Every block as wide as the widest (six weeks at most: 16 columns, or its name).
        let blockWidth = blocks.map { $0.map(Columns.width).max() ?? 0 }.max() ?? 0
        let label = 3
        // Three columns between months, as between weeks: a month's last day number never
        // runs into the next month's first.
        let gap = 3
        let perRow = max(1, (width - label + gap) / (blockWidth + gap))
        var lines: [String] = []
        var index = 0
        while index < blocks.count {
            let row = Array(blocks[index..<min(blocks.count, index + perRow)])
            if index > 0 { lines.append("") }
            for i in (data.month ? 1 : 0)..<9 {
                let prefix = i <= 1 ? "   " : weekdayLabels[i - 2] + " "
                let text = prefix + row.map { Columns.pad($0[i], blockWidth) }.joined(separator: "   ")
                lines.append(Columns.fit(trimmed(text), width, ellipsis: ""))
            }
            index += perRow
        }
        return lines
    }

    static func trimmed(_ line: String) -> String {
        var line = line
        while line.hasSuffix(" ") { line.removeLast() }
        return line
    }

    /// What each level means, and the cell of a day without a value.
    static func legend(_ data: Data, scale: Scale, appearance: Appearance, width: Int) -> [String] {
        var items: [String] = []
        var bands: [Int: (low: Double, high: Double, lowAt: Double, highAt: Double)] = [:]
        if !data.isMood {
            for value in data.values.values {
                let level = scale.level(value, mood: false)
                let at = WeekView.linear(value, type: data.type, center: scale.center)
                if let band = bands[level] {
                    if at < band.lowAt { bands[level]!.low = value; bands[level]!.lowAt = at }
                    if at > band.highAt { bands[level]!.high = value; bands[level]!.highAt = at }
                } else {
                    bands[level] = (value, value, at, at)
                }
            }
        }
        // An attribute without a value in the range has no scale to tell.
        for level in 1...5 where data.isMood || !data.values.isEmpty {
            let meaning: String
            if data.isMood {
                meaning = Mood.label(level)
            } else if data.type == .yesno {
                guard level == 1 || level == 5 else { continue }
                meaning = level == 5 ? "yes" : "no"
            } else if scale.high <= scale.low {
                guard level == 3 else { continue }
                meaning = data.attribute!.format(scale.bound(1))
            } else {
                // The lowest and highest value of the days drawn at this level: bands that
                // never share an edge, each true of the days it stands for. A level no day
                // reached is not listed.
                guard let band = bands[level] else { continue }
                let low = data.attribute!.format(band.low)
                let high = data.attribute!.format(band.high)
                meaning = low == high ? low : low + appearance.glyphs.to + high
            }
            items.append(cell(level, mood: data.isMood, appearance: appearance) + " " + meaning)
        }
        items.append(appearance.dim(appearance.glyphs.noValue) + " no " + (data.isMood ? "mood" : "value"))
        var lines: [String] = []
        var line = ""
        for item in items {
            if line.isEmpty {
                line = item
            } else if Columns.width(line) + 2 + Columns.width(item) <= width {
                line += "  " + item
            } else {
                lines.append(line)
                line = item
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.map { Columns.fit($0, width, ellipsis: appearance.ellipsis) }
    }

    // MARK: JSON and CSV

    /// `{"attribute", "from", "through", "low", "high", "days": [{"date", "value", "level"}]}`:
    /// every day of the range, `value` in the units of `show --json` and `level` from 1 to 5,
    /// both null for a day without a value. `low` and `high` are the ends of the scale.
    public static func json(_ data: Data) -> String {
        let scale = Scale(data)
        let type = data.type
        let days = (data.from.ordinal...data.through.ordinal).map { ordinal -> String in
            let value = data.values[ordinal]
            return jsonObject([
                ("date", jsonString(Day(ordinal: ordinal).iso)), ("value", value.map(type.json) ?? "null"),
                ("level", value.map { String(scale.level($0, mood: data.isMood)) } ?? "null"),
            ])
        }
        let hasValues = !data.values.isEmpty
        return jsonObject([
            ("attribute", jsonString(data.attribute?.name ?? "mood")), ("from", jsonString(data.from.iso)),
            ("through", jsonString(data.through.iso)),
            ("low", hasValues ? type.json(scale.bound(1)) : "null"),
            ("high", hasValues ? type.json(scale.bound(6)) : "null"), ("days", jsonArray(days)),
        ])
    }

    /// `date,value,level`, a row per day of the range; value and level empty where there is none.
    public static func csv(_ data: Data) -> [String] {
        let scale = Scale(data)
        var lines = [CSV.row(["date", "value", "level"])]
        for ordinal in data.from.ordinal...data.through.ordinal {
            let value = data.values[ordinal]
            lines.append(
                CSV.row([
                    Day(ordinal: ordinal).iso, value.map { CSV.value(data.type, $0) } ?? "",
                    value.map { String(scale.level($0, mood: data.isMood)) } ?? "",
                ]))
        }
        return lines
    }
}
