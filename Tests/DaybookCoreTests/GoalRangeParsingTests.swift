import DaybookCore
import DaybookStore
import Foundation
import Testing

@Suite struct GoalRangeParsingTests {
    @Test func countForms() throws {
        #expect(try range(">= 8000", .count) == GoalRange(min: 8000, max: nil))
        #expect(try range(">=8000", .count) == GoalRange(min: 8000, max: nil))
        #expect(try range("at least 8,000", .count) == GoalRange(min: 8000, max: nil))
        #expect(try range("At Least 8.2k", .count) == GoalRange(min: 8200, max: nil))
        #expect(try range("<= 2", .count) == GoalRange(min: nil, max: 2))
        #expect(try range("at most 2", .count) == GoalRange(min: nil, max: 2))
        #expect(try range("50..80", .count) == GoalRange(min: 50, max: 80))
        #expect(try range("50 .. 80", .count) == GoalRange(min: 50, max: 80))
        #expect(try range("between 50 and 80", .count) == GoalRange(min: 50, max: 80))
        #expect(try range("8000", .count) == GoalRange(min: 8000, max: nil))
        #expect(try range("8000..", .count) == GoalRange(min: 8000, max: nil))
        #expect(try range("..2", .count) == GoalRange(min: nil, max: 2))
        #expect(try range("0..0", .count) == GoalRange(min: 0, max: 0))
        // The attribute's own unit may follow a number.
        #expect(try range("at most 2 cups", .count, unit: "cups") == GoalRange(min: nil, max: 2))
        #expect(try range("50..80 bpm", .count, unit: "bpm") == GoalRange(min: 50, max: 80))
    }

    @Test func decimalAndPercentageForms() throws {
        #expect(try range("60..75.5", .decimal) == GoalRange(min: 60, max: 75.5))
        #expect(try range("-5..5", .decimal) == GoalRange(min: -5, max: 5))
        #expect(try range("<= 72.5 kg", .decimal, unit: "kg") == GoalRange(min: nil, max: 72.5))
        #expect(try range(">= 80%", .percentage) == GoalRange(min: 80, max: nil))
        #expect(try range("between 80 and 100", .percentage) == GoalRange(min: 80, max: 100))
        #expect(try range("80%..100%", .percentage) == GoalRange(min: 80, max: 100))
    }

    @Test func durationForms() throws {
        #expect(try range("7h..9h", .duration) == GoalRange(min: 420, max: 540))
        #expect(try range("between 7h 30m and 9h", .duration) == GoalRange(min: 450, max: 540))
        #expect(try range("at least 30m", .duration) == GoalRange(min: 30, max: nil))
        #expect(try range("<= 1h30m", .duration) == GoalRange(min: nil, max: 90))
        #expect(try range("7:30..9:00", .duration) == GoalRange(min: 450, max: 540))
    }

    @Test func timeFormsIncludingWindowsAcrossMidnight() throws {
        #expect(try range("22:00..23:30", .time) == GoalRange(min: 1320, max: 1410))
        let wrapping = try range("23:00..00:30", .time)
        #expect(wrapping == GoalRange(min: 1380, max: 30))
        #expect(wrapping.wraps(.time))
        #expect(try range("10pm..11:30pm", .time) == GoalRange(min: 1320, max: 1410))
        #expect(try range("<= 23:30", .time) == GoalRange(min: nil, max: 1410))
        #expect(try range("at least 6am", .time) == GoalRange(min: 360, max: nil))
    }

    @Test func yesNoForms() throws {
        #expect(try range("yes", .yesno) == GoalRange(min: 1, max: nil))
        #expect(try range("no", .yesno) == GoalRange(min: nil, max: 0))
        #expect(refusal("yes..no", .yesno) == "x: a yes/no goal is yes or no; got 'yes..no'")
    }

    @Test func refusalsAreOneClearLine() {
        #expect(
            refusal("7h..9h", .count, unit: "steps", name: "steps")
                == "steps: '7h' is a duration, but steps is a count (steps); use a range like >= 8000, at most 2, 50..80 or between 50 and 80"
        )
        #expect(
            refusal("12000..8000", .count, name: "steps")
                == "steps: the lower bound 12,000 is above the upper bound 8,000; write the smaller first: 8,000..12,000"
        )
        #expect(
            refusal("9h..7h", .duration, name: "sleep")
                == "sleep: the lower bound 9h is above the upper bound 7h; write the smaller first: 7h..9h")
        #expect(
            refusal(">= 120%", .percentage, name: "focus")
                == "focus: '120%' is not a percentage; use 0% to 100%, like 85%")
        #expect(
            refusal("80..120", .percentage, name: "focus")
                == "focus: '120' is not a percentage; use 0% to 100%, like 85%")
        #expect(
            refusal("7..9", .duration, name: "sleep")
                == "sleep: '7' has no unit; sleep is a duration, so write h or m, like 7h..9h, at least 30m, <= 1h30m or between 7h and 9h"
        )
        #expect(
            refusal("22:00..23:30", .count, name: "steps")
                == "steps: '22:00' is a time of day, but steps is a count; use a range like >= 8000, at most 2, 50..80 or between 50 and 80"
        )
        #expect(
            refusal("7h..9h", .time, name: "bedtime")
                == "bedtime: '7h' is a duration, but bedtime is a time of day; use a range like 22:00..23:30, 23:00..00:30 (across midnight), <= 23:30 or at least 6am"
        )
        #expect(
            refusal("23:00", .time, name: "bedtime")
                == "bedtime: a goal for a time of day is a window or a limit, like 22:00..23:30, 23:00..00:30 (across midnight), <= 23:30 or at least 6am; got '23:00'"
        )
        #expect(
            refusal("23:00..23:00", .time, name: "bedtime")
                == "bedtime: 23:00..23:00 is an empty window; give two different times, like 22:00..23:30")
        #expect(
            refusal("at most 2 mugs", .count, unit: "cups", name: "coffee")
                == "coffee: 'mugs' is not a unit that fits (coffee is in cups); use a range like >= 8000, at most 2, 50..80 or between 50 and 80"
        )
        #expect(
            refusal(">= 8000 yearly", .count, unit: "steps", name: "steps")
                == "steps: 'yearly' is not a period goals have; the periods are daily, weekly and monthly")
        #expect(
            refusal("> 8000", .count, name: "steps")
                == "steps: '> 8000' is not a range; use >= or <= (bounds count as met), like >= 8000, at most 2, 50..80 or between 50 and 80"
        )
        #expect(
            refusal("between 50", .count, name: "hr")
                == "hr: 'between 50' is not a range; write between LOW and HIGH, like between 50 and 80")
        #expect(refusal("-5..5", .count, name: "steps")?.hasPrefix("steps: '-5' is not a count") == true)
        #expect(refusal("", .count, name: "steps")?.hasPrefix("steps: a goal needs a range") == true)
        #expect(refusal("..", .count, name: "steps")?.hasPrefix("steps: '..' is not a range") == true)
        #expect(
            refusal("25h..26h", .duration, name: "sleep") == "sleep: '25h' is longer than a day; durations go up to 24h"
        )
    }

    @Test func formatReadsInTheAttributesUnitsAndParsesBack() throws {
        let steps = Attribute(name: "steps", type: .count, aggregation: .sum, unit: "steps", group: "activity")
        let coffee = Attribute(name: "coffee", type: .count, aggregation: .sum, unit: "cups", group: "food")
        let sleep = Attribute(name: "sleep", type: .duration, aggregation: .sum, unit: "", group: "sleep")
        let bedtime = Attribute(name: "bedtime", type: .time, aggregation: .last, unit: "", group: "sleep")
        let cases: [(Attribute, String, String)] = [
            (steps, "at least 8000", ">= 8,000 steps"), (coffee, "at most 2", "<= 2 cups"),
            (sleep, "between 7h 30m and 9h", "7h30m..9h"), (bedtime, "23:00..00:30", "23:00..00:30"),
            (coffee, "1..3", "1..3 cups"),
        ]
        for (attribute, typed, shown) in cases {
            let parsed = try GoalRange.parse(typed, type: attribute.type, unit: attribute.unit)
            #expect(parsed.format(attribute) == shown)
            #expect(try GoalRange.parse(shown, type: attribute.type, unit: attribute.unit) == parsed)
        }
    }
}
