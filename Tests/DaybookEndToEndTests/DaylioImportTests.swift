import Foundation
import Testing

/// Daylio's files through the binary: mood labels, how they are rated and shown.
@Suite struct DaylioImportTests {
    static let fixtures = Daybook.packageRoot + "/Tests/DaybookCoreTests/Fixtures/"

    /// A label with a comma, a leading `=` or a quote is suggested in double quotes, and the
    /// suggestion, filled in, imports.
    @Test func theSuggestionForAnyLabelImportsWhenFilledIn() throws {
        let d = try Daybook()
        let file = Self.fixtures + "daylio-odd-labels.csv"
        let r = try d.run(["import", "daylio", file])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: \(file): 3 mood labels have no rating: \"Meh, tired\" (1 row), \"=)\" (1 row), \"Say \"\"hi\"\"\" (1 row); rate each 1 to 5 and import again with --moods 'good=4, \"Meh, tired\"=?, \"=)\"=?, \"Say \"\"hi\"\"\"=?'; nothing was written\n"
        )
        let map = #"good=4, "Meh, tired"=2, "=)"=5, "Say ""hi"""=3"#
        let filled = try d.run(["import", "daylio", file, "--moods", map])
        #expect(filled.status == 0, "\(filled.stderr)")
        #expect(try d.sql("SELECT group_concat(rating, ',') FROM (SELECT rating FROM mood ORDER BY day)") == "3,5,2,4")
    }
}
