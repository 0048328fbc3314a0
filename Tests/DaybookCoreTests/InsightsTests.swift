import DaybookCore
import DaybookStore
import DaybookTestSupport
import Foundation
import Testing

/// An input with one attribute: `values` maps days before `insightDay` (0 is the day itself) to values.
/// By default `insightDay` has ended (today is the day after): its values are whole days'.
func input(
    _ attribute: Attribute, _ values: [Int: Double], mood: [Int: Double] = [:], tags: [Int: [String]] = [:],
    hasEarlier: Bool = false, goals: [InsightInput.GoalEntry] = [], today: Day = insightDay.adding(days: 1)
) -> InsightInput {
    let from = insightDay.adding(days: -InsightWindows.recordDays)
    func series(_ values: [Int: Double]) -> InsightSeries {
        InsightSeries(
            values: Dictionary(uniqueKeysWithValues: values.map { (insightDay.adding(days: -$0.key), $0.value) }),
            from: from, hasEarlier: hasEarlier)
    }
    return InsightInput(
        day: insightDay, today: today, mood: series(mood),
        attributes: [InsightInput.AttributeSeries(attribute: attribute, series: series(values))],
        tags: Dictionary(uniqueKeysWithValues: tags.map { (insightDay.adding(days: -$0.key), $0.value) }), goals: goals)
}

func only(_ insights: [Insight], _ kind: Insight.Kind, _ name: String) -> [Insight] {
    insights.filter { $0.kind == kind && $0.subject.name == name }
}

func comparison(_ insight: Insight?) -> InsightComparison? {
    if case .comparison(let c)? = insight?.detail { return c }
    return nil
}

func record(_ insight: Insight?) -> InsightRecord? {
    if case .record(let r)? = insight?.detail { return r }
    return nil
}

let steps = testAttribute("steps", .count, unit: "steps", aggregation: .sum)

let bedtime = testAttribute("bedtime", .time)

let sleep = testAttribute("sleep", .duration, aggregation: .sum)

let coffee = testAttribute("coffee", .count, unit: "cups", aggregation: .sum)
