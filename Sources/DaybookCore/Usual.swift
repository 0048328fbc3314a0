// The usual value of an attribute on a day: the median of its values on the same weekday over
// the 8 weeks before, once at least 3 of those days have one. It is defined here, and read
// from the journal here, once: `goals`, `today`, `insights`, the check-in and completion all
// take it from here, so that none shows a usual value another calls too little history.

/// A usual value and the days it rests on.
public struct UsualValue: Sendable, Equatable {
    /// The fewest of the same weekday a usual value rests on: one or two stray days are not a
    /// habit.
    public static let minimumDays = 3

    /// The median, or nil when fewer than `minimumDays` of the same weekday have a value.
    public let value: Double?
    /// The days of the same weekday in the 8 weeks before that have a value.
    public let days: Int

    public init(value: Double?, days: Int) {
        self.value = value
        self.days = days
    }

    /// The days still needed before there is a usual value: 0 once there is one.
    public var missing: Int { value == nil ? max(0, UsualValue.minimumDays - days) : 0 }
}

extension Goals {
    /// The days the usual value for `day` is taken from: the same weekday in each of the 8
    /// weeks before it.
    public static func usualWindow(for day: Day) -> (from: Day, through: Day) {
        (day.adding(days: -56), day.adding(days: -7))
    }

    /// The usual value for `day`: the median of the values on the same weekday in the 8 weeks
    /// before it, `day` itself excluded, days without a value left out, when at least
    /// `UsualValue.minimumDays` of them have one. Values outside that window, or on other
    /// weekdays, are ignored.
    public static func usual(_ values: [(Day, Double)], for day: Day, type: ValueType) -> UsualValue {
        let window = usualWindow(for: day)
        let same = values.filter {
            $0.0.weekday == day.weekday && $0.0 >= window.from && $0.0 <= window.through && $0.0 != day
        }
        guard same.count >= UsualValue.minimumDays else { return UsualValue(value: nil, days: same.count) }
        return UsualValue(value: type.median(same.map(\.1)), days: same.count)
    }
}
