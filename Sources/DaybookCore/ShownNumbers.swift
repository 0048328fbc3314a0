// One number everywhere: how precisely each figure daybook gives is rounded, decided once here,
// so that a sentence, a table and the `--json` beside them carry the same number. A figure is
// rounded once, to the precision its text shows, and the JSON carries that rounded figure:
//
// - a value as logged (a day's value): as it is, except a duration, to the whole minute
//   (`roundedValue`); `export` alone keeps the stored value, to the hundredth of a minute;
// - a figure computed from values (a mean, a median, a usual value, an average, a goal's
//   period value, a total): `roundedMean`;
// - an amount between two figures (a difference, what is left of a goal): `roundedAmount`.
//
// Goals judge the rounded figure (`Goal.periodValue`), so what is shown is what is judged: a
// week's mean that reads "10,000 steps a day" meets a goal of 10,000.

extension ValueType {
    /// A day's value as it is shown: a duration to the whole minute (`7h 33m`, 453), anything
    /// else as it is (counts read whole, decimals to 4 places, times of day to the minute,
    /// both in text and in JSON).
    public func roundedValue(_ value: Double) -> Double {
        guard self == .duration else { return value }
        let shown = value.rounded()
        return shown == 0 ? 0 : shown
    }

    /// A signed amount between two figures (a difference, what is left of a goal) as it is
    /// shown: like `roundedMean`, except that minutes (durations and times of day) stay
    /// minutes, to the whole minute, and are never put back on the clock.
    public func roundedAmount(_ value: Double) -> Double {
        let shown: Double
        switch self {
        case .duration, .time: shown = value.rounded()
        default: shown = roundedMean(value)
        }
        return shown == 0 ? 0 : shown  // no -0
    }

    /// A day's value for `--json`, rounded as it is shown (`roundedValue`).
    public func valueJSON(_ value: Double) -> String { json(roundedValue(value)) }

    /// An amount for `--json`, rounded as it is shown (`roundedAmount`): minutes for durations
    /// and times of day, a count's fraction kept (1.3 beats per minute), a share as a number.
    public func amountJSON(_ value: Double) -> String {
        let shown = roundedAmount(value)
        switch self {
        case .duration, .time: return ValueType.duration.json(shown)
        case .yesno: return ValueType.decimal.json(shown)
        case .count where shown != shown.rounded(): return ValueType.decimal.json(shown)
        default: return json(shown)
        }
    }
}
