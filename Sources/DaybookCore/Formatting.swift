// How a value reads: the one place where daybook turns a value into text. For people,
// `ValueType.format` (`8,200`, `72.5`, `85%`, `7h 30m`, `23:40`, `yes`), with the unit through
// `Attribute.format` and `formatWithUnit` (`8,200 steps`, `1 cup`) and a goal's range through
// `GoalRange.format`; as a person types it, `typed` (`8200`, `7h30m`); for `--json` and CSV,
// `json`. Views, commands and insights call these, and never format a value themselves.

extension ValueType {
    /// The value as a person reads it: `8,200`, `72.5`, `85%`, `7h 30m`, `23:40`, `yes`.
    /// `compact` writes a duration as one word, `7h30m`, as a goal's range does. `decimals`
    /// rounds a decimal or a percentage to that many places (a mean reads `72.4`); without it
    /// they show up to 4. Counts are whole, except a count under 100 given `decimals` (a mean
    /// of cups reads `1.6`); durations and times of day are whole minutes.
    public func format(_ value: Double, compact: Bool = false, decimals: Int? = nil) -> String {
        switch self {
        case .count:
            guard let decimals, abs(value) < 100 else { return groupThousands(value.rounded()) }
            let shown = rounded(value, places: decimals)
            return shown == shown.rounded() ? groupThousands(shown) : formatDecimal(shown)
        case .decimal: return formatDecimal(rounded(value, places: decimals))
        case .percentage: return formatDecimal(rounded(value, places: decimals)) + "%"
        case .duration: return formatDuration(value, compact: compact)
        case .time: return formatTimeOfDay(value)
        case .yesno: return value >= 0.5 ? "yes" : "no"
        }
    }

    /// How many decimals a mean or a median reads with (a usual value, an average, a goal's
    /// mean over a week): `72.4 kg`, `85.5%`, `1.6 cups`. Pass it as `decimals`.
    public static let meanDecimals = 1

    /// A mean or a median rounded as `format(_:decimals: meanDecimals)` shows it, so that a
    /// sentence and the JSON beside it carry the same number: decimals, percentages and counts
    /// under 100 to `meanDecimals` places, larger counts whole, durations and times of day to
    /// the minute (times put back on the clock), a share of yes days down to 0.01, as every
    /// share reads (2 of 3 is 0.66, "66%").
    public func roundedMean(_ value: Double) -> Double {
        let shown: Double
        switch self {
        case .count: shown = rounded(value, places: abs(value) >= 100 ? 0 : ValueType.meanDecimals)
        case .decimal, .percentage: shown = rounded(value, places: ValueType.meanDecimals)
        case .duration: shown = rounded(value, places: 0)
        case .time: shown = Statistics.onClock(rounded(value, places: 0))
        case .yesno: shown = Double(Percent.roundedDown(value)) / 100  // a share reads rounded down
        }
        return shown == 0 ? 0 : shown  // no -0
    }

    /// A value written the way a person types it, so that it parses back to the same value:
    /// `8400`, `72.5`, `85%`, `7h30m`, `23:40`, `yes`. One word, no spaces.
    public func typed(_ value: Double) -> String {
        switch self {
        case .count: return String(Int64(value.rounded()))
        case .duration: return format(value, compact: true)
        case .decimal, .percentage, .time, .yesno: return format(value)
        }
    }

    /// A mean or a median for `--json`, rounded as it is shown (`roundedMean`): a count's mean
    /// keeps its fraction (31.5), a share of yes days is a number (0.67).
    public func meanJSON(_ value: Double) -> String {
        let shown = roundedMean(value)
        switch self {
        case .count where shown != shown.rounded(), .yesno where shown != 0 && shown != 1:
            return ValueType.decimal.json(shown)
        default: return json(shown)
        }
    }

    /// The value in the canonical form written to `--json` output and to CSV.
    public func json(_ value: Double) -> String {
        switch self {
        case .count: return String(Int64(value.rounded()))
        case .decimal, .percentage: return formatDecimal(value)
        case .duration: return formatDecimal((value * 100).rounded() / 100)
        case .time: return "\"" + formatTimeOfDay(value) + "\""
        case .yesno: return value >= 0.5 ? "true" : "false"
        }
    }
}

extension Attribute {
    /// A value as it reads after the attribute's name: `8,200` (steps), `7h 30m`, `23:40`,
    /// `72.5 kg`. A unit that repeats the name is left out. `decimals` as in `ValueType.format`.
    public func format(_ value: Double, decimals: Int? = nil) -> String {
        unit == name ? type.format(value, decimals: decimals) : formatWithUnit(value, decimals: decimals)
    }

    /// A value with its unit, as it reads in a sentence: `8,200 steps`, `1 cup`, `7h 30m`,
    /// `72.5 kg`. `decimals` as in `ValueType.format`.
    public func formatWithUnit(_ value: Double, decimals: Int? = nil) -> String {
        let text = type.format(value, decimals: decimals)
        guard let unit = shownUnit else { return text }
        return text + " " + (text == "1" ? singular(unit) : unit)
    }

    /// The unit written after a count or a decimal (`steps`, `kg`); nil when there is none, and
    /// for the types whose values carry their own (`7h 30m`, `23:40`, `85%`, `yes`).
    public var shownUnit: String? {
        switch type {
        case .count, .decimal: return unit.isEmpty ? nil : unit
        case .duration, .time, .percentage, .yesno: return nil
        }
    }
}

extension GoalRange {
    /// The range as it reads, in the attribute's own units: `>= 8,000 steps`, `<= 2 cups`,
    /// `50..80 bpm`, `7h..9h`, `22:00..23:30`, `yes`.
    public func format(_ attribute: Attribute) -> String {
        let type = attribute.type
        let unit = attribute.shownUnit.map { " " + $0 } ?? ""
        if type == .yesno { return min != nil ? "yes" : "no" }
        switch (min, max) {
        case (let low?, let high?):
            return type.format(low, compact: true) + ".." + type.format(high, compact: true) + unit
        case (let low?, nil): return ">= " + type.format(low, compact: true) + unit
        case (nil, let high?): return "<= " + type.format(high, compact: true) + unit
        case (nil, nil): return "any"
        }
    }
}

/// Minutes as a duration: `7h 30m`, `45m`, `7h`; `compact`, `7h30m`.
public func formatDuration(_ minutes: Double, compact: Bool = false) -> String {
    let total = Int(clampingValue: minutes.rounded())
    let h = total / 60
    let m = total % 60
    if h == 0 { return "\(m)m" }
    if m == 0 { return "\(h)h" }
    return compact ? "\(h)h\(m)m" : "\(h)h \(m)m"
}

/// Minutes after midnight as a time of day: `23:40`, `00:05`. Wraps round the clock.
public func formatTimeOfDay(_ minutes: Double) -> String {
    let total = Int(clampingValue: Statistics.onClock(minutes.rounded()))
    return pad(total / 60, 2) + ":" + pad(total % 60, 2)
}

/// `8,200`, `1,234,567`: a whole number with thousands separators.
func groupThousands(_ value: Double) -> String {
    let negative = value < 0
    let digits = abs(value) < 9.2e18 ? String(Int64(abs(value))) : String(abs(value))
    var out = ""
    for (i, ch) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(ch)
    }
    return negative ? "-" + out : out
}

/// `72.5`, `72`: at most 4 decimals, no trailing zeros.
func formatDecimal(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    // Round to at most 4 decimals, then drop trailing zeros.
    let rounded = (value * 10000).rounded() / 10000
    var s = String(rounded)
    if s.contains("e") { return s }
    while s.hasSuffix("0") { s.removeLast() }
    if s.hasSuffix(".") { s.removeLast() }
    return s
}

/// `value` rounded to `places` decimals; as it is when `places` is nil.
func rounded(_ value: Double, places: Int?) -> Double {
    guard let places else { return value }
    var scale = 1.0
    for _ in 0..<max(0, places) { scale *= 10 }
    return (value * scale).rounded() / scale
}

/// The singular of a plural English unit, for a value of exactly 1: cups → cup, glasses →
/// glass, steps → step. Units that are not plurals (kg, kcal, bpm, h) stay as they are.
func singular(_ unit: String) -> String {
    guard unit.count > 2, unit.hasSuffix("s"), !unit.hasSuffix("ss") else { return unit }
    for ending in ["sses", "shes", "ches", "xes"] where unit.hasSuffix(ending) { return String(unit.dropLast(2)) }
    return String(unit.dropLast())
}

/// Alternatives in words: `a`, `a or b`, `a, b or c`; "" for none.
public func alternatives(_ items: [String]) -> String {
    guard let last = items.last else { return "" }
    return items.count == 1 ? last : items.dropLast().joined(separator: ", ") + " or " + last
}
