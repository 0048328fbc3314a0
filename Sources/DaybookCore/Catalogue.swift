/// A tracked attribute: what it measures, how a day's values combine, and how it reads.
public struct Attribute: Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var type: ValueType
    public var aggregation: Aggregation
    public var unit: String
    public var group: String
    public var builtin: Bool
    /// The values it can plausibly take, in its canonical units (see `PlausibleRange`); nil
    /// when any value of its type is accepted.
    public var range: GoalRange?

    public init(
        id: Int64 = 0, name: String, type: ValueType, aggregation: Aggregation, unit: String, group: String,
        builtin: Bool = false, range: GoalRange? = nil
    ) {
        self.id = id
        self.name = name
        self.type = type
        self.aggregation = aggregation
        self.unit = unit
        self.group = group
        self.builtin = builtin
        self.range = range
    }
}

/// Names an attribute may have: a letter, then letters, digits, `_` or `-`, at most 40.
public func isValidAttributeName(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first.properties.isAlphabetic, name.unicodeScalars.count <= 40 else {
        return false
    }
    return name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" || $0 == "-" }
}

public enum Catalogue {
    public static let groups = ["activity", "sleep", "health", "food", "productivity", "other"]

    // The built-in attributes are created by the first migration (Schema.swift), and live in the journal.
    // Their plausible ranges are set by the fifth, and `track ATTR TYPE range LOW..HIGH` changes them.
}
