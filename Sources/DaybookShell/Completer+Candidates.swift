import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

/// The candidates for each kind of word: arguments by their `ArgKind`, dates, values, ranges,
/// tags, commands, options and paths.
extension Completer {
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
        case .attribute, .attributeOrMood, .name:
            // The mood first, where it is one of the words: `chart mood`.
            result.candidates = words((kind == .attributeOrMood ? ["mood"] : []) + source.attributes.map(\.name))
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
            let escaped = (shownDirectory + name).replacingAll("\\", with: "\\\\").replacingAll(" ", with: "\\ ")
            candidates.append(CompletionCandidate(escaped + (isDirectory ? "/" : ""), closes: !isDirectory))
            if candidates.count >= 500 { break }
        }
        return candidates.sorted { $0.text < $1.text }
    }
}
