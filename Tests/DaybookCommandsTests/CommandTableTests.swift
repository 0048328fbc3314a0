import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews
import Testing

@testable import DaybookShell

@Suite struct CommandTableTests {
    let table = CommandTable.standard

    @Test func namesAreUnique() {
        #expect(Set(table.names).count == table.names.count)
        let globals = table.globalOptions.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
        #expect(Set(globals).count == globals.count)
    }

    @Test func everyCommandIsDocumented() {
        for command in table.commands {
            #expect(!command.summary.isEmpty && !command.discussion.isEmpty, "\(command.name)")
            #expect(!command.examples.isEmpty, "\(command.name)")
            // Each example parses against the table.
            for example in command.examples {
                #expect(throws: Never.self, "\(example)") { try Parser(table: table).parse(Tokenizer.tokenize(example)) }
            }
            // A rest-of-line argument can only be last.
            #expect(!command.arguments.dropLast().contains { $0.kind == .text }, "\(command.name)")
        }
    }

    @Test func helpForOneCommand() {
        #expect(
            HelpText.command(table.command(named: "mood")!) == """
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
                              mon), last monday, 3 days ago, a week ago, 21 nov, nov 21,
                              21/11, or YYYY-MM-DD (default: today, or the day chosen with
                              'day')

                Examples:
                  mood 4 walked by the sea #outdoors
                  mood good
                  mood 3 long day --on yesterday
                """)
    }

    @Test func overviewListsEveryCommandOnce() {
        let overview = HelpText.overview(table)
        for command in table.commands {
            #expect(overview.contains("  " + command.usage + " "), "\(command.name)")
        }
        #expect(overview.split(separator: "\n").allSatisfy { $0.count <= 80 })
    }
}
