@testable import DaybookCore
import DaybookViews
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct CalendarViewTests {
    @Test func aYearAt80ColumnsInDigitsWithoutColour() {
        let text = CalendarView.text(Dashboard.calendar(), appearance: unicode, width: 80)
        #expect(text[0] == "Mood in 2026")
        #expect(text[1] == "   Jan Feb Mar  Apr May  Jun Jul Aug  Sep Oct Nov  Dec")
        #expect(text.count == 1 + 8 + 1 + 1)
        // Weeks across, weekdays down; a dot for a day without a mood, blank ahead of today.
        #expect(text[7] == "Sa ···································24·3524·3524")
        #expect(text.last == "1 terrible  2 bad  3 okay  4 good  5 great  · no mood")
        #expect(text.allSatisfy { terminalColumns($0) <= 80 })
    }

    @Test func wideCellsAt120AndMonthsWrappingBelow80() {
        let wide = CalendarView.text(Dashboard.calendar(), appearance: unicode, width: 120)
        #expect(wide[7].hasSuffix("· · · · · · · 2 4 · 3 5 2 4 · 3 5 2 4"))
        let narrow = CalendarView.text(Dashboard.calendar(), appearance: unicode, width: 40)
        // Day numbers over the weeks (the 1st, then each Monday), months three columns apart.
        #expect(narrow[1] == "   January             February")
        #expect(narrow[2] == "   1  5  12 19 26      1  2  9  16 23")
        #expect(narrow.allSatisfy { terminalColumns($0) <= 40 })
        #expect(narrow.contains("   November            December"))
    }

    @Test func aMonth() {
        #expect(
            CalendarView.text(Dashboard.calendar(month: true), appearance: ascii, width: 80)
                == lines(
                    """
                    Mood in November 2026
                       1  2  9  16 23 30
                    Mo    5  2  4
                    Tu    .  3  5
                    We    2  4  .
                    Th    3  5  2
                    Fr    4  .  3
                    Sa    5  2  4
                    Su 4  .  3

                    1 terrible  2 bad  3 okay  4 good  5 great  . no mood
                    """))
    }

    @Test func inColourASquareAtItsLevelsColour() {
        let text = CalendarView.text(Dashboard.calendar(month: true), appearance: colour, width: 80)
        #expect(text[2] == "Mo    \u{1B}[38;5;40m■\u{1B}[0m  \u{1B}[38;5;208m■\u{1B}[0m  \u{1B}[38;5;148m■\u{1B}[0m")
        #expect(text.last!.hasPrefix("\u{1B}[38;5;196m■\u{1B}[0m terrible"))
        let asciiColour = CalendarView.text(Dashboard.calendar(month: true), appearance: Appearance(colour: true, unicode: false), width: 80)
        #expect(asciiColour[2].hasPrefix("Mo    \u{1B}[38;5;40m5\u{1B}[0m"))
    }

    @Test func anAttributeInFiveStepsOfItsOwnRange() {
        var values: [Int: Double] = [:]
        for (i, minutes) in [360.0, 400, 440, 480, 520, 560].enumerated() { values[Dashboard.saturday.ordinal - i] = minutes }
        let data = Dashboard.calendar(month: true, attribute: Fixture.sleep, values: values)
        let text = CalendarView.text(data, appearance: ascii, width: 80)
        #expect(text[0] == "sleep in November 2026")
        #expect(text[7] == "Sa    .  .  1")
        // Each band is the values drawn at its level: none shares an edge with the next.
        #expect(text.suffix(2) == ["", "1 6h  2 6h 40m  3 7h 20m  4 8h  5 8h 40m-9h 20m  . no value"])
        let json = CalendarView.json(data)
        #expect(json.hasPrefix(#"{"attribute": "sleep", "from": "2026-11-01", "through": "2026-11-30", "low": 360, "high": 560, "days": [{"date": "2026-11-01", "value": null, "level": null}"#))
        #expect(json.contains(#"{"date": "2026-11-21", "value": 360, "level": 1}"#))
        #expect(json.contains(#"{"date": "2026-11-16", "value": 560, "level": 5}"#))
        let csv = CalendarView.csv(data)
        #expect(csv[0] == "date,value,level")
        #expect(csv[21] == "2026-11-21,360,1")
        #expect(csv.count == 31)
    }

    @Test func timesOfDayGoRoundMidnight() {
        var values: [Int: Double] = [:]
        for (i, minutes) in [23 * 60 + 30.0, 15, 60].enumerated() { values[Dashboard.saturday.ordinal - i] = minutes }
        let data = Dashboard.calendar(month: true, attribute: Fixture.bedtime, values: values)
        let csv = CalendarView.csv(data)
        #expect(csv[21] == "2026-11-21,23:30,1")
        #expect(csv[20] == "2026-11-20,00:15,3")
        #expect(csv[19] == "2026-11-19,01:00,5")
    }
}
