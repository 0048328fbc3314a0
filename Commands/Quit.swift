import DaybookCommandLine
import DaybookViews
extension Commands {
    public static let quit = CommandSpec(
        name: "quit",
        aliases: ["exit"],
        summary: "leave the shell",
        discussion: "Leaves the shell, or ends a script. Everything is already saved. Ctrl-D does the same.",
        examples: ["quit"]
    ) { _, _ in .quit }
}
