/// The person's own usual values: what completion offers after an attribute, and what the
/// check-in offers as the default answer.
extension Journal {
    /// The usual value of `attribute` on `day`'s weekday (see `Goals.usual`), or nil when fewer
    /// than `minimum` of those days have a value: for hints and defaults, one stray day is not
    /// a habit. One indexed range read of `day_value`.
    public func usualValue(of attribute: Attribute, on day: Day, minimum: Int = 2) throws -> Double? {
        let window = Goals.usualWindow(for: day)
        let values = try dailyValues(attribute.name, from: window.from, through: window.through)
        guard values.filter({ $0.0.weekday == day.weekday }).count >= max(1, minimum) else { return nil }
        return Goals.usual(values, for: day, type: attribute.type)
    }
}

extension ValueType {
    /// A value written the way a person types it, so that it parses back to the same value:
    /// `8400`, `72.5`, `85%`, `7h30m`, `23:40`, `yes`. One word, no spaces.
    public func typed(_ value: Double) -> String {
        switch self {
        case .count: return String(Int64(value.rounded()))
        case .decimal: return formatDecimal(value)
        case .percentage: return formatDecimal(value) + "%"
        case .duration:
            let minutes = Int(value.rounded())
            let (h, m) = (minutes / 60, minutes % 60)
            if h == 0 { return "\(m)m" }
            return m == 0 ? "\(h)h" : "\(h)h\(m)m"
        case .time: return formatTimeOfDay(value)
        case .yesno: return value >= 0.5 ? "yes" : "no"
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
}
