import DaybookCore
import DaybookViews
import Testing

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
        // Too narrow for the state beside the name: the name on a line of its own, and the
        // value with its state and percentage below it.
        #expect(at30[2...4] == ["  steps", "    4,200       under     42%", "    >= 10,000 steps daily"])
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
