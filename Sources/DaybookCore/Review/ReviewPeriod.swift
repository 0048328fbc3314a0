/// The stretch of days a review covers: an ISO week (Monday to Sunday; the journal has no
/// setting for the first day of the week), a calendar month or a calendar year.
public struct ReviewPeriod: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable, CaseIterable {
        case week, month, year
    }

    public let kind: Kind
    /// The period's first and last day, whether or not they have passed.
    public let from: Day
    public let through: Day

    /// The period of `kind` that holds `day`.
    public init(_ kind: Kind, holding day: Day) {
        self.kind = kind
        switch kind {
        case .week:
            from = max(day.startOfISOWeek, Day.earliest)
            through = min(day.startOfISOWeek.adding(days: 6), Day.latest)
        case .month:
            from = day.startOfMonth
            through = day.endOfMonth
        case .year:
            from = Day(year: day.year, month: 1, day: 1)!
            through = Day(year: day.year, month: 12, day: 31)!
        }
    }

    /// The last period of `kind` that ended before `today`: the week, month or year before the
    /// one holding it.
    public static func lastComplete(_ kind: Kind, today: Day) -> ReviewPeriod {
        ReviewPeriod(kind, holding: ReviewPeriod(kind, holding: today).from.adding(days: -1))
    }

    /// The period of the same kind just before this one; nil before 0001-01-01.
    public var previous: ReviewPeriod? {
        from > Day.earliest ? ReviewPeriod(kind, holding: from.adding(days: -1)) : nil
    }

    /// How many days the period has.
    public var length: Int { through.ordinal - from.ordinal + 1 }

    /// True when the period ended before `today`: today itself is still going on.
    public func isComplete(today: Day) -> Bool { through < today }

    /// The last day a review of the period reads on `today`: its last day, or today while it runs.
    public func lastDay(today: Day) -> Day { min(through, today) }

    /// The ISO year and week number of a week: 2026-W47 for 16 to 22 November 2026.
    public var isoWeek: (year: Int, week: Int) {
        let thursday = from.startOfISOWeek.adding(days: 3)
        let first = Day(year: thursday.year, month: 1, day: 1)!
        return (thursday.year, (thursday.ordinal - first.ordinal) / 7 + 1)
    }

    /// `2026-W47`, `2026-11`, `2026`: the period as `review` reads it back.
    public var description: String {
        switch kind {
        case .week:
            let (year, week) = isoWeek
            return pad(year, 4) + "-W" + pad(week, 2)
        case .month: return pad(from.year, 4) + "-" + pad(from.month, 2)
        case .year: return pad(from.year, 4)
        }
    }
}

/// Why the words of a period could not be read, as one line.
public struct ReviewPeriodError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

extension ReviewPeriod {
    /// The forms a period may take, for messages.
    public static let acceptedForms =
        "week, month or year, then a year (2026), a month (2026-11, november, last month), an ISO week "
        + "(2026-W46, last week, this week) or a date (2026-11-18, yesterday, 3 weeks ago)"

    /// Reads a period from the words after `review`: an optional kind (`week`, `month`,
    /// `year`), then a year `2026`, a month `2026-11` or its name (`october`, `oct 2025`: the
    /// most recent one that has begun), an ISO week `2026-W46`, `last`/`this` with the kind
    /// (`last week`), or any date the date reader accepts (the period of the kind holding it;
    /// a week without a kind). Without words, the last complete period of the kind (a week
    /// without one). A period that begins after `today` is refused.
    public static func parse(_ words: [String], today: Day, order: DayOrder = .dayMonth) throws(ReviewPeriodError)
        -> ReviewPeriod
    {
        var rest = words.map { $0.lowercased() }
        var kind: Kind? = nil
        if let first = rest.first, let named = Kind(rawValue: first) {
            kind = named
            rest.removeFirst()
        }
        // Messages name the words as they were typed.
        let text = words.dropFirst(words.count - rest.count).joined(separator: " ")
        let found: ReviewPeriod
        if rest.isEmpty {
            found = lastComplete(kind ?? .week, today: today)
        } else if let (named, period) = try written(rest, kind: kind, today: today, shown: text) {
            if let kind, kind != named {
                throw ReviewPeriodError(
                    "'\(text)' is a \(named.rawValue), not a \(kind.rawValue); use \(acceptedForms)")
            }
            found = period
        } else {
            let day: Day
            do {
                day = try Day.parse(text, today: today, order: order)
            } catch {
                if let reason = missingDate(text) { throw ReviewPeriodError("'\(text)' is not a date: \(reason)") }
                throw ReviewPeriodError("'\(text)' is not a period; use \(acceptedForms)")
            }
            found = ReviewPeriod(kind ?? .week, holding: day)
        }
        guard found.from <= today else {
            throw ReviewPeriodError(
                "\(found) has not begun yet (today is \(today.iso)); a review covers days that have begun")
        }
        return found
    }

    /// A period written as one: `2026`, `2026-11`, `2026-W46`, `november`, `nov 2025`,
    /// `last week`, `this month`. Nil for other words (a date, perhaps).
    static func written(_ words: [String], kind: Kind?, today: Day, shown text: String) throws(ReviewPeriodError)
        -> (Kind, ReviewPeriod)?
    {
        func digits(_ part: Substring, _ count: Int) -> Int? {
            guard part.count == count, part.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            return Int(part)
        }
        if words.count == 2, words[0] == "last" || words[0] == "this", let named = Kind(rawValue: words[1]) {
            let current = ReviewPeriod(named, holding: today)
            return (named, words[0] == "this" ? current : lastComplete(named, today: today))
        }
        if words.count == 1 {
            let word = words[0]
            if let year = digits(Substring(word), 4), let first = Day(year: year, month: 1, day: 1) {
                return (.year, ReviewPeriod(.year, holding: first))
            }
            let parts = word.split(separator: "-", omittingEmptySubsequences: false)
            if parts.count == 2, let year = digits(parts[0], 4), year >= 1 {
                if let month = digits(parts[1], 2) {
                    guard let first = Day(year: year, month: month, day: 1) else {
                        throw ReviewPeriodError("'\(text)' is not a month: months run from 01 to 12")
                    }
                    return (.month, ReviewPeriod(.month, holding: first))
                }
                if parts[1].first == "w", let week = digits(parts[1].dropFirst(), 2) {
                    guard let monday = isoWeekStart(year: year, week: week) else {
                        throw ReviewPeriodError("'\(text)' is not a week: \(year) has weeks W01 to W\(weeksIn(year))")
                    }
                    return (.week, ReviewPeriod(.week, holding: monday))
                }
            }
        }
        // A month by its name, alone (the most recent that has begun) or with its year.
        if (1...2).contains(words.count), let month = Day.monthNumber(words[0]) {
            if words.count == 2 {
                guard let year = digits(Substring(words[1]), 4), let first = Day(year: year, month: month, day: 1)
                else { return nil }
                return (.month, ReviewPeriod(.month, holding: first))
            }
            var year = today.year
            if month > today.month { year -= 1 }
            guard let first = Day(year: year, month: month, day: 1) else { return nil }
            return (.month, ReviewPeriod(.month, holding: first))
        }
        return nil
    }

    /// Why `YYYY-MM-DD` names no day ("February 2026 has 28 days"); nil for any other text.
    static func missingDate(_ text: String) -> String? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
        else { return nil }
        guard (1...12).contains(month) else { return "months run from 01 to 12" }
        guard year >= 1 else { return "years begin at 0001" }
        let days = Day.daysIn(month: month, year: year)
        guard day < 1 || day > days else { return nil }
        return "\(Day.monthNames[month - 1]) \(pad(year, 4)) has \(days) days"
    }

    /// The Monday of ISO week `week` of `year`, nil when the year has no such week.
    static func isoWeekStart(year: Int, week: Int) -> Day? {
        guard week >= 1, week <= weeksIn(year), let fourth = Day(year: year, month: 1, day: 4) else { return nil }
        let monday = fourth.startOfISOWeek.adding(days: 7 * (week - 1))
        return monday >= Day.earliest ? monday : nil
    }

    /// 52 or 53: a year has 53 ISO weeks when its 28 December falls in week 53.
    static func weeksIn(_ year: Int) -> Int {
        guard let last = Day(year: year, month: 12, day: 28) else { return 52 }
        return ReviewPeriod(.week, holding: last).isoWeek.week
    }
}
