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
            ("review (year)", ReviewView.text(ReviewViewTests.year, appearance: appearance, width: width, today: saturday)),
            ("review (sparse)", ReviewView.text(ReviewViewTests.sparse, appearance: appearance, width: width, today: saturday)),
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
