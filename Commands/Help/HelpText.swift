import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

/// Help from the command table: the table's commands and options as `HelpView` reads them.
public enum HelpText {
    /// The list of commands, for `help`.
    public static func overview(_ table: CommandTable, appearance: Appearance = .plain, width: Int = 80) -> String {
        HelpView.overview(entries(table), dates: acceptedDateForms, appearance: appearance, width: width)
            .joined(separator: "\n")
    }

    /// Everything about one command, for `help NAME`.
    public static func command(_ command: CommandSpec, appearance: Appearance = .plain, width: Int = 80) -> String {
        HelpView.command(page(command), appearance: appearance, width: width).joined(separator: "\n")
    }

    /// `daybook --help`.
    public static func program(_ table: CommandTable, appearance: Appearance = .plain, width: Int = 80) -> String {
        HelpView.program(
            version: daybookVersion, options: table.globalOptions.map { HelpView.Entry(optionName($0), $0.help) },
            commands: entries(table), dates: acceptedDateForms, appearance: appearance, width: width
        ).joined(separator: "\n")
    }

    static func entries(_ table: CommandTable) -> [HelpView.Entry] {
        table.commands.map { HelpView.Entry($0.usage, $0.summary) }
    }

    static func page(_ command: CommandSpec) -> HelpView.Page {
        HelpView.Page(
            synopsis: command.synopsis, aliases: command.aliases, discussion: command.discussion,
            arguments: command.arguments.map { HelpView.Entry($0.name, $0.help) },
            options: command.options.map { HelpView.Entry($0.synopsis, $0.help) }, examples: command.examples)
    }

    static func optionName(_ option: Option) -> String {
        (option.short.map { $0 + ", " } ?? "") + option.synopsis
    }
}
