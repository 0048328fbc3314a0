import Foundation
import Testing

/// Colour and width when output is not a terminal: the `color` setting, NO_COLOR, --color, COLUMNS.
@Suite struct TerminalFactsEndToEndTests {
    static let bold = "\u{1B}[1mSaturday 21 November 2026\u{1B}[0m"

    @Test func noColorBeatsTheSettingAndTheFlagBeatsNoColor() throws {
        let d = try Daybook()
        try d.run(["set", "color", "always"])
        #expect(try d.run(["show"]).stdout.contains(TerminalFactsEndToEndTests.bold))
        d.environment["NO_COLOR"] = "1"
        #expect(try d.run(["show"]).stdout == "Saturday 21 November 2026\n  nothing recorded\n")
        #expect(try d.run(["--color", "always", "show"]).stdout.contains(TerminalFactsEndToEndTests.bold))
        d.environment["NO_COLOR"] = ""
        #expect(try d.run(["show"]).stdout.contains(TerminalFactsEndToEndTests.bold))
    }

    @Test func columnsSetsTheWidthOnAPipe() throws {
        let d = try Daybook()
        let standard = try d.run(["help", "goals"]).stdout
        d.environment["COLUMNS"] = "200"
        #expect(try d.run(["help", "goals"]).stdout == standard)
        d.environment["COLUMNS"] = "40"
        let narrow = try d.run(["help", "goals"]).stdout
        #expect(narrow != standard)
        #expect(narrow.split(separator: "\n").filter { !$0.hasPrefix("  ") }.allSatisfy { $0.count <= 38 })
        d.environment["COLUMNS"] = "wide"
        #expect(try d.run(["help", "goals"]).stdout == standard)
    }
}
