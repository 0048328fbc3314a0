import DaybookCore
import DaybookViews
import Testing

@Suite struct WeekViewTests {
    static let expected = lines(
        """
        7 days to Saturday 21 November 2026
        day         mood    steps   sleep      water  note
        ──────────  ──────  ─────  ──────  ─────────  ───────────────────────────
        Sun 15 Nov  —
        Mon 16 Nov  —
        Tue 17 Nov  —
        Wed 18 Nov  —
        Thu 19 Nov  —
        Fri 20 Nov  —       8,200  7h 30m
        Sat 21 Nov  4 good  8,200  7h 30m  5 glasses  walked by the sea #outdoors

        mood         ▆  mean 4 · 1 day
        steps       ▅▅  mean 8,200 · 2 days
        sleep       ▅▅  mean 7h 30m · 2 days
        water        ▅  mean 5 glasses · 1 day
        """)

    @Test func aWeek() {
        #expect(WeekView.text(Fixture.week, appearance: unicode, width: 80) == WeekViewTests.expected)
    }

    @Test func inASCII() {
        let text = WeekView.text(Fixture.week, appearance: ascii, width: 80)
        #expect(text[2] == "----------  ------  -----  ------  ---------  ---------------------------")
        #expect(text[3] == "Sun 15 Nov  -")
        #expect(text[8] == "Fri 20 Nov  -       8,200  7h 30m")
        #expect(text[12] == "steps       ==  mean 8,200 | 2 days")
        #expect(text.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test func inColourTheTitleIsBoldTheHeaderAndEmptyDaysDim() {
        let text = WeekView.text(Fixture.week, appearance: colour, width: 80)
        let plain = WeekViewTests.expected
        #expect(text[0] == bold(plain[0]))
        #expect(text[1] == dim(plain[1]))
        #expect(text[3] == dim(plain[3]))
        #expect(text[9] == plain[9])
        #expect(text[12] == "steps  \u{1B}[32m     ▅▅\u{1B}[0m  " + dim("mean 8,200 · 2 days"))
    }

    @Test func goalsMetAndKeyValuesAsTheWidthAllows() {
        let goals = (0..<7).map { GoalsMet(met: $0 == 6 ? 3 : 0, total: $0 >= 5 ? 4 : 0) }
        let wide = WeekView.text(Fixture.week, goals: goals, appearance: unicode, width: 80)
        #expect(wide[1] == "day         mood    goals  steps   sleep      water  note")
        #expect(wide[8] == "Fri 20 Nov  —       0/4    8,200  7h 30m")
        #expect(wide[9] == "Sat 21 Nov  4 good  3/4    8,200  7h 30m  5 glasses  walked by the sea #outdoors")
        // At 40 columns the values go before the note; the mood keeps its word.
        let narrow = WeekView.text(Fixture.week, goals: goals, appearance: unicode, width: 40)
        #expect(narrow[1] == "day         mood    goals  note")
        #expect(narrow[9] == "Sat 21 Nov  4 good  3/4    walked by th…")
        // At 24, the date, the mood's number and the goals met; at 20, the date and the mood.
        let small = WeekView.text(Fixture.week, goals: goals, appearance: unicode, width: 24)
        #expect(small[10] == "Sat 21 Nov  4     3/4")
        let tiny = WeekView.text(Fixture.week, goals: goals, appearance: unicode, width: 20)
        #expect(tiny[0 ..< 2] == ["7 days to Saturday", "21 November 2026"])
        #expect(tiny[10] == "Sat 21 Nov  4 good")
    }

    @Test func moreDaysAndSparklinesThatFitTheWidth() {
        var days = (0..<60).map { DayRecord(day: Fixture.saturday.adding(days: $0 - 59)) }
        for i in days.indices where i % 3 != 0 { days[i].values = [(Fixture.steps, Double(4000 + 100 * i))] }
        let text = WeekView.text(days, appearance: unicode, width: 40)
        #expect(text[0] == "60 days to Saturday 21 November 2026")
        #expect(text.allSatisfy { Columns.width($0) <= 40 })
        // Without notes the values take the room; 60 days in 11 ticks, each the mean of its days.
        #expect(text[1] == "day         mood  steps")
        #expect(text.last == "steps  ▁▂▂▃▄▄▅▆▆▇█  mean 7,000 · 40 days")
    }

    @Test func csv() {
        let goals = (0..<7).map { GoalsMet(met: 0, total: $0 == 6 ? 1 : 0) }
        let csv = WeekView.csv(Fixture.week, goals: goals)
        #expect(csv[0] == "date,weekday,mood,mood_label,goals_met,goals_total,steps,sleep,water,tags,mood_note,notes")
        #expect(csv[1] == "2026-11-15,sunday,,,0,0,,,,,,")
        #expect(csv[7] == "2026-11-21,saturday,4,good,0,1,8200,450,5,outdoors,walked by the sea #outdoors,lunch with Ana")
    }

    @Test func json() {
        let json = WeekView.json(Fixture.week)
        #expect(json.hasPrefix(#"{"days": [{"date": "2026-11-15", "mood": null, "notes": [], "tags": [], "values": {}}, "#))
        #expect(json.hasSuffix(DayView.json(Fixture.day) + "]}"))
    }
}
