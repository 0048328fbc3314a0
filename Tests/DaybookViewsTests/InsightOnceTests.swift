import DaybookCore
import DaybookTestSupport
import DaybookViews
import Testing

private let day = insightDay  // a Saturday
private let steps = RandomJournal.steps
private let sleep = RandomJournal.sleep
private let coffee = RandomJournal.coffee

private func sentence(_ kind: Insight.Kind, _ subject: InsightSubject, _ detail: Insight.Detail) -> String {
    InsightText.sentence(Insight(kind: kind, subject: subject, day: day, detail: detail, notability: 0))
}

/// What insights say once for the whole day rather than once an attribute: the usual values
/// still short of their days, and the days links still need.
@Suite struct InsightOnceTests {
    /// The usual values still short of their days are said once, grouped by how many they
    /// have; one alone keeps its own sentence.
    @Test func missingHistoryIsOneSentence() {
        func missing(_ subject: InsightSubject, _ days: Int) -> Insight {
            Insight(
                kind: .usual, subject: subject, day: day,
                detail: .missingHistory(InsightMissingHistory(value: 1, days: days, needed: 3, average30d: nil)),
                notability: 2)
        }
        let record = Insight(
            kind: .record, subject: .attribute(steps), day: day,
            detail: .record(InsightRecord(value: 9000, extreme: .highest, reach: .ever, span: nil, days: 9)),
            notability: 50)
        #expect(
            InsightText.missingHistory([
                record, missing(.mood, 2), missing(.attribute(steps), 1), missing(.attribute(sleep), 2),
                missing(.attribute(coffee), 0),
            ]) == "Not enough history yet for a usual Saturday: 3 are needed; mood and sleep have 2, steps 1, coffee none.")
        #expect(
            InsightText.missingHistory([missing(.attribute(steps), 2)])
                == "Not enough history yet for a usual Saturday of steps: 2 Saturdays so far, 1 more needed.")
        #expect(InsightText.missingHistory([record]) == nil)
        let lines = InsightView.sentences(
            [missing(.mood, 0), record, missing(.attribute(steps), 0)], appearance: .plain, width: nil)
        #expect(
            lines == [
                "  Not enough history yet for a usual Saturday: 3 are needed; mood and steps have none.",
                "  Most steps on record: 9,000 (9 days logged).",
            ])
    }

    @Test func linksThatNeedMoreDays() {
        #expect(
            sentence(.links, .mood, .linksPending(InsightLinksPending(days: 14, needed: 30)))
                == "No links with mood yet: 16 more days with both logged are needed (14 so far).")
        #expect(
            sentence(.links, .mood, .linksPending(InsightLinksPending(days: 29, needed: 30)))
                == "No links with mood yet: 1 more day with both logged is needed (29 so far).")
    }

}
