import DaybookCore
import DaybookTestSupport
import DaybookViews
import Testing

/// How links with the day before, and the absence of any link, are worded, in text and JSON.
@Suite struct LinkWordsTests {
    @Test func yesterdaysStepsReadAfterADayWith() {
        let insight = Insight(
            kind: .correlation, subject: .attribute(RandomJournal.steps), day: insightDay,
            detail: .correlation(
                InsightCorrelation(
                    r: 0.4513, p: 0.0001, days: 80, effectiveDays: 61.24, threshold: 8000, moodAbove: 3.8,
                    moodBelow: 3.1, daysAbove: 40, daysBelow: 40, lag: 1)), notability: 60)
        #expect(
            InsightText.sentence(insight)
                == "Mood tends to be higher after a day with more steps: 3.8 after days with 8,000 steps or more, against 3.1 otherwise (a moderate link, r = 0.45, 80 days)."
        )
        let json = InsightJSON.object(insight)
        #expect(json.contains(#""lag": 1, "r": 0.45"#), "\(json)")
        #expect(json.contains(#""effective_days": 61.2"#), "\(json)")
    }

    @Test func yesterdaysTagReadsAfterADayWith() {
        let insight = Insight(
            kind: .tag, subject: .mood, day: insightDay,
            detail: .tag(
                InsightTag(
                    tag: "gym", moodWith: 3.2, moodWithout: 3.9, daysWith: 14, daysWithout: 66, p: 0.001, r: -0.381,
                    effectiveDays: 70.04, lag: 1)), notability: 55)
        #expect(
            InsightText.sentence(insight)
                == "Mood tends to be lower after a day with #gym: 3.2 on average, against 3.9 after days without (14 days after one, 66 not)."
        )
        let json = InsightJSON.object(insight)
        #expect(json.contains(#""lag": 1, "r": null, "p": 0.001, "days": 14, "other_days": 66, "effective_days": 70"#), "\(json)")
    }

    @Test func nothingStandsOutSaysWhatCouldHaveShown() {
        let insight = Insight(
            kind: .links, subject: .mood, day: insightDay,
            detail: .linksNone(InsightLinksNone(days: 82, effectiveDays: 63.6, smallestR: 0.4139, tests: 14)),
            notability: 2)
        #expect(
            InsightText.sentence(insight)
                == "No link with mood stands out: with 64 effective days, only a link of r = 0.41 or stronger would show."
        )
        let json = InsightJSON.object(insight)
        #expect(json.contains(#""threshold": 0.41"#), "\(json)")
        #expect(json.contains(#""days": 82, "other_days": null, "effective_days": 64"#), "\(json)")
    }

    /// A strong r whose split is under half a mood point is said as what it is.
    @Test func aSmallSplitIsALittleNotATendency() {
        let insight = Insight(
            kind: .correlation, subject: .attribute(RandomJournal.sleep), day: insightDay,
            detail: .correlation(
                InsightCorrelation(
                    r: 0.41, p: 0.0001, days: 80, effectiveDays: 61, threshold: 420, moodAbove: 3.6,
                    moodBelow: 3.2, daysAbove: 40, daysBelow: 40)), notability: 60)
        #expect(
            InsightText.sentence(insight)
                == "Mood is a little higher on days with more sleep: 3.6 on days with sleep 7h or more, against 3.2 otherwise (a moderate link, r = 0.41, 80 days)."
        )
    }
}
