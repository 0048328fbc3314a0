import DaybookCore
import DaybookTestSupport
import DaybookViews
import Testing

/// The year-ago line and `show --on-this-day`, word for word.
@Suite struct OnThisDayViewTests {
    static let steps = Attribute(name: "steps", type: .count, aggregation: .sum, unit: "steps", group: "activity")
    static let sleep = Attribute(name: "sleep", type: .duration, aggregation: .sum, unit: "", group: "sleep")

    @Test func aYearAgoInALine() {
        let year = Recollection(
            day: Day(year: 2025, month: 11, day: 21)!, distance: .year, rating: 4, text: "walked by the sea")
        #expect(
            OnThisDayView.recollection(year, appearance: unicode, width: 80) == [
                "A year ago, Fri 21 Nov 2025: 4 good · walked by the sea"
            ])
        #expect(
            OnThisDayView.recollection(year, appearance: colour, width: 80) == [
                dim("A year ago, Fri 21 Nov 2025: 4 good · walked by the sea")
            ])
        let month = Recollection(
            day: Day(year: 2026, month: 10, day: 21)!, distance: .month, rating: nil, text: "a note\u{1B}[2J")
        #expect(
            OnThisDayView.recollection(month, appearance: ascii, width: 80) == [
                "A month ago, Wed 21 Oct 2026: a note␛[2J"
            ])
        for width in [20, 40] {
            for line in OnThisDayView.recollection(year, appearance: unicode, width: width) {
                #expect(Columns.width(line) <= width)
            }
        }
    }

    @Test func theJSONOfIt() {
        let year = Recollection(day: Day(year: 2025, month: 11, day: 21)!, distance: .year, rating: 4, text: nil)
        #expect(
            OnThisDayView.json(year)
                == #"{"date": "2025-11-21", "ago": "year", "mood": {"rating": 4, "label": "good"}, "text": null}"#)
        #expect(OnThisDayView.adding(nil, to: #"{"date": "x"}"#) == #"{"date": "x", "looking_back": null}"#)
    }

    @Test func everyEarlierYear() {
        var last = DayRecord(day: Day(year: 2025, month: 11, day: 21)!)
        last.mood = (4, "sea\nhome")
        last.values = [(Self.steps, 9120), (Self.sleep, 440), (Self.steps, 1), (Self.sleep, 2), (Self.steps, 3)]
        var before = DayRecord(day: Day(year: 2023, month: 11, day: 21)!)
        before.notes = [DayRecord.Note(recordedAt: "2023-11-21T09:00:00+00:00", text: "rain")]
        #expect(
            OnThisDayView.text(insightDay, [last, before], appearance: unicode, width: 80)
                == [
                    "21 November in earlier years",
                    "  2025 Fri  4 good · sea · steps 9,120, sleep 7h 20m, steps 1, 2 more",
                    "  2023 Tue  rain",
                ])
        for width in [40, 60] {
            for line in OnThisDayView.text(insightDay, [last, before], appearance: unicode, width: width) {
                #expect(Columns.width(line) <= width)
            }
        }
        #expect(OnThisDayView.nothing(insightDay) == "nothing on 21 November in earlier years")
        let leap = Day(year: 2028, month: 2, day: 29)!
        #expect(
            OnThisDayView.text(leap, [], appearance: unicode, width: 80) == [
                "29 February (28 February in other years) in earlier years"
            ])
    }
}
