import DaybookCommands
import DaybookCore
import DaybookShell

/// Everything that reads typed input, fed with arbitrary bytes. The fuzz target
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
        let text = String(decoding: bytes, as: UTF8.self)
        checkText(text)
        // Each line on its own, the way a script reads them.
        if text.utf8.contains(10) {
            for line in text.split(separator: "\n", omittingEmptySubsequences: false).prefix(64) {
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

        checkTags(text)
        checkWord(text)

        let tokens: [Token]
        do {
            tokens = try Tokenizer.tokenize(text)
        } catch {
            _ = error.description
            return
        }
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
        guard !tokens.isEmpty else { return }
        do {
            let invocation = try parser.parse(tokens)
            precondition(table.command(named: invocation.command.name) != nil)
            // Arguments come from the line: the parser never makes text up.
            for word in invocation.positionals { precondition(tokens.contains { $0.text == word }) }
        } catch {
            _ = error.description
        }
        // The same words with a command in front, so that argument binding is reached too.
        for name in ["mood", "log", "track", "note"] {
            _ = try? parser.parse([Token(name)] + tokens)
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
        // Goal ranges are read here too, once the range reader exists.
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
