@testable import DaybookCore
import DaybookViews
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The dashboard's data built in memory, as the journal hands it to the views.
enum Dashboard {
    static let saturday = Fixture.saturday
    static let pages = Attribute(name: "pages", type: .count, aggregation: .sum, unit: "pages", group: "productivity")

    static func goal(_ range: GoalRange, _ period: GoalPeriod = .daily, value: Double?, type: ValueType) -> GoalStatus {
        let state = range.state(of: value, type: type)
        return Fixture.status(
            range, period, since: "2026-11-01", value: value, state: state, progress: range.progress(of: value, type: type),
            left: range.left(of: value, type: type), streak: 0)
    }

    /// A day with a mood, a note, goals under, met, late and over, and values against their usual.
    static var summary: TodaySummary {
        var record = Fixture.day
        record.values = [(Fixture.steps, 8200), (Fixture.sleep, 450), (Fixture.bedtime, 65), (Fixture.weight, 72.8)]
        let items = [
            TodayItem(
                attribute: Fixture.steps, value: 8200,
                goal: goal(GoalRange(min: 10000, max: nil), value: 8200, type: .count), usual: nil),
            TodayItem(
                attribute: Fixture.sleep, value: 450,
                goal: goal(GoalRange(min: 420, max: 540), .weekly, value: 460, type: .duration), usual: nil),
            TodayItem(
                attribute: Fixture.bedtime, value: 65,
                goal: goal(GoalRange(min: 23 * 60, max: 30), value: 65, type: .time), usual: nil),
            TodayItem(attribute: Fixture.weight, value: 72.8, goal: nil, usual: UsualValue(value: 72.5, days: 5)),
            TodayItem(
                attribute: Fixture.coffee, value: 3, goal: goal(GoalRange(min: nil, max: 2), value: 3, type: .count),
                usual: nil),
            TodayItem(attribute: Fixture.water, value: 5, goal: nil, usual: UsualValue(value: 6, days: 3)),
            TodayItem(attribute: pages, value: 12, goal: nil, usual: UsualValue(value: nil, days: 1)),
        ]
        return TodaySummary(record: record, items: items)
    }

    /// Text that tries to take the terminal over: a window title, a screen clear, a
    /// right-to-left override; and text of every width: CJK, emoji, combining marks.
    static let hostile = "set title \u{1B}]0;pwned\u{07} clear \u{1B}[2J flip \u{202E}txet"
    static let wide = "日本語のメモ 🏃‍♀️ café ＡＢＣ 한국어 " + String(repeating: "long words ", count: 20)

    static var hostileRecord: DayRecord {
        var record = DayRecord(day: saturday)
        record.mood = (2, hostile + " " + wide)
        record.notes = [
            DayRecord.Note(recordedAt: "2026-11-21T09:12:00+00:00", text: hostile),
            DayRecord.Note(recordedAt: "2026-11-21T10:00:00+00:00", text: wide + "\nsecond line"),
        ]
        record.tags = ["日本", "x\u{202E}y"]
        let long = Attribute(
            name: "a_very_long_attribute_name_of_forty_chars", type: .decimal, aggregation: .last, unit: "units",
            group: "日本語")
        record.values = [(Fixture.steps, 123_456_789), (long, 1234.5678), (Fixture.bedtime, 1439)]
        return record
    }

    static var hostileSummary: TodaySummary {
        let record = hostileRecord
        var items = record.values.map { TodayItem(attribute: $0.attribute, value: $0.value, goal: nil, usual: UsualValue(value: $0.value / 2, days: 8)) }
        items.append(
            TodayItem(
                attribute: Fixture.coffee, value: 30, goal: goal(GoalRange(min: nil, max: 2), value: 30, type: .count),
                usual: nil))
        return TodaySummary(record: record, items: items)
    }

    static func calendar(month: Bool = false, attribute: Attribute? = nil, values: [Int: Double]? = nil)
        -> CalendarView.Data
    {
        let from = month ? Day(year: 2026, month: 11, day: 1)! : Day(year: 2026, month: 1, day: 1)!
        let through = month ? Day(year: 2026, month: 11, day: 30)! : Day(year: 2026, month: 12, day: 31)!
        var moods: [Int: Double] = [:]
        for ordinal in Day(year: 2026, month: 9, day: 1)!.ordinal...saturday.ordinal where ordinal % 5 != 0 {
            moods[ordinal] = Double(1 + ordinal % 5)
        }
        return CalendarView.Data(
            from: from, through: through, month: month, attribute: attribute, values: values ?? moods, today: saturday)
    }

    static let appearances = [
        Appearance(colour: false, unicode: true), Appearance(colour: false, unicode: false),
        Appearance(colour: true, unicode: true), Appearance(colour: true, unicode: false),
    ]

    /// Every view, at `width`.
    static func views(_ appearance: Appearance, _ width: Int) -> [(String, [String])] {
        let hostileWeek = (0..<7).map { i -> DayRecord in
            var record = hostileRecord
            record = DayRecord(day: saturday.adding(days: i - 6))
            if i % 2 == 0 {
                record.mood = hostileRecord.mood
                record.notes = hostileRecord.notes
                record.values = hostileRecord.values
            }
            return record
        }
        let goals = Fixture.goals + [(Fixture.coffee, Dashboard.goal(GoalRange(min: nil, max: 2), value: 30, type: .count))]
        let help = HelpViewTests.mood
        return [
            ("today", TodayView.text(summary, insights: [hostile, wide], appearance: appearance, width: width)),
            ("today (hostile)", TodayView.text(hostileSummary, appearance: appearance, width: width)),
            ("today (empty)", TodayView.text(TodaySummary(record: DayRecord(day: saturday), items: []), appearance: appearance, width: width)),
            ("week", WeekView.text(Fixture.week, goals: [], appearance: appearance, width: width)),
            ("week (hostile)", WeekView.text(hostileWeek, goals: hostileWeek.map { _ in GoalsMet(met: 10, total: 12) }, appearance: appearance, width: width)),
            ("calendar", CalendarView.text(calendar(), appearance: appearance, width: width)),
            ("calendar (month)", CalendarView.text(calendar(month: true), appearance: appearance, width: width)),
            (
                "calendar (sleep)",
                CalendarView.text(
                    calendar(attribute: Fixture.sleep, values: [saturday.ordinal: 400, saturday.ordinal - 3: 500]),
                    appearance: appearance, width: width)
            ),
            ("goals", GoalView.text(goals, usuals: Fixture.usuals, day: saturday, appearance: appearance, width: width)),
            ("goals (none)", GoalView.text([], usuals: [], day: saturday, appearance: appearance, width: width)),
            ("show", DayView.text(Fixture.day, appearance: appearance, width: width)),
            ("show (hostile)", DayView.text(hostileRecord, appearance: appearance, width: width)),
            ("help", HelpView.command(help, appearance: appearance, width: width)),
            (
                "help (overview)",
                HelpView.overview(
                    [HelpView.Entry("track NAME TYPE [AGG] [unit U] [group G]", "track an attribute of your own")],
                    dates: acceptedDateForms, appearance: appearance, width: width)
            ),
            (
                "set",
                SettingsView.text(
                    [SettingsView.Row(name: "history-notes", value: "on", isDefault: true, summary: "off keeps note text out of the history file")],
                    appearance: appearance, width: width)
            ),
        ]
    }
}

/// The columns a line takes on a terminal, by the C library's own `wcswidth` (an independent
/// count from `Columns.width`): colour sequences taken out first.
func terminalColumns(_ line: String) -> Int {
    _ = setlocale(LC_CTYPE, "C.UTF-8")
    var plain = String.UnicodeScalarView()
    var inEscape = false
    var afterEscape = false
    for scalar in line.unicodeScalars {
        if afterEscape {
            afterEscape = false
            inEscape = scalar == "["
            continue
        }
        if inEscape {
            if (0x40...0x7E).contains(scalar.value) { inEscape = false }
            continue
        }
        if scalar == "\u{1B}" {
            afterEscape = true
            continue
        }
        plain.append(scalar)
    }
    var total = 0
    for scalar in String(plain).unicodeScalars {
        let w = Int(cWidth(Int32(bitPattern: scalar.value)))
        if w < 0 { return -1 }
        total += w
    }
    return total
}

/// glibc's `wcwidth`, which Swift's Glibc module does not export: found by name.
let cWidth: @convention(c) (Int32) -> Int32 = {
    guard let symbol = dlsym(nil, "wcwidth") else { fatalError("no wcwidth in the C library") }
    return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
}()

/// Every escape in `text` is a colour sequence (`ESC [ digits ; ... m`), and there is no other
/// control character but line breaks, nor a bidirectional control.
func onlyColourEscapes(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    var i = 0
    while i < scalars.count {
        let v = scalars[i].value
        if v == 0x1B {
            guard i + 1 < scalars.count, scalars[i + 1] == "[" else { return false }
            var j = i + 2
            while j < scalars.count, ("0"..."9").contains(scalars[j]) || scalars[j] == ";" { j += 1 }
            guard j < scalars.count, scalars[j] == "m" else { return false }
            i = j + 1
            continue
        }
        if (v < 0x20 && v != 0x0A) || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v) {
            return false
        }
        i += 1
    }
    return true
}

@Suite struct ColumnsTests {
    @Test func wideCharactersCountTwoAndColourNothing() {
        #expect(Columns.width("steps") == 5)
        #expect(Columns.width("日本語") == 6)
        #expect(Columns.width("café") == 4)
        #expect(Columns.width("cafe\u{301}") == 4)
        #expect(Columns.width("🏃") == 2)
        // Emoji sequences: as wide as their scalars, and never under two columns.
        #expect(Columns.width("☀️") == 2)
        #expect(Columns.width("1️⃣") == 2)
        #expect(Columns.width("🇵🇹") == 4)
        #expect(Columns.width("👍🏽") == 4)
        #expect(Columns.width("❤️ ok") == 5)
        // A cut never splits a character: not a flag, nor a sequence joined with ZWJ.
        #expect(Columns.fit("🇵🇹🇵🇹", 5, ellipsis: "") == "🇵🇹")
        #expect(Columns.fit("👩‍💻x", 3, ellipsis: "") == "")
        #expect(Columns.wrap("👩‍💻👩‍💻", width: 5) == ["👩‍💻", "👩‍💻"])
        #expect(Columns.width("\u{1B}[1mbold\u{1B}[0m") == 4)
        #expect(Columns.width("█░●■╭─…") == 7)
        for text in [Dashboard.wide, printable(Dashboard.hostile), "ＡＢＣ한국어"] {
            #expect(Columns.width(text) >= terminalColumns(text), "\(text)")
        }
    }

    /// A text's width, counted byte by byte when it is ASCII, is its characters' widths added
    /// up, and colour around it adds nothing.
    @Test func aTextIsAsWideAsItsCharacters() {
        let pieces = [
            "a", "1", "#", " ", "é", "e\u{301}", "日", "🏃", "☀", "\u{FE0F}", "\u{FE0E}", "\u{20E3}", "\u{200D}",
            "👩", "💻", "🏽", "🇵", "🇹", "❤", "한", "\u{1160}", "ok", "\t",
        ]
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let text = (0..<Int.random(in: 1...8, using: &random)).map { _ in pieces.randomElement(using: &random)! }
                .joined()
            let characters = text.reduce(0) { $0 + Columns.width($1) }
            let scalars = "\(text.unicodeScalars.map { String($0.value, radix: 16) })"
            #expect(Columns.width(text) == characters, "\(scalars)")
            #expect(Columns.width("\u{1B}[1m" + text + "\u{1B}[0m") == characters, "\(scalars)")
            #expect(Columns.width("\u{1B}[2m" + text + "\u{1B}[0m ok") == characters + 3, "\(scalars)")
        }
    }

    @Test func fitCutsByColumnsKeepsColourClosed() {
        #expect(Columns.fit("walked by the sea", 10) == "walked by…")
        #expect(Columns.fit("walked by the sea", 10, ellipsis: "...") == "walked ...")
        #expect(Columns.fit("日本語のメモ", 7) == "日本語…")
        #expect(Columns.fit("short", 10) == "short")
        #expect(Columns.fit("\u{1B}[32mgreen text\u{1B}[0m", 6) == "\u{1B}[32mgreen\u{1B}[0m…")
    }

    @Test func wrapByColumns() {
        #expect(Columns.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(Columns.wrap("abcdefghij", width: 4, first: "", indent: "  ") == ["abcd", "  ef", "  gh", "  ij"])
        #expect(Columns.wrapLine("  usage: a b c d e f", width: 12, hanging: 4) == ["  usage: a b", "    c d e f"])
        #expect(Columns.wrapLine("fits", width: 4) == ["fits"])
        // A separator goes with what follows it: `show`'s note id at 40 columns.
        #expect(Columns.wrap("lunch with Ana · n3", width: 16) == ["lunch with Ana", "· n3"])
        #expect(Columns.wrap("a | b · c", width: 5) == ["a | b", "· c"])
        #expect(Columns.wrap("end ·", width: 4) == ["end", "·"])
        // A label padded to the hanging column keeps its padding when its text wraps.
        #expect(
            Columns.wrapLine("  mood    4 good · a long note here", width: 24, hanging: 10) == [
                "  mood    4 good · a", "          long note here",
            ])
    }
}

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
                    │ sleep    7h 30m  ██████████ met     │ │ weight  72.8 kg                     │
                    │          goal 7h..9h weekly         │ │         usual 72.5 kg               │
                    │          avg 7h 40m this week       │ │         from 5 Saturdays · +0.3 kg  │
                    │          1h 20m a day to spare      │ │                                     │
                    │ bedtime  01:05   ░░██████░● late    │ │                                     │
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
        #expect(text.contains { $0.contains("..######.o late") })
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
        #expect(narrow[1] == "   January     February    March")
        #expect(narrow.allSatisfy { terminalColumns($0) <= 40 })
        #expect(narrow.contains("   October     November    December"))
    }

    @Test func aMonth() {
        #expect(
            CalendarView.text(Dashboard.calendar(month: true), appearance: ascii, width: 80)
                == lines(
                    """
                    Mood in November 2026
                    Mo   5 2 4
                    Tu   . 3 5
                    We   2 4 .
                    Th   3 5 2
                    Fr   4 . 3
                    Sa   5 2 4
                    Su 4 . 3

                    1 terrible  2 bad  3 okay  4 good  5 great  . no mood
                    """))
    }

    @Test func inColourASquareAtItsLevelsColour() {
        let text = CalendarView.text(Dashboard.calendar(month: true), appearance: colour, width: 80)
        #expect(text[1] == "Mo   \u{1B}[38;5;40m■\u{1B}[0m \u{1B}[38;5;208m■\u{1B}[0m \u{1B}[38;5;148m■\u{1B}[0m")
        #expect(text.last!.hasPrefix("\u{1B}[38;5;196m■\u{1B}[0m terrible"))
        let asciiColour = CalendarView.text(Dashboard.calendar(month: true), appearance: Appearance(colour: true, unicode: false), width: 80)
        #expect(asciiColour[1].hasPrefix("Mo   \u{1B}[38;5;40m5\u{1B}[0m"))
    }

    @Test func anAttributeInFiveStepsOfItsOwnRange() {
        var values: [Int: Double] = [:]
        for (i, minutes) in [360.0, 400, 440, 480, 520, 560].enumerated() { values[Dashboard.saturday.ordinal - i] = minutes }
        let data = Dashboard.calendar(month: true, attribute: Fixture.sleep, values: values)
        let text = CalendarView.text(data, appearance: ascii, width: 80)
        #expect(text[0] == "sleep in November 2026")
        #expect(text[6] == "Sa   . . 1")
        #expect(text.suffix(2) == ["1 6h-6h 40m  2 6h 40m-7h 20m  3 7h 20m-8h  4 8h-8h 40m  5 8h 40m-9h 20m", ". no value"])
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

/// Every line of every view fits its width, counted in terminal columns by the C library, for
/// every width from 20 to 200, in colour and not, in Unicode and in ASCII.
@Suite struct EveryViewFitsTests {
    @Test func everyLineFitsEveryWidthFrom20To200() {
        var failures = 0
        for appearance in Dashboard.appearances {
            for width in 20...200 {
                for (name, lines) in Dashboard.views(appearance, width) {
                    for line in lines where terminalColumns(line) > width || terminalColumns(line) < 0 {
                        failures += 1
                        if failures < 10 {
                            Issue.record("\(name) at \(width) (\(appearance.colour ? "colour" : "plain")): \(terminalColumns(line)) columns: \(line)")
                        }
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    /// A note holding a window title, a screen clear or a right-to-left override is shown
    /// escaped by every view that shows notes, and in its CSV and JSON.
    @Test func escapesInNotesAreShownEscapedInEveryView() {
        var record = DayRecord(day: Dashboard.saturday)
        record.mood = (3, Dashboard.hostile)
        record.notes = [DayRecord.Note(recordedAt: "2026-11-21T09:12:00+00:00", text: Dashboard.hostile)]
        let summary = TodaySummary(record: record, items: [])
        let shown = "set title ␛]0;pwned␇ clear ␛[2J flip <U+202E>txet"
        for appearance in Dashboard.appearances {
            let views = [
                ("today", TodayView.text(summary, insights: [Dashboard.hostile], appearance: appearance, width: 200)),
                ("week", WeekView.text([record], appearance: appearance, width: 200)),
                ("show", DayView.text(record, appearance: appearance, width: 200)),
            ]
            for (name, lines) in views {
                let text = lines.joined(separator: "\n")
                #expect(onlyColourEscapes(text), "\(name): \(text)")
                #expect(text.contains(shown), "\(name): \(text)")
            }
        }
        let csv = WeekView.csv([record]).joined(separator: "\n")
        #expect(onlyColourEscapes(csv.replacingNewlines()))
        #expect(csv.contains(shown))
        for json in [TodayView.json(summary, insights: [Dashboard.hostile]), WeekView.json([record])] {
            #expect(onlyColourEscapes(json))
            #expect(json.contains(#"set title \u001b]0;pwned\u0007 clear \u001b[2J flip \u202etxet"#))
        }
        // At every width, cut or not, no view lets an escape through.
        for width in 20...120 {
            for (_, lines) in Dashboard.views(Appearance(colour: true, unicode: true), width) {
                #expect(onlyColourEscapes(lines.joined()))
            }
        }
    }
}

extension String {
    func replacingNewlines() -> String { split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ") }
}
