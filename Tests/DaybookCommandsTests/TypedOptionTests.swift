import DaybookCommandLine
import Testing

@testable import DaybookCommands

/// Handlers ask for an option by the value their spec lists, not by a name spelled again.
@Suite struct TypedOptionTests {
    let parser = Parser(table: .standard)

    func parse(_ line: String) throws -> Invocation { try parser.parse(Tokenizer.tokenize(line)) }

    @Test func anOptionIsAskedForByItsDeclaration() throws {
        let show = try parse("show yesterday --json")
        #expect(show.has(.json))
        #expect(!show.has(.history))
        #expect(show.value(.history) == nil)
        let mood = try parse("mood 4 fine --on=fri")
        #expect(mood.has(.on))
        #expect(mood.value(.on) == "fri")
        let week = try parse("week --days 30 --csv")
        #expect(week.value(.weekDays) == "30")
        #expect(week.has(.csv))
        #expect(!week.has(.json))
    }

    @Test func optionsOfOneNameInTwoCommandsAreApart() throws {
        // export's --force overwrites a file; log's writes an implausible value.
        #expect(try parse("export out.json --force").has(.overwrite))
        #expect(try parse("log steps 1 --force").has(.force))
    }

    @Test func aRepeatableOptionGivesEveryValue() throws {
        let line = try parse("import csv fit.csv --date Date --map 'Steps=steps' --map 'Sleep=sleep'")
        #expect(line.values(.csvMap) == ["Steps=steps", "Sleep=sleep"])
        #expect(line.values(.csvUnit) == [])
        #expect(line.value(.csvDate) == "Date")
    }

    @Test func noCommandDeclaresAnOptionNameTwice() {
        for command in CommandTable.standard.commands {
            let names = command.options.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
            #expect(Set(names).count == names.count, "\(command.name)")
        }
    }
}
