/// The type of a tracked attribute's values. Every value is stored as one canonical number:
/// counts, decimals and percentages as themselves, durations in minutes, times of day in
/// minutes after midnight (0 to 1439), yes/no as 1 or 0.
public enum ValueType: String, Sendable, CaseIterable {
    case count
    case decimal
    case percentage
    case duration
    case time
    case yesno

    /// Names accepted by `track`, with the canonical name first.
    public static let names: [(String, ValueType)] = [
        ("count", .count), ("decimal", .decimal), ("number", .decimal), ("percentage", .percentage),
        ("percent", .percentage), ("duration", .duration), ("time", .time), ("yesno", .yesno), ("yes/no", .yesno),
        ("bool", .yesno),
    ]

    public static func named(_ name: String) -> ValueType? {
        let lower = name.lowercased()
        return names.first { $0.0 == lower }?.1
    }

    public static let acceptedNames = "count, decimal, percentage, duration, time or yesno"

    /// Examples shown in messages and hints.
    public var example: String {
        switch self {
        case .count: return "8200, 8,200 or 8.2k"
        case .decimal: return "72.5"
        case .percentage: return "85%"
        case .duration: return "7h30m, 7h, 45m, 7:30 or 7.5h"
        case .time: return "23:40, 11:40pm or 7am"
        case .yesno: return "yes or no"
        }
    }

    /// One short example of a value, for questions and hints.
    public var shortExample: String {
        switch self {
        case .count: return "8200"
        case .decimal: return "72.5"
        case .percentage: return "85%"
        case .duration: return "7h30m"
        case .time: return "23:40"
        case .yesno: return "yes"
        }
    }

    public var noun: String {
        switch self {
        case .count: return "a count"
        case .decimal: return "a number"
        case .percentage: return "a percentage"
        case .duration: return "a duration"
        case .time: return "a time of day"
        case .yesno: return "yes or no"
        }
    }

    public var isCircular: Bool { self == .time }
}

/// A value that could not be read. `description` is the one line a person sees.
public struct ValueError: Error, Sendable, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}

/// The largest magnitude accepted for counts and decimals. Beyond this a value is surely a typo,
/// and doubles stop holding whole numbers exactly.
public let largestValue: Double = 1_000_000_000_000

extension ValueType {
    /// Parses `text` as a value of this type, into the canonical number.
    public func parse(_ text: String) throws(ValueError) -> Double {
        let t = text.lowercased()
        switch self {
        case .count:
            guard let v = parseNumber(t, allowSuffix: true), v >= 0, v == v.rounded() else {
                throw ValueError("'\(text)' is not a count; use a whole number 0 or more, like \(example)")
            }
            guard v <= largestValue else { throw ValueError("'\(text)' is too large; counts go up to 1,000,000,000,000") }
            return v
        case .decimal:
            guard let v = parseNumber(t, allowSuffix: false) else {
                throw ValueError("'\(text)' is not a number; use digits like \(example)")
            }
            guard abs(v) <= largestValue else {
                throw ValueError("'\(text)' is too large; numbers go up to 1,000,000,000,000")
            }
            return v
        case .percentage:
            let body = t.hasSuffix("%") ? String(t.dropLast()) : t
            guard let v = parseNumber(body, allowSuffix: false), v >= 0, v <= 100 else {
                throw ValueError("'\(text)' is not a percentage; use 0% to 100%, like 85%")
            }
            return v
        case .duration:
            guard let minutes = parseDuration(t) else {
                throw ValueError("'\(text)' is not a duration; use \(example)")
            }
            guard minutes <= 24 * 60 else { throw ValueError("'\(text)' is longer than a day; durations go up to 24h") }
            return minutes
        case .time:
            guard let minutes = parseTimeOfDay(t) else {
                throw ValueError("'\(text)' is not a time of day; use \(example)")
            }
            return Double(minutes)
        case .yesno:
            switch t {
            case "yes", "y", "true", "1", "on", "done": return 1
            case "no", "n", "false", "0", "off": return 0
            default: throw ValueError("'\(text)' is not yes or no; use yes, no, y, n, true, false, 1 or 0")
            }
        }
    }
}

// MARK: Values in words

/// Values typed in more than one word, in `log`: `7 hours 30 minutes`, `7 and a half hours`,
/// `2 cups`. Which words go on a value is fixed, not guessed: so that the words that follow
/// (the next attribute, a date) are never taken for part of it.
public enum ValuePhrase {
    static let hourWords: Set<String> = ["h", "hr", "hrs", "hour", "hours"]
    static let unitWords: Set<String> = Set([
        "h", "hr", "hrs", "hour", "hours", "m", "min", "mins", "minute", "minutes", "and",
        "glass", "glasses", "cup", "cups", "km", "kg", "kcal", "bpm",
    ]).union(ForeignUnit.all.keys)

    /// `next` goes on a value whose words so far are `words`: a unit (`hours`, `minutes`,
    /// `cups`, `kg`...), `and a half`, or the minutes after the hours (`7 hours 30`).
    public static func continues(_ words: [String], _ next: String) -> Bool {
        guard let last = words.last?.lowercased() else { return false }
        let word = next.lowercased()
        if last == "and" { return word == "a" }
        if last == "a" { return word == "half" && words.count >= 2 && words[words.count - 2].lowercased() == "and" }
        if last == "half" { return hourWords.contains(word) }
        if unitWords.contains(word) { return true }
        if hourWords.contains(last), let first = word.unicodeScalars.first, ("0"..."9").contains(first) { return true }
        return false
    }
}

extension Attribute {
    /// Reads a value of this attribute, in one word or in words: a number may carry the
    /// attribute's own unit, attached or not (`2 cups` for coffee, `72.5 kg`, `72.5kg`), or
    /// its name (`9k steps`).
    public func parse(_ text: String) throws(ValueError) -> Double {
        guard type != .duration, text.utf8.contains(UInt8(ascii: " ")) else {
            if let number = numberBeforeUnit(text) { return try type.parse(number) }
            if let (number, factor) = numberBeforeForeignUnit(text) { return try converted(number, factor) }
            return try type.parse(text)
        }
        let words = text.split(separator: " ").map(String.init)
        guard words.count == 2 else { return try type.parse(text) }
        let word = words[1].lowercased()
        if let factor = ForeignUnit.factor(word, to: unit) { return try converted(words[0], factor) }
        guard isOwnUnit(word) || word == name.lowercased() else {
            let own = unit.isEmpty ? "\(name) has no unit" : "\(name) is in \(unit)"
            throw ValueError("'\(words[1])' is not a unit of \(name); \(own): give \(type.noun) like \(type.shortExample)")
        }
        return try type.parse(words[0])
    }

    /// `number` in another unit, `factor` of the attribute's own in one (pounds in kg): the
    /// value in its own unit, to a hundredth (a count's to the whole).
    func converted(_ number: String, _ factor: Double) throws(ValueError) -> Double {
        let value = try type.parse(number) * factor
        guard type == .decimal else { return value.rounded() }
        return (value * 100).rounded() / 100
    }

    /// `word` (lower case) is the attribute's unit, in the singular or plural where it has one:
    /// `cups`, `cup`, `kg`.
    func isOwnUnit(_ word: String) -> Bool {
        !unit.isEmpty && PhraseWords.forms(unit.lowercased()).contains(word)
    }

    /// The number of a count or decimal with the attribute's unit attached (`72.9kg`, `2cups`,
    /// `60bpm`), without it; nil for any other word.
    public func numberBeforeUnit(_ word: String) -> String? {
        guard type == .count || type == .decimal, !unit.isEmpty, let last = word.utf8.last, last >= UInt8(ascii: "A") else { return nil }
        guard let digit = word.unicodeScalars.lastIndex(where: { ("0"..."9").contains($0) }) else { return nil }
        let start = word.unicodeScalars.index(after: digit)
        let number = String(word.unicodeScalars[..<start])
        return isOwnUnit(String(word.unicodeScalars[start...]).lowercased()) ? number : nil
    }
}

extension Attribute {
    /// The number of a count or decimal with another unit attached that converts to its own
    /// (`160lb` for weight, `5mi` for distance), and the factor; nil for any other word.
    func numberBeforeForeignUnit(_ word: String) -> (String, Double)? {
        guard type == .count || type == .decimal, !unit.isEmpty, let last = word.utf8.last, last >= UInt8(ascii: "A") else { return nil }
        guard let digit = word.unicodeScalars.lastIndex(where: { ("0"..."9").contains($0) }) else { return nil }
        let start = word.unicodeScalars.index(after: digit)
        guard let factor = ForeignUnit.factor(String(word.unicodeScalars[start...]).lowercased(), to: unit) else { return nil }
        return (String(word.unicodeScalars[..<start]), factor)
    }
}

/// Units people type that are not an attribute's own but convert to it: pounds and stones to
/// kilograms, miles to kilometres. `log weight 160 lb` writes 72.57 kg.
public enum ForeignUnit {
    /// Each word, the unit it converts to and how many of that unit one of it is.
    static let all: [String: (unit: String, factor: Double)] = {
        var all: [String: (unit: String, factor: Double)] = [:]
        for word in ["lb", "lbs", "pound", "pounds"] { all[word] = ("kg", 0.45359237) }
        for word in ["st", "stone", "stones"] { all[word] = ("kg", 6.35029318) }
        for word in ["mi", "mile", "miles"] { all[word] = ("km", 1.609344) }
        return all
    }()

    /// How many of `unit` one `word` is; nil when `word` is no unit that converts to it.
    public static func factor(_ word: String, to unit: String) -> Double? {
        guard let found = all[word.lowercased()], found.unit == unit.lowercased() else { return nil }
        return found.factor
    }

    /// The words that convert to `unit`.
    static func words(to unit: String) -> [String] {
        all.filter { $0.value.unit == unit.lowercased() }.map(\.key).sorted()
    }

    /// The shortest word of each unit that converts to `unit`: `lb` and `st` to kg.
    static func symbols(to unit: String) -> [String] {
        var shortest: [Double: String] = [:]
        for word in words(to: unit) {
            let factor = all[word]!.factor
            if let held = shortest[factor], held.count <= word.count { continue }
            shortest[factor] = word
        }
        return shortest.values.sorted()
    }
}

// MARK: Parsing pieces

/// Digits with optional `,` thousands separators, a decimal point, a sign and (for counts) a `k` suffix.
func parseNumber(_ text: String, allowSuffix: Bool) -> Double? {
    // Plain digits, what scripts log most, need no copy to convert: up to 15 digits, a double
    // holds them exactly, as converting the text would.
    if !text.isEmpty, text.utf8.count <= 15, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
        return Double(text.utf8.reduce(0) { $0 * 10 + Int($1 - 48) })
    }
    var body = Substring(text)
    var multiplier = 1.0
    if allowSuffix, body.hasSuffix("k") {
        multiplier = 1000
        body = body.dropLast()
    }
    guard !body.isEmpty else { return nil }
    var digits = ""
    var sawDigit = false
    var sawPoint = false
    for (i, scalar) in body.unicodeScalars.enumerated() {
        switch scalar {
        case "0"..."9":
            digits.unicodeScalars.append(scalar)
            sawDigit = true
        case ",":
            // A thousands separator must sit between digits, before the decimal point.
            guard sawDigit, !sawPoint else { return nil }
        case ".":
            guard !sawPoint else { return nil }
            sawPoint = true
            digits.append(".")
        case "-", "+":
            guard i == 0 else { return nil }
            if scalar == "-" { digits.append("-") }
        default:
            return nil
        }
    }
    guard sawDigit, !body.hasSuffix(","), let value = Double(digits), value.isFinite else { return nil }
    if body.contains(",") {
        // Thousands separators group the whole part in threes: 8,200 and 1,234,567, not 8,2.
        let whole = body.split(separator: ".", omittingEmptySubsequences: false)[0].drop { $0 == "-" || $0 == "+" }
        let groups = whole.split(separator: ",", omittingEmptySubsequences: false)
        guard (1...3).contains(groups[0].count), groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
    }
    let result = value * multiplier
    // 8.2k is 8200 exactly, not 8199.999...
    return multiplier == 1 ? result : (result * 1000).rounded() / 1000
}

/// `7h30m`, `7h 30m`, `7h`, `45m`, `7:30`, `7.5h`, `90min`. Bare numbers are refused: a
/// bare `7` could mean hours or minutes.
func parseDuration(_ text: String) -> Double? {
    // `replacing` is slow (thousands of instructions a call, and this runs for every value a
    // script logs): only fold what is there.
    var t = text.utf8.contains(UInt8(ascii: " ")) ? text.replacingAll(" ", with: "") : text
    if t.isEmpty { return nil }
    // Only digits, `.`, `h` and `m` (7h30m): nothing below needs folding or splitting.
    let plain = t.utf8.allSatisfy { (48...57).contains($0) || $0 == 46 || $0 == 104 || $0 == 109 }  // 0-9 . h m
    if !plain && t.contains("andahalf") {
        // `7 and a half hours`: 7.5 hours.
        let parts = t.split(separator: "andahalf", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
            ["h", "hr", "hrs", "hour", "hours"].contains(String(parts[1]))
        else { return nil }
        t = parts[0] + ".5h"
    }
    if !plain && t.contains(":") {
        let parts = t.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), h >= 0, (0..<60).contains(m),
            parts[1].count == 2, !parts[0].hasPrefix("+")
        else { return nil }
        return Double(h * 60 + m)
    }
    var total = 0.0
    var number = ""
    var sawUnit = false
    var lastUnit = 0  // 2 = hours, 1 = minutes: hours must come first
    // Accept the longer unit words by folding them to h and m.
    let folded =
        plain
        ? t
        : t.replacingAll("hours", with: "h").replacingAll("hour", with: "h")
            .replacingAll("hrs", with: "h").replacingAll("hr", with: "h")
            .replacingAll("minutes", with: "m").replacingAll("minute", with: "m")
            .replacingAll("mins", with: "m").replacingAll("min", with: "m")
    let scalars = Array(folded.unicodeScalars)
    for scalar in scalars {
        switch scalar {
        case "0"..."9", ".":
            number.unicodeScalars.append(scalar)
        case "h", "m":
            guard let v = Double(number), v >= 0, v.isFinite else { return nil }
            if scalar == "h" {
                guard lastUnit == 0 else { return nil }
                total += v * 60
                lastUnit = 2
            } else {
                guard lastUnit != 1 else { return nil }
                total += v
                lastUnit = 1
            }
            number = ""
            sawUnit = true
        default:
            return nil
        }
    }
    if sawUnit, lastUnit == 2, !number.isEmpty {
        // `7h30`, `1h30`: the minutes after the hours, in two digits or one.
        guard number.count <= 2, let m = Int(number), (0..<60).contains(m) else { return nil }
        total += Double(m)
        number = ""
    }
    guard sawUnit, number.isEmpty else { return nil }
    return (total * 100).rounded() / 100
}

/// `23:40`, `7:05`, `11:40pm`, `7am`, `12am` (midnight), `12pm` (noon). Returns minutes after midnight.
func parseTimeOfDay(_ text: String) -> Int? {
    // `replacing` costs thousands of instructions: only fold what is there.
    var folded = text
    if folded.utf8.contains(UInt8(ascii: " ")) { folded = folded.replacingAll(" ", with: "") }
    if folded.utf8.contains(UInt8(ascii: ".")) { folded = folded.replacingAll(".", with: "") }
    var t = Substring(folded)
    var meridiem: String? = nil
    if t.hasSuffix("am") || t.hasSuffix("pm") {
        meridiem = String(t.suffix(2))
        t = t.dropLast(2)
    }
    let parts = t.split(separator: ":", omittingEmptySubsequences: false)
    guard parts.count <= 2, let first = parts.first, !first.isEmpty, first.count <= 2,
        first.allSatisfy({ $0.isASCII && $0.isNumber }), var hour = Int(first)
    else { return nil }
    var minute = 0
    if parts.count == 2 {
        guard parts[1].count == 2, parts[1].allSatisfy({ $0.isASCII && $0.isNumber }), let m = Int(parts[1]) else {
            return nil
        }
        minute = m
    } else if meridiem == nil {
        return nil  // a bare "7" is not a time; "7am" or "07:00" is
    }
    guard (0..<60).contains(minute) else { return nil }
    if let meridiem {
        guard (1...12).contains(hour) else { return nil }
        if hour == 12 { hour = 0 }
        if meridiem == "pm" { hour += 12 }
    }
    guard (0..<24).contains(hour) else { return nil }
    return hour * 60 + minute
}

// MARK: Aggregation

/// How several values logged on one day make the day's value.
public enum Aggregation: String, Sendable, CaseIterable {
    case sum, average, min, max, last

    public static func named(_ name: String) -> Aggregation? {
        switch name.lowercased() {
        case "sum", "total": return .sum
        case "average", "avg", "mean": return .average
        case "min", "minimum": return .min
        case "max", "maximum": return .max
        case "last", "latest": return .last
        default: return nil
        }
    }

    public static let acceptedNames = "sum, average, min, max or last"

    /// Combines the values of one day, in the order they were logged.
    public func combine(_ values: [Double], type: ValueType) -> Double? {
        guard let lastValue = values.last else { return nil }
        switch self {
        case .last: return lastValue
        case .sum:
            // Times of day cannot be summed; for them a sum means the last value.
            return type.isCircular ? lastValue : values.reduce(0, +)
        case .average: return type.mean(values)
        case .min: return type.ordered(values).first
        case .max: return type.ordered(values).last
        }
    }
}
