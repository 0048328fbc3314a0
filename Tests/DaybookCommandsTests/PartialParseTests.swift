import DaybookCommandLine
import DaybookCommands
import DaybookViews
import Testing

/// The partial parse (a line cut at the cursor, for completion) against the full parse (a line
/// run): on every line the full parse accepts, cut at the end of each word, the partial parse
/// reads that word as the full parse does.
@Suite struct PartialParseTests {
    let table = CommandTable.standard
    let parser = Parser(table: .standard)

    // MARK: Lines the full parse accepts, made from the table

    /// Words that fit an argument or option value of each kind, as typed on a line (a range
    /// spans words; a note may be quoted).
    static func samples(_ kind: ArgKind) -> [String] {
        switch kind {
        case .rating: return ["4", "good"]
        case .text:
            return [
                "walked by the sea #outdoors", #""a quoted note" and  more"#, "don't forget Ana's keys",
                "pros -- and --cons", "- dash", #"C:\Users\ana a\ b"#, "'single' #tag",
            ]
        case .attribute: return ["steps", "sleep"]
        case .attributeOrMood: return ["steps", "mood"]
        case .name: return ["pages"]
        case .value: return ["8200", "7h30m", "never"]
        case .date: return ["yesterday", "2026-11-01", "fri"]
        case .valueType: return ["count", "yesno"]
        case .aggregation: return ["sum", "average"]
        case .choice(let words): return words
        case .command: return ["log", "mood"]
        case .path: return ["Examples/first-week.daybook", #""a folder/with space.daybook""#]
        case .word: return ["km", #""two words""#]
        case .range:
            return [
                ">= 8000", "at least 8000", "between 50 and 80", "7h..9h", "off", "22:00..23:30", "8000 steps",
                "weekly",
            ]
        case .setting: return ["color", "day-start"]
        }
    }

    /// An option as typed: `--on yesterday`, `--on=fri`, `--json`, `unit km`.
    static func forms(of option: Option) -> [String] {
        guard option.takesValue else { return [option.name] }
        let values = samples(option.kind ?? .word)
        var forms = values.prefix(2).map { "\(option.name) \($0)" }
        if option.name.hasPrefix("--") { forms.append("\(option.name)=\(values[0])") }
        return forms
    }

    /// Positional parts for `spec`: each argument's first sample, then each argument's other
    /// samples in turn; optional arguments left off from the end; two groups of a repeating one.
    static func positionals(_ spec: CommandSpec) -> [[String]] {
        let arguments = spec.arguments
        if arguments.isEmpty { return [[]] }
        let base = arguments.map { samples($0.kind)[0] }
        var lists = [base]
        for (index, argument) in arguments.enumerated() {
            for sample in samples(argument.kind).dropFirst() {
                var list = base
                list[index] = sample
                lists.append(list)
            }
        }
        if spec.repeating { return lists + lists.map { $0 + base } }
        let required = (arguments.lastIndex { !$0.optional } ?? -1) + 1
        var result: [[String]] = []
        for list in lists {
            for count in required...arguments.count { result.append(Array(list.prefix(count))) }
        }
        return result
    }

    /// Lines for `spec`: its examples, and its arguments with its options at the end, after
    /// the name, in the middle, and all together.
    static func lines(_ spec: CommandSpec) -> [String] {
        var lines = spec.examples
        var forms = positionals(spec)
        // An option a choice owns (`--moods`, `import daylio`) goes on lines that name its
        // choice: the parser refuses it with another.
        for owner in spec.options.compactMap(\.owner) where !forms.contains(where: { $0.first == owner.choice }) {
            if let named = forms.first(where: { $0.count > 1 }) { forms.append([owner.choice] + named.dropFirst()) }
        }
        for words in forms {
            let plain = ([spec.name] + words).joined(separator: " ")
            lines.append(plain)
            let options = spec.options.filter { option in option.owner.map { $0.choice == words.first } ?? true }
            for option in options {
                for form in self.forms(of: option) {
                    lines.append(plain + " " + form)
                    lines.append(([spec.name, form] + words).joined(separator: " "))
                    if words.count > 1 {
                        lines.append(([spec.name, words[0], form] + words.dropFirst()).joined(separator: " "))
                    }
                }
            }
            if options.count > 1 {
                lines.append(([plain] + options.map { self.forms(of: $0)[0] }).joined(separator: " "))
            }
        }
        for alias in spec.aliases { lines.append(alias + lines[0].dropFirst(spec.name.count)) }
        return lines
    }

    /// The program's own options before a command.
    static let leading = [
        "--journal j.sqlite3 ", "--color=never --bail ", "-- ", "--journal=j -f script.daybook --atomic -- ",
        "-c 'mood 4' --color always ",
    ]

    // MARK: Checks

    /// Offsets, in Unicode scalars, where each word of `line` ends.
    func ends(_ tokens: [Token], in line: String) -> [Int] {
        var ends: [Int] = []
        for k in tokens.indices {
            if k + 1 < tokens.count {
                ends.append(tokens[k + 1].start - tokens[k + 1].leading.unicodeScalars.count)
            } else {
                ends.append(line.unicodeScalars.count)
            }
        }
        return ends
    }

    /// Cuts `line` at the end of each word and at the start of each word after a blank, and
    /// checks the partial parse against `roles`, the full parse's reading of each word.
    func check(_ line: String, roles: [WordRole], date: String?, command: CommandSpec, leadingOptions: Bool = false) {
        let tokens = try! Tokenizer.tokenize(line)
        #expect(tokens.count == roles.count, "\(line)")
        let ends = ends(tokens, in: line)
        let commandIndex = roles.firstIndex(of: .command) ?? 0
        for k in tokens.indices {
            let p = parser.partial(line, cursor: ends[k], leadingOptions: leadingOptions)
            let place = "\(line) | word \(k) '\(tokens[k].text)'"
            #expect(p.role == roles[k], "\(place)")
            #expect(p.command?.name == (k > commandIndex ? command.name : nil), "\(place)")
            #expect(p.word.text == tokens[k].text && p.word.quoted == tokens[k].quoted, "\(place)")
            #expect(p.start == tokens[k].start, "\(place)")
            if k > commandIndex {
                #expect(p.date == date, "\(place)")
                let given = roles[(commandIndex + 1)..<k].compactMap { role -> String? in
                    if case .option(let name) = role { return name }
                    return nil
                }
                #expect(p.given == Set(given), "\(place)")
            }
            if case .option(let name) = roles[k], name.hasPrefix("-") { #expect(p.mayBeOption, "\(place)") }
            if case .argument(let index) = roles[k] {
                let argument = command.arguments[index]
                #expect(p.kind == argument.kind, "\(place)")
                #expect(p.inText == (argument.kind == .text), "\(place)")
                let before = (commandIndex + 1)..<k
                if argument.kind == .range {
                    let words = before.filter { roles[$0] == .argument(index) }.map { tokens[$0].text }
                    #expect(p.rangeWords.map(\.text) == words, "\(place)")
                }
                if argument.kind == .range || argument.kind == .value {
                    let attribute = before.last {
                        if case .argument(let i) = roles[$0] { return command.arguments[i].kind == .attribute }
                        return false
                    }
                    #expect(p.attribute == attribute.map { tokens[$0].text }, "\(place)")
                }
            } else {
                #expect(!p.inText, "\(place)")
            }

            // The same words, already split, as a shell completion script passes them.
            let q = parser.partial(
                words: tokens[..<k], current: tokens[k], following: Array(tokens[(k + 1)...]),
                leadingOptions: leadingOptions)
            #expect(q.role == roles[k], "\(place) (words)")
            if k > commandIndex { #expect(q.date == date, "\(place) (words)") }

            // Just after the blank before the next word, with nothing typed yet: an option's
            // value, or the argument the next word fills (unless its text closes a range).
            guard k + 1 < tokens.count else { continue }
            let next = tokens[k + 1].start
            let empty = parser.partial(line, cursor: next, leadingOptions: leadingOptions)
            #expect(empty.word.text.isEmpty && empty.start == next, "\(place) +blank")
            switch roles[k + 1] {
            case .optionValue:
                #expect(empty.role == roles[k + 1], "\(place) +blank")
            case .argument(let index) where k + 1 > commandIndex:
                let closesRange = index > 0 && command.arguments[index - 1].kind == .range
                if !closesRange { #expect(empty.role == roles[k + 1], "\(place) +blank") }
            default:
                break
            }
        }
    }

    @Test func everyCommandReadsAlikeWordByWord() throws {
        for spec in table.commands {
            let lines = Self.lines(spec)
            #expect(lines.count >= spec.examples.count + 1, "\(spec.name)")
            for line in lines {
                let tokens = try Tokenizer.tokenize(line)
                let invocation: Invocation
                do {
                    invocation = try parser.parse(tokens)
                } catch {
                    Issue.record("\(line): \(error)")
                    continue
                }
                #expect(invocation.command.name == spec.name)
                check(line, roles: invocation.roles, date: invocation.day?.text, command: spec)
            }
        }
    }

    @Test func afterTheProgramsOwnOptions() throws {
        for spec in table.commands {
            for prefix in Self.leading {
                for line in Self.lines(spec).prefix(12).map({ prefix + $0 }) {
                    let tokens = try Tokenizer.tokenize(line)
                    let leading = parser.leadingOptions(tokens, from: table.globalOptions)
                    #expect(leading.error == nil, "\(line)")
                    let invocation = try parser.parse(Array(tokens[leading.rest...]))
                    check(
                        line, roles: leading.roles + invocation.roles, date: invocation.day?.text, command: spec,
                        leadingOptions: true)
                }
            }
        }
    }

    // MARK: The partial parse on its own

    @Test func whatIsPendingAtTheCursor() {
        func pending(_ line: String, cursor: Int? = nil) -> PartialParse {
            parser.partial(line, cursor: cursor ?? line.unicodeScalars.count)
        }
        #expect(pending("").kind == .command)
        #expect(pending("mo").role == .command && pending("mo").command == nil)
        if case .unknownCommand("moodz") = pending("moodz 4 ").pending {} else { Issue.record("unknown command") }

        let log = pending("log steps 8200 sleep ")
        #expect(log.kind == .value && log.attribute == "sleep" && log.word.text.isEmpty && log.start == 21)

        let on = pending("mood 3 --on th")
        #expect(on.kind == .date && on.date == "th" && on.given == ["--on"])
        #expect(pending("log sleep  --on yesterday", cursor: 10).date == "yesterday")
        #expect(pending("log sleep  --on=fri", cursor: 10).date == "fri")
        #expect(pending("mood 3 --on yes", cursor: 14).date == "yes")
        #expect(pending("mood 3 --on yes", cursor: 13).word.text == "y")

        let note = pending(#"note "a quoted note #outi"#)
        #expect(note.inText && note.openQuote == "\"" && note.word.text == "a quoted note #outi" && note.start == 5)

        let range = pending("goal steps at least 8")
        #expect(range.kind == .range && range.attribute == "steps" && range.rangeWords.map(\.text) == ["at", "least"])
        #expect(range.rangeWords.first?.start == 11)
        #expect(pending("goal steps at least 8000 weekly").role == .argument(2))
        #expect(pending("goal steps at least 8000 week").role == .argument(1))
        #expect(pending("goal steps 8000 weekly ").role == .extra)

        let setting = pending("set color n")
        #expect(setting.kind == .value && setting.setting == "color" && setting.attribute == nil)

        let dash = pending("note pros -")
        #expect(dash.mayBeOption && dash.inText && dash.option == nil)
        #expect(pending("show --j").mayBeOption && pending("show --json").option?.name == "--json")
        #expect(!pending(#"note "--on"#).mayBeOption)
        #expect(pending("track pages count unit").option?.name == "unit")
        #expect(pending("track pages count unit").kind == .aggregation)
        #expect(pending("track pages count unit ").kind == .word)
        #expect(pending("undo ").role == .extra)
    }

    @Test func theProgramsOwnOptionsPartly() {
        func pending(_ line: String) -> PartialParse {
            parser.partial(line, cursor: line.unicodeScalars.count, leadingOptions: true)
        }
        #expect(pending("--jou").mayBeOption && pending("--jou").kind == .command)
        #expect(pending("--journal ").kind == .path)
        #expect(pending("--color=never --bail ").given == ["--color", "--bail"])
        #expect(pending("-c ").kind == .text)
        #expect(pending("--journal j mo").role == .command)
        #expect(pending("--journal j mood ").kind == .rating)
        #expect(pending("--").role == .endOfOptions && pending("--").mayBeOption)
        #expect(pending("-- --on").role == .command && !pending("-- --on").mayBeOption)
        #expect(pending("--journal j mood 4 --on fri").date == "fri")
    }

    @Test func wordsAlreadySplit() {
        let p = parser.partial(
            words: [Token("log"), Token("sleep")], current: Token("7", start: 10),
            following: [Token("--on"), Token("fri")])
        #expect(p.kind == .value && p.attribute == "sleep" && p.date == "fri" && p.start == 10)
    }
}
