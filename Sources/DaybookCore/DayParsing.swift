// Dates as people type them: today, yesterday, a weekday, 3 days ago, 21 nov, 21/11 (in the
// order the `day-order` setting says), YYYY-MM-DD.

/// What a date argument may be, for messages and help.
public let acceptedDateForms =
    "today, yesterday, a weekday (monday or mon), last monday, 3 days ago, a week ago, 21 nov, nov 21, 21/11, or YYYY-MM-DD"

public struct DateParseError: Error, Sendable, CustomStringConvertible {
    public let text: String
    /// Set when the word names a day outside years 1 to 9999 (`yesterday` on 0001-01-01).
    public var outOfRange = false
    /// A whole message, for a form that reads as more than one date.
    public var message: String? = nil
    public init(text: String, outOfRange: Bool = false, message: String? = nil) {
        self.text = text
        self.outOfRange = outOfRange
        self.message = message
    }
    public var description: String {
        if let message { return message }
        return outOfRange
            ? "'\(text)' falls outside the days daybook accepts, \(Day.earliest.iso) to \(Day.latest.iso)"
            : "'\(text)' is not a date; use \(acceptedDateForms)"
    }
}

/// The order of day and month in a date like `21/11` or `11/21`: the `day-order` setting.
public enum DayOrder: String, Sendable, CaseIterable {
    case dayMonth = "day-month"
    case monthDay = "month-day"
}

extension Day {
    /// Parses a date as people type it, relative to `today`: `today`, `yesterday`, `tomorrow`,
    /// weekday names (full or three letters: the most recent such day on or before today),
    /// `last monday` (the most recent one before today: on Wednesday 25 November, last friday is
    /// the 20th and last wednesday the 18th), `3 days ago`, `a week ago`, `2 weeks ago`,
    /// `(the) day before yesterday`,
    /// `21 nov`, `nov 21`, `21 november`, `21/11` (day and month in `order`; without a year, the
    /// most recent such day not after today), `21/11/2026`, `YYYY-MM-DD` and `YYYY/MM/DD`.
    /// A day outside years 1 to 9999 is refused; so is a form that could mean several days.
    /// A refusal names the word that is not a date, or the whole text when that word is a date
    /// by itself (`monday before last`) or begins one.
    public static func parse(_ text: String, today: Day, order: DayOrder = .dayMonth) throws(DateParseError) -> Day {
        // `--on 2026-11-21`, on every line of a script that writes the past, at once.
        if let day = parseISO(text) { return day }
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        func inRange(_ day: Day) throws(DateParseError) -> Day {
            guard day >= earliest && day <= latest else { throw DateParseError(text: text, outOfRange: true) }
            return day
        }
        func notADate(_ word: String) -> DateParseError {
            // `the` and `day` only begin `(the) day before yesterday`: the whole text is named too.
            // So do `next` and `this`, which begin no date (`next friday`).
            isDateAlone(word) || ["the", "day", "next", "this"].contains(word) ? DateParseError(text: text) : DateParseError(text: word)
        }
        if words.last == "yesterday", words.dropLast() == ["day", "before"] || words.dropLast() == ["the", "day", "before"] {
            return try inRange(today.adding(days: -2))
        }
        switch words.count {
        case 1:
            let word = words[0]
            switch word {
            case "today": return try inRange(today)
            case "yesterday": return try inRange(today.adding(days: -1))
            case "tomorrow": return try inRange(today.adding(days: 1))
            default: break
            }
            if let day = parseISO(word) { return day }
            if let back = weekdayBack(word, today: today) { return try inRange(today.adding(days: -back)) }
            if word.contains("/") { return try parseSlashed(word, original: text, today: today, order: order) }
            throw notADate(text)
        case 2:
            // The night that ended this morning: its sleep is today's, as a night of sleep
            // belongs to the day it ends.
            if words == ["last", "night"] { return try inRange(today) }
            if words[0] == "last" {
                guard let back = weekdayBack(words[1], today: today) else { throw notADate(words[1]) }
                return try inRange(today.adding(days: back == 0 ? -7 : -back))
            }
            if let month = monthNumber(words[0]) {
                guard let day = dayNumber(words[1]) else { throw notADate(words[1]) }
                return try recent(month: month, day: day, today: today, text: text)
            }
            if let day = dayNumber(words[0]) {
                guard let month = monthNumber(words[1]) else { throw notADate(words[1]) }
                return try recent(month: month, day: day, today: today, text: text)
            }
            throw notADate(words[0])
        case 3:
            let count: Int
            if words[0] == "a" || words[0] == "an" {
                count = 1
            } else if let n = Int(words[0]), n >= 0, n <= 3_660_000, words[0].allSatisfy(\.isASCII) {
                count = n
            } else {
                throw notADate(words[0])
            }
            guard let size = unitDays(words[1]) else { throw notADate(words[1]) }
            guard words[2] == "ago" else { throw notADate(words[2]) }
            return try inRange(today.adding(days: -count * size))
        default:
            throw notADate(words.first ?? text)
        }
    }

    /// `word` (lowercased) is a whole date by itself: `today`, a weekday, `2026-11-21`.
    static func isDateAlone(_ word: String) -> Bool {
        ["today", "yesterday", "tomorrow"].contains(word) || weekdayBack(word, today: Day(ordinal: 0)) != nil
            || parseISO(word) != nil
    }

    /// How many days back the most recent `word` (a weekday) is, 0 for today; nil for another word.
    static func weekdayBack(_ word: String, today: Day) -> Int? {
        guard word.count >= 3 else { return nil }
        for (index, name) in weekdayNames.enumerated() where name == word || (word.count == 3 && name.hasPrefix(word)) {
            return (today.weekday - (index + 1) + 7) % 7
        }
        return nil
    }

    /// 1 to 12 for a month's name or its first three letters (`sept` too).
    static func monthNumber(_ word: String) -> Int? {
        // A month's name starts with a letter: every `--on 2026-11-21` of a script asks this.
        guard word.utf8.count >= 3, let first = word.utf8.first, first >= UInt8(ascii: "a") else { return nil }
        let count = word.count
        for (index, lower) in lowercaseMonthNames.enumerated() {
            if lower == word || count == 3 && lower.hasPrefix(word) || word == "sept" && index == 8 { return index + 1 }
        }
        return nil
    }

    static let lowercaseMonthNames = monthNames.map { $0.lowercased() }

    /// A day of the month, 1 to 31, as one or two digits.
    static func dayNumber(_ word: String) -> Int? {
        guard (1...2).contains(word.count), word.allSatisfy({ $0.isASCII && $0.isNumber }), let n = Int(word),
            (1...31).contains(n)
        else { return nil }
        return n
    }

    static func unitDays(_ word: String) -> Int? {
        switch word {
        case "day", "days": return 1
        case "week", "weeks": return 7
        default: return nil
        }
    }

    /// The most recent `day` of `month` not after today (29 February: in the last leap year).
    static func recent(month: Int, day: Int, today: Day, text: String) throws(DateParseError) -> Day {
        var year = today.year
        for _ in 0..<9 {
            if let found = Day(year: year, month: month, day: day), found <= today { return found }
            year -= 1
        }
        throw DateParseError(
            text: text,
            message: "'\(text)' is not a date: \(monthNames[month - 1]) has \(daysIn(month: month, year: 2000)) days")
    }

    /// `21/11`, `21/11/2026` (day and month in `order`), `2026/11/21`.
    static func parseSlashed(_ word: String, original: String, today: Day, order: DayOrder) throws(DateParseError) -> Day {
        let parts = word.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        guard parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }), (2...3).contains(parts.count)
        else { throw DateParseError(text: original) }
        let numbers = parts.map { Int($0)! }
        let orderName = order == .dayMonth ? "day/month" : "month/day"
        func pair(_ a: Int, _ b: Int) -> (month: Int, day: Int) { order == .dayMonth ? (b, a) : (a, b) }
        func refuse() -> DateParseError {
            DateParseError(
                text: original,
                message: "'\(original)' is not a date in \(orderName) order (the day-order setting); "
                    + "use \(order == .dayMonth ? "21/11" : "11/21") or YYYY-MM-DD")
        }
        if parts.count == 2 {
            let (month, day) = pair(numbers[0], numbers[1])
            guard (1...12).contains(month), dayNumber(parts[order == .dayMonth ? 0 : 1]) != nil, day <= 31 else { throw refuse() }
            return try recent(month: month, day: day, today: today, text: original)
        }
        if parts[0].count == 4 {
            guard let day = Day(year: numbers[0], month: numbers[1], day: numbers[2]) else { throw DateParseError(text: original) }
            return day
        }
        if parts[2].count == 4 {
            let (month, day) = pair(numbers[0], numbers[1])
            guard let found = Day(year: numbers[2], month: month, day: day) else { throw refuse() }
            return found
        }
        throw DateParseError(
            text: original,
            message: "'\(original)' could be year/month/day, day/month/year or month/day/year; "
                + "write the year in full: YYYY-MM-DD, YYYY/MM/DD or \(orderName)/YYYY")
    }

    /// The words so far of a date argument need the next word: `last`, `3`, `a`, `3 days`, `nov`.
    /// The parser reads the words of one date together while this holds.
    public static func needsMore(_ words: [String]) -> Bool {
        let words = words.map { $0.lowercased() }
        switch words.count {
        case 1:
            let w = words[0]
            if w == "last" || w == "a" || w == "an" || w == "the" || w == "day" { return true }
            if monthNumber(w) != nil { return true }
            return !w.isEmpty && w.count <= 7 && w.allSatisfy { $0.isASCII && $0.isNumber }
        case 2:
            // `day before` wants `yesterday`, and `the day` wants `before`.
            if words == ["day", "before"] || words == ["the", "day"] { return true }
            // `3 days` or `a week` wants `ago`; so does `3 dayz`, so that the refusal names `dayz`.
            return monthNumber(words[1]) == nil && (words[0] == "a" || words[0] == "an" || Int(words[0]) != nil)
        case 3:
            return words == ["the", "day", "before"]
        default:
            return false
        }
    }

    /// The words so far of a date take `next` too: while they need more (`needsMore`); after
    /// `next` or `this` (`next friday`); `before` or `after` a date and the word after that
    /// (`monday before last`). Such a phrase is then refused as a whole, rather than a date
    /// read from its first words and the rest taken for a note or a value.
    public static func goesOn(_ words: [String], with next: String) -> Bool {
        if needsMore(words) { return true }
        guard let last = words.last?.lowercased() else { return false }
        if words.count == 1, last == "next" || last == "this" { return true }
        if last == "before" || last == "after" { return true }
        let word = next.lowercased()
        return word == "before" || word == "after"
    }

    /// `word` may begin a date: a date word, a weekday or month, `last`, `a`, a number or a
    /// written date. `log` reads such a word after its last value as the day.
    public static func startsDate(_ word: String) -> Bool {
        let w = word.lowercased()
        if ["today", "yesterday", "tomorrow", "last", "a", "an", "day", "the"].contains(w) { return true }
        if weekdayBack(w, today: Day(ordinal: 0)) != nil || monthNumber(w) != nil { return true }
        guard let first = w.unicodeScalars.first, ("0"..."9").contains(first) else { return false }
        return w.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || $0 == "-" || $0 == "/" }
    }

    /// Date words offered for completion.
    public static let dateWords = ["today", "yesterday"] + weekdayNames + ["last"]
}
