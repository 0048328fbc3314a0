/// How long a goal's period is: a day, an ISO week (Monday to Sunday) or a calendar month.
public enum GoalPeriod: String, Sendable, CaseIterable {
    case daily, weekly, monthly

    public static let names = allCases.map(\.rawValue)

    /// The first day of the period holding `day`.
    public func start(of day: Day) -> Day {
        switch self {
        case .daily: return day
        case .weekly: return day.startOfISOWeek
        case .monthly: return day.startOfMonth
        }
    }

    /// The last day of the period holding `day`.
    public func end(of day: Day) -> Day {
        switch self {
        case .daily: return day
        case .weekly: return day.startOfISOWeek.adding(days: 6)
        case .monthly: return day.endOfMonth
        }
    }

    /// "day", "week", "month".
    public var noun: String {
        switch self {
        case .daily: return "day"
        case .weekly: return "week"
        case .monthly: return "month"
        }
    }
}

/// A bad goal range. `description` is the one line a person sees.
public struct GoalRangeError: Error, Sendable, CustomStringConvertible {
    public let description: String
    /// True when the refusal is about what a goal is (it needs a range, a time of day's goal
    /// is a window, its period), so that a reader of another kind of range words it its own way.
    public let aboutGoals: Bool
    public init(_ description: String, aboutGoals: Bool = false) {
        self.description = description
        self.aboutGoals = aboutGoals
    }
}

/// What a goal asks for, in the attribute's canonical units: a lower bound, an upper bound or
/// both. For a time of day, `min` above `max` is a window across midnight (`23:00..00:30`).
public struct GoalRange: Sendable, Equatable {
    public var min: Double?
    public var max: Double?

    public init(min: Double?, max: Double?) {
        self.min = min
        self.max = max
    }

    /// True for a time-of-day window that runs past midnight.
    public func wraps(_ type: ValueType) -> Bool {
        guard type.isCircular, let min, let max else { return false }
        return min > max
    }

    /// The range forms `goal` accepts, for messages and help.
    public static let acceptedForms =
        ">= 8000, at least 8000, <= 2, at most 2, 50..80, between 50 and 80, 7h..9h or 22:00..23:30"

    /// Range forms for one value type, for messages.
    public static func examples(for type: ValueType) -> String {
        switch type {
        case .count: return ">= 8000, at most 2, 50..80 or between 50 and 80"
        case .decimal: return ">= 60, at most 72.5, 60..75 or between 60 and 75"
        case .percentage: return ">= 80%, at most 20%, 80%..100% or between 80 and 100"
        case .duration: return "7h..9h, at least 30m, <= 1h30m or between 7h and 9h"
        case .time: return "22:00..23:30, 23:00..00:30 (across midnight), <= 23:30 or at least 6am"
        case .yesno: return "yes or no"
        }
    }

    // MARK: Parsing

    /// Parses a range typed after `goal ATTR`, reading each bound by `type`: `>= 8000`,
    /// `at least 8000`, `<= 2`, `at most 2`, `50..80`, `between 50 and 80`, `7h..9h`,
    /// `22:00..23:30`, `23:00..00:30` (a time window across midnight). A bare value means at
    /// least that value (`yes` and `no` for yes/no). A trailing `unit` word is allowed after a
    /// number: `at most 2 cups`. Every refusal is one line naming `name`, the attribute.
    public static func parse(_ text: String, type: ValueType, unit: String = "", name: String = "")
        throws(GoalRangeError) -> GoalRange
    {
        let label = name.isEmpty ? "" : name + ": "
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let t = words.joined(separator: " ")
        guard !t.isEmpty else {
            throw GoalRangeError("\(label)a goal needs a range, like \(examples(for: type))", aboutGoals: true)
        }
        func bound(_ part: String) throws(GoalRangeError) -> Double {
            try parseBound(part, type: type, unit: unit, name: name, whole: text)
        }
        func afterPrefix(_ prefixes: [String]) -> String? {
            for prefix in prefixes where t.hasPrefix(prefix) {
                return String(t.dropFirst(prefix.count)).trimmingSpaces
            }
            return nil
        }

        var range: GoalRange
        if let rest = afterPrefix([">=", "≥", "at least "]) {
            range = GoalRange(min: try bound(rest), max: nil)
        } else if let rest = afterPrefix(["<=", "≤", "at most "]) {
            range = GoalRange(min: nil, max: try bound(rest))
        } else if t.hasPrefix(">") || t.hasPrefix("<") || t.hasPrefix("=") {
            throw GoalRangeError(
                "\(label)'\(text)' is not a range; use >= or <= (bounds count as met), like \(examples(for: type))")
        } else if let rest = afterPrefix(["between "]) {
            let parts = rest.pieces(separatedBy: " and ")
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw GoalRangeError(
                    "\(label)'\(text)' is not a range; write between LOW and HIGH, like between 50 and 80")
            }
            range = GoalRange(min: try bound(parts[0]), max: try bound(parts[1]))
        } else if let dots = t.firstRange(of: "..") ?? t.firstRange(of: "…") {
            let low = String(t[..<dots.lowerBound]).trimmingSpaces
            let high = String(t[dots.upperBound...]).trimmingSpaces
            guard !(low.isEmpty && high.isEmpty), !high.contains("..") else {
                throw GoalRangeError("\(label)'\(text)' is not a range; use LOW..HIGH, like \(examples(for: type))")
            }
            range = GoalRange(min: low.isEmpty ? nil : try bound(low), max: high.isEmpty ? nil : try bound(high))
        } else if type == .yesno {
            range = try bound(t) >= 0.5 ? GoalRange(min: 1, max: nil) : GoalRange(min: nil, max: 0)
        } else if type == .time {
            throw GoalRangeError(
                "\(label)a goal for a time of day is a window or a limit, like \(examples(for: type)); got '\(text)'",
                aboutGoals: true)
        } else {
            range = GoalRange(min: try bound(t), max: nil)
        }

        if type == .yesno,
            (range.min.map { $0 < 0.5 } ?? false) || (range.max.map { $0 >= 0.5 } ?? false)
                || (range.min != nil && range.max != nil)
        {
            throw GoalRangeError("\(label)a yes/no goal is yes or no; got '\(text)'", aboutGoals: true)
        }
        if let low = range.min, let high = range.max {
            if type.isCircular {
                if low == high {
                    throw GoalRangeError(
                        "\(label)\(type.format(low))..\(type.format(high)) is an empty window; give two different times, like 22:00..23:30"
                    )
                }
            } else if low > high {
                throw GoalRangeError(
                    "\(label)the lower bound \(type.format(low)) is above the upper bound \(type.format(high)); write the smaller first: \(type.format(high, compact: true))..\(type.format(low, compact: true))"
                )
            }
        }
        return range
    }

    /// One bound: a value of `type`, with the attribute's unit allowed after it.
    static func parseBound(_ part: String, type: ValueType, unit: String, name: String, whole: String)
        throws(GoalRangeError) -> Double
    {
        let label = name.isEmpty ? "" : name + ": "
        let subject = name.isEmpty ? "the attribute" : name
        var text = part.trimmingSpaces
        let lowerUnit = unit.lowercased()
        if !lowerUnit.isEmpty, type == .count || type == .decimal, text.hasSuffix(lowerUnit),
            text.count > lowerUnit.count
        {
            text = String(text.dropLast(lowerUnit.count)).trimmingSpaces
        }
        guard !text.isEmpty else {
            throw GoalRangeError("\(label)'\(whole)' is missing a value; use a range like \(examples(for: type))")
        }
        do {
            return try type.parse(text)
        } catch {
            let bareNumber = parseNumber(text, allowSuffix: false) != nil
            if type == .duration && bareNumber {
                throw GoalRangeError(
                    "\(label)'\(text)' has no unit; \(subject) is a duration, so write h or m, like \(examples(for: type))"
                )
            }
            if type == .time && bareNumber {
                throw GoalRangeError(
                    "\(label)'\(text)' is not a time of day; write 22:00 or 10pm, like \(examples(for: type))")
            }
            if let other = otherType(text, not: type) {
                throw GoalRangeError(
                    "\(label)'\(text)' is \(other.noun), but \(subject) is \(describe(type, unit: unit)); use a range like \(examples(for: type))"
                )
            }
            // A number, then a word: the word is a unit that does not fit (`at most 2 mugs`).
            let pieces = text.split(separator: " ")
            if type == .count || type == .decimal, pieces.count == 2, let last = pieces.last,
                (try? type.parse(String(pieces[0]))) != nil,
                last.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic })
            {
                if ["yearly", "annually", "annual", "hourly", "quarterly", "fortnightly", "biweekly", "nightly"]
                    .contains(last.lowercased())
                {
                    throw GoalRangeError(
                        "\(label)'\(last)' is not a period goals have; the periods are daily, weekly and monthly",
                        aboutGoals: true)
                }
                let known = unit.isEmpty ? "" : " (\(subject) is in \(unit))"
                throw GoalRangeError(
                    "\(label)'\(last)' is not a unit that fits\(known); use a range like \(examples(for: type))")
            }
            throw GoalRangeError("\(label)\(error.description)")
        }
    }

    /// The kind of value `text` is when it is not of `type`: `7h` is a duration, `23:00` a
    /// time of day, `50%` a percentage.
    static func otherType(_ text: String, not type: ValueType) -> ValueType? {
        for candidate in [ValueType.time, .duration, .percentage] where candidate != type {
            if candidate == .percentage && !text.hasSuffix("%") { continue }
            if (try? candidate.parse(text)) != nil { return candidate }
        }
        return nil
    }

    static func describe(_ type: ValueType, unit: String) -> String {
        switch type {
        case .count, .decimal: return type.noun + (unit.isEmpty ? "" : " (\(unit))")
        default: return type.noun
        }
    }
}

extension String {
    package var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " { s = s.dropFirst() }
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }

    func pieces(separatedBy separator: String) -> [String] {
        var parts: [String] = []
        var rest = Substring(self)
        while let found = rest.firstRange(of: separator) {
            parts.append(String(rest[..<found.lowerBound]).trimmingSpaces)
            rest = rest[found.upperBound...]
        }
        parts.append(String(rest).trimmingSpaces)
        return parts
    }
}
