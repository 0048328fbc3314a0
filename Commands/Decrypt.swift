import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let decrypt = CommandSpec(
        name: "decrypt",
        summary: "make an encrypted journal plain again",
        discussion: """
            Writes the encrypted journal into a new plain SQLite file, checks it, writes it to \
            disk and puts it in place of the journal: a crash leaves one whole journal, the \
            encrypted one or the plain one. The journal is unlocked first (its passphrase asked \
            on a terminal, or from DAYBOOK_PASSPHRASE_COMMAND, when its key is not in the key \
            ring), and its key is taken out of the key ring after. No other daybook may have the \
            journal open meanwhile.
            """,
        examples: ["decrypt"]
    ) { _, context in
        guard let path = context.journalPath else {
            throw JournalError("HOME is not set, so there is no default journal; give one with --journal PATH")
        }
        if context.journalIfOpen?.inBatch == true {
            throw CommandError("decrypt cannot replace the journal in the middle of a script's batch; nothing was changed")
        }
        switch JournalFile.at(path) {
        case .absent: throw JournalError("no journal at \(printable(path)) yet; nothing was changed", kind: .missing)
        case .other: throw JournalError("\(printable(path)) is not a daybook journal; it was left untouched")
        case .plain: throw UsageError("journal \(printable(path)) is not encrypted; nothing was changed")
        case .encrypted: break
        }
        _ = try context.existingJournal  // unlocks it
        guard let key = JournalKey.kept(for: path) else { throw JournalError.locked(path) }
        context.closeJournal()
        try JournalCipher.convert(path: path, from: key, to: nil)
        JournalKey.forget(path)
        context.confirm("journal \(printable(path)) is a plain SQLite file again; its key was taken out of the key ring")
        return .done
    }
}
