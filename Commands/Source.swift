import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let source = CommandSpec(
        name: "source",
        aliases: ["."],
        summary: "run the commands in a file",
        discussion: """
            Runs FILE as a script: one command a line, blank lines and lines starting with # \
            skipped. Writes confirm nothing, and errors name the file and line; in the shell, \
            one line at the end says how many lines ran and how many failed. Scripts may \
            source other scripts, up to 16 deep.
            """,
        arguments: [Argument("FILE", .path, help: "a file of daybook commands")],
        examples: ["source Examples/first-week.daybook"]
    ) { invocation, context in
        // The file's lines run as a script: an `undo` there reverts at once.
        context.lineBeforeFailed = false
        return .source(invocation.argument("FILE") ?? "")
    }
}
