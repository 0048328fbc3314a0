import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import Testing

/// A command's option whose value is one of a list of words is checked by the parser, as the
/// program's own options are, in the same words.
@Suite struct OptionChoiceTests {
    let parser = Parser(table: .standard)

    func parse(_ line: String) throws -> Invocation { try parser.parse(Tokenizer.tokenize(line)) }

    @Test func aCommandOptionRefusesAWordNotAmongItsChoices() {
        for line in ["export --format xml", "export --format=xml", "export out.json --format xml --from 2026-11-01"] {
            let error = #expect(throws: UsageError.self, "\(line)") { try parse(line) }
            #expect(error?.description == "--format takes json, csv or markdown; got xml", "\(line)")
        }
    }

    @Test func theRefusalIsWordedAsTheProgramsOwn() throws {
        let global = Parser(table: .standard).leadingOptions(try Tokenizer.tokenize("--color sometimes today"), from: GlobalOptions.all)
        #expect(global.error?.description == "--color takes auto, always or never; got sometimes")
        let command = #expect(throws: UsageError.self) { try parse("export --format sometimes") }
        #expect(command?.description == "--format takes json, csv or markdown; got sometimes")
    }

    @Test func theChoicesAreTakenInAnyCase() throws {
        #expect(try parse("export --format CSV").value(.exportFormat) == "CSV")
        #expect(try parse("export --format markdown").value(.exportFormat) == "markdown")
    }

    @Test func anOpenChoiceTakesOtherWords() throws {
        // track's groups are offered, and a group of one's own is taken too.
        #expect(try parse("track pages count group reading").value(.trackGroup) == "reading")
    }
}
