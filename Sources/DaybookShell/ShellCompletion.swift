import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

/// `daybook __complete -- WORDS…`, the hidden entry point behind the completion scripts in
/// Completions/ (not listed in help). WORDS are the words of the command line after `daybook`,
/// as the calling shell typed them (quotes and backslashes included); the last one is the word
/// being completed, possibly empty. The answer is the same as TAB's in the daybook shell: the
/// one parser's partial mode reads the words and the shell's `Completer` lists the candidates.
///
/// Output, on standard output, one candidate a line:
///
///     TEXT            or      TEXT<TAB>DETAIL
///
/// TEXT replaces the whole word being completed (what it holds before the completed part is
/// repeated), unquoted: the calling shell quotes it. A backslash, a tab, a line break and a
/// carriage return in it (a file's name may hold any) are written `\\`, `\t`, `\n` and `\r`,
/// so that a candidate is one line; the scripts read them back. DETAIL, when there is one, says what it is (a command's
/// summary, a date's day). A TEXT that ends with `/` (a folder) leaves the word open: no space
/// follows it. A candidate that spans words (a range: `at least 8000`) is offered one word at a
/// time.
///
/// The journal (`--journal PATH` among the words, else `DAYBOOK_JOURNAL` and the default path)
/// is opened to peek (`Journal(path:peek:)`) and only when candidates need it: never created,
/// nothing written beside it, a lock waited for a few milliseconds only. Without one (missing,
/// locked, not a regular file), commands, fixed words and the built-in attributes still
/// complete. Nothing goes to standard error, and the exit status is 0 whatever the words.
enum ShellCompletion {
    static func run(_ arguments: [String], out: Output) -> Int32 {
        var words = Array(arguments.dropFirst(2))
        if words.first == "--" { words.removeFirst() }
        if words.isEmpty { words = [""] }
        for line in lines(words, table: CommandTable.standard, environment: Environment()) { out.line(line) }
        return 0
    }

    /// The candidates for the last of `words`, in the output format above.
    static func lines(_ raw: [String], table: CommandTable, environment: Environment) -> [String] {
        // Each word without its quotes and escapes, at its offset in a line of the words
        // joined by spaces: the line the completer reads.
        var tokens: [Token] = []
        var openQuote: Unicode.Scalar? = nil
        var offset = 0
        for word in raw {
            let read = Tokenizer.tokenize(lenient: word)
            let text = read.tokens.map(\.text).joined(separator: " ")
            tokens.append(Token(text, quoted: read.tokens.contains(where: \.quoted), start: offset))
            openQuote = read.openQuote
            offset += text.unicodeScalars.count + 1
        }
        let current = tokens.removeLast()
        var scalars: [Unicode.Scalar] = []
        for (index, token) in (tokens + [current]).enumerated() {
            if index > 0 { scalars.append(" ") }
            scalars += token.text.unicodeScalars
        }

        let parser = Parser(table: table)
        let leading = parser.leadingOptions(tokens, from: table.globalOptions)
        var journalPath = environment.defaultJournalPath
        var demo = false
        var given = leading.given
        if leading.error == nil, !leading.roles.contains(.endOfOptions), leading.rest < tokens.count {
            given += parser.trailingOptions(Array(tokens[leading.rest...]), from: table.globalOptions).given
        }
        for (option, value) in given {
            if option.name == GlobalOptions.journal.name, let value { journalPath = value }
            if option.name == GlobalOptions.demo.name { demo = true }
        }
        let source = ReadOnlyJournal(path: demo ? nil : journalPath)
        let completer = Completer(table: table)
        let parse = parser.partial(words: tokens, current: current, openQuote: openQuote, leadingOptions: true)

        var completion: Completion
        if parse.command == nil, case .optionValue(let option) = parse.pending {
            // The value of one of the program's own options (`--journal PATH`, `--color WHEN`).
            completion = Completion(start: current.start, typed: current.text, candidates: [])
            completer.complete(
                kind: option.kind ?? .word, help: option.help, parse: parse, day: source.today, source: source,
                into: &completion)
        } else if parse.command == nil, parse.mayBeOption {
            completion = Completion(start: current.start, typed: current.text, candidates: [])
            completion.candidates = table.globalOptions.filter { $0.name.hasPrefix(current.text) }.map {
                CompletionCandidate($0.name, detail: $0.help)
            }
        } else {
            completion = completer.complete(parse, scalars: scalars, source: source)
            // After the command's own options, the program's, which may follow the command too.
            var awaitsValue = false
            if case .optionValue = parse.pending { awaitsValue = true }
            if parse.command != nil, parse.mayBeOption, !awaitsValue, current.text.hasPrefix("--") {
                completion.candidates += table.globalOptions.filter { $0.name.hasPrefix(current.text) }.map {
                    CompletionCandidate($0.name, detail: $0.help)
                }
            }
        }

        // Each candidate as a replacement of the whole current word.
        let lead = String(String.UnicodeScalarView(scalars[min(completion.start, current.start)..<max(completion.start, current.start)]))
        var seen: Set<String> = []
        var lines: [String] = []
        for candidate in completion.candidates {
            var text: Substring
            if completion.start >= current.start {
                text = Substring(lead + candidate.text)
            } else {
                // A candidate that starts in an earlier word: what is left of it.
                guard candidate.text.lowercased().hasPrefix(lead.lowercased()) else { continue }
                text = candidate.text.dropFirst(lead.count)
            }
            // A candidate of several words (a range) is offered up to the end of its next word;
            // a blank escaped with `\` (in a file's name) is part of its word.
            var escaped = false
            if let blank = text.indices.first(where: { index in
                defer { escaped = !escaped && text[index] == "\\" }
                return !escaped && text[index] == " "
                    && text.distance(from: text.startIndex, to: index) >= current.text.count
            }) {
                text = text[..<blank]
            }
            let word = escapedLineText(unescaped(text))
            guard !word.isEmpty, seen.insert(word).inserted else { continue }
            let detail = candidate.detail.map { $0.replacingAll("\t", with: " ").replacingAll("\n", with: " ") } ?? ""
            lines.append(detail.isEmpty ? word : word + "\t" + detail)
        }
        return lines
    }

    /// A candidate as the calling shell's word: each `\x` of the daybook shell's syntax (a
    /// file's name escapes its blanks and backslashes so) read as `x`.
    static func unescaped(_ text: Substring) -> String {
        var out = String.UnicodeScalarView()
        var escaped = false
        for scalar in text.unicodeScalars {
            if scalar == "\\" && !escaped {
                escaped = true
                continue
            }
            escaped = false
            out.append(scalar)
        }
        return String(out)
    }
}

/// The journal opened to peek, when completion first needs it; never created. A journal that
/// is missing or cannot be read at once completes as no journal: its attributes are then the
/// built-in ones, which every journal starts with.
final class ReadOnlyJournal: CompletionSource {
    let path: String?
    var opened = false
    var stored: Journal?

    init(path: String?) { self.path = path }

    var journal: Journal? {
        if !opened {
            opened = true
            Journal.planPageCache(kibibytes: Journal.oneShotPageCache)
            if let path { stored = try? Journal(path: path, create: false, peek: true) }
            stored?.limitPageCache(kibibytes: Journal.oneShotPageCache)
        }
        return stored
    }

    var attributes: [Attribute] { journal?.attributes ?? BuiltInAttributes.attributes }
    func attribute(named name: String) -> Attribute? {
        guard let journal else { return BuiltInAttributes.attributes.first { $0.name == name } }
        return journal.attribute(named: name)
    }
    func tags(prefix: String) -> [String] { (try? journal?.tags(prefix: prefix)) ?? [] }
    func usual(of attribute: Attribute, on day: Day) -> UsualValue? {
        (try? journal?.usual(of: attribute, on: day)) ?? nil
    }
    var today: Day { journal?.today() ?? LocalTime.now().day }
    var currentDay: Day? { nil }
    var dayOrder: DayOrder {
        (try? journal?.setting(SettingsCatalogue.dayOrder.name)).flatMap { $0.flatMap(SettingsCatalogue.dayOrder.normalize) }
            .flatMap(DayOrder.init(rawValue:)) ?? .dayMonth
    }
}
