import DaybookCommands
import DaybookCore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

/// What completion reads from the journal. `JournalCompletionSource` reads a real journal;
/// `NoJournal` stands in when there is none, so that commands still complete.
public protocol CompletionSource {
    var attributes: [Attribute] { get }
    func attribute(named name: String) -> Attribute?
    /// Tags used in the journal that start with `prefix` (no `#`), most used first.
    func tags(prefix: String) -> [String]
    /// The person's usual value of `attribute` on `day`'s weekday and the days it rests on
    /// (`Journal.usual`), nil without a journal.
    func usual(of attribute: Attribute, on day: Day) -> UsualValue?
    var today: Day { get }
    /// The day writes go to when the line does not say (`day` in the shell), nil for today.
    var currentDay: Day? { get }
    /// How dates like `21/11` read: the `day-order` setting.
    var dayOrder: DayOrder { get }
}

extension CompletionSource {
    public var dayOrder: DayOrder { .dayMonth }

    /// The usual value of `attribute` on `day`'s weekday, if there is one.
    func usualValue(of attribute: Attribute, on day: Day) -> Double? { usual(of: attribute, on: day)?.value }
}

/// The journal behind a shell's context, opened only when completion first needs it.
public struct JournalCompletionSource: CompletionSource {
    let context: Context

    public init(context: Context) { self.context = context }

    var journal: Journal? { try? context.journal }

    public var attributes: [Attribute] { journal?.attributes ?? [] }
    public func attribute(named name: String) -> Attribute? { journal?.attribute(named: name) }
    public func tags(prefix: String) -> [String] { (try? journal?.tags(prefix: prefix)) ?? [] }
    public func usual(of attribute: Attribute, on day: Day) -> UsualValue? {
        (try? journal?.usual(of: attribute, on: day)) ?? nil
    }
    public var today: Day { journal?.today() ?? LocalTime.now().day }
    public var currentDay: Day? { context.currentDay }
    public var dayOrder: DayOrder { context.dayOrder }
}

/// No journal: commands, options and fixed words still complete.
public struct NoJournal: CompletionSource {
    public init() {}
    public var attributes: [Attribute] { [] }
    public func attribute(named name: String) -> Attribute? { nil }
    public func tags(prefix: String) -> [String] { [] }
    public func usual(of attribute: Attribute, on day: Day) -> UsualValue? { nil }
    public var today: Day { LocalTime.now().day }
    public var currentDay: Day? { nil }
}

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
            completeText(scalars, current: current, argument: argument, source: source, into: &result)
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

    // MARK: Candidates by kind

    func complete(
        kind: ArgKind, help: String, parse: PartialParse, day: Day, source: CompletionSource,
        into result: inout Completion
    ) {
        let word = parse.word
        let prefix = word.text.lowercased()
        func words(_ list: [String], details: [String]? = nil) -> [CompletionCandidate] {
            list.enumerated().filter { $0.element.lowercased().hasPrefix(prefix) }
                .map { CompletionCandidate($0.element, detail: details?[$0.offset]) }
        }
        switch kind {
        case .command:
            result.candidates = commandCandidates(word.text)
        case .attribute, .name:
            result.candidates = words(source.attributes.map(\.name))
            if kind == .name || result.candidates.isEmpty { result.hint = help }
        case .rating:
            if prefix.isEmpty || prefix.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
                result.candidates = words((1...5).map(String.init), details: Mood.labels)
            } else {
                result.candidates = words(Mood.labels)
            }
        case .date:
            let today = source.today
            if !parse.dateWords.isEmpty {
                completeDate(after: parse.dateWords, typed: prefix, today: today, order: source.dayOrder, into: &result)
                return
            }
            let list = Day.dateWords
            result.candidates = words(
                list,
                details: list.map {
                    $0 == "last"
                        ? "last monday: " + ((try? Day.parse("last monday", today: today))?.short ?? "")
                        : (try? Day.parse($0, today: today))?.short ?? ""
                })
        case .valueType:
            let types = ValueType.allCases
            result.candidates = words(types.map(\.rawValue), details: types.map { "e.g. \($0.shortExample)" })
        case .aggregation:
            result.candidates = words(Aggregation.allCases.map(\.rawValue))
        case .choice(let list):
            result.candidates = words(list)
        case .setting:
            let all = SettingsCatalogue.all
            result.candidates = words(all.map(\.name), details: all.map(\.summary))
        case .value:
            completeValue(parse, day: day, source: source, into: &result)
        case .range:
            result.candidates = []
            result.hint = help
        case .path:
            result.candidates = pathCandidates(word.text)
        case .text:
            result.hint = help
        case .word:
            result.hint = help
        }
    }

    /// The next word of a date begun before the cursor, each with the day it makes: weekdays
    /// after `last`, `days`/`weeks` and months after a number, `ago` after `3 days`.
    func completeDate(
        after before: [String], typed prefix: String, today: Day, order: DayOrder, into result: inout Completion
    ) {
        let lower = before.map { $0.lowercased() }
        let phrase = before.joined(separator: " ")
        var next: [String] = []
        var ending = ""  // what the phrase still needs after the candidate, to name its day
        switch lower.count {
        case 1 where lower[0] == "last":
            next = Day.weekdayNames
        case 1 where lower[0] == "the":
            (next, ending) = (["day"], " before yesterday")
        case 1 where lower[0] == "day", 2 where lower == ["the", "day"]:
            (next, ending) = (["before"], " yesterday")
        case 2 where lower == ["day", "before"], 3 where lower == ["the", "day", "before"]:
            next = ["yesterday"]
        case 1 where lower[0] == "a" || lower[0] == "an":
            (next, ending) = (["day", "week"], " ago")
        case 1 where lower[0].unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }):
            next = Int(lower[0]) == 1 ? ["day", "week"] : ["days", "weeks"]
            ending = " ago"
            if let n = Int(lower[0]), (1...31).contains(n), lower[0].count <= 2 {
                // `21 nov`: a day of the month, then its month.
                next += Day.monthNames.map { String($0.prefix(3)).lowercased() }
            }
        case 2 where Day.needsMore(lower):
            next = ["ago"]
        default:
            // A month (`nov`) wants a day of the month: too many to list.
            result.hint = "DATE: a day of the month after '\(printable(phrase))', like \(printable(phrase)) 21"
            return
        }
        result.candidates = next.filter { $0.hasPrefix(prefix) }.map { word in
            let isUnit = ["day", "days", "week", "weeks", "before"].contains(word)
            let whole = phrase + " " + word + (isUnit ? ending : "")
            let day = (try? Day.parse(whole, today: today, order: order))?.short
            return CompletionCandidate(word, detail: day.map { isUnit && !ending.isEmpty ? "\(whole): \($0)" : $0 } ?? "")
        }
        if result.candidates.isEmpty {
            result.hint = "DATE: '\(printable(phrase))' goes on with " + next.prefix(3).joined(separator: ", ") + "..."
        }
    }

    /// After an attribute: its unit, an example and the usual value (offered as the
    /// candidate). After a setting's name: the setting's values.
    func completeValue(_ parse: PartialParse, day: Day, source: CompletionSource, into result: inout Completion) {
        let prefix = parse.word.text.lowercased()
        if let name = parse.setting {
            guard let setting = SettingsCatalogue.named(name) else {
                result.hint =
                    "unknown setting '\(printable(name))'; settings: "
                    + SettingsCatalogue.all.map(\.name).joined(separator: ", ")
                return
            }
            result.candidates = setting.choices.filter { $0.hasPrefix(prefix) }.map { CompletionCandidate($0) }
            result.hint = "\(setting.name): \(setting.accepted) (default \(setting.defaultValue))"
        } else if let name = parse.attribute {
            guard let attribute = source.attribute(named: name) else {
                if parse.command?.name == Commands.log.name, Phrase.startsValue(name.lowercased()) {
                    // A phrase (`log 3 coff`): after a value, what it is of.
                    // Only those of attributes the value fits: `3` a count, not a duration.
                    let words = Phrase.Lexicon(source.attributes).placingWords(startingWith: prefix).filter {
                        (try? source.attribute(named: $0.attribute)?.parse(name)) != nil
                    }
                    result.candidates = words.map {
                        CompletionCandidate($0.word, detail: $0.word == $0.attribute ? nil : $0.attribute)
                    }
                    result.hint = "what \(printable(name)) is of: an attribute's name, its plural or its unit (3 coffees, 2 cups of coffee)"
                    return
                }
                result.hint = "unknown attribute '\(printable(name))'"
                return
            }
            result.hint = valueHint(attribute, day: day, source: source)
            result.hintFirst = true
            var offers: [String] = []
            if let usual = source.usualValue(of: attribute, on: day) { offers.append(attribute.type.typed(usual)) }
            if attribute.type == .yesno { offers += ["yes", "no"].filter { !offers.contains($0) } }
            result.candidates = offers.filter { $0.lowercased().hasPrefix(prefix) }.map { CompletionCandidate($0) }
        }
    }

    /// `steps: a count, e.g. 8200, 8,200 or 8.2k; usually 8,400 steps, from 3 Saturdays (TAB
    /// again to fill it in)`; `water: a count, in glasses, e.g. 8`.
    func valueHint(_ attribute: Attribute, day: Day, source: CompletionSource) -> String {
        var hint = "\(attribute.name): \(attribute.type.noun)"
        if !attribute.unit.isEmpty && attribute.unit != attribute.name { hint += ", in \(attribute.unit)" }
        hint += ", e.g. \(attribute.typedExamples)"
        if let found = source.usual(of: attribute, on: day), let usual = found.value {
            let days = Words.counted(found.days, day.longWeekday)
            hint += "; usually \(attribute.formatWithUnit(usual)), from \(days) (TAB again to fill it in)"
        }
        return hint
    }

    /// Goal ranges, from `Goals.rangeSuggestions` (pre-filled from the usual value when there
    /// is one), each also in words: `>= 8400` and `at least 8400`, `7h..9h` and `between 7h and 9h`.
    func rangeCandidates(_ suggestions: RangeSuggestions?, typed: String) -> [CompletionCandidate] {
        guard let suggestions else { return [] }
        var forms: [(String, String)] = suggestions.forms.map { ($0, "") }
        for form in suggestions.forms {
            if let words = inWords(form) { forms.append((words, "")) }
        }
        let lower = typed.lowercased()
        return forms.filter { $0.0.lowercased().hasPrefix(lower) }.map { CompletionCandidate($0.0, detail: $0.1) }
    }

    /// A range form in words: `at least 8400` for `>= 8400`, `at most 2` for `<= 2`,
    /// `between 7h and 9h` for `7h..9h`; nil for a form that has none (`yes`).
    func inWords(_ form: String) -> String? {
        if form.hasPrefix(">= ") { return "at least " + form.dropFirst(3) }
        if form.hasPrefix("<= ") { return "at most " + form.dropFirst(3) }
        if let dots = form.firstRange(of: "..") { return "between \(form[..<dots.lowerBound]) and \(form[dots.upperBound...])" }
        return nil
    }

    /// Range forms as examples for a hint, each followed by its words:
    /// `22:00..23:30, between 22:00 and 23:30, <= 23:30 or at most 23:30`.
    func rangeExamples(_ forms: [String]) -> String {
        alternatives(forms.flatMap { form in [form] + (inWords(form).map { [$0] } ?? []) })
    }

    /// Inside a note: `#tags` already used in the journal, and options (`--on`).
    func completeText(
        _ scalars: [Unicode.Scalar], current: Token, argument: Argument, source: CompletionSource,
        into result: inout Completion
    ) {
        if completeTag(scalars, from: current.start, source: source, into: &result) { return }
        result.hint = "\(argument.name): \(argument.help)"
    }

    /// Completes a `#tag` in an answer of free text (the check-in's note and mood questions):
    /// the whole line is text, and only tags complete.
    public func completeFreeText(_ line: String, cursor: Int, source: CompletionSource) -> Completion {
        let scalars = Array(line.unicodeScalars.prefix(max(0, cursor)))
        var result = Completion(start: scalars.count, typed: "", candidates: [])
        _ = completeTag(scalars, from: 0, source: source, into: &result)
        return result
    }

    /// The `#tag` being typed at the end of `scalars`, after `lowest`: the fragment after the
    /// last blank or quote, so that a tag completes inside a quoted note too. False when the
    /// fragment is not a tag.
    func completeTag(
        _ scalars: [Unicode.Scalar], from lowest: Int, source: CompletionSource, into result: inout Completion
    ) -> Bool {
        var start = scalars.count
        while start > lowest {
            let s = scalars[start - 1]
            if s == " " || s == "\t" || s == "\n" || s == "\"" || s == "'" { break }
            start -= 1
        }
        let fragment = String(String.UnicodeScalarView(scalars[start...]))
        result.start = start
        result.typed = fragment
        guard fragment.hasPrefix("#") else { return false }
        let prefix = String(fragment.dropFirst())
        result.candidates = source.tags(prefix: prefix).map { CompletionCandidate("#" + $0) }
        if result.candidates.isEmpty { result.hint = "no tags in the journal start with #\(printable(prefix))" }
        return true
    }

    func commandCandidates(_ typed: String) -> [CompletionCandidate] {
        let prefix = typed.lowercased()
        var candidates = table.commands.filter { $0.name.hasPrefix(prefix) }.map {
            CompletionCandidate($0.name, detail: $0.summary)
        }
        if !prefix.isEmpty {
            for command in table.commands {
                for alias in command.aliases
                where alias.hasPrefix(prefix) && alias.unicodeScalars.allSatisfy(\.properties.isAlphabetic) {
                    candidates.append(CompletionCandidate(alias, detail: command.summary))
                }
            }
        }
        return candidates
    }

    func optionCandidates(_ spec: CommandSpec, given: Set<String>, prefix: String, dashedOnly: Bool)
        -> [CompletionCandidate]
    {
        spec.options.filter { option in
            (option.repeatable || !given.contains(option.name)) && option.name.hasPrefix(prefix)
                && (!dashedOnly || option.name.hasPrefix("-"))
        }.map { CompletionCandidate($0.name, detail: $0.help) }
    }

    /// Files and folders, for `source`. Folders end with `/` and leave the word open.
    func pathCandidates(_ typed: String) -> [CompletionCandidate] {
        var directory = "."
        var prefix = typed
        var shownDirectory = ""
        if let slash = typed.lastIndex(of: "/") {
            shownDirectory = String(typed[...slash])
            directory = shownDirectory
            prefix = String(typed[typed.index(after: slash)...])
        }
        if directory.hasPrefix("~/"), let home = getenv("HOME") {
            directory = String(cString: home) + directory.dropFirst()
        }
        guard let dir = opendir(directory) else { return [] }
        defer { closedir(dir) }
        var candidates: [CompletionCandidate] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name == "." || name == ".." || !name.hasPrefix(prefix) { continue }
            if name.hasPrefix(".") && !prefix.hasPrefix(".") { continue }
            var info = stat()
            let isDirectory = stat(directory + "/" + name, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
            let escaped = (shownDirectory + name).replacing("\\", with: "\\\\").replacing(" ", with: "\\ ")
            candidates.append(CompletionCandidate(escaped + (isDirectory ? "/" : ""), closes: !isDirectory))
            if candidates.count >= 500 { break }
        }
        return candidates.sorted { $0.text < $1.text }
    }
}
