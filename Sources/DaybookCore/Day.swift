#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A local calendar date. Stored in the journal as `YYYY-MM-DD` text.
public struct Day: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (proleptic Gregorian).
    public let ordinal: Int

    public init(ordinal: Int) { self.ordinal = ordinal }

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
            (1...Day.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.ordinal = Day.ordinal(year: year, month: month, day: day)
    }

    public static func < (a: Day, b: Day) -> Bool { a.ordinal < b.ordinal }

    /// A day's hash in a few instructions: `insights` looks days up in dictionaries tens of
    /// thousands of times, and SipHash (what a hasher computes) cost more than the rest of each
    /// lookup. The ordinal and the dictionary's seed go through splitmix64's finalizer, a full
    /// 64-bit mix; days are not chosen by an adversary, so SipHash's protection is not needed.
    public func _rawHashValue(seed: Int) -> Int {
        var x = UInt64(bitPattern: Int64(ordinal)) ^ UInt64(bitPattern: Int64(seed))
        x = (x ^ (x >> 30)) &* 0xBF58_476D_1CE4_E5B9
        x = (x ^ (x >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: x ^ (x >> 31))
    }

    /// The first and last days daybook accepts, reads and prints: years 1 to 9999.
    public static let earliest = Day(year: 1, month: 1, day: 1)!
    public static let latest = Day(year: 9999, month: 12, day: 31)!

    // Howard Hinnant's days_from_civil / civil_from_days.
    static func ordinal(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146097 + doe - 719468
    }

    public var components: (year: Int, month: Int, day: Int) {
        let z = ordinal + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let doe = z - era * 146097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    public var year: Int { components.year }
    public var month: Int { components.month }
    public var dayOfMonth: Int { components.day }

    public static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// ISO weekday: 1 is Monday, 7 is Sunday. 1970-01-01 was a Thursday.
    public var weekday: Int { ((ordinal % 7 + 7 + 3) % 7) + 1 }

    public func adding(days: Int) -> Day { Day(ordinal: ordinal + days) }

    /// The Monday of this day's ISO week.
    public var startOfISOWeek: Day { adding(days: 1 - weekday) }
    public var startOfMonth: Day { Day(ordinal: ordinal - dayOfMonth + 1) }
    public var endOfMonth: Day {
        let c = components
        return Day(ordinal: ordinal - c.day + Day.daysIn(month: c.month, year: c.year))
    }

    /// `YYYY-MM-DD`.
    public var iso: String {
        let c = components
        guard (1...9999).contains(c.year) else { return pad(c.year, 4) + "-" + pad(c.month, 2) + "-" + pad(c.day, 2) }
        // Written byte by byte: every write and read of a day's rows names the day this way.
        return String(unsafeUninitializedCapacity: 10) { bytes in
            func put(_ value: Int, _ at: Int, _ width: Int) {
                var value = value
                for i in stride(from: at + width - 1, through: at, by: -1) {
                    bytes[i] = UInt8(48 + value % 10)
                    value /= 10
                }
            }
            put(c.year, 0, 4)
            bytes[4] = UInt8(ascii: "-")
            put(c.month, 5, 2)
            bytes[7] = UInt8(ascii: "-")
            put(c.day, 8, 2)
            return 10
        }
    }

    public var description: String { iso }

    public static let weekdayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
        "November", "December",
    ]

    /// "Sat"
    public var shortWeekday: String { String(Day.weekdayNames[weekday - 1].prefix(3)).capitalizedFirst }
    /// "Saturday"
    public var longWeekday: String { Day.weekdayNames[weekday - 1].capitalizedFirst }
    /// "Sat 21 Nov"
    public var short: String { "\(shortWeekday) \(dayOfMonth) \(Day.monthNames[month - 1].prefix(3))" }
    /// "Saturday 21 November 2026"
    public var long: String { "\(longWeekday) \(dayOfMonth) \(Day.monthNames[month - 1]) \(year)" }

    /// Parses strict `YYYY-MM-DD`.
    public static func parseISO(_ text: some StringProtocol) -> Day? {
        var text = String(text)
        return text.withUTF8 { parseISO(utf8: $0) }
    }

    /// `parseISO` over UTF-8 bytes: exactly `YYYY-MM-DD`, a real date, else nil.
    static func parseISO(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Day? {
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for i in range {
                let b = bytes[i]
                guard b >= 48, b <= 57 else { return nil }
                value = value * 10 + Int(b - 48)
            }
            return value
        }
        guard let y = number(0..<4), let m = number(5..<7), let d = number(8..<10) else { return nil }
        return Day(year: y, month: m, day: d)
    }
}

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

/// The local wall clock.
public struct LocalTime: Sendable, Equatable {
    public let day: Day
    /// Minutes since local midnight.
    public let minuteOfDay: Int
    public let second: Int
    /// Offset from UTC in seconds.
    public let utcOffset: Int

    public init(day: Day, minuteOfDay: Int, second: Int = 0, utcOffset: Int = 0) {
        self.day = day
        self.minuteOfDay = minuteOfDay
        self.second = second
        self.utcOffset = utcOffset
    }

    /// Now, from `localtime_r`. `DAYBOOK_NOW` (`YYYY-MM-DDTHH:MM`, local) pins the clock for tests and demos.
    public static func now(environment: [String: String]? = nil) -> LocalTime {
        if let pinned = environment?["DAYBOOK_NOW"] ?? getenvString("DAYBOOK_NOW"), let time = parsePinned(pinned) {
            return time
        }
        var t = time(nil)
        var parts = tm()
        localtime_r(&t, &parts)
        let day = Day(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))!
        return LocalTime(
            day: day, minuteOfDay: Int(parts.tm_hour) * 60 + Int(parts.tm_min), second: Int(parts.tm_sec),
            utcOffset: Int(parts.tm_gmtoff))
    }

    static func parsePinned(_ text: String) -> LocalTime? {
        // YYYY-MM-DDTHH:MM[:SS]
        let parts = text.split(separator: "T", maxSplits: 1)
        guard let day = Day.parseISO(parts[0]) else { return nil }
        var minutes = 12 * 60
        var seconds = 0
        if parts.count == 2 {
            let hms = parts[1].split(separator: ":")
            guard hms.count >= 2, let h = Int(hms[0]), let m = Int(hms[1]), (0..<24).contains(h), (0..<60).contains(m)
            else { return nil }
            minutes = h * 60 + m
            if hms.count > 2, let s = Int(hms[2]) { seconds = s }
        }
        return LocalTime(day: day, minuteOfDay: minutes, second: seconds, utcOffset: 0)
    }

    /// ISO-8601 with offset: `2026-11-21T09:12:05+01:00`.
    public var iso8601: String {
        let sign = utcOffset < 0 ? "-" : "+"
        let offset = abs(utcOffset) / 60
        return day.iso + "T" + pad(minuteOfDay / 60, 2) + ":" + pad(minuteOfDay % 60, 2) + ":" + pad(second, 2)
            + sign + pad(offset / 60, 2) + ":" + pad(offset % 60, 2)
    }
}

func getenvString(_ name: String) -> String? {
    guard let value = getenv(name) else { return nil }
    return String(cString: value)
}

@inline(__always)
func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
}

extension String {
    /// The text with its first letter upper case: "saturday" reads "Saturday".
    public var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
