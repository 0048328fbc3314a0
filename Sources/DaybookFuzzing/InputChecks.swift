import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookProbes
import DaybookShell
import DaybookViews

/// Everything that reads typed input (and the history file), fed with arbitrary bytes. The fuzz target
/// (`Fuzz/`, `make fuzz`) calls `check` with each input libFuzzer makes up; the regression test
/// replays the seed corpus and every input that ever crashed through it.
///
/// A broken invariant stops the process with `precondition`, which libFuzzer reports as a
/// crash, like any trap inside the parsers themselves.
public enum InputChecks {
    static let table = CommandTable.standard
    static let parser = Parser(table: table)
    static let today = Day(year: 2026, month: 11, day: 21)!

    public static func check(_ bytes: UnsafeRawBufferPointer) {
        // A history file of any content reads without trouble.
        _ = HistoryFile.parse(Array(bytes))
        let text = String(decoding: bytes, as: UTF8.self)
        checkText(text)
        // Each line on its own, the way a script reads them.
        if text.utf8.contains(10) {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(16) {
                checkText(String(line))
            }
        }
    }

    public static func check(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { check($0) }
    }

    static func checkText(_ text: String) {
        // What reaches a terminal never holds a control character.
        let shown = printable(text)
        precondition(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        // Nor a bidirectional control or zero-width character, but a joiner inside an emoji sequence.
        precondition(!shown.unicodeScalars.contains { isHiddenFormat($0) && $0 != "\u{200D}" })

        checkTags(text)
        checkPhrases(text)
        checkWord(text)
        checkRange(text)
        checkHistory(text)
        checkSearch(text)

        // The line being typed: the lenient tokenizer never fails, and agrees with the strict one.
        let lenient = Tokenizer.tokenize(lenient: text)
        let tokens: [Token]
        do {
            tokens = try Tokenizer.tokenize(text)
        } catch {
            _ = error.description
            precondition(lenient.openQuote != nil, "an error on a line with every quote closed")
            checkPartial(text, lenient: lenient, tokens: nil, roles: nil)
            return
        }
        precondition(lenient.openQuote == nil && lenient.tokens == tokens, "the lenient tokenizer reads otherwise")
        for token in tokens.prefix(16) {
            precondition(token.leading.unicodeScalars.allSatisfy { " \t\r\n".unicodeScalars.contains($0) })
            checkWord(token.text)
        }
        // Any word, double-quoted with its quotes and backslashes escaped, reads back as itself.
        let quoted = tokens.map { token -> String in
            var out = "\""
            for scalar in token.text.unicodeScalars {
                if scalar == "\"" || scalar == "\\" { out.unicodeScalars.append("\\") }
                out.unicodeScalars.append(scalar)
            }
            return out + "\""
        }
        let again = try? Tokenizer.tokenize(quoted.joined(separator: " "))
        precondition(again?.map(\.text) == tokens.map(\.text), "quoted words do not read back")
        precondition(again?.allSatisfy(\.quoted) == true, "a quoted word is not marked quoted")
        guard !tokens.isEmpty else {
            checkPartial(text, lenient: lenient, tokens: nil, roles: nil)
            return
        }
        do {
            let invocation = try parser.parse(tokens)
            precondition(table.command(named: invocation.command.name) != nil)
            // Arguments come from the line: the parser never makes text up. (A goal range, a
            // date and a value in `log` join the words they span.)
            let joins =
                invocation.command.repeating
                || invocation.command.arguments.contains { $0.kind == .range || $0.kind == .date }
            for word in invocation.positionals {
                precondition(
                    tokens.contains { $0.text == word }
                        || joins
                            && word.split(separator: " ").allSatisfy { part in
                                tokens.contains { $0.text.split(separator: " ").contains(part) }
                            })
            }
            precondition(invocation.roles.count == tokens.count, "a word without a role")
            checkPartial(text, lenient: lenient, tokens: tokens, roles: invocation.roles)
        } catch {
            _ = error.description
            checkPartial(text, lenient: lenient, tokens: nil, roles: nil)
        }
        // The same line as the program's own options and a command.
        let leading = parser.leadingOptions(tokens, from: table.globalOptions)
        precondition(leading.rest <= tokens.count && leading.roles.count == leading.rest, "a word read without a role")
        // The same words with a command in front, so that argument binding is reached too.
        for name in ["mood", "log", "track", "note"] {
            _ = try? parser.parse([Token(name)] + tokens)
        }
    }

    /// The partial parse, as completion runs it at a few cursors: it never fails and its word
    /// starts before the cursor. Where the full parse accepts the line (`roles`), the partial
    /// parse cut at the end of each word reads that word as the full parse does.
    static func checkPartial(_ text: String, lenient: TokenizedLine, tokens: [Token]?, roles: [WordRole]?) {
        let length = lenient.length
        for (cursor, leadingOptions) in [(length / 2, false), (length + 1, false), (length, true)] {
            let p = parser.partial(text, cursor: cursor, leadingOptions: leadingOptions)
            precondition(p.start >= 0 && p.start <= min(cursor, length), "the word starts after the cursor")
            precondition(p.rangeWords.allSatisfy { $0.start < p.start }, "a range word after the cursor")
            _ = p.kind
            _ = p.role
            _ = p.inText
        }
        guard let tokens, let roles else { return }
        for k in tokens.indices.prefix(8) {
            let end: Int
            if k + 1 < tokens.count {
                end = tokens[k + 1].start - tokens[k + 1].leading.unicodeScalars.count
            } else if lenient.endsInWord {
                end = length
            } else {
                continue
            }
            let p = parser.partial(text, cursor: end)
            precondition(p.role == roles[k], "word \(k) reads as \(String(describing: p.role)), not \(roles[k])")
            precondition(p.word.text == tokens[k].text && p.start == tokens[k].start, "word \(k) is cut otherwise")
            let q = parser.partial(words: tokens[..<k], current: tokens[k], following: Array(tokens[(k + 1)...]))
            precondition(q.role == roles[k] && q.date == p.date, "word \(k) reads otherwise already split")
        }
    }

    /// One word through every value, mood and date reader.
    static func checkWord(_ word: String) {
        for type in ValueType.allCases {
            guard let value = try? type.parse(word) else { continue }
            precondition(value.isFinite, "\(type) parsed a value that is not finite")
            let formatted = type.format(value)
            _ = type.json(value)
            // What is shown reads back as the value, to the precision shown.
            let again = try? type.parse(formatted)
            let shown = "\(type): \(value) shows as \(formatted), which reads back as \(String(describing: again))"
            switch type {
            case .count, .time, .yesno:
                precondition(again == value, shown)
            case .duration:
                precondition((0...1440).contains(value))
                precondition(again == value.rounded(), shown)
            case .percentage, .decimal:
                precondition(abs(value) <= largestValue)
                precondition(again.map { abs($0 - value) <= 0.00005 * max(1, abs(value) / 1e9) } == true, shown)
            }
        }
        if let rating = try? Mood.parse(word) {
            precondition((1...5).contains(rating))
        }
        if let day = try? Day.parse(word, today: today) {
            if (1...9999).contains(day.year) {
                precondition(Day.parseISO(day.iso) == day, "\(day.iso) does not read back")
            }
            _ = day.short
            _ = day.long
        }
        if let iso = Day.parseISO(word) {
            precondition(iso.iso == word, "\(word) reads as \(iso.iso)")
        }
        _ = isValidAttributeName(word)
        _ = ValueType.named(word)
        _ = Aggregation.named(word)
        _ = nearest(word, in: table.names)
        _ = table.command(named: word)
        _ = table.unknownCommandMessage(word)
    }

    /// The built-in attributes, as a new journal has them.
    static let catalogue: [Attribute] = [
        ("steps", ValueType.count, "steps"), ("distance", .decimal, "km"), ("exercise", .duration, ""),
        ("active_energy", .count, "kcal"), ("stand_hours", .count, "h"), ("sleep", .duration, ""),
        ("bedtime", .time, ""), ("wake_time", .time, ""), ("mindful", .duration, ""), ("heart_rate", .count, "bpm"),
        ("resting_hr", .count, "bpm"), ("weight", .decimal, "kg"), ("water", .count, "glasses"),
        ("coffee", .count, "cups"), ("productive", .duration, ""), ("mood_pct", .percentage, ""), ("alcohol", .yesno, ""),
    ].map { Attribute(name: $0.0, type: $0.1, aggregation: .sum, unit: $0.2, group: "other") }

    static let lexicon = Phrase.Lexicon(catalogue)

    /// Phrases, as `log` and the check-in read them: each value is one of the catalogue's,
    /// finite, and reads back as itself when shown; a date is the line's last words.
    static func checkPhrases(_ text: String) {
        let words = text.split(separator: " ").prefix(64).map(String.init)
        _ = Phrase.marks(words)
        if let (values, date) = try? Phrase.read(words, lexicon: lexicon, isDate: { (try? Day.parse($0, today: today)) != nil }) {
            precondition(!values.isEmpty, "phrases read as no value")
            for value in values { checkPhraseValue(value.value, value.attribute) }
            if let date {
                let lower = words.joined(separator: " ").lowercased()
                precondition(lower.hasSuffix(date) || lower.hasSuffix(date + "."), "the date \(date) is not the line's end")
            }
        }
        for attribute in catalogue {
            if let value = try? Phrase.answer(String(text.prefix(256)), for: attribute, lexicon: lexicon) {
                checkPhraseValue(value, attribute)
            }
        }
    }

    static func checkPhraseValue(_ value: Double, _ attribute: Attribute) {
        precondition(catalogue.contains(attribute), "a phrase value for \(attribute.name), not in the catalogue")
        precondition(value.isFinite, "a phrase value that is not finite")
        let again = try? attribute.type.parse(attribute.type.format(value))
        switch attribute.type {
        case .duration: precondition(again == value.rounded() && (0...1440).contains(value), "\(attribute.name) \(value)")
        case .decimal, .percentage: precondition(again.map { abs($0 - value) <= 0.00005 * max(1, abs(value) / 1e9) } == true)
        default: precondition(again == value, "\(attribute.name) \(value) reads back as \(String(describing: again))")
        }
    }

    /// A goal range, read by each value type: sane bounds, and what `goal` shows reads back as
    /// the same range, to the precision shown.
    static func checkRange(_ text: String) {
        for type in ValueType.allCases {
            let unit = type == .count ? "steps" : type == .decimal ? "kg" : ""
            guard let range = try? GoalRange.parse(text, type: type, unit: unit, name: "x") else { continue }
            precondition(range.min != nil || range.max != nil, "a range without bounds")
            for bound in [range.min, range.max] { precondition(bound.map { $0.isFinite } ?? true) }
            if let low = range.min, let high = range.max, !type.isCircular {
                precondition(low <= high, "\(type): a range from \(low) down to \(high)")
            }
            let attribute = Attribute(name: "x", type: type, aggregation: .sum, unit: unit, group: "other")
            let shown = range.format(attribute)
            let again = try? GoalRange.parse(shown, type: type, unit: unit, name: "x")
            let message = "\(type): \(range) shows as \(shown), which reads back as \(String(describing: again))"
            precondition(again != nil, message)
            func near(_ a: Double?, _ b: Double?) -> Bool {
                guard let a, let b else { return a == nil && b == nil }
                switch type {
                case .duration: return a == b.rounded()
                case .decimal, .percentage: return abs(a - b) <= 0.00005 * max(1, abs(b) / 1e9)
                default: return a == b
                }
            }
            if type != .yesno {
                precondition(near(again?.min, range.min) && near(again?.max, range.max), message)
            }
        }
    }

    /// History: any line is stored as one line and reads back as itself; what the privacy
    /// setting keeps of it is still a command line.
    static func checkHistory(_ text: String) {
        let encoded = HistoryFile.encode(text)
        precondition(!encoded.utf8.contains(10) && !encoded.utf8.contains(13), "a history entry spans lines")
        precondition(HistoryFile.decode(Array(encoded.utf8)) == text, "a history entry does not read back")
        if let kept = HistoryPrivacy.redact(text, table: table) {
            let words = try? Tokenizer.tokenize(kept)
            precondition(words?.first.map { table.command(named: $0.text) != nil } == true, "redacted: \(kept)")
        }
    }

    /// The journal's search index in memory, for `checkSearch`. The fuzz target runs on one thread.
    nonisolated(unsafe) static let searchIndex = try? SearchIndexProbe(
        texts: ["Wälked by the sea #outdoors", #"a "quoted" NEAR(x) OR *"#])

    /// Search text: words and tags as `search` reads them, and the FTS5 query made of the
    /// words, which SQLite must always take (typed text is never query syntax). Note ids read
    /// back as themselves.
    static func checkSearch(_ text: String) {
        let (words, tags) = SearchQuery.parse(text)
        for tag in tags { precondition(extractTags("#" + tag) == [tag], "search tag \(tag) is not a tag") }
        for word in words {
            precondition(!word.isEmpty && !word.unicodeScalars.contains { $0.value < 0x20 || $0 == " " }, "word \(word)")
        }
        if !words.isEmpty, let index = searchIndex {
            do {
                _ = try index.matches(SearchQuery.ftsQuery(words))
            } catch {
                preconditionFailure("search words \(words) made an FTS5 error: \(error)")
            }
        }
        if let id = NoteID.parse(text) {
            precondition(id.number > 0 && NoteID.parse(id.description) == id, "note id \(text) does not read back")
        }
    }

    static func checkTags(_ text: String) {
        let tags = extractTags(text)
        var seen = Set<String>()
        for tag in tags {
            precondition(!tag.isEmpty && !tag.hasSuffix("-"), "empty or dangling tag")
            precondition(tag == tag.lowercased(), "tag not lowercased")
            precondition(seen.insert(tag).inserted, "tag listed twice")
            precondition(!tag.unicodeScalars.contains { $0 == "#" || $0 == " " }, "tag holds # or a space")
        }
    }
}
