import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let help = CommandSpec(
        name: "help",
        aliases: ["?"],
        summary: "list the commands, or explain one",
        discussion: "Without COMMAND, lists every command. With it, explains that command, its arguments, options and examples.",
        arguments: [Argument("COMMAND", .command, optional: true, help: "a command's name")],
        examples: ["help", "help log"]
    ) { invocation, context in
        if let name = invocation.argument("COMMAND") {
            guard let command = context.table.command(named: name) else {
                throw CommandError(context.table.unknownCommandMessage(name))
            }
            context.show(HelpReport.command(command))
        } else {
            context.show(HelpReport.overview(context.table))
        }
        return .done
    }
}
