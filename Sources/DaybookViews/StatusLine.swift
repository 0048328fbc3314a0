import DaybookCore

/// One short line for a shell prompt or a status bar (`status`): today's check-in and the
/// daily goals still open, from a format of placeholders (`%checkin %goals`), with its colour
/// codes wrapped as a shell's prompt needs them.
public enum StatusLine {
    /// What a format may hold besides text, each written `%name`; `%%` is a percent sign.
    public enum Placeholder: String, Sendable, CaseIterable {
        /// `checked in` or `not checked in`: whether today has a mood.
        case checkin
        /// Today's mood, `4 good`; nothing without one.
        case mood
        /// Each daily goal still open, `steps 4,200/10,000` (a yes/no goal by its name alone);
        /// nothing when none is.
        case goals
        /// `streak 12`: days in a row with a check-in, up to today (or yesterday, while
        /// today has none yet); nothing without one.
        case streak

        /// What each says, for help, the manual page and docs.
        public var help: String {
            switch self {
            case .checkin: return "'checked in' or 'not checked in': whether today has a mood"
            case .mood: return "today's mood, '4 good'"
            case .goals: return "each daily goal not met yet, 'steps 4,200/10,000', a yes/no one by its name"
            case .streak: return "'streak 12', the days in a row with a mood up to today, or yesterday"
            }
        }
    }

    /// The shells whose prompts `--prompt` wraps colour codes for.
    public enum Prompt: String, Sendable, CaseIterable {
        case bash
        case zsh
        case fish

        public static let names = allCases.map(\.rawValue)
    }

    /// `%checkin, %mood, %goals, %streak, %%`: the placeholders a format accepts.
    public static let accepted = (Placeholder.allCases.map { "%" + $0.rawValue } + ["%%"]).joined(separator: ", ")

    /// What `status` prints without `--format`.
    public static let defaultFormat = "%checkin %goals"

    /// A format that cannot be read; `description` is the one line a person sees.
    public struct FormatError: Error, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// A format, read: text and placeholders in their order.
    public struct Format: Sendable, Equatable {
        enum Item: Sendable, Equatable {
            case text(String)
            case placeholder(Placeholder)
        }

        let items: [Item]

        /// Reads `text`: `%name` is a placeholder (its name is the letters after `%`), `%%` a
        /// percent sign, anything else itself. An unknown name, or a `%` followed by no
        /// letter, is refused, naming the placeholders accepted.
        public init(_ text: String) throws(FormatError) {
            var items: [Item] = []
            var literal = ""
            var scalars = text.unicodeScalars[...]
            while let scalar = scalars.popFirst() {
                guard scalar == "%" else {
                    literal.unicodeScalars.append(scalar)
                    continue
                }
                if scalars.first == "%" {
                    scalars.removeFirst()
                    literal += "%"
                    continue
                }
                let name = String(
                    String.UnicodeScalarView(scalars.prefix { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }))
                scalars.removeFirst(name.unicodeScalars.count)
                guard let placeholder = Placeholder(rawValue: name.lowercased()) else {
                    let shown =
                        name.isEmpty ? "a '%' with no name after it" : "unknown placeholder '%\(printable(name))'"
                    throw FormatError(description: "--format has \(shown); accepted: \(StatusLine.accepted)")
                }
                if !literal.isEmpty { items.append(.text(literal)) }
                literal = ""
                items.append(.placeholder(placeholder))
            }
            if !literal.isEmpty { items.append(.text(literal)) }
            self.items = items
        }

        /// True when the format shows the streak, which costs a read of its own.
        public var showsStreak: Bool { items.contains(.placeholder(.streak)) }
    }

    /// The line. Placeholders apart from each other only by blanks (`%checkin %goals`) are
    /// joined by the separator (` · `, ` | ` in ASCII), and one that shows nothing takes its
    /// blanks with it; other text shows as it is. Colour comes from `appearance`; `prompt`
    /// wraps it (`promptSafe`).
    public static func line(_ facts: StatusFacts, format: Format, appearance: Appearance, prompt: Prompt? = nil)
        -> String
    {
        var line = ""
        var shownInRun = false
        var gap = false
        for (index, item) in format.items.enumerated() {
            switch item {
            case .text(let text):
                if isBlankBetweenPlaceholders(format, index) {
                    gap = true
                } else {
                    line += prompt.map { escapeText(text, for: $0) } ?? text
                    shownInRun = false
                    gap = false
                }
            case .placeholder(let placeholder):
                let shown = expand(placeholder, facts, appearance: appearance, prompt: prompt)
                guard !shown.isEmpty else { continue }
                if gap && shownInRun { line += appearance.separator }
                line += shown
                shownInRun = true
                gap = false
            }
        }
        return prompt.map { promptSafe(line, for: $0) } ?? line
    }

    /// True when item `index` is blanks with a placeholder on either side.
    static func isBlankBetweenPlaceholders(_ format: Format, _ index: Int) -> Bool {
        guard index > 0, index + 1 < format.items.count, case .text(let text) = format.items[index],
            text.allSatisfy({ $0 == " " }), case .placeholder = format.items[index - 1],
            case .placeholder = format.items[index + 1]
        else { return false }
        return true
    }

    /// What one placeholder shows; empty when it has nothing to say.
    static func expand(_ placeholder: Placeholder, _ facts: StatusFacts, appearance: Appearance, prompt: Prompt?)
        -> String
    {
        let text = { (s: String) in prompt.map { escapeText(s, for: $0) } ?? s }
        switch placeholder {
        case .checkin:
            return facts.rating == nil ? appearance.warn("not checked in") : appearance.accent("checked in")
        case .mood:
            guard let rating = facts.rating else { return "" }
            return appearance.level(rating, mood: true, "\(rating) \(Mood.label(rating))")
        case .goals:
            return facts.openGoals.map { open in
                let type = open.attribute.type
                let name = appearance.group(open.attribute.group, text(printable(open.attribute.name)))
                // A yes/no goal is open until it is yes: its name says it all.
                if type == .yesno { return name }
                let value =
                    open.value.map { type.format($0, compact: true) }
                    ?? (open.attribute.aggregation == .sum ? type.format(0, compact: true) : appearance.dash)
                let target = open.goal.min.map { type.format($0, compact: true) } ?? ""
                return name + " " + text(value + "/" + target)
            }.joined(separator: appearance.separator)
        case .streak:
            guard let streak = facts.streak, streak > 0 else { return "" }
            return "streak " + ValueType.count.format(Double(streak))
        }
    }

    /// Text as the shell's prompt shows it as it is: zsh reads `%` as the start of an escape,
    /// so it is doubled. Bash reads a prompt's backslashes before its `$(...)` runs, and
    /// fish prints what its prompt function prints: neither needs anything.
    static func escapeText(_ text: String, for prompt: Prompt) -> String {
        prompt == .zsh ? text.replacingAll("%", with: "%%") : text
    }

    /// `line` with each escape sequence marked as taking no room, as `prompt`'s line editor
    /// needs to place the cursor: for bash, between the bytes 0x01 and 0x02 (what `\[` and
    /// `\]` become, and the only markers readline honours in the output of a `$(...)` in
    /// `PS1`); for zsh, between `%{` and `%}`; for fish, as it is.
    public static func promptSafe(_ line: String, for prompt: Prompt) -> String {
        let (open, close): (String, String)
        switch prompt {
        case .bash: (open, close) = ("\u{01}", "\u{02}")
        case .zsh: (open, close) = ("%{", "%}")
        case .fish: return line
        }
        var out = String.UnicodeScalarView()
        var scalars = line.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}" else {
                out.append(scalar)
                continue
            }
            // ESC [ parameters, up to the final byte (a letter).
            var sequence = String.UnicodeScalarView([scalar])
            while let next = scalars.popFirst() {
                sequence.append(next)
                if next != "[" && (("a"..."z").contains(next) || ("A"..."Z").contains(next)) { break }
            }
            out.append(contentsOf: open.unicodeScalars)
            out.append(contentsOf: sequence)
            out.append(contentsOf: close.unicodeScalars)
        }
        return String(out)
    }
}
