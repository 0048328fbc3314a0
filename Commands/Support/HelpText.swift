import DaybookCore

/// Help, rendered from the command table.
public enum HelpText {
    static func pad(_ s: String, _ width: Int) -> String {
        s.count >= width ? s + "  " : s + String(repeating: " ", count: width - s.count)
    }

    /// Wraps words to lines of at most `width` characters, each starting with `indent`.
    public static func wrap(_ text: String, width: Int = 78, indent: String = "") -> [String] {
        var lines: [String] = []
        var line = indent
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            if line.count > indent.count && line.count + 1 + word.count > width {
                lines.append(line)
                line = indent
            }
            line += (line.count > indent.count ? " " : "") + word
        }
        if line.count > indent.count { lines.append(line) }
        return lines
    }

    /// The list of commands, for `help`.
    public static func overview(_ table: CommandTable) -> String {
        let width = (table.commands.map(\.usage.count).max() ?? 0) + 3
        var lines = ["Commands:"]
        for command in table.commands {
            lines.append("  " + pad(command.usage, width) + command.summary)
        }
        lines.append("")
        lines += wrap("Dates: \(acceptedDateForms). Commands that write take --on DATE anywhere on the line.")
        lines.append("Type 'help COMMAND' for more about one command.")
        return lines.joined(separator: "\n")
    }

    /// Everything about one command, for `help NAME`.
    public static func command(_ command: CommandSpec) -> String {
        var lines = ["usage: " + command.synopsis]
        if !command.aliases.isEmpty { lines.append("aliases: " + command.aliases.joined(separator: ", ")) }
        lines.append("")
        lines += wrap(command.discussion)
        let rows: [(String, String)] =
            command.arguments.map { ($0.name, $0.help) } + command.options.map { ($0.synopsis, $0.help) }
        if !rows.isEmpty {
            let width = min(20, (rows.map(\.0.count).max() ?? 0) + 3)
            lines.append("")
            if !command.arguments.isEmpty {
                lines.append("Arguments:")
                for argument in command.arguments { lines += row(argument.name, argument.help, width) }
            }
            if !command.options.isEmpty {
                lines.append("Options:")
                for option in command.options { lines += row(option.synopsis, option.help, width) }
            }
        }
        if !command.examples.isEmpty {
            lines.append("")
            lines.append("Examples:")
            for example in command.examples { lines.append("  " + example) }
        }
        return lines.joined(separator: "\n")
    }

    static func row(_ name: String, _ help: String, _ width: Int) -> [String] {
        let indent = String(repeating: " ", count: width + 2)
        var wrapped = wrap(help, indent: indent)
        guard !wrapped.isEmpty else { return ["  " + name] }
        if name.count + 2 < width {
            wrapped[0] = "  " + pad(name, width) + wrapped[0].dropFirst(indent.count)
            return wrapped
        }
        return ["  " + name] + wrapped
    }

    /// `daybook --help`.
    public static func program(_ table: CommandTable) -> String {
        var lines = [
            "daybook \(daybookVersion): a journal you keep in the terminal",
            "",
            "usage: daybook [OPTIONS]                 the shell (or a script, on a pipe)",
            "       daybook [OPTIONS] COMMAND ARGS... one command",
            "       daybook [OPTIONS] < SCRIPT        a script: one command a line",
            "",
            "Options:",
        ]
        let width = (table.globalOptions.map { optionName($0).count }.max() ?? 0) + 3
        for option in table.globalOptions { lines += row(optionName(option), option.help, width) }
        lines.append("")
        lines.append(overview(table))
        lines.append("")
        lines += wrap(
            "Exit status: 0 when every command succeeded, 1 when a command failed, 64 for a usage error.")
        return lines.joined(separator: "\n")
    }

    static func optionName(_ option: Option) -> String {
        (option.short.map { $0 + ", " } ?? "") + option.synopsis
    }
}
