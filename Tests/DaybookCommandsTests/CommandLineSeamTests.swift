import DaybookCommandLine
import Testing

/// The command line reads a line against any table, asking its `WordSense` what dates and
/// values look like: here one that knows only ISO dates, with no journal and no domain.
@Suite struct CommandLineSeamTests {
    struct ISOWords: WordSense {
        func startsDate(_ word: String) -> Bool { word.count == 10 && word.split(separator: "-").count == 3 }
        func dateNeedsMore(_ words: [String]) -> Bool { false }
        func dateGoesOn(_ words: [String], with next: String) -> Bool { false }
        func valueContinues(_ words: [String], _ next: String) -> Bool { next == "units" }
        func marksPhrases(_ words: [String]) -> Bool { false }
        func printable(_ text: String) -> String { text }
        func alternatives(_ items: [String]) -> String { items.joined(separator: "|") }
        func nearest(_ word: String, in candidates: [String]) -> String? { candidates.first { $0.hasPrefix(word) } }
    }

    static let day = Option("--on", value: "DATE", kind: .date, namesDay: true, help: "the day")
    static let shape = Option("--shape", value: "S", kind: .choice(["round", "square"]), help: "a shape")

    static let crust = Option(
        "--crust", value: "C", kind: .word, owner: Option.Owner("pie", purpose: "is for a pie", usage: "bake pie FILE --crust C"),
        help: "a pie's crust")

    let table = CommandTable(
        commands: [
            CommandSpec(
                name: "count", summary: "", discussion: "",
                arguments: [Argument("NAME", .attribute, help: ""), Argument("N", .value, help: "")], repeating: true,
                options: [day, shape], action: 0),
            CommandSpec(
                name: "bake", summary: "", discussion: "",
                arguments: [
                    Argument("KIND", .choice(["pie", "tart"]), optional: true, help: ""), Argument("FILE", .path, help: ""),
                ],
                options: [crust], action: 0),
        ],
        globalOptions: [], sense: ISOWords())

    func parse(_ line: String) throws -> Invocation { try Parser(table: table).parse(Tokenizer.tokenize(line)) }

    @Test func theSenseDecidesWhatIsADateAndWhereAValueEnds() throws {
        let line = try parse("count apples 3 units pears 2 2026-11-20")
        #expect(line.positionals == ["apples", "3 units", "pears", "2"])
        #expect(line.day == NamedDay(text: "2026-11-20", source: .afterValues(1)))
        // Not a date to this sense: a name, which then lacks its value.
        let error = #expect(throws: UsageError.self) { try parse("count apples 3 yesterday") }
        #expect(error?.description == "count needs N after yesterday; usage: count NAME N [NAME N]...")
    }

    @Test func theSenseWordsTheRefusals() {
        let choice = #expect(throws: UsageError.self) { try parse("count apples 3 --shape oval") }
        #expect(choice?.description == "--shape takes round|square; got oval")
        #expect(table.unknownCommandMessage("cou") == "unknown command 'cou'; did you mean 'count'? Type 'help' for the list")
        let twice = #expect(throws: UsageError.self) { try parse("count apples 3 2026-11-20 --on 2026-11-19") }
        #expect(twice?.description == "the day is given twice, --on 2026-11-19 and 2026-11-20; give it once")
    }

    /// An option a choice owns is refused on a line that names another choice, or none; a word
    /// that is no choice at all is left for the command to refuse in its own words.
    @Test func anOptionOwnedByAChoiceIsRefusedWithAnother() throws {
        #expect(try parse("bake pie recipe.txt --crust short").value(Self.crust) == "short")
        #expect(try parse("bake PIE --crust short recipe.txt").value(Self.crust) == "short")
        for line in ["bake tart recipe.txt --crust short", "bake recipe.txt --crust short"] {
            let error = #expect(throws: UsageError.self) { try parse(line) }
            #expect(error?.description == "--crust is for a pie: bake pie FILE --crust C")
        }
        #expect(try parse("bake cake recipe.txt --crust short").positionals == ["cake", "recipe.txt"])
        #expect(try parse("bake tart recipe.txt").positionals == ["tart", "recipe.txt"])
    }
}
