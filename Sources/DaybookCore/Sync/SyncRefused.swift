/// Why `sync` was refused before anything was written or applied: the facts, which the views
/// word (`SyncText`).
public struct SyncRefused: Error, Sendable, Equatable {
    public enum Reason: Sendable, Equatable {
        /// The sync folder is a file, or is not there.
        case folderIsFile(String)
        case folderMissing(String)
        /// A device folder, or the sync folder, is a symbolic link.
        case folderIsLink(String)
        /// A file of a newer daybook: its journal schema or its sync format.
        case newerSchema(path: String, version: Int, known: Int)
        case newerFormat(path: String, version: Int, known: Int)
        /// A file of this device's id written by another journal: a copy of this journal file.
        case copiedJournal(path: String, writer: String)
        /// The folder is encrypted (key `keyID`) and this machine holds no key for the journal.
        case folderEncrypted(keyID: String)
        /// The folder moved to the key `folder`; this machine holds `mine`.
        case folderHasNewKey(folder: String, mine: String)
        /// A join code for the key `code`, but the folder is encrypted with `folder`.
        case codeForOtherFolder(code: String, folder: String)
        /// Setting up encryption where it is set up already.
        case alreadyEncrypted(keyID: String)
        /// A new key asked for where there is no key yet.
        case notEncrypted
        /// This machine's key file is damaged, or may be read by others.
        case key(SyncKeyStore.Problem)
        /// The folder for keys cannot be made or used.
        case keyFolderUnusable(path: String)
        /// A change of keys cannot be a dry run.
        case keyChangeDryRun
    }

    public let reason: Reason

    public init(_ reason: Reason) { self.reason = reason }
}
