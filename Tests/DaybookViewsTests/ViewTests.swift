import DaybookCore
import DaybookViews
import Testing

let unicode = Appearance(colour: false, unicode: true)
let ascii = Appearance(colour: false, unicode: false)
let colour = Appearance(colour: true, unicode: true)

/// The lines of a text block, for comparing a view's lines.
func lines(_ text: String) -> [String] { text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }

/// Bold, dim and cyan text as a terminal receives them.
func bold(_ s: String) -> String { "\u{1B}[1m" + s + "\u{1B}[0m" }
func dim(_ s: String) -> String { "\u{1B}[2m" + s + "\u{1B}[0m" }
func cyan(_ s: String) -> String { "\u{1B}[36m" + s + "\u{1B}[0m" }

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

@Suite struct GoalViewTests {
    static let expected = lines(
        """
        Goals on Saturday 21 November 2026
          steps       >= 10,000 steps  daily    4,200       under    ████░░░░░░   42%  5,800 steps to go      streak 8 days
          sleep       7h..9h           weekly   avg 7h 40m  within   ██████████  100%  1h 20m a day to spare  streak 2 weeks
          bedtime     23:00..00:30     daily    —           no data  ░░░░░░░░░░     —  —                      streak 1 day
          resting_hr  50..80 bpm       monthly  avg 60 bpm  within   ██████████  100%  20 bpm to spare        streak 1 month
          coffee      <= 2 cups        daily    1 cup       within   ██████████  100%  1 cup to spare         streak 14 days

        Usual on Saturdays (median of the 8 weeks before, without a goal)
          weight      72.8 kg · usual 72.5 kg from 5 Saturdays (+0.3 kg)
          water       5 glasses · usual 6 glasses from 3 Saturdays (-1 glass)
          resting_hr  — · no usual yet: 2 of 3 Saturdays
        """)

    /// At 120 columns each goal fits on one line.
    func text(_ appearance: Appearance, width: Int = 120) -> [String] {
        GoalView.text(Fixture.goals, usuals: Fixture.usuals, day: Fixture.saturday, appearance: appearance, width: width)
    }

    @Test func goalsAndUsualValues() {
        #expect(text(unicode) == GoalViewTests.expected)
    }

    @Test func inASCII() {
        let text = text(ascii)
        #expect(
            text[1] == "  steps       >= 10,000 steps  daily    4,200       under    ####......   42%  5,800 steps to go      streak 8 days")
        #expect(
            text[3] == "  bedtime     23:00..00:30     daily    -           no data  ..........     -  -                      streak 1 day")
        #expect(text[8] == "  weight      72.8 kg | usual 72.5 kg from 5 Saturdays (+0.3 kg)")
        #expect(text.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test func inColourTheHeadingsAreBoldAndMetGoalsAccented() {
        let text = text(colour)
        let plain = GoalViewTests.expected
        #expect(text[0] == bold(plain[0]))
        #expect(text[1] == plain[1])
        #expect(
            text[2] == "  sleep       7h..9h           weekly   avg 7h 40m  " + cyan("within ")
                + "  ██████████  100%  1h 20m a day to spare  streak 2 weeks")
        #expect(text[3] == plain[3])
        #expect(text[7] == bold("Usual on Saturdays") + dim(" (median of the 8 weeks before, without a goal)"))
        #expect(text[8] == plain[8])
    }

    @Test func at80ColumnsEachGoalTakesTwoLines() {
        #expect(
            text(unicode, width: 80)
                == lines(
                    """
                    Goals on Saturday 21 November 2026
                      steps       4,200       under    ████░░░░░░   42%
                        >= 10,000 steps daily · 5,800 steps to go · streak 8 days
                      sleep       avg 7h 40m  within   ██████████  100%
                        7h..9h weekly · 1h 20m a day to spare · streak 2 weeks
                      bedtime     —           no data  ░░░░░░░░░░     —
                        23:00..00:30 daily · — · streak 1 day
                      resting_hr  avg 60 bpm  within   ██████████  100%
                        50..80 bpm monthly · 20 bpm to spare · streak 1 month
                      coffee      1 cup       within   ██████████  100%
                        <= 2 cups daily · 1 cup to spare · streak 14 days

                    Usual on Saturdays (median of the 8 weeks before, without a goal)
                      weight      72.8 kg · usual 72.5 kg from 5 Saturdays (+0.3 kg)
                      water       5 glasses · usual 6 glasses from 3 Saturdays (-1 glass)
                      resting_hr  — · no usual yet: 2 of 3 Saturdays
                    """))
    }

    @Test func narrowerTheBarGoesThenThePercentageThenTheState() {
        let at44 = text(unicode, width: 44)
        #expect(at44[1] == "  steps       4,200       under     42%")
        #expect(at44[2] == "    >= 10,000 steps daily")
        #expect(at44[3] == "    5,800 steps to go · streak 8 days")
        #expect(text(unicode, width: 34)[1] == "  steps       4,200       under")
        let at30 = text(unicode, width: 30)
        #expect(at30[0 ..< 2] == ["Goals on Saturday 21 November", "2026"])
        #expect(at30[2] == "  steps  4,200")
        let at20 = text(unicode, width: 20)
        #expect(at20[0 ..< 2] == ["Goals on Saturday 21", "November 2026"])
        #expect(at20[2] == "  steps  4,200")
        #expect(at20.contains("  sleep  avg 7h 40m"))
    }

    /// A bedtime of 01:05 against 23:00..00:30 reads late, on a stretch of the clock with the
    /// window filled and the time marked after it: not "over 0%" with an empty bar.
    @Test func aLateBedtimeReadsLate() {
        let late = Fixture.status(
            GoalRange(min: 23 * 60, max: 30), .daily, since: "2026-11-08", value: 65, state: .over, progress: 0,
            left: -35, streak: 0)
        let text = GoalView.goalLines([(Fixture.bedtime, late)], day: Fixture.saturday, appearance: unicode, width: 120)
        #expect(text[1] == "  bedtime  23:00..00:30  daily  01:05  late  ░░██████░●    35m late  streak 0 days")
        #expect(Gauge.word(Fixture.bedtime, late, appearance: unicode) == "late")
        let early = Fixture.status(
            GoalRange(min: 23 * 60, max: 30), .daily, since: "2026-11-08", value: 22 * 60 + 30, state: .under,
            progress: 0, left: 30, streak: 0)
        #expect(Gauge.bar(Fixture.bedtime, early, width: 10, group: "", appearance: unicode) == "●░██████░░")
        #expect(Gauge.word(Fixture.bedtime, early, appearance: unicode) == "early")
        let onTime = Fixture.status(
            GoalRange(min: 23 * 60, max: 30), .daily, since: "2026-11-08", value: 23 * 60 + 40, state: .within,
            progress: 1, left: 50, streak: 3)
        #expect(Gauge.bar(Fixture.bedtime, onTime, width: 10, group: "", appearance: ascii) == "..##o###..")
        #expect(Gauge.state(Fixture.bedtime, onTime) == "on time")
    }

    /// Past an upper bound the bar fills to the bound and shows the rest as over.
    @Test func pastAnUpperBoundTheBarShowsHowFarOver() {
        let over = Fixture.status(
            GoalRange(min: nil, max: 2), .daily, since: "2026-11-08", value: 3, state: .over, progress: 2.0 / 3,
            left: -1, streak: 0)
        #expect(Gauge.bar(Fixture.coffee, over, width: 9, group: "", appearance: unicode) == "██████▓▓▓")
        #expect(Gauge.bar(Fixture.coffee, over, width: 9, group: "", appearance: ascii) == "######!!!")
        #expect(Gauge.word(Fixture.coffee, over, appearance: unicode) == "over")
        #expect(Gauge.percentage(Fixture.coffee, over, appearance: unicode) == "150%")
        let text = GoalView.goalLines([(Fixture.coffee, over)], day: Fixture.saturday, appearance: colour, width: 120)
        #expect(text[1].contains("\u{1B}[31m▓▓▓▓\u{1B}[0m"))
    }

    @Test func noGoals() {
        #expect(
            GoalView.text([], usuals: [], day: Fixture.saturday, appearance: unicode, width: 80) == [
                "no goals on Saturday 21 November 2026; set one with: goal steps >= 8000"
            ])
    }

    @Test func json() {
        #expect(
            GoalView.json(Array(Fixture.goals.prefix(3)))
                == """
                [{"attribute": "steps", "period": "daily", "min": 10000, "max": null, "value": 4200, "state": "under", "progress": 42, "left": 5800, "streak": 8}, \
                {"attribute": "sleep", "period": "weekly", "min": 420, "max": 540, "value": 460, "state": "within", "progress": 100, "left": 80, "streak": 2}, \
                {"attribute": "bedtime", "period": "daily", "min": "23:00", "max": "00:30", "value": null, "state": "no data", "progress": null, "left": null, "streak": 1}]
                """)
    }
}

@Suite struct HelpViewTests {
    static let mood = HelpView.Page(
        synopsis: "mood RATING [NOTE...] [--on DATE]", aliases: [],
        discussion: """
            Rates the day: 1 terrible, 2 bad, 3 okay, 4 good, 5 great. The rest of the line, \
            quoted or not, is the mood's note; #tags in it tag the day. A day has one mood: \
            rating it again replaces the mood, and the old one stays in the change log.
            """,
        arguments: [
            HelpView.Entry("RATING", "1 to 5 (terrible, bad, okay, good, great)"),
            HelpView.Entry("NOTE", "a note on the day; #tags tag it"),
        ],
        options: [
            HelpView.Entry(
                "--on DATE",
                "the day to write to: today, yesterday, a weekday (monday or mon), or YYYY-MM-DD (default: today, or the day chosen with 'day')"
            )
        ],
        examples: ["mood 4 walked by the sea #outdoors", "mood good"])

    @Test func oneCommandAt80Columns() {
        #expect(
            HelpView.command(HelpViewTests.mood, appearance: unicode, width: 80)
                == lines(
                    """
                    usage: mood RATING [NOTE...] [--on DATE]

                    Rates the day: 1 terrible, 2 bad, 3 okay, 4 good, 5 great. The rest of the
                    line, quoted or not, is the mood's note; #tags in it tag the day. A day has
                    one mood: rating it again replaces the mood, and the old one stays in the
                    change log.

                    Arguments:
                      RATING      1 to 5 (terrible, bad, okay, good, great)
                      NOTE        a note on the day; #tags tag it
                    Options:
                      --on DATE   the day to write to: today, yesterday, a weekday (monday or
                                  mon), or YYYY-MM-DD (default: today, or the day chosen with
                                  'day')

                    Examples:
                      mood 4 walked by the sea #outdoors
                      mood good
                    """))
    }

    @Test func proseWrapsToANarrowerWidth() {
        let text = HelpView.command(HelpViewTests.mood, appearance: unicode, width: 50)
        #expect(text.allSatisfy { $0.count <= 48 })
        #expect(text[2] == "Rates the day: 1 terrible, 2 bad, 3 okay, 4")
        #expect(text.contains("  --on DATE   the day to write to: today,"))
    }

    @Test func overviewAndProgram() {
        let commands = [HelpView.Entry("mood RATING [NOTE...]", "rate the day"), HelpView.Entry("show [DATE]", "a day")]
        let overview = HelpView.overview(commands, dates: "today or YYYY-MM-DD", appearance: unicode, width: 80)
        #expect(
            overview == [
                "Commands:", "  mood RATING [NOTE...]   rate the day", "  show [DATE]             a day", "",
                "Dates: today or YYYY-MM-DD. Commands that write take --on DATE anywhere on the", "line.",
                "Type 'help COMMAND' for more about one command.",
            ])
        let program = HelpView.program(
            version: "9.9", options: [HelpView.Entry("-h, --help", "print this help and exit")], commands: commands,
            dates: "today or YYYY-MM-DD", appearance: unicode, width: 80)
        #expect(program[0] == "daybook 9.9: a journal you keep in the terminal")
        #expect(program.contains("  -h, --help   print this help and exit"))
        #expect(program.contains(overview[1]))
        #expect(program.last == "usage error.")
    }

    @Test func wrap() {
        #expect(HelpView.wrap("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(HelpView.wrap("one two", width: 9, indent: "    ") == ["    one", "    two"])
        #expect(HelpView.wrap("", width: 9).isEmpty)
    }
}

@Suite struct SettingsViewTests {
    @Test func theSettingsList() {
        let rows = [
            SettingsView.Row(name: "day-start", value: "04:00", isDefault: false, summary: "when a day begins"),
            SettingsView.Row(name: "color", value: "auto", isDefault: true, summary: "colour output"),
        ]
        #expect(
            SettingsView.text(rows, appearance: unicode, width: 80) == [
                "day-start  04:00  when a day begins", "color      auto   (default) colour output",
            ])
        #expect(SettingsView.text(rows, appearance: colour, width: 80)[1] == "color      auto   " + dim("(default) colour output"))
    }
}

/// At 80 columns and wider (goals: 120, where each fits on a line) views read the same at every width.
@Suite struct WidthTests {
    @Test func viewsReadTheSameFrom80To200Columns() {
        for appearance in [unicode, ascii, colour] {
            let day = DayView.text(Fixture.day, appearance: appearance, width: 80)
            let week = WeekView.text(Fixture.week, appearance: appearance, width: 80)
            // Goals take one line each from 120 columns (two below).
            let goals = GoalView.text(
                Fixture.goals, usuals: Fixture.usuals, day: Fixture.saturday, appearance: appearance, width: 120)
            let help = HelpView.command(HelpViewTests.mood, appearance: appearance, width: 80)
            for width in 81...200 {
                #expect(DayView.text(Fixture.day, appearance: appearance, width: width) == day)
                #expect(WeekView.text(Fixture.week, appearance: appearance, width: width) == week)
                #expect(
                    width < 120
                        || GoalView.text(
                            Fixture.goals, usuals: Fixture.usuals, day: Fixture.saturday, appearance: appearance,
                            width: width) == goals)
                #expect(HelpView.command(HelpViewTests.mood, appearance: appearance, width: width) == help)
            }
        }
    }
}
