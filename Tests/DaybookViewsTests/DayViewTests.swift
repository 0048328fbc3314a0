import DaybookCore
import DaybookViews
import Testing

@Suite struct DayViewTests {
    @Test func aFullDay() {
        #expect(
            DayView.text(Fixture.day, appearance: unicode, width: 80)
                == lines(
                    """
                    Saturday 21 November 2026
                      mood    4 good · walked by the sea #outdoors
                      09:12   lunch with Ana
                      steps   8,200
                      sleep   7h 30m
                      water   5 glasses
                      tags    #outdoors
                    """))
    }

    @Test func anEmptyDay() {
        let empty = DayRecord(day: Fixture.saturday)
        #expect(
            DayView.text(empty, appearance: unicode, width: 80) == ["Saturday 21 November 2026", "  nothing recorded"])
        #expect(
            DayView.text(empty, appearance: colour, width: 80)
                == [bold("Saturday 21 November 2026"), "  " + dim("nothing recorded")])
    }

    @Test func inColourOnlyTheHeadingChanges() {
        let plain = DayView.text(Fixture.day, appearance: unicode, width: 80)
        let coloured = DayView.text(Fixture.day, appearance: colour, width: 80)
        #expect(coloured == [bold(plain[0])] + plain.dropFirst())
    }

    @Test func inASCII() {
        let text = DayView.text(Fixture.day, appearance: ascii, width: 80)
        #expect(text[1] == "  mood    4 good | walked by the sea #outdoors")
        #expect(text.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test func aNoteOfSeveralLinesIsIndentedAndControlCharactersShowEscaped() {
        var record = DayRecord(day: Fixture.saturday)
        record.mood = (3, "first\nsecond \u{1B}]0;pwned\u{07}")
        #expect(
            DayView.text(record, appearance: unicode, width: 80)
                == ["Saturday 21 November 2026", "  mood    3 okay · first", "          second ␛]0;pwned␇"])
    }

    @Test func json() {
        #expect(
            DayView.json(Fixture.day)
                == """
                {"date": "2026-11-21", "mood": {"rating": 4, "label": "good", "note": "walked by the sea #outdoors"}, \
                "notes": [{"time": "2026-11-21T09:12:00+00:00", "at": "09:12", "text": "lunch with Ana"}], "tags": ["outdoors"], \
                "values": {"steps": 8200, "sleep": 450, "water": 5}}
                """)
    }
}
