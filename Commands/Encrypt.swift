import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Option {
    static let newPassphrase = Option(
        "--new-passphrase", help: "re-key an encrypted journal under a new passphrase, in one step")
}

extension Commands {
    /// What encryption at rest cannot promise, said once when a journal is encrypted.
    static let encryptionLimits =
        "copies made before, backups and the old file's blocks on disk may still hold it in plain; the sync folder has its own key"

    public static let encrypt = CommandSpec(
        name: "encrypt",
        summary: "encrypt the journal with a passphrase",
        discussion: """
            Writes the journal into a new file encrypted with a passphrase, checks it, writes \
            it to disk and puts it in place of the journal: a crash leaves one whole journal, \
            the old one or the new one. The passphrase is read twice on a terminal, without \
            echo, or once from the command in DAYBOOK_PASSPHRASE_COMMAND; its key then stays \
            in the kernel's key ring for the unlock-minutes setting's minutes. \
            --new-passphrase re-keys an encrypted journal under a new passphrase, through a \
            new file the same way. The file is SQLCipher 4 with its own defaults: the sqlcipher \
            program opens it with the passphrase (docs/encryption.md). No other \
            daybook may have the journal open meanwhile. Not promised: \(encryptionLimits).
            """,
        options: [.newPassphrase],
        examples: ["encrypt", "encrypt --new-passphrase"]
    ) { invocation, context in
        guard let path = context.journalPath else {
            throw JournalError("HOME is not set, so there is no default journal; give one with --journal PATH")
        }
        if context.journalIfOpen?.inBatch == true {
            throw CommandError("encrypt cannot replace the journal in the middle of a script's batch; nothing was changed")
        }
        let file = JournalFile.at(path)
        let rekey = invocation.has(.newPassphrase)
        switch file {
        case .absent: throw JournalError("no journal at \(printable(path)) yet; nothing was changed", kind: .missing)
        case .other: throw JournalError("\(printable(path)) is not a daybook journal; it was left untouched")
        case .plain where rekey:
            throw UsageError("journal \(printable(path)) is not encrypted; 'encrypt' without --new-passphrase encrypts it")
        case .encrypted where !rekey:
            throw UsageError(
                "journal \(printable(path)) is encrypted already; 'encrypt --new-passphrase' changes its passphrase")
        default: break
        }
        // Opened first (unlocked when it is encrypted): the key to read it with, and the minutes to keep the new one.
        // Not kept in a variable: the journal must be closed before its file is replaced.
        let minutes = try context.existingJournal.unlockMinutes
        let old = file.isEncrypted ? JournalKey.kept(for: path) : nil
        if file.isEncrypted && old == nil { throw JournalError.locked(path) }
        guard let passphrases = context.passphrases else {
            throw CommandError(
                "a new passphrase is read on a terminal, or from the command in DAYBOOK_PASSPHRASE_COMMAND; nothing was changed")
        }
        let phrase = try passphrases.readNew(for: path)
        let derived = try { defer { phrase.wipe() }; return try JournalKey.derive(passphrase: phrase) }()
        guard let key = derived else {
            throw CommandError("cannot derive a key from the passphrase; nothing was changed")
        }
        // Wiped once the new file is written with it and the key ring holds it (or it failed).
        defer { key.wipe() }
        context.closeJournal()
        try JournalCipher.convert(path: path, from: old, to: key)
        key.keep(for: path, minutes: minutes)
        if rekey {
            context.confirm("journal \(printable(path)) re-keyed under the new passphrase; unlocked for \(minutes) minutes")
        } else {
            context.confirm("journal \(printable(path)) encrypted; unlocked for \(minutes) minutes. Not promised: \(encryptionLimits)")
        }
        return .done
    }
}
