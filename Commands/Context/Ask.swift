import DaybookViews
/// What asking a question gave.
public enum Answer: Sendable, Equatable {
    /// The line typed, without its newline (empty when Enter alone was pressed).
    case text(String)
    /// Ctrl-C: the person wants to stop.
    case cancelled
    /// End of input: Ctrl-D, or the terminal went away.
    case ended
}

/// Shows `prompt` and reads one answer. Set on `Context.ask` by the shell (and for commands
/// run from a terminal), so that a command like `checkin` can hold a conversation.
public typealias Asker = (_ prompt: String) -> Answer
