import DaybookCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What Ctrl-C interrupts while a command runs: the journal's running statement (`.none`:
/// nothing). A signal handler cannot capture context, so it reads this.
let interruptTarget = Atomic<Interrupter>(.none)

/// Set by Ctrl-C while a command runs, so that `source` stops at the next line; cleared
/// before each command the shell runs.
let interruptRequested = Atomic<Bool>(false)

/// Set when the terminal was resized while no line was being edited (libedit handles resizes
/// itself while it reads); the reader then tells libedit before the next line.
let resized = Atomic<Bool>(false)

/// Ctrl-C while a command runs (the terminal is cooked again then) interrupts the journal's
/// current statement, as sqlite3's own shell does: the command fails with "interrupted" and
/// nothing of it is written. The shell goes on. While a line is being edited, Ctrl-C is a key
/// (see `EditLineReader`), not a signal.
enum ShellSignals {
    /// Points Ctrl-C at `journal`'s statements, or at nothing while no journal is open.
    static func target(_ journal: Journal?) {
        interruptTarget.store(journal?.interrupter ?? .none, ordering: .relaxed)
    }

    static func install(journal: Journal) {
        target(journal)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            interruptRequested.store(true, ordering: .relaxed)
            interruptTarget.load(ordering: .relaxed).interrupt()
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)

        var winch = sigaction()
        winch.__sigaction_handler.sa_handler = { _ in resized.store(true, ordering: .relaxed) }
        winch.sa_flags = SA_RESTART
        sigemptyset(&winch.sa_mask)
        sigaction(SIGWINCH, &winch, nil)
    }

    /// True once Ctrl-C was pressed during the command that is running.
    static var interrupted: Bool { interruptRequested.load(ordering: .relaxed) }

    static func clearInterrupt() { interruptRequested.store(false, ordering: .relaxed) }
}
