/// The person's own usual values: what completion offers after an attribute, and what the
/// check-in offers as the default answer.
extension Journal {
    /// The usual value of `attribute` on `day`'s weekday: the median of the daily values on the
    /// same weekday in the `weeks` weeks before `day`. Nil when fewer than `minimum` of those
    /// days have a value: one stray day is not a habit. One indexed range read of `day_value`.
    public func usualValue(of attribute: Attribute, on day: Day, weeks: Int = 8, minimum: Int = 2) throws -> Double? {
        let values = try dailyValues(attribute.name, from: day.adding(days: -7 * weeks), through: day.adding(days: -7))
            .filter { $0.0.weekday == day.weekday }
            .map(\.1)
        guard values.count >= max(1, minimum) else { return nil }
        return attribute.type.median(values)
    }

    /// Attributes with at least one value from `first` to `last`, in the journal's order.
    public func attributesLogged(from first: Day, through last: Day) throws -> [Attribute] {
        try flushDerived()
        let names = Set(
            try database.rows(
                "SELECT DISTINCT attribute FROM day_value WHERE day BETWEEN ? AND ?",
                [.text(first.iso), .text(last.iso)]
            ) { $0.string(0) })
        return attributes.filter { names.contains($0.name) }
    }

    /// True when the journal has a table of this name (tables that later migrations add).
    public func hasTable(_ name: String) -> Bool {
        (try? database.scalarInt(
            "SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name = ?", [.text(name)])) ?? 0 > 0
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

extension Journal {
    /// Attributes that have a goal, when the journal has goals (a later migration adds the
    /// `goal` table; without it, none). The attribute column is found by name, so that this
    /// reads whatever shape that table takes.
    public func attributesWithGoals() -> Set<String> {
        guard hasTable("goal") else { return [] }
        let columns = (try? database.rows("SELECT name FROM pragma_table_info('goal')") { $0.string(0) }) ?? []
        guard let column = ["attribute", "attribute_name", "attr"].first(where: columns.contains) else { return [] }
        let live = columns.contains("removed_by") ? " WHERE removed_by IS NULL" : ""
        let names = (try? database.rows("SELECT DISTINCT \(column) FROM goal\(live)") { $0.string(0) }) ?? []
        return Set(names.map { $0.lowercased() })
    }
}
