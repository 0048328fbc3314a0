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
        Sun 15 Nov  —
        Mon 16 Nov  —
        Tue 17 Nov  —
        Wed 18 Nov  —
        Thu 19 Nov  —
        Fri 20 Nov  steps 8,200 · sleep 7h 30m
        Sat 21 Nov  mood 4 good · walked by the sea #outdoors
                    steps 8,200 · sleep 7h 30m · water 5 glasses
                    09:12 lunch with Ana
                    #outdoors
        """)

    @Test func aWeek() {
        #expect(WeekView.text(Fixture.week, appearance: unicode, width: 80) == WeekViewTests.expected)
    }

    @Test func inASCII() {
        let text = WeekView.text(Fixture.week, appearance: ascii, width: 80)
        #expect(text[0] == "Sun 15 Nov  -")
        #expect(text[5] == "Fri 20 Nov  steps 8,200 | sleep 7h 30m")
        #expect(text.allSatisfy { $0.unicodeScalars.allSatisfy(\.isASCII) })
    }

    @Test func inColourTheDaysAreBoldAndNothingIsDim() {
        let text = WeekView.text(Fixture.week, appearance: colour, width: 80)
        #expect(text[0] == bold("Sun 15 Nov  ") + dim("—"))
        #expect(text[6] == bold("Sat 21 Nov  ") + "mood 4 good · walked by the sea #outdoors")
        #expect(text[7] == WeekViewTests.expected[7])
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
          weight  72.8 kg · usual 72.5 kg (+0.3 kg)
          water   5 glasses · usual 6 glasses (-1 glass)
        """)

    func text(_ appearance: Appearance, width: Int = 80) -> [String] {
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
        #expect(text[8] == "  weight  72.8 kg | usual 72.5 kg (+0.3 kg)")
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

/// Views do not fit narrow widths yet, but at 80 columns and wider they read the same at every width.
@Suite struct WidthTests {
    @Test func viewsReadTheSameFrom80To200Columns() {
        for appearance in [unicode, ascii, colour] {
            let day = DayView.text(Fixture.day, appearance: appearance, width: 80)
            let week = WeekView.text(Fixture.week, appearance: appearance, width: 80)
            let goals = GoalView.text(
                Fixture.goals, usuals: Fixture.usuals, day: Fixture.saturday, appearance: appearance, width: 80)
            let help = HelpView.command(HelpViewTests.mood, appearance: appearance, width: 80)
            for width in 81...200 {
                #expect(DayView.text(Fixture.day, appearance: appearance, width: width) == day)
                #expect(WeekView.text(Fixture.week, appearance: appearance, width: width) == week)
                #expect(
                    GoalView.text(
                        Fixture.goals, usuals: Fixture.usuals, day: Fixture.saturday, appearance: appearance,
                        width: width) == goals)
                #expect(HelpView.command(HelpViewTests.mood, appearance: appearance, width: width) == help)
            }
        }
    }
}
