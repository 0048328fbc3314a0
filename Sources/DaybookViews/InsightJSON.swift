import DaybookCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The JSON form of insights, a stable interface: a list of objects, each with every field
/// below, null where it does not apply. Values are in the units of `show --json`: counts,
/// decimals and percentages as numbers, durations in minutes, times of day as "HH:MM".
///
/// - `kind`: usual, average, so_far (a value that adds up over a day, on a day still going:
///   `value` is the value so far, compared with nothing), record, goal, streak, weekday, correlation, tag or links (no
///   link can be tested yet: `days` is the most days any link could rest on, `missing` how
///   many more it needs; or links were tested and none stands out: `threshold` is the
///   smallest r that could have shown, over `effective_days`, the most any link had, of
///   `days`)
/// - `attribute`: the attribute, or "mood"
/// - `date`: the day the insights are about
/// - `value`: the day's value; for a weekly or monthly goal the period's mean; for a weekday,
///   that weekday's mean; for a correlation, the mean mood on days at or above `threshold`;
///   for a tag, the mean mood on days with it
/// - `other`: the mean on the other days (weekday), the mean mood below `threshold`
///   (correlation) or without the tag (tag)
/// - `usual`, `average_30d`, `percent_of_usual`, `percent_of_average`
/// - `difference`: value - usual (kind usual), value - average_30d (average), value - other
///   (weekday, correlation, tag); minutes for a time of day, the shorter way round the clock
/// - `goal_state`, `min`, `max`, `left`, `streak`: as in `goals --json`
/// - `since`, `span_days`: a record is the highest (or lowest) since that day, over that many
///   days; for a weekly or monthly goal, `since` is the first day of the period judged
/// - `missing`: the days a usual value, or a link, still needs
/// - `weekday`, `tag`, `threshold`, `lag` (for a correlation or a tag: 0, mood against the
///   same day's value, a night's sleep belonging to the day it ends; 1, against the day
///   before's)
/// - `r`, `p`: Pearson's r at the scale of days (each value's distance from the mean of the
///   14 days either side, then prewhitened by the attribute's lean on the day before) and the two-sided p of its t-test over `effective_days`; for a tag,
///   p only, of the same test of the tag as 0 or 1; for a weekday, p only, of an analysis of
///   variance over the seven weekdays. Before Holm's correction over every test of the day
/// - `days`, `other_days`: the days a claim rests on
/// - `effective_days`: what a correlation's (or a tag's) days are worth as independent days,
///   to 0.1: fewer than `days` when mood and the attribute lean on the day before
/// - `sentence`: the insight in English
public enum InsightJSON {
    public static func array(_ insights: [Insight]) -> String {
        jsonArray(insights.map(object))
    }

    public static func object(_ insight: Insight) -> String {
        let subject = insight.subject
        var f = Fields()
        f["kind"] = string(insight.kind.rawValue)
        f["attribute"] = string(subject.name)
        f["date"] = string(insight.day.iso)
        switch insight.detail {
        case .comparison(let c):
            f["value"] = number(c.value, subject)
            f["usual"] = c.usual.map { number($0, subject) }
            f["average_30d"] = c.average30d.map { number($0, subject) }
            f["percent_of_usual"] = c.percentOfUsual.map(String.init)
            f["percent_of_average"] = c.percentOfAverage.map(String.init)
            f["difference"] = difference(c.change.difference, subject)
            f["days"] = String(insight.kind == .average ? c.averageDays : c.usualDays)
        case .missingHistory(let m):
            f["value"] = number(m.value, subject)
            f["average_30d"] = m.average30d.map { number($0, subject) }
            f["missing"] = String(m.needed - m.days)
            f["days"] = String(m.days)
        case .record(let r):
            f["value"] = number(r.value, subject)
            if case .since(let day) = r.reach { f["since"] = string(day.iso) }
            f["span_days"] = r.span.map(String.init)
            f["days"] = String(r.days)
        case .goal(let g):
            let status = g.status
            let type = subject.type
            f["value"] = status.value.map {
                type == .yesno && status.goal.period != .daily
                    ? GoalView.yesShareJSON($0) : number(Insights.shown($0, subject), subject)
            }
            f["goal_state"] = string(status.state.rawValue)
            f["min"] = status.goal.range.min.map { number($0, subject) }
            f["max"] = status.goal.range.max.map { number($0, subject) }
            if let left = subject.attribute.map({ GoalView.shownLeft($0, status) }) ?? status.left, type != .yesno {
                f["left"] = difference(Insights.shownDifference(left, subject), subject)
            }
            f["streak"] = String(status.streak)
            if status.goal.period != .daily { f["since"] = string(status.from.iso) }
        case .weekday(let w):
            f["value"] = number(w.mean, subject)
            f["other"] = number(w.otherMean, subject)
            f["difference"] = difference(w.difference, subject)
            f["weekday"] = string(Day.weekdayNames[w.weekday - 1])
            f["p"] = probability(w.p)
            f["days"] = String(w.days)
            f["other_days"] = String(w.otherDays)
        case .correlation(let c):
            f["value"] = decimal(c.moodAbove)
            f["other"] = decimal(c.moodBelow)
            f["difference"] = decimal(Insights.shown(c.moodAbove - c.moodBelow, .mood))
            f["threshold"] = number(c.threshold, subject)
            f["lag"] = String(c.lag)
            f["r"] = InsightText.r(c.r)
            f["p"] = probability(c.p)
            f["days"] = String(c.days)
            f["effective_days"] = decimal((c.effectiveDays * 10).rounded() / 10)
        case .tag(let t):
            f["value"] = decimal(t.moodWith)
            f["other"] = decimal(t.moodWithout)
            f["difference"] = decimal(Insights.shown(t.moodWith - t.moodWithout, .mood))
            f["tag"] = string(t.tag)
            f["lag"] = String(t.lag)
            f["p"] = probability(t.p)
            f["days"] = String(t.daysWith)
            f["other_days"] = String(t.daysWithout)
            f["effective_days"] = decimal((t.effectiveDays * 10).rounded() / 10)
        case .soFar(let value):
            f["value"] = number(value, subject)
        case .linksPending(let l):
            f["missing"] = String(l.needed - l.days)
            f["days"] = String(l.days)
        case .linksNone(let l):
            f["threshold"] = InsightText.r(l.smallestR)
            f["days"] = String(l.days)
            f["effective_days"] = String(Int(l.effectiveDays.rounded()))
        }
        f["sentence"] = string(InsightText.sentence(insight))
        return jsonObject(Fields.order.map { ($0, f.values[$0] ?? "null") })
    }

    struct Fields {
        static let order = [
            "kind", "attribute", "date", "value", "other", "usual", "average_30d", "percent_of_usual",
            "percent_of_average", "difference", "goal_state", "min", "max", "left", "streak", "since", "span_days",
            "missing", "weekday", "tag", "threshold", "lag", "r", "p", "days", "other_days", "effective_days",
            "sentence",
        ]
        var values: [String: String] = [:]
        subscript(key: String) -> String? {
            get { values[key] }
            set {
                precondition(Fields.order.contains(key), "unknown insight field \(key)")
                values[key] = newValue
            }
        }
    }

    static func string(_ text: String) -> String { jsonString(text) }

    /// A value in the units of `show --json`. A mean of a count that is not whole keeps its decimals.
    static func number(_ value: Double, _ subject: InsightSubject) -> String {
        let type = subject.type
        switch type {
        case .count where value != value.rounded(): return ValueType.decimal.json(value)
        case .yesno where value != 0 && value != 1: return ValueType.decimal.json(value)
        default: return type.valueJSON(value)
        }
    }

    /// A signed difference: minutes for durations and times of day, else the attribute's units.
    static func difference(_ value: Double, _ subject: InsightSubject) -> String {
        switch subject.type {
        case .time, .duration: return ValueType.duration.json(value)
        case .yesno: return ValueType.decimal.json(value)
        default: return number(value, subject)
        }
    }

    static func decimal(_ value: Double) -> String { ValueType.decimal.json(value) }

    /// A p-value to four significant digits.
    static func probability(_ p: Double) -> String {
        guard p > 0, p.isFinite else { return "0" }
        let magnitude = floor(log10(p))
        let scale = pow(10, 3 - magnitude)
        return "\((p * scale).rounded() / scale)"
    }
}
