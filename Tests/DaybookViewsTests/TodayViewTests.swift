@testable import DaybookCore
import DaybookViews
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct TodayViewTests {
    @Test func cardsSideBySideAt80Columns() {
        #expect(
            TodayView.text(Dashboard.summary, appearance: unicode, width: 80)
                == lines(
                    """
                    Saturday 21 November 2026
                    ╭─ Mood ──────────────────────────────╮ ╭─ Activity ──────────────────────────╮
                    │ 4 good     ████░                    │ │ steps  8,200  ████████░░ 82%        │
                    │ walked by the sea #outdoors         │ │        goal >= 10,000 steps         │
                    │ 09:12 lunch with Ana                │ │        1,800 steps to go            │
                    ╰─────────────────────────────────────╯ ╰─────────────────────────────────────╯
                    ╭─ Sleep ─────────────────────────────╮ ╭─ Health ────────────────────────────╮
                    │ sleep    avg 7h 40m  █████████ met  │ │ weight  72.8 kg                     │
                    │          goal 7h..9h weekly         │ │         usual 72.5 kg               │
                    │          7h 30m on Saturday         │ │         from 5 Saturdays · +0.3 kg  │
                    │          1h 20m a day to spare      │ │                                     │
                    │ bedtime  01:05       ░░█████░● late │ │                                     │
                    │          goal 23:00..00:30          │ │                                     │
                    │          35m late                   │ │                                     │
                    ╰─────────────────────────────────────╯ ╰─────────────────────────────────────╯
                    ╭─ Food ──────────────────────────────╮ ╭─ Productivity ──────────────────────╮
                    │ coffee  3 cups     ██████▓▓▓▓ over  │ │ pages  12                           │
                    │         goal <= 2 cups · 1 cup over │ │        no usual yet                 │
                    │ water   5 glasses  ████████░░ 83%   │ │        1 of 3 Saturdays             │
                    │         usual 6 glasses             │ │                                     │
                    │         from 3 Saturdays            │ │                                     │
                    │         1 glass to go               │ │                                     │
                    ╰─────────────────────────────────────╯ ╰─────────────────────────────────────╯
                    """))
    }

    @Test func oneCardAWidthAt40ColumnsAndTheBarGoesFirst() {
        let at40 = TodayView.text(Dashboard.summary, appearance: unicode, width: 40)
        #expect(at40[1] == "╭─ Mood ───────────────────────────────╮")
        #expect(at40.contains("│ steps  8,200  ████████░░ 82%         │"))
        let at24 = TodayView.text(Dashboard.summary, appearance: unicode, width: 24)
        // 20 columns inside a card: the bar goes, the value stays, and the word while it fits.
        #expect(at24.contains("│ steps  8,200 82%     │"))
        #expect(at24.contains("│ coffee  3 cups       │"))
        #expect(at24.contains("│ goal 23:00..00:30    │"))
        #expect(at24.allSatisfy { terminalColumns($0) <= 24 })
    }

    @Test func at120ThreeCardsARow() {
        let text = TodayView.text(Dashboard.summary, appearance: unicode, width: 120)
        #expect(text[1].hasPrefix("╭─ Mood ─"))
        #expect(text[1].contains("╮ ╭─ Activity ─"))
        #expect(text[1].contains("╮ ╭─ Sleep ─"))
    }

    @Test func inASCIIAndInColour() {
        let text = TodayView.text(Dashboard.summary, appearance: ascii, width: 80)
        #expect(text[1] == "+- Mood ------------------------------+ +- Activity --------------------------+")
        #expect(text[2] == "| 4 good     ####.                    | | steps  8,200  ########.. 82%        |")
        #expect(text.contains { $0.contains("..#####.o late") })
        #expect(text.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
        let coloured = TodayView.text(Dashboard.summary, appearance: colour, width: 80)
        // Headings in the group's colour, bars too; details dim.
        #expect(coloured[1].contains("\u{1B}[33m\u{1B}[1mMood\u{1B}[0m\u{1B}[0m"))
        #expect(coloured[1].contains("\u{1B}[32m\u{1B}[1mActivity\u{1B}[0m\u{1B}[0m"))
        #expect(coloured[2].contains("\u{1B}[32m████████\u{1B}[0m░░ 82%"))
        #expect(coloured[3].contains(dim("goal >= 10,000 steps")))
    }

    @Test func insightsUnderTheCards() {
        let text = TodayView.text(
            Dashboard.summary, insights: ["8,200 steps, 14% more than a usual Saturday."], appearance: unicode, width: 80)
        #expect(text.suffix(2) == ["", "• 8,200 steps, 14% more than a usual Saturday."])
        let ascii = TodayView.text(Dashboard.summary, insights: ["one", "two"], appearance: ascii, width: 80)
        #expect(ascii.suffix(2) == ["* one", "* two"])
    }

    @Test func anEmptyDay() {
        #expect(
            TodayView.text(TodaySummary(record: DayRecord(day: Dashboard.saturday), items: []), appearance: unicode, width: 80)
                == ["Saturday 21 November 2026", "  nothing recorded yet; try: mood 4, or log steps 8200"])
    }

    @Test func json() {
        let json = TodayView.json(Dashboard.summary, insights: ["a sentence"])
        #expect(json.hasPrefix(#"{"date": "2026-11-21", "mood": {"rating": 4"#))
        #expect(
            json.contains(
                #""attributes": [{"attribute": "steps", "group": "activity", "value": 8200, "goal": {"period": "daily", "min": 10000, "max": null, "value": 8200, "state": "under", "progress": 82, "left": 1800}, "usual": null, "usual_days": null}, "#
            ))
        #expect(
            json.contains(
                #"{"attribute": "weight", "group": "health", "value": 72.8, "goal": null, "usual": 72.5, "usual_days": 5}"#))
        #expect(json.hasSuffix(#""insights": ["a sentence"]}"#))
    }
}
