import DaybookCore
import DaybookTestSupport
import DaybookViews
import Foundation
import Testing

/// The JSON form, for one insight of each kind, word for word.
@Suite struct InsightJSONTests {
    @Test func aUsualBedtime() {
        let bedtime = InsightSubject.attribute(RandomJournal.bedtime)
        let insight = Insight(
            kind: .usual, subject: bedtime, day: insightDay,
            detail: .comparison(
                InsightComparison(
                    value: 20, usual: 1430, usualDays: 6, average30d: 1425, averageDays: 28, percentOfUsual: nil,
                    percentOfAverage: nil, change: Insights.change(20, against: 1430, subject: bedtime))),
            notability: 30)
        #expect(
            InsightJSON.object(insight)
                == #"{"kind": "usual", "attribute": "bedtime", "date": "2026-11-21", "value": "00:20", "other": null, "usual": "23:50", "average_30d": "23:45", "percent_of_usual": null, "percent_of_average": null, "difference": 30, "goal_state": null, "min": null, "max": null, "left": null, "streak": null, "since": null, "span_days": null, "missing": null, "weekday": null, "tag": null, "threshold": null, "lag": null, "r": null, "p": null, "days": 6, "other_days": null, "effective_days": null, "sentence": "Bedtime 00:20, 30 minutes later than your usual Saturday (23:50, from 6 Saturdays)."}"#
        )
    }

    @Test func aCorrelationWithSleep() {
        let insight = Insight(
            kind: .correlation, subject: .attribute(RandomJournal.sleep), day: insightDay,
            detail: .correlation(
                InsightCorrelation(
                    r: 0.4213, p: 0.000123456, days: 41, effectiveDays: 28.46, threshold: 420, moodAbove: 3.9,
                    moodBelow: 3.1, daysAbove: 20, daysBelow: 21)), notability: 60)
        #expect(
            InsightJSON.object(insight)
                == #"{"kind": "correlation", "attribute": "sleep", "date": "2026-11-21", "value": 3.9, "other": 3.1, "usual": null, "average_30d": null, "percent_of_usual": null, "percent_of_average": null, "difference": 0.8, "goal_state": null, "min": null, "max": null, "left": null, "streak": null, "since": null, "span_days": null, "missing": null, "weekday": null, "tag": null, "threshold": 420, "lag": 0, "r": 0.42, "p": 0.0001235, "days": 41, "other_days": null, "effective_days": 28.5, "sentence": "Mood tends to be higher on days with more sleep: 3.9 on days with sleep 7h or more, against 3.1 otherwise (a moderate link, r = 0.42, 41 days)."}"#
        )
    }

    /// Text from the journal is escaped as every JSON daybook prints escapes it (`jsonString`).
    @Test func aTagIsEscapedAsAllJSONIs() {
        let tag = Insight(
            kind: .tag, subject: .mood, day: insightDay,
            detail: .tag(
                InsightTag(
                    tag: "gym\u{202E}\u{7}", moodWith: 4.1, moodWithout: 3.3, daysWith: 12, daysWithout: 60, p: 0.0123)),
            notability: 55)
        let json = InsightJSON.object(tag)
        #expect(json.contains(#""tag": "gym\u202e\u0007""#), "\(json)")
        #expect(json.contains(#"days tagged #gym\u202e\u0007: 4.1"#), "\(json)")
    }

    @Test func aTagAndARecord() {
        let tag = Insight(
            kind: .tag, subject: .mood, day: insightDay,
            detail: .tag(
                InsightTag(
                    tag: "gym", moodWith: 4.1, moodWithout: 3.3, daysWith: 12, daysWithout: 60, p: 0.0123, r: 0.3349,
                    effectiveDays: 55.24)),
            notability: 55)
        #expect(
            InsightJSON.object(tag)
                == #"{"kind": "tag", "attribute": "mood", "date": "2026-11-21", "value": 4.1, "other": 3.3, "usual": null, "average_30d": null, "percent_of_usual": null, "percent_of_average": null, "difference": 0.8, "goal_state": null, "min": null, "max": null, "left": null, "streak": null, "since": null, "span_days": null, "missing": null, "weekday": null, "tag": "gym", "threshold": null, "lag": 0, "r": null, "p": 0.0123, "days": 12, "other_days": 60, "effective_days": 55.2, "sentence": "Mood tends to be higher on days tagged #gym: 4.1 on average, against 3.3 otherwise (12 days with the tag, 60 without)."}"#
        )
        let record = Insight(
            kind: .record, subject: .attribute(RandomJournal.sleep), day: insightDay,
            detail: .record(
                InsightRecord(
                    value: 490, extreme: .highest, reach: .since(insightDay.adding(days: -6)), span: 6, days: 5)),
            notability: 50)
        #expect(
            InsightJSON.object(record)
                == #"{"kind": "record", "attribute": "sleep", "date": "2026-11-21", "value": 490, "other": null, "usual": null, "average_30d": null, "percent_of_usual": null, "percent_of_average": null, "difference": null, "goal_state": null, "min": null, "max": null, "left": null, "streak": null, "since": "2026-11-15", "span_days": 6, "missing": null, "weekday": null, "tag": null, "threshold": null, "lag": null, "r": null, "p": null, "days": 5, "other_days": null, "effective_days": null, "sentence": "Longest sleep in 6 days: 8h 10m (5 of them logged)."}"#
        )
    }
}
