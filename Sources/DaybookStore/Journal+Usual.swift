import DaybookCore
/// The person's own usual values: what completion offers after an attribute, what the
/// check-in offers as the default answer, and what `goals` shows and pre-fills ranges from.
extension Journal {
    /// The usual value of `attribute` on `day`'s weekday and the days it rests on (see
    /// `Goals.usual`). One indexed range read of `day_value`.
    public func usual(of attribute: Attribute, on day: Day) throws -> UsualValue {
        let window = Goals.usualWindow(for: day)
        let values = try dailyValues(attribute.name, from: window.from, through: window.through)
        return Goals.usual(values, for: day, type: attribute.type)
    }

    /// The usual value of `attribute` on `day`'s weekday, or nil while it rests on too few days.
    public func usualValue(of attribute: Attribute, on day: Day) throws -> Double? {
        try usual(of: attribute, on: day).value
    }
}
