import DaybookCore
import DaybookTestSupport
import DaybookViews
import Testing

/// `status`'s line: its placeholders, how blanks between them join, and the colour codes
/// wrapped for bash, zsh and fish.
@Suite struct StatusLineTests {
    static let steps = Attribute(name: "steps", type: .count, aggregation: .sum, unit: "steps", group: "activity")
    static let water = Attribute(name: "water", type: .count, aggregation: .sum, unit: "glasses", group: "food")
    static let weight = Attribute(name: "weight", type: .decimal, aggregation: .last, unit: "kg", group: "health")
    static let focus = Attribute(name: "focus", type: .percentage, aggregation: .average, unit: "", group: "other")
    static let meditated = Attribute(name: "meditated", type: .yesno, aggregation: .last, unit: "", group: "health")

    func facts(rating: Int? = nil, goals: [StatusFacts.OpenGoal]? = nil, streak: Int? = nil) -> StatusFacts {
        StatusFacts(
            day: insightDay, rating: rating,
            openGoals: goals ?? [
                StatusFacts.OpenGoal(attribute: Self.steps, goal: GoalRange(min: 10000, max: nil), value: 4200)
            ],
            streak: streak, colorSetting: nil)
    }

    func line(
        _ facts: StatusFacts, _ format: String = StatusLine.defaultFormat, _ appearance: Appearance = unicode,
        prompt: StatusLine.Prompt? = nil
    ) throws -> String {
        StatusLine.line(facts, format: try StatusLine.Format(format), appearance: appearance, prompt: prompt)
    }

    @Test func theDefaultLine() throws {
        #expect(try line(facts()) == "not checked in · steps 4,200/10,000")
        #expect(try line(facts(rating: 4, goals: [])) == "checked in")
        #expect(try line(facts(), StatusLine.defaultFormat, ascii) == "not checked in | steps 4,200/10,000")
    }

    @Test func eachPlaceholder() throws {
        let goals = [
            StatusFacts.OpenGoal(attribute: Self.steps, goal: GoalRange(min: 10000, max: nil), value: nil),
            StatusFacts.OpenGoal(attribute: Self.water, goal: GoalRange(min: 8, max: 12), value: 3),
            StatusFacts.OpenGoal(attribute: Self.weight, goal: GoalRange(min: 60, max: nil), value: nil),
            StatusFacts.OpenGoal(attribute: Self.meditated, goal: GoalRange(min: 1, max: nil), value: 0),
        ]
        let f = facts(rating: 5, goals: goals, streak: 1200)
        #expect(try line(f, "%mood") == "5 great")
        // Nothing yet counts as 0 for what adds up over the day, else as a dash.
        // A yes/no goal by its name alone.
        #expect(try line(f, "%goals") == "steps 0/10,000 · water 3/8 · weight —/60 · meditated")
        #expect(try line(f, "%streak") == "streak 1,200")
        #expect(try line(f, "%checkin") == "checked in")
        #expect(try line(f, "100%% [%mood]") == "100% [5 great]")
        #expect(try line(f, "%MOOD") == "5 great")
    }

    @Test func placeholdersThatShowNothingTakeTheirBlanks() throws {
        let none = facts(rating: nil, goals: [], streak: 0)
        #expect(try line(none, "%mood %goals %streak").isEmpty)
        #expect(try line(none, "%mood %checkin %streak") == "not checked in")
        #expect(try line(facts(streak: 3), "%mood %goals %streak") == "steps 4,200/10,000 · streak 3")
        // Text other than blanks stays.
        #expect(try line(none, "[%mood] %checkin") == "[] not checked in")
        #expect(try line(none, "> %checkin  ") == "> not checked in  ")
    }

    @Test func anUnknownPlaceholderIsRefusedNamingTheAccepted() throws {
        for (format, named) in [
            ("%foo", "unknown placeholder '%foo'"), ("%checkins", "unknown placeholder '%checkins'"),
            ("50%", "a '%' with no name after it"), ("% mood", "a '%' with no name after it"),
        ] {
            #expect(throws: StatusLine.FormatError.self) { try StatusLine.Format(format) }
            do {
                _ = try StatusLine.Format(format)
            } catch {
                #expect(error.description == "--format has \(named); accepted: %checkin, %mood, %goals, %streak, %%")
            }
        }
        #expect(try StatusLine.Format("%streak").showsStreak)
        #expect(try !StatusLine.Format("%checkin %goals").showsStreak)
    }

    @Test func colourThroughTheAppearance() throws {
        let coloured = try line(facts(), StatusLine.defaultFormat, colour)
        #expect(coloured == "\u{1B}[31mnot checked in\u{1B}[0m · \u{1B}[32msteps\u{1B}[0m 4,200/10,000")
        #expect(
            try line(facts(rating: 4, goals: []), "%checkin %mood", colour)
                == cyan("checked in") + " · \u{1B}[38;5;148m4 good\u{1B}[0m")
    }

    @Test func bashMarksEachEscapeWithTheBytesOfBackslashBrackets() throws {
        let wrapped = try line(facts(), StatusLine.defaultFormat, colour, prompt: .bash)
        #expect(
            wrapped
                == "\u{01}\u{1B}[31m\u{02}not checked in\u{01}\u{1B}[0m\u{02} · \u{01}\u{1B}[32m\u{02}steps\u{01}\u{1B}[0m\u{02} 4,200/10,000"
        )
    }

    @Test func zshMarksEachEscapeAndDoublesPercentSigns() throws {
        let goals = [StatusFacts.OpenGoal(attribute: Self.focus, goal: GoalRange(min: 80, max: nil), value: 55)]
        let wrapped = try line(facts(goals: goals), "%%%checkin %goals", colour, prompt: .zsh)
        #expect(wrapped == "%%%{\u{1B}[31m%}not checked in%{\u{1B}[0m%} · focus 55%%/80%%")
        #expect(try line(facts(goals: goals), "%goals", unicode, prompt: .zsh) == "focus 55%%/80%%")
    }

    @Test func fishAndNoColourNeedNothing() throws {
        let plain = try line(facts(), StatusLine.defaultFormat, unicode)
        for prompt in StatusLine.Prompt.allCases {
            #expect(try line(facts(), StatusLine.defaultFormat, unicode, prompt: prompt) == plain)
        }
        #expect(
            try line(facts(), StatusLine.defaultFormat, colour, prompt: .fish)
                == (try line(facts(), StatusLine.defaultFormat, colour)))
    }
}
