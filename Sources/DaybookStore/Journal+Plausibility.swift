import DaybookCore

extension Journal {
    /// The day's totals that `values` make with what the day holds, for each summed attribute
    /// they add to (the day has values of it already, or the line has several): checked
    /// against the attribute's plausible range unless `force`, so that values each plausible
    /// never add up to a day that is not (30h of sleep).
    func dayTotals(day: Day, _ values: [(Attribute, Double)], force: Bool) throws -> [LoggedTotal] {
        var totals: [LoggedTotal] = []
        var seen = Set<String>()
        for (typed, _) in values where seen.insert(typed.name).inserted {
            let attribute = attributesByName[typed.name] ?? typed
            guard attribute.aggregation == .sum, !attribute.type.isCircular else { continue }
            let added = values.filter { $0.0.name == typed.name }.map(\.1)
            let (held, entries) = try heldSum(attribute, day: day)
            guard entries > 0 || added.count > 1 else { continue }
            let total = added.reduce(held, +)
            if !force, let range = attribute.range, !range.admits(total, type: attribute.type) {
                // Values of one line alone: their total is what is refused.
                throw ImplausibleValue(attribute: attribute, value: total, range: range, added: entries == 0 ? nil : added.reduce(0, +))
            }
            totals.append(LoggedTotal(attribute: attribute, value: total))
        }
        return totals
    }

    /// The sum of the day's values of `attribute` and how many there are: the stored daily
    /// value and those logged since it was last brought up to date, added in the order logged
    /// as `flushDerived` adds them; from the day's entries when it is to be recomputed.
    private func heldSum(_ attribute: Attribute, day: Day) throws -> (sum: Double, entries: Int) {
        let key = DirtyKey(attribute: attribute.name, day: day.iso)
        if dirtyValues.contains(key) {
            let values = try database.rows(
                "SELECT value FROM entry WHERE attribute = ? AND day = ? AND removed_by IS NULL ORDER BY id",
                [.text(attribute.name), .text(day.iso)]
            ) { $0.storedValue(0) }
            return (values.compactMap { $0 }.reduce(0, +), values.count)
        }
        // A damaged day's value (`storedValue`) counts as nothing held.
        let stored = try database.rows(
            "SELECT value, entries FROM day_value WHERE attribute = ? AND day = ?", [.text(attribute.name), .text(day.iso)]
        ) { ($0.storedValue(0) ?? 0, Int($0.int(1))) }.first ?? (0, 0)
        let pending = appendedValues[key] ?? []
        return (pending.reduce(stored.0, +), stored.1 + pending.count)
    }
}
