import DaybookCommandLine
import DaybookCore
import DaybookStore

/// Options shared by several commands. A handler asks for an option by the same value its
/// spec lists: `invocation.has(.json)`, `invocation.value(.on)`; a command's own options are
/// declared beside it, in its file, as more of these.
extension Option {
    public static let on = Option(
        "--on", value: "DATE", kind: .date, namesDay: true,
        help: "the day to write to: \(acceptedDateForms) (default: today, or the day chosen with 'day')")
    public static let json = Option("--json", help: "print JSON instead of text (a stable interface)")
    public static let force = Option(
        "--force", help: "write a value even when it is outside its attribute's plausible range (see 'help track')")
}

