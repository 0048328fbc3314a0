import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let unlock = CommandSpec(
        name: "unlock",
        summary: "ask the passphrase, keep the key a while",
        discussion: """
            Asks for the passphrase of the encrypted journal on a terminal, without echo (or \
            runs the command in DAYBOOK_PASSPHRASE_COMMAND), derives its key once and keeps the \
            key in the kernel's key ring (this user's, one entry per journal) for the \
            unlock-minutes setting's minutes: commands, scripts, status and completion then \
            open the journal without asking. The key is never written to disk, to the \
            environment or to a command line. 'lock' forgets it sooner.
            """,
        examples: ["unlock"]
    ) { _, context in
        guard let path = context.journalPath else {
            throw JournalError("HOME is not set, so there is no default journal; give one with --journal PATH")
        }
        switch JournalFile.at(path) {
        case .absent: throw JournalError("no journal at \(printable(path)) yet; nothing to unlock", kind: .missing)
        case .other: throw JournalError("\(printable(path)) is not a daybook journal; it was left untouched")
        case .plain: throw UsageError("journal \(printable(path)) is not encrypted; there is nothing to unlock")
        case .encrypted: break
        }
        context.closeJournal()
        JournalKey.forget(path)
        let journal = try context.unlock(path)
        context.adopt(journal)
        context.confirm("journal \(printable(path)) unlocked for \(journal.unlockMinutes) minutes ('lock' locks it sooner)")
        return .done
    }

    public static let lock = CommandSpec(
        name: "lock",
        summary: "forget an encrypted journal's key now",
        discussion: """
            Takes the encrypted journal's key out of the kernel's key ring and closes the \
            journal: the next command asks for the passphrase again, and status prints \
            'locked'. Keys also go by themselves after the unlock-minutes setting's minutes.
            """,
        examples: ["lock"]
    ) { _, context in
        guard let path = context.journalPath else {
            throw JournalError("HOME is not set, so there is no default journal; give one with --journal PATH")
        }
        if context.journalIfOpen?.inBatch == true {
            throw CommandError("lock cannot close the journal in the middle of a script's batch")
        }
        guard JournalFile.at(path).isEncrypted else {
            throw UsageError("journal \(printable(path)) is not encrypted; there is nothing to lock")
        }
        context.closeJournal()
        let had = JournalKey.forget(path)
        context.confirm(had ? "journal \(printable(path)) locked" : "journal \(printable(path)) was locked already")
        return .done
    }
}
