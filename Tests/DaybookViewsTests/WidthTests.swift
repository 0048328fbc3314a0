import DaybookCore
import DaybookViews
import Testing

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
