/// The bounds of a range read from a file (a goal's, or a plausible range) and the values an
/// import brings, checked against what a value of the attribute's type can be: the same bounds
/// as typing the value. The readers check with it, and so does the journal's import plan.
package enum ImportBounds {
    /// What is wrong with the bounds of a range read from a file (a goal's, or a plausible
    /// range), checked in this order.
    package enum Problem: Sendable, Equatable {
        /// A bound that is no value of the type: what a value of it is.
        case notAValue(Double, accepted: String)
        /// The low bound above the high one, which only a time of day's window across
        /// midnight may be.
        case reversed(Double, Double)
    }

    package static func problem(min: Double?, max: Double?, type: ValueType) -> Problem? {
        for bound in [min, max].compactMap({ $0 }) {
            if let accepted = rangeProblem(bound, type) { return .notAValue(bound, accepted: accepted) }
        }
        if let min, let max, min > max, type != .time { return .reversed(min, max) }
        return nil
    }

    /// What a value of `type` must be, when `value` is not that; nil when it fits. The same
    /// bounds as typing the value.
    package static func rangeProblem(_ value: Double, _ type: ValueType) -> String? {
        switch type {
        case .count:
            return value >= 0 && value == value.rounded() && value <= largestValue
                ? nil : "a count (a whole number from 0 to 1,000,000,000,000)"
        case .decimal: return abs(value) <= largestValue ? nil : "a number up to 1,000,000,000,000"
        case .percentage: return (0...100).contains(value) ? nil : "a percentage from 0 to 100"
        case .duration: return (0...1440).contains(value) ? nil : "a duration from 0 to 1440 minutes"
        case .time: return value >= 0 && value < 1440 ? nil : "a time of day (0 to 1439 minutes after midnight)"
        case .yesno: return value == 0 || value == 1 ? nil : "yes or no (1 or 0)"
        }
    }
}
