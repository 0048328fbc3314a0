import DaybookCore
@testable import DaybookViews
import Testing

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

    /// Help's prose goes through the one wrap, `Columns.wrap`.
    @Test func wrap() {
        #expect(HelpView.prose("one two three four", width: 9) == ["one two", "three", "four"])
        #expect(HelpView.prose("one two", width: 9, indent: "    ") == ["    one", "    two"])
        #expect(HelpView.prose("", width: 9).isEmpty)
        #expect(HelpView.prose("one two three four", width: 9) == Columns.wrap("one two three four", width: 9))
        // Measured in columns, as every view is: a wide character takes two.
        #expect(HelpView.prose("日本 語", width: 4) == ["日本", "語"])
    }
}
