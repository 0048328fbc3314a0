// The usual value of an attribute on a day: the median of its values on the same weekday over
// the 8 weeks before. It is defined here, and read from the journal here, once.

extension Goals {
    /// The days the usual value for `day` is taken from: the same weekday in each of the 8
    /// weeks before it.
    public static func usualWindow(for day: Day) -> (from: Day, through: Day) {
        (day.adding(days: -56), day.adding(days: -7))
    }

    /// The usual value for `day`: the median of the values on the same weekday in the 8 weeks
    /// before it, `day` itself excluded, days without a value left out. Values outside that
    /// window, or on other weekdays, are ignored.
    public static func usual(_ values: [(Day, Double)], for day: Day, type: ValueType) -> Double? {
        usual(values, for: day, type: type, minimum: 1).value
    }

    /// The usual value for `day` (as above) and the number of days it rests on; the value is
    /// nil when fewer than `minimum` of them have one. Hints and defaults ask for 2 days,
    /// insights for 3.
    public static func usual(_ values: [(Day, Double)], for day: Day, type: ValueType, minimum: Int)
        -> (value: Double?, days: Int)
    {
        let window = usualWindow(for: day)
        let same = values.filter {
            $0.0.weekday == day.weekday && $0.0 >= window.from && $0.0 <= window.through && $0.0 != day
        }
        guard same.count >= max(1, minimum) else { return (nil, same.count) }
        return (type.median(same.map(\.1)), same.count)
    }
}

/// The person's own usual values: what completion offers after an attribute, what the
/// check-in offers as the default answer, and what `goals` shows and pre-fills ranges from.
extension Journal {
    /// The usual value of `attribute` on `day`'s weekday (see `Goals.usual`), or nil when fewer
    /// than `minimum` of those days have a value: for hints and defaults, one stray day is not
    /// a habit. One indexed range read of `day_value`.
    public func usualValue(of attribute: Attribute, on day: Day, minimum: Int = 2) throws -> Double? {
        let window = Goals.usualWindow(for: day)
        let values = try dailyValues(attribute.name, from: window.from, through: window.through)
        return Goals.usual(values, for: day, type: attribute.type, minimum: minimum).value
    }

    /// The usual value of `attribute` for `day`, from a single day's value on: the median of the
    /// same weekday's values over the 8 weeks before it (see `Goals.usual`). Reads those 8 weeks only.
    public func usualValue(_ attribute: Attribute, for day: Day) throws -> Double? {
        try usualValue(of: attribute, on: day, minimum: 1)
    }
}
