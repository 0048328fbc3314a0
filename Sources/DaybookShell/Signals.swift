import CEditLine
import DaybookCore
import DaybookStore
import DaybookViews
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

/// When a script's first Ctrl-C came, in monotonic milliseconds; 0 before it.
let firstScriptInterrupt = Atomic<Int>(0)

/// Set when the terminal was resized while no line was being edited (libedit handles resizes
/// itself while it reads); the reader then tells libedit before the next line.
let resized = Atomic<Bool>(false)

/// Ctrl-C while a command runs (the terminal is cooked again then) interrupts the journal's
/// current statement, as sqlite3's own shell does: the command fails with "interrupted" and
/// nothing of it is written. The shell goes on. While a line is being edited, Ctrl-C is a key
/// (see `EditLineReader`), not a signal; a SIGINT sent from outside then drops the line, through
/// the reader's wake pipe, whenever it comes.
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
            ShellSignals.endEchoedLine()
            daybook_el_wake()
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        unblockInterrupt()

        var winch = sigaction()
        winch.__sigaction_handler.sa_handler = { _ in
            resized.store(true, ordering: .relaxed)
            daybook_el_note_resize()
        }
        winch.sa_flags = SA_RESTART
        sigemptyset(&winch.sa_mask)
        sigaction(SIGWINCH, &winch, nil)
    }

    /// In a script (`-f FILE`, or lines piped in), Ctrl-C stops it before its next line, as
    /// `source` stops in the shell: the lines before it ran whole, are committed and stay
    /// written, and one line says where it stopped (`Runner.runScript`). A second Ctrl-C
    /// ends daybook at once, for a line that takes long: its open batch is then rolled back,
    /// as after a crash, and nothing claims otherwise.
    /// (A signal sent twice at once, as `timeout` sends it to a program and to its group, is
    /// one Ctrl-C: the second must come at least half a second after the first.)
    static func installForScript() {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let ms = Int(now.tv_sec) * 1000 + Int(now.tv_nsec) / 1_000_000
            let first = firstScriptInterrupt.load(ordering: .relaxed)
            if first == 0 {
                firstScriptInterrupt.store(ms, ordering: .relaxed)
                interruptRequested.store(true, ordering: .relaxed)
                ShellSignals.endEchoedLine()
            } else if ms - first >= 500 {
                signal(SIGINT, SIG_DFL)
                raise(SIGINT)
            }
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        sigaction(SIGINT, &action, nil)
        unblockInterrupt()
    }

    /// Runs `body` with Ctrl-C setting `interrupted` instead of ending daybook, then puts the
    /// action before it back. For a one-shot command's long read, which checks `interrupted`.
    static func catchingInterrupt(_ body: () throws -> Void) throws {
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            interruptRequested.store(true, ordering: .relaxed)
            ShellSignals.endEchoedLine()
        }
        action.sa_flags = SA_RESTART
        sigemptyset(&action.sa_mask)
        var before = sigaction()
        sigaction(SIGINT, &action, &before)
        unblockInterrupt()
        defer { sigaction(SIGINT, &before, nil) }
        try body()
    }

    /// Ends the line after Ctrl-C, which a terminal echoes as `^C` where its cursor is, so
    /// that what daybook then says of the interruption starts a line of its own. Only when
    /// standard input is a terminal that echoes control characters and standard error a
    /// terminal too. For a signal handler: it calls only functions safe there.
    static func endEchoedLine() {
        var input = termios()
        var output = termios()
        let echoes = tcflag_t(ECHO | ECHOCTL)
        guard tcgetattr(0, &input) == 0, input.c_lflag & echoes == echoes, tcgetattr(2, &output) == 0 else { return }
        var newline: UInt8 = 10
        _ = write(2, &newline, 1)
    }

    /// A program may start daybook with SIGINT blocked (a blocked signal is inherited: a test
    /// runner's threads block it, for one); Ctrl-C would then wait, unseen, until daybook
    /// ended. With its handler in place, daybook takes it.
    static func unblockInterrupt() {
        var set = sigset_t()
        sigemptyset(&set)
        sigaddset(&set, SIGINT)
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// True once Ctrl-C was pressed during the command that is running.
    static var interrupted: Bool { interruptRequested.load(ordering: .relaxed) }

    static func clearInterrupt() { interruptRequested.store(false, ordering: .relaxed) }
}
