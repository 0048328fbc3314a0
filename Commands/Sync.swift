import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let sync = CommandSpec(
        name: "sync",
        summary: "share the journal through a synced folder",
        discussion: """
            Writes the changes made here since the last sync as a file of this device's own \
            folder in FOLDER, then applies the files of the other devices there that it has \
            not applied yet, and says what it did. FOLDER is any folder a file-sync tool \
            (Syncthing, Nextcloud, Dropbox, a git repository, a USB stick) copies between \
            machines; without it, the sync-folder setting. Values logged on two devices \
            are all kept; the same mood, note, goal, setting or attribute changed on two \
            devices is a conflict: the later change is kept, the other stays in the history, \
            and sync says so. A file that is cut off, changed or a sync tool's conflicted copy \
            is never read. --dry-run says what would be sent and applied, and writes nothing. \
            Undo reverts changes made here, never a sync. --new-device gives a journal file \
            copied from another machine its own device id first. --setup makes a key on the \
            first machine and prints a join code: from then on every file written to the \
            folder is encrypted and authenticated, and the folder takes no plain file. \
            --join reads that code on each other machine (without echo on a terminal, or \
            from standard input: pass show daybook | daybook sync --join), and --new-key \
            replaces the key (a lost laptop): each device then joins with the new code. The \
            key is kept in $XDG_CONFIG_HOME/daybook/sync-keys, never in the journal or the \
            folder. See docs/sync.md.
            """,
        arguments: [
            Argument("FOLDER", .path, optional: true, help: "the shared folder (default: the sync-folder setting)")
        ],
        options: [.syncDryRun, .syncNewDevice, .syncSetup, .syncJoin, .syncNewKey],
        examples: ["sync ~/Sync/daybook", "sync", "sync --dry-run", "sync --setup ~/Sync/daybook", "sync --join"],
        writes: true
    ) { invocation, context in
        var folder = invocation.argument("FOLDER").map(Paths.expandingHome)
        if folder == nil {
            let setting = context.setting(SettingsCatalogue.syncFolder)
            if setting != "none" { folder = setting }
        }
        guard let folder else {
            throw CommandError(
                "sync needs a folder: give one (sync ~/Sync/daybook), or set it once with set sync-folder FOLDER")
        }
        let asked = [invocation.has(.syncSetup), invocation.has(.syncJoin), invocation.has(.syncNewKey)]
        if asked.filter({ $0 }).count > 1 {
            throw CommandError("give one of --setup, --join and --new-key; nothing was written")
        }
        if asked.contains(true) && invocation.has(.syncDryRun) {
            throw CommandError(SyncText.refused(.keyChangeDryRun))
        }
        var action = SyncKeyAction.none
        if invocation.has(.syncSetup) { action = .setup }
        if invocation.has(.syncNewKey) { action = .newKey }
        if invocation.has(.syncJoin) {
            guard let read = context.readSecret else {
                throw CommandError(
                    "sync --join reads the join code at a terminal, or from standard input (pass show daybook | daybook sync --join), never from a script or the command line; nothing was written"
                )
            }
            guard case .text(let code) = read("join code: ") else {
                throw CommandError("no join code was given; nothing was written")
            }
            switch Result(catching: { () throws(SyncKey.CodeProblem) -> SyncKey in try SyncKey.read(joinCode: code) }) {
            case .success(let key): action = .join(key)
            case .failure(let problem): throw CommandError(SyncText.code(problem))
            }
        }
        guard let config = context.configFolder else {
            throw CommandError(
                "HOME and XDG_CONFIG_HOME are not set, so there is no place for the sync key; set one. Nothing was written"
            )
        }
        let journal = try context.journal
        if invocation.has(.syncNewDevice) {
            if invocation.has(.syncDryRun) {
                throw CommandError(
                    "--new-device changes this journal and cannot be a dry run: give one of --new-device and --dry-run")
            }
            let id = try journal.takeNewDeviceID()
            context.err.line("this journal's device id is now \(id)")
        }
        let report: SyncReport
        do {
            report = try journal.sync(
                folder: folder, keys: SyncKeyStore(folder: config), action: action, dryRun: invocation.has(.syncDryRun))
        } catch let refused as SyncRefused {
            throw CommandError(SyncText.refused(refused.reason))
        }
        if let code = report.joinCode {
            context.out.line(code)
            context.out.flush()
            context.err.line(
                "that is the join code: run sync --join on each other device and give it there. Anyone who has it can read the folder; keep it as you keep a password")
        }
        context.show(SyncOutcome(report: report))
        let ignored = SyncView.ignored(report, width: context.width)
        if !ignored.isEmpty {
            context.out.flush()
            for line in ignored { context.err.line(line) }
            context.err.flush()
        }
        return .done
    }
}

extension Option {
    static let syncDryRun = Option("--dry-run", help: "say what would be sent and applied, and write nothing")
    static let syncNewDevice = Option(
        "--new-device", help: "first give this journal a new device id (a journal file copied from another machine)")
}

extension Option {
    static let syncSetup = Option(
        "--setup", help: "make a key and encrypt the folder from now on; prints the join code for the other devices")
    static let syncJoin = Option(
        "--join", help: "read the join code another device printed (at a terminal, or from standard input)")
    static let syncNewKey = Option(
        "--new-key", help: "replace the key (a lost device); prints the new join code")
}
