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
        Int(truncatingIfNeeded: SplitMix64.mix(UInt64(bitPattern: Int64(ordinal)) ^ UInt64(bitPattern: Int64(seed))))
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
    package static func parseISO(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Day? {
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
