// The days that stand for a day a year and a month before: what "a year ago" and "a month
// ago" read (`Journal+OnThisDay` in the store).
extension Day {
    /// The same day of the month `years` years before: 29 February becomes 28 February in a
    /// year that has none. Nil before the first day daybook knows.
    public func sameDay(yearsBefore years: Int) -> Day? {
        let (year, month, day) = components
        let target = year - years
        guard target >= 1 else { return nil }
        return Day(year: target, month: month, day: min(day, Day.daysIn(month: month, year: target)))
    }

    /// The days that stand for this one `years` years before, oldest first: the same day of
    /// the month (29 February as 28 February in a year without one), and on 28 February of a
    /// year without a 29th, the 29 February of that earlier year when it has one: a year after
    /// 29 February is 28 February.
    public func sameDays(yearsBefore years: Int) -> [Day] {
        guard let same = sameDay(yearsBefore: years) else { return [] }
        let (year, month, day) = components
        if month == 2, day == 28, !Day.isLeap(year), Day.isLeap(same.year) { return [same, same.adding(days: 1)] }
        return [same]
    }

    /// The same day of the month before, or that month's last day when it is shorter: a month
    /// before 31 March is 28 (or 29) February, and so is a month before 30 and 29 March.
    public func sameDayOfMonthBefore() -> Day? {
        let (year, month, day) = components
        let (y, m) = month == 1 ? (year - 1, 12) : (year, month - 1)
        guard y >= 1 else { return nil }
        return Day(year: y, month: m, day: min(day, Day.daysIn(month: m, year: y)))
    }
}
