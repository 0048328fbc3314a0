/// Help, as it reads: the list of commands, one command, and `daybook --help`. It knows nothing
/// of the command table: `HelpText` in the commands turns the table into these plain values.
public enum HelpView {
    /// A name and what it is: a command's usage and summary, an argument, an option.
    public struct Entry: Sendable, Equatable {
        public var name: String
        public var help: String

        public init(_ name: String, _ help: String) {
            self.name = name
            self.help = help
        }
    }

    /// Everything `help NAME` shows of one command.
    public struct Page: Sendable, Equatable {
        public var synopsis: String
        public var aliases: [String]
        public var discussion: String
        public var arguments: [Entry]
        public var options: [Entry]
        public var examples: [String]

        public init(
            synopsis: String, aliases: [String], discussion: String, arguments: [Entry], options: [Entry],
            examples: [String]
        ) {
            self.synopsis = synopsis
            self.aliases = aliases
            self.discussion = discussion
            self.arguments = arguments
            self.options = options
            self.examples = examples
        }
    }

    /// Prose wraps to 78 columns, or to two less than a narrower width.
    public static func textWidth(_ width: Int) -> Int { max(20, min(78, width - 2)) }

    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + "  " : s + String(repeating: " ", count: width - s.count)
    }

    /// Prose wrapped to `width` columns by the one wrap (`Columns.wrap`), each line starting
    /// with `indent`; no line for no text.
    static func prose(_ text: String, width: Int, indent: String = "") -> [String] {
        text.contains(where: { $0 != " " }) ? Columns.wrap(text, width: width, first: indent, indent: indent) : []
    }

    /// The list of commands (usage and summary), for `help`.
    public static func overview(_ commands: [Entry], dates: String, appearance: Appearance, width: Int) -> [String] {
        let column = (commands.map(\.name.count).max() ?? 0) + 3
        var lines = ["Commands:"]
        for command in commands {
            let line = "  " + pad(command.name, column) + command.help
            if Columns.width(line) <= width {
                lines.append(line)
            } else if (column + 2) * 2 <= width {
                // The summary wrapped in its own column.
                let indent = String(repeating: " ", count: column + 2)
                var wrapped = Columns.wrap(command.help, width: width - column - 2)
                wrapped = wrapped.map { Columns.fit($0, width - column - 2) }
                lines.append("  " + pad(command.name, column) + wrapped[0])
                lines += wrapped.dropFirst().map { indent + $0 }
            } else {
                // Too narrow for two columns: the summary under the usage.
                lines += Columns.wrap(command.name, width: width, first: "  ", indent: "    ")
                lines += Columns.wrap(command.help, width: width, first: "      ", indent: "      ")
            }
        }
        lines.append("")
        lines += prose(
            "Dates: \(dates). Commands that write take --on DATE anywhere on the line.", width: textWidth(width))
        lines.append("Type 'help COMMAND' for more about one command.")
        return lines.flatMap { Columns.wrapLine($0, width: width) }
    }

    /// Everything about one command, for `help NAME`.
    public static func command(_ page: Page, appearance: Appearance, width: Int) -> [String] {
        let text = textWidth(width)
        var lines = ["usage: " + page.synopsis]
        if !page.aliases.isEmpty { lines.append("aliases: " + page.aliases.joined(separator: ", ")) }
        lines.append("")
        lines += prose(page.discussion, width: text)
        let rows = page.arguments + page.options
        if !rows.isEmpty {
            let column = min(20, (rows.map(\.name.count).max() ?? 0) + 3)
            lines.append("")
            if !page.arguments.isEmpty {
                lines.append("Arguments:")
                for argument in page.arguments { lines += row(argument, column, text) }
            }
            if !page.options.isEmpty {
                lines.append("Options:")
                for option in page.options { lines += row(option, column, text) }
            }
        }
        if !page.examples.isEmpty {
            lines.append("")
            lines.append("Examples:")
            for example in page.examples { lines.append("  " + example) }
        }
        return lines.flatMap { Columns.wrapLine($0, width: width, hanging: $0.hasPrefix("usage: ") ? 7 : nil) }
    }

    static func row(_ entry: Entry, _ column: Int, _ text: Int) -> [String] {
        let indent = String(repeating: " ", count: column + 2)
        var wrapped = prose(entry.help, width: text, indent: indent)
        guard !wrapped.isEmpty else { return ["  " + entry.name] }
        if entry.name.count + 2 < column {
            wrapped[0] = "  " + pad(entry.name, column) + wrapped[0].dropFirst(indent.count)
            return wrapped
        }
        return ["  " + entry.name] + wrapped
    }

    /// `daybook --help`: the program's options (`-c, --command COMMAND`), then the commands.
    public static func program(
        version: String, options: [Entry], commands: [Entry], dates: String, appearance: Appearance, width: Int
    ) -> [String] {
        var lines = [
            "daybook \(version): a journal you keep in the terminal",
            "",
            "usage: daybook [OPTIONS]                 the shell (or a script, on a pipe)",
            "       daybook [OPTIONS] COMMAND ARGS... one command",
            "       daybook [OPTIONS] < SCRIPT        a script: one command a line",
            "",
            "Options:",
        ]
        let column = (options.map(\.name.count).max() ?? 0) + 3
        for option in options { lines += row(option, column, textWidth(width)) }
        lines.append("")
        lines += overview(commands, dates: dates, appearance: appearance, width: width)
        lines.append("")
        lines += prose(
            "Exit status: 0 when every command succeeded, 1 when a command failed, 64 for a usage error.",
            width: textWidth(width))
        return lines.flatMap { Columns.wrapLine($0, width: width) }
    }
}
