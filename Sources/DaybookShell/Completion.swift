import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif


/// One possible completion of a word.
public struct CompletionCandidate: Sendable, Equatable {
    /// The text that replaces the word.
    public var text: String
    /// Shown after the candidate in a listing (a command's summary, a date's day).
    public var detail: String?
    /// A lone match ends the word: a space follows it. False for folders and prefixes.
    public var closes: Bool

    public init(_ text: String, detail: String? = nil, closes: Bool = true) {
        self.text = text
        self.detail = detail
        self.closes = closes
    }
}

/// The completions of the word before the cursor.
public struct Completion: Sendable, Equatable {
    /// Offset, in Unicode scalars, where the replaced text starts; it runs to the cursor.
    public var start: Int
    /// The text from `start` to the cursor, as typed.
    public var typed: String
    public var candidates: [CompletionCandidate]
    /// One line about what goes here: the argument's help, a value's unit and example.
    public var hint: String?
    /// Show the hint on the first TAB and complete on the second (values, where the hint
    /// says more than the one candidate does).
    public var hintFirst = false

    public init(
        start: Int, typed: String, candidates: [CompletionCandidate], hint: String? = nil, hintFirst: Bool = false
    ) {
        self.start = start
        self.typed = typed
        self.candidates = candidates
        self.hint = hint
        self.hintFirst = hintFirst
    }

    public var texts: [String] { candidates.map(\.text) }
}

/// What a TAB does with a completion.
public enum CompletionAction: Sendable, Equatable {
    /// Delete `replacing` scalars before the cursor, then insert `text`.
    case insert(String, replacing: Int)
    /// Show these lines under the line being typed, then redraw it.
    case list([String])
    /// Nothing to offer.
    case beep
}

extension Completion {
    /// A single match completes the word; several extend it to their longest common prefix,
    /// and list themselves (libedit style, in columns) when it cannot be extended. `repeated`
    /// is true for the second TAB in a row on the same line.
    public func action(repeated: Bool, width: Int = 80) -> CompletionAction {
        let typedCount = typed.unicodeScalars.count
        // A hint wider than the terminal wraps at its spaces, its later lines indented.
        func hintLines(_ hint: String) -> [String] { Columns.wrapLine(hint, width: max(20, width), hanging: 2) }
        if hintFirst, !repeated, let hint { return .list(hintLines(hint)) }
        if candidates.count == 1 {
            let only = candidates[0]
            if only.text == typed && !only.closes { return .beep }
            return .insert(only.text + (only.closes ? " " : ""), replacing: typedCount)
        }
        if candidates.isEmpty {
            return hint.map { .list(hintLines($0)) } ?? .beep
        }
        let common = commonPrefix(texts)
        if common.unicodeScalars.count > typedCount {
            return .insert(common, replacing: typedCount)
        }
        return .list((hint.map(hintLines) ?? []) + Completion.layout(candidates, width: width))
    }

    /// Candidates with details one a line; plain ones in columns, down then across, sorted.
    public static func layout(_ candidates: [CompletionCandidate], width: Int, limit: Int = 200) -> [String] {
        let shown = Array(candidates.prefix(limit))
        var lines: [String]
        if shown.allSatisfy({ $0.detail != nil }) {
            let column = (shown.map { $0.text.count }.max() ?? 0) + 2
            lines = shown.map {
                Columns.fit(
                    $0.text + String(repeating: " ", count: column - $0.text.count) + printable($0.detail!),
                    max(20, width))
            }
        } else {
            let names = shown.map { printable($0.text) }.sorted()
            let column = (names.map(\.count).max() ?? 0) + 2
            let columns = max(1, (max(width, 20) - 1) / column)
            let rows = (names.count + columns - 1) / columns
            lines = (0..<rows).map { row in
                var line = ""
                for col in 0..<columns {
                    let index = col * rows + row
                    guard index < names.count else { break }
                    let name = names[index]
                    line += name
                    if (col + 1) * rows + row < names.count {
                        line += String(repeating: " ", count: column - name.count)
                    }
                }
                return line
            }
        }
        if candidates.count > limit { lines.append("... and \(candidates.count - limit) more") }
        return lines
    }
}

func commonPrefix(_ texts: [String]) -> String {
    guard var prefix = texts.first.map({ Array($0.unicodeScalars) }) else { return "" }
    for text in texts.dropFirst() {
        let scalars = Array(text.unicodeScalars)
        var n = 0
        while n < prefix.count && n < scalars.count && prefix[n] == scalars[n] { n += 1 }
        prefix.removeSubrange(n...)
    }
    return String(String.UnicodeScalarView(prefix))
}

/// Context-aware completion, driven by the command table (each argument's and option's
/// `ArgKind`) and by the journal's contents. Pure: a line and a cursor in, candidates out, so
/// that the shell and the shell completion scripts share it.
public struct Completer {
    public let table: CommandTable
    let parser: Parser

    public init(table: CommandTable) {
        self.table = table
        parser = Parser(table: table)
    }

    /// Completes the word that ends at `cursor` (an offset in Unicode scalars).
    public func complete(_ line: String, cursor: Int, source: CompletionSource) -> Completion {
        let scalars = Array(line.unicodeScalars.prefix(max(0, cursor)))
        return complete(parser.partial(line, cursor: cursor), scalars: scalars, source: source)
    }

    /// Completes the word `parse` read at the cursor; `scalars` is the line up to the cursor,
    /// in which the parse's word starts are offsets.
    func complete(_ parse: PartialParse, scalars: [Unicode.Scalar], source: CompletionSource) -> Completion {
        let current = parse.word
        let typed = String(String.UnicodeScalarView(scalars[current.start...]))
        var result = Completion(start: current.start, typed: typed, candidates: [])

        switch parse.pending {
        case .command:
            result.candidates = commandCandidates(current.text)
            return result
        case .unknownCommand(let name):
            result.hint = table.unknownCommandMessage(name)
            return result
        default:
            break
        }
        guard let spec = parse.command else { return result }
        let today = source.today
        // An --on that does not read as a date yet counts for nothing while it is typed.
        let day =
            (try? Context.writeDay(on: parse.date, chosen: source.currentDay, today: today, order: source.dayOrder))
            ?? source.currentDay ?? today

        // The value of an option.
        if case .optionValue(let option) = parse.pending {
            complete(
                kind: option.kind ?? .word, help: option.help, parse: parse, day: day, source: source, into: &result)
            return result
        }
        // An option's name.
        if parse.mayBeOption {
            result.candidates = optionCandidates(spec, given: parse.given, prefix: current.text, dashedOnly: true)
            return result
        }
        // A positional argument.
        guard case .argument(let argument, let index) = parse.pending else {
            result.candidates = optionCandidates(spec, given: parse.given, prefix: current.text, dashedOnly: false)
            if result.candidates.isEmpty {
                result.hint = "\(spec.name) takes nothing more here; usage: \(spec.synopsis)"
            }
            return result
        }
        let arguments = spec.arguments
        if argument.kind == .range {
            // A range spans words, up to a word of the argument after it (`weekly`).
            var choices: [String] = []
            if index + 1 < arguments.count, case .choice(let words) = arguments[index + 1].kind { choices = words }
            let attribute = parse.attribute.flatMap { source.attribute(named: $0) }
            let rangeSoFar = parse.rangeWords.map(\.text).joined(separator: " ")
            if let attribute, !rangeSoFar.isEmpty, !choices.isEmpty,
                (try? GoalRange.parse(rangeSoFar, type: attribute.type, unit: attribute.unit)) != nil
            {
                // The range is whole: what may follow is the period.
                result.candidates = choices.filter { $0.hasPrefix(current.text.lowercased()) }.map {
                    CompletionCandidate($0)
                }
                result.hint = "\(arguments[index + 1].name): \(arguments[index + 1].help)"
                if !current.text.isEmpty || !result.candidates.isEmpty { return result }
            }
            // Complete the range from its first word.
            let start = parse.rangeWords.first?.start ?? current.start
            result.start = start
            result.typed = String(String.UnicodeScalarView(scalars[start...]))
            let suggestions = attribute.map { Goals.rangeSuggestions(for: $0, usual: source.usualValue(of: $0, on: day)) }
            result.candidates = rangeCandidates(suggestions, typed: result.typed)
            // The forms in the help are examples of every type; those of the attribute fit it.
            var help = argument.help
            if let attribute, help.hasPrefix(GoalRange.acceptedForms) {
                help = rangeExamples(Goals.exampleForms(for: attribute)) + help.dropFirst(GoalRange.acceptedForms.count)
            }
            let days = attribute.flatMap { source.usual(of: $0, on: day) }.map { Words.counted($0.days, day.longWeekday) }
            result.hint = suggestions?.usual.map { "RANGE, \($0) from \(days ?? ""): \(help)" } ?? "RANGE: \(help)"
            return result
        }
        if argument.kind == .text {
            if index > 0, arguments[index - 1].kind == .attributeOrMood {
                // `chart steps `: a second attribute or the mood, then the period.
                completeSecondOrPeriod(parse, argument: argument, source: source, into: &result)
            } else {
                completeText(scalars, current: current, argument: argument, source: source, into: &result)
            }
            return result
        }
        complete(
            kind: argument.kind, help: "\(argument.name): \(argument.help)", parse: parse, day: day, source: source,
            into: &result)
        if argument.optional, case .choice = argument.kind, index + 1 < arguments.count, !arguments[index + 1].optional {
            // `import [daylio|jrnl] FILE`: the word may be the argument after the choice too.
            var next = result
            complete(
                kind: arguments[index + 1].kind, help: "\(arguments[index + 1].name): \(arguments[index + 1].help)",
                parse: parse, day: day, source: source, into: &next)
            result.candidates += next.candidates
        }
        if index > 0, case .range = arguments[index - 1].kind {
            // The word that ends a range (`weekly`): what it is.
            result.hint = "\(argument.name): \(argument.help)"
        }
        // `track NAME unit U` changes a known attribute; a new one needs its TYPE first.
        let typeFirst = argument.kind == .valueType && parse.attribute.map { source.attribute(named: $0) == nil } ?? true
        if !spec.repeating, arguments[index...].allSatisfy(\.optional), !typeFirst {
            // Keyword options (track's `unit`, `group`) may come once the required words are in.
            result.candidates += optionCandidates(spec, given: parse.given, prefix: current.text, dashedOnly: false)
                .filter { !$0.text.hasPrefix("-") }
        }
        return result
    }
}
