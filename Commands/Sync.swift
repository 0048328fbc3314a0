import DaybookCommandLine
import DaybookCore
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
            copied from another machine its own device id first. See docs/sync.md.
            """,
        arguments: [
            Argument("FOLDER", .path, optional: true, help: "the shared folder (default: the sync-folder setting)")
        ],
        options: [.syncDryRun, .syncNewDevice],
        examples: ["sync ~/Sync/daybook", "sync", "sync --dry-run"],
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
            report = try journal.sync(folder: folder, dryRun: invocation.has(.syncDryRun))
        } catch let refused as SyncRefused {
            throw CommandError(refused.description)
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
