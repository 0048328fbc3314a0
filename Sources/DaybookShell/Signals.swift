import CSQLite
import DaybookCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The SQLite connection that Ctrl-C interrupts while a command runs, as a bit pattern (0: none).
/// A signal handler cannot capture context, so it reads this.
let interruptTarget = Atomic<Int>(0)

/// Ctrl-C while a command runs (the terminal is cooked again then) interrupts the journal's
/// current statement, as sqlite3's own shell does: the command fails with "interrupted" and
/// nothing of it is written. The shell goes on. While a line is being edited, Ctrl-C is a key
/// (see `EditLineReader`), not a signal.
enum ShellSignals {
    static func install(journal: Journal) {
        interruptTarget.store(Int(bitPattern: UnsafeRawPointer(journal.database.handle)), ordering: .relaxed)
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            let target = interruptTarget.load(ordering: .relaxed)
            if target != 0, let handle = OpaquePointer(bitPattern: target) { sqlite3_interrupt(handle) }
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
    }
}
