/// The units a health CSV's column may be in, and how a value in one becomes a value in the
/// unit of the attribute it fills.
///
/// A unit is read from the end of a column's header, in brackets (`Distance (m)`), or given for
/// the column. Durations become minutes whatever the attribute's unit; lengths, masses and
/// energies become the attribute's own unit (km, mi, kg, lb, g, kcal, kJ) when it has one of
/// them; beats per minute stay as they are.
public enum HealthUnits {
    /// What a unit measures.
    enum Dimension: String {
        case length, mass, time, energy, rate

        /// How the dimension reads in a message.
        var noun: String {
            switch self {
            case .length: "a distance"
            case .mass: "a weight"
            case .time: "a duration"
            case .energy: "an energy"
            case .rate: "a heart rate"
            }
        }
    }

    /// A unit: what it measures and how many of the dimension's base unit (km, kg, minutes,
    /// kcal, bpm) one of it is.
    struct Unit {
        let name: String
        let dimension: Dimension
        let factor: Double
    }

    /// Every unit, by its lowercased name.
    static let units: [String: Unit] = {
        let list: [(String, Dimension, Double)] = [
            ("m", .length, 0.001), ("km", .length, 1), ("mi", .length, 1.609_344),
            ("kg", .mass, 1), ("lb", .mass, 0.453_592_37), ("g", .mass, 0.001),
            ("ms", .time, 1.0 / 60_000), ("s", .time, 1.0 / 60), ("sec", .time, 1.0 / 60), ("min", .time, 1),
            ("h", .time, 60), ("hr", .time, 60),
            ("bpm", .rate, 1),
            ("kcal", .energy, 1), ("kJ", .energy, 1 / 4.184),
        ]
        var units: [String: Unit] = [:]
        for (name, dimension, factor) in list {
            units[name.lowercased()] = Unit(name: name, dimension: dimension, factor: factor)
        }
        return units
    }()

    /// The units a column may be in, for messages.
    public static let accepted = "m, km, mi, kg, lb, g, ms, s, sec, min, h, hr, bpm, kcal or kJ"

    /// The unit named `name` (any case), or nil.
    static func unit(named name: String) -> Unit? { units[name.lowercased()] }

    /// The unit at the end of a header, in brackets (`Distance (m)` is in m), or nil when the
    /// header ends in no bracket or the bracket holds no unit above (`Speed (m/s)`).
    static func unit(inHeader header: String) -> Unit? {
        var trimmed = Substring(header)
        while trimmed.last == " " { trimmed = trimmed.dropLast() }
        guard trimmed.hasSuffix(")"), let open = trimmed.lastIndex(of: "(") else { return nil }
        let inside = trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)]
        return unit(named: String(inside).trimmingSpaces)
    }

    /// What an attribute's values are in, as a unit of this table: minutes for a duration, its
    /// own unit when that is a length, mass, energy or heart rate; nil when no unit fits it
    /// (a count of steps, a time of day, a rating).
    static func unit(of attribute: Attribute) -> Unit? {
        switch attribute.type {
        case .duration: return units["min"]
        case .time, .yesno, .percentage: return nil
        case .count, .decimal: return unit(named: attribute.unit)
        }
    }

    /// The factor that turns a value in `unit` into one in the unit of `attribute`, or the one
    /// line that says why it cannot: `column` is the column's header, as the file writes it.
    static func factor(from unit: Unit, to attribute: Attribute, column: String) throws(ImportError) -> Double {
        guard let target = self.unit(of: attribute) else {
            let fits = unit.dimension == .time ? "durations" : "attributes in \(names(of: unit.dimension))"
            throw ImportError(
                line: nil,
                "column '\(ImportError.shown(column))' is in \(unit.name), which does not fit \(attribute.name) (\(attribute.type.noun)\(attribute.unit.isEmpty ? "" : " of \(attribute.unit)")); it fits \(fits)"
            )
        }
        guard target.dimension == unit.dimension else {
            throw ImportError(
                line: nil,
                "column '\(ImportError.shown(column))' is in \(unit.name), \(unit.dimension.noun), and \(attribute.name) is \(target.dimension.noun): its units are \(names(of: target.dimension))"
            )
        }
        return unit.factor / target.factor
    }

    /// The units of one dimension, in the table's order, for messages: `ms, s, sec, min, h or hr`.
    static func names(of dimension: Dimension) -> String {
        let order = ["m", "km", "mi", "kg", "lb", "g", "ms", "s", "sec", "min", "h", "hr", "bpm", "kcal", "kj"]
        return alternatives(order.compactMap { units[$0] }.filter { $0.dimension == dimension }.map(\.name))
    }
}
