import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#endif

/// `daybook --demo`: a journal of its own in a temporary folder, filled with twelve weeks of
/// example data ending today (`Demo`), used in place of the real journal (which is never
/// opened) and removed on exit. The shell's history is not kept.
final class DemoJournal {
    /// The temporary folder and the journal in it.
    private(set) var temporary: TemporaryJournal? = nil
    var path: String? { temporary?.path }

    /// A demo for `--demo`; nil without it.
    init?(_ enabled: Bool) {
        guard enabled else { return nil }
    }

    /// Makes the journal and points `settings` at it. Returns nil when the demo is ready, or
    /// the exit status after saying on `err` why it is not.
    func start(_ settings: inout DaybookMain.Settings, err: Output) -> Int32? {
        if settings.journalPath != nil {
            err.line("daybook: --demo opens a journal of its own; leave out --journal")
            err.line("Try 'daybook --help' for the options and commands.")
            return DaybookMain.usageStatus
        }
        guard let temporary = TemporaryJournal(prefix: "daybook-demo-") else {
            let reason = String(cString: strerror(errno))
            err.line("daybook: cannot make a folder for the demo journal in \(printable(TemporaryFiles.folder)): \(reason)")
            return 1
        }
        self.temporary = temporary
        DemoJournal.removeOnSignal(temporary)
        // The shell keeps no history of the demo.
        setenv("DAYBOOK_HISTORY", "/dev/null", 1)
        do {
            let now = LocalTime.now()
            var clock = now
            let journal = try Journal(path: path!, session: "demo", clock: { clock })
            try Demo.fill(journal, now: now, setClock: { clock = $0 })
        } catch {
            err.line(errorLine("daybook: the demo journal could not be made: \(error)"))
            remove()
            return 1
        }
        settings.journalPath = path
        let notice =
            "daybook --demo: twelve weeks of example data in a temporary journal, thrown away on exit; your journal is not opened"
        // On a terminal, in lines of its width, wrapped at spaces.
        let facts = TerminalFacts.read(environment: Environment().values, colorFlag: nil, script: false, fd: 2)
        for line in facts.fitted(notice) { err.line(line) }
        err.flush()
        return nil
    }

    /// Removes the journal, its companion files and the folder.
    func remove() {
        temporary?.remove()
        temporary = nil
    }

    /// Paths the signal handler removes, set once before the handler is installed.
    nonisolated(unsafe) private static var signalPaths: [UnsafeMutablePointer<CChar>] = []

    /// On a hang-up, a terminate or an interrupt before the shell takes Ctrl-C over, the demo's
    /// files go too (unlink and rmdir are safe in a signal handler), then the signal does what it does.
    private static func removeOnSignal(_ temporary: TemporaryJournal) {
        signalPaths = (temporary.files + [temporary.folder]).map { strdup($0)! }
        for signal in [SIGHUP, SIGTERM, SIGINT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { number in
                let paths = DemoJournal.signalPaths
                for path in paths.dropLast() { unlink(path) }
                if let folder = paths.last { rmdir(folder) }
                Glibc.signal(number, SIG_DFL)
                raise(number)
            }
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }
}
