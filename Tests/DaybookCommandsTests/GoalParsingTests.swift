import DaybookCommandLine
import DaybookCommands
import DaybookViews
import Testing

@Suite struct GoalParsingTests {
    func parse(_ words: [String]) throws -> Invocation {
        try Parser(table: .standard).parse(words.map { Token($0) })
    }

    @Test func aRangeSpansWordsUpToThePeriod() throws {
        let i = try parse(["goal", "steps", "at", "least", "8000", "weekly", "--on", "2026-11-01"])
        #expect(i.argument("ATTR") == "steps")
        #expect(i.argument("RANGE") == "at least 8000")
        #expect(i.argument("PERIOD") == "weekly")
        #expect(i.day?.text == "2026-11-01")
        let between = try parse(["goal", "resting_hr", "between", "50", "and", "80"])
        #expect(between.argument("RANGE") == "between 50 and 80")
        #expect(between.argument("PERIOD") == nil)
        // An option in the middle is taken out; a quoted range is one word.
        let quoted = try parse(["goal", "steps", "--on", "monday", ">= 8000", "Monthly"])
        #expect(quoted.argument("RANGE") == ">= 8000")
        #expect(quoted.argument("PERIOD") == "Monthly")
        #expect(quoted.day?.text == "monday")
        // The first word is always the range, even when it names a period.
        #expect(try parse(["goal", "steps", "weekly"]).argument("RANGE") == "weekly")
    }

    @Test func aRangeIsRequired() {
        #expect(throws: UsageError.self) { try parse(["goal", "steps"]) }
        #expect(throws: UsageError.self) { try parse(["goal", "steps", "8000", "weekly", "daily"]) }
    }
}
