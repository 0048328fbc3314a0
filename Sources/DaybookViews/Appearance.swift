/// Everything a view draws with: colours (`style`), glyphs (bar cells, sparkline ticks,
/// separators, dashes) and borders, each with its fallback: plain text when colour is off,
/// ASCII when the terminal cannot show UTF-8. Nothing else in daybook spells an escape sequence
/// or a drawing character; views ask the appearance they are given.
public struct Appearance: Sendable, Equatable {
    public var style: Style
    public var glyphs: Glyphs
    public var borders: Borders

    public init(style: Style, glyphs: Glyphs = .unicode, borders: Borders = .unicode) {
        self.style = style
        self.glyphs = glyphs
        self.borders = borders
    }

    /// Colour on or off; Unicode glyphs and borders, or their ASCII stand-ins.
    public init(colour: Bool, unicode: Bool) {
        self.init(
            style: Style(enabled: colour), glyphs: unicode ? .unicode : .ascii, borders: unicode ? .unicode : .ascii)
    }

    /// No colour, Unicode glyphs.
    public static let plain = Appearance(colour: false, unicode: true)

    public var colour: Bool { style.enabled }

    // Colours, through `style`.
    public func bold(_ s: String) -> String { style.bold(s) }
    public func dim(_ s: String) -> String { style.dim(s) }
    public func accent(_ s: String) -> String { style.accent(s) }
    /// Text in the colour of an attribute group (`activity`, `sleep`, ...), or `mood`.
    public func group(_ name: String, _ s: String) -> String { style.group(name, s) }
    /// Text that reads as gone wrong: past an upper bound, late.
    public func warn(_ s: String) -> String { style.paint(Style.warnColour, s) }
    /// Text in the colour of a level from 1 (low) to 5 (high): a calendar cell. `mood` picks
    /// red through yellow to green; otherwise five greens, dark to bright.
    public func level(_ level: Int, mood: Bool, _ s: String) -> String { style.level(level, mood: mood, s) }

    // Glyphs.
    /// `" · "`: between items on one line.
    public var separator: String { " " + glyphs.separator + " " }
    /// `—`: nothing there.
    public var dash: String { glyphs.dash }
    public var ellipsis: String { glyphs.ellipsis }

    /// `██████░░░░`: `fraction` (0 to 1, nil for none) of `width` cells filled, rounded down,
    /// so that a full bar means done.
    public func bar(_ fraction: Double?, width: Int) -> String {
        let width = max(0, width)
        let filled = fraction.map { max(0, min(width, Int(clampingValue: ($0 * Double(width) + 1e-9).rounded(.down)))) } ?? 0
        return String(repeating: glyphs.barFilled, count: filled)
            + String(repeating: glyphs.barEmpty, count: width - filled)
    }

    /// One sparkline tick for `fraction` (0 to 1) of the way from low to high: `▁` to `█`.
    public func tick(_ fraction: Double) -> String {
        let ticks = glyphs.ticks
        guard fraction.isFinite else { return ticks[0] }
        let index = Int((max(0, min(1, fraction)) * Double(ticks.count - 1)).rounded())
        return ticks[index]
    }
}

/// A terminal colour, as its SGR parameter.
public enum Colour: String, Sendable, CaseIterable {
    case red = "31"
    case green = "32"
    case yellow = "33"
    case blue = "34"
    case magenta = "35"
    case cyan = "36"
}

/// Colours and weights, written as ANSI escape sequences only when colour is on.
public struct Style: Sendable, Equatable {
    public let enabled: Bool
    public init(enabled: Bool) { self.enabled = enabled }

    /// The colour of what reads as good or chosen: a goal within its range.
    public static let accentColour = Colour.cyan
    /// The colour of what reads as gone wrong: a value past an upper bound, a late time.
    public static let warnColour = Colour.red

    /// The 256-colour palette entries of the five levels of a calendar: moods from red to
    /// green, other values in five greens from dark to bright.
    public static let moodLevels = [196, 208, 220, 148, 40]
    public static let heatLevels = [22, 28, 34, 40, 46]

    /// The colour of each attribute group, and of `mood`. A group not listed has none.
    public static let groupColours: [String: Colour] = [
        "activity": .green, "sleep": .blue, "health": .red, "food": .yellow, "productivity": .magenta,
        "mood": .yellow,
    ]

    /// `s` wrapped in the escape sequence that selects `parameter`, and the one that resets.
    func sgr(_ parameter: String, _ s: String) -> String {
        enabled ? "\u{1B}[\(parameter)m\(s)\u{1B}[0m" : s
    }

    public func bold(_ s: String) -> String { sgr("1", s) }
    public func dim(_ s: String) -> String { sgr("2", s) }
    public func accent(_ s: String) -> String { paint(Style.accentColour, s) }
    public func paint(_ colour: Colour, _ s: String) -> String { sgr(colour.rawValue, s) }

    /// Text in the colour of level 1 to 5 (see `moodLevels` and `heatLevels`).
    public func level(_ level: Int, mood: Bool, _ s: String) -> String {
        let palette = mood ? Style.moodLevels : Style.heatLevels
        return sgr("38;5;\(palette[max(1, min(5, level)) - 1])", s)
    }

    /// Text in a group's colour; plain for a group without one.
    public func group(_ name: String, _ s: String) -> String {
        guard let colour = Style.groupColours[name.lowercased()] else { return s }
        return paint(colour, s)
    }
}

/// The characters views draw with, beyond letters and digits.
public struct Glyphs: Sendable, Equatable {
    /// A filled and an empty cell of a progress bar.
    public var barFilled: String
    public var barEmpty: String
    /// Sparkline ticks, lowest first.
    public var ticks: [String]
    /// Between items on one line (drawn with a space either side).
    public var separator: String
    /// Where there is nothing: no value, no data.
    public var dash: String
    /// Where text was cut.
    public var ellipsis: String
    /// A cell of a bar past an upper bound: how far over.
    public var barOver: String
    /// Where a time of day falls on a bar drawn as a stretch of the clock.
    public var marker: String
    /// Before an item of a list (the insights under `today`).
    public var bullet: String
    /// A day with a value in the calendar, drawn in its level's colour.
    public var cell: String
    /// A day without a value in the calendar.
    public var noValue: String
    /// Between the two ends of a span of dates.
    public var to: String

    public init(
        barFilled: String, barEmpty: String, ticks: [String], separator: String, dash: String, ellipsis: String,
        barOver: String = "▓", marker: String = "●", bullet: String = "•", cell: String = "■", noValue: String = "·",
        to: String = "–"
    ) {
        self.barFilled = barFilled
        self.barEmpty = barEmpty
        self.ticks = ticks
        self.separator = separator
        self.dash = dash
        self.ellipsis = ellipsis
        self.barOver = barOver
        self.marker = marker
        self.bullet = bullet
        self.cell = cell
        self.noValue = noValue
        self.to = to
    }

    public static let unicode = Glyphs(
        barFilled: "█", barEmpty: "░", ticks: ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"], separator: "·", dash: "—",
        ellipsis: "…")

    public static let ascii = Glyphs(
        barFilled: "#", barEmpty: ".", ticks: ["_", ".", "-", "~", "=", "+", "*", "#"], separator: "|", dash: "-",
        ellipsis: "...", barOver: "!", marker: "o", bullet: "*", cell: "#", noValue: ".", to: "-")
}

/// Box-drawing characters for cards and tables.
public struct Borders: Sendable, Equatable {
    public var horizontal: String
    public var vertical: String
    public var topLeft: String
    public var topRight: String
    public var bottomLeft: String
    public var bottomRight: String
    /// `├` `┤` `┬` `┴` `┼`: where a line meets a border from inside.
    public var teeRight: String
    public var teeLeft: String
    public var teeDown: String
    public var teeUp: String
    public var cross: String

    public init(
        horizontal: String, vertical: String, topLeft: String, topRight: String, bottomLeft: String,
        bottomRight: String, teeRight: String, teeLeft: String, teeDown: String, teeUp: String, cross: String
    ) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomLeft = bottomLeft
        self.bottomRight = bottomRight
        self.teeRight = teeRight
        self.teeLeft = teeLeft
        self.teeDown = teeDown
        self.teeUp = teeUp
        self.cross = cross
    }

    /// A horizontal line `width` cells long.
    public func rule(_ width: Int) -> String { String(repeating: horizontal, count: max(0, width)) }

    public static let unicode = Borders(
        horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
        teeRight: "├", teeLeft: "┤", teeDown: "┬", teeUp: "┴", cross: "┼")

    public static let ascii = Borders(
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        teeRight: "+", teeLeft: "+", teeDown: "+", teeUp: "+", cross: "+")
}
