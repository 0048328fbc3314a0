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

    /// The manual says what NO_COLOR and TERM=dumb do, as the program does it: NO_COLOR wins
    /// over the color setting (only --color always colours), and TERM=dumb does not.
    @Test func theManualSaysWhatNoColorDoes() throws {
        let page = try String(contentsOfFile: Daybook.packageRoot + "/man/daybook.1", encoding: .utf8)
        let item = try #require(page.components(separatedBy: ".It Ev NO_COLOR\n").dropFirst().first)
        let text = item.components(separatedBy: "\n.It ").first ?? ""
        #expect(!text.contains("or the color setting asks for it"), "\(text)")
        #expect(text.contains("it wins over the color setting, even when that is always"), "\(text)")
        #expect(text.contains("and the color setting always still colour"), "\(text)")

        let d = try Daybook()
        try d.run(["set", "color", "always"])
        d.environment["NO_COLOR"] = "1"
        #expect(!(try d.run(["show"]).stdout.contains("\u{1B}")))
        d.environment["NO_COLOR"] = nil
        d.environment["TERM"] = "dumb"
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
