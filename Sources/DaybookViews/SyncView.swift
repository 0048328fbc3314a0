import DaybookCore

/// What `sync` says: `sent 12 changes; applied 40 from laptop; 1 conflict (mood on 21 Nov:
/// kept 4 from desktop, written later)`, wrapped to the width, then a line for each note that
/// has another short id here, and (for standard error) each file that was not read.
public enum SyncView {
    /// The most conflicts or renumbered notes spelled out; the rest are counted.
    static let listed = 5

    public static func lines(_ report: SyncReport, width: Int) -> [String] {
        let (send, apply) = report.dryRun ? ("would send", "would apply") : ("sent", "applied")
        var parts: [String] = []
        if report.movedToKey != nil {
            parts.append("\(send) all \(Words.counted(report.sent, "row")) here as one snapshot")
        } else if report.sent > 0 {
            parts.append("\(send) \(Words.counted(report.sent, "change"))")
        }
        let applied = report.applied.filter { $0.changes > 0 }
        for device in applied {
            parts.append("\(apply) \(ValueType.count.format(Double(device.changes))) from \(device.device)")
        }
        if parts.isEmpty {
            parts.append(report.dryRun ? "nothing to send or apply" : "nothing to send; nothing new from other devices")
        }
        if !report.conflicts.isEmpty {
            let shown = report.conflicts.prefix(listed).map(conflict).joined(separator: "; ")
            let more = report.conflicts.count - min(listed, report.conflicts.count)
            parts.append(
                Words.counted(report.conflicts.count, "conflict") + " (" + shown
                    + (more > 0 ? "; and \(ValueType.count.format(Double(more))) more" : "") + ")")
        }
        var lines: [String] = []
        if let key = report.movedToKey {
            lines += Columns.wrap(
                "encrypted with key \(key) from now on: this device's older files in the folder are folded into one snapshot under it",
                width: width, indent: "  ")
        }
        lines += Columns.wrap(printable(parts.joined(separator: "; ")), width: width, indent: "  ")
        for lost in report.deletesUndone.prefix(listed) {
            lines += Columns.wrap(printable(deleteLost(lost)), width: width, indent: "  ")
        }
        for note in report.renumbered.prefix(listed) {
            lines += Columns.wrap(
                printable("note n\(note.there) from \(note.device) is n\(note.here) here"), width: width, indent: "  ")
        }
        if report.renumbered.count > listed {
            lines.append(
                Columns.fit(
                    "and \(ValueType.count.format(Double(report.renumbered.count - listed))) more notes have other ids here",
                    width))
        }
        return lines
    }

    /// One line for each file that was not read, and each record that was not applied, for
    /// standard error. Names that came from the folder are shown escaped, as note text is.
    public static func ignored(_ report: SyncReport, width: Int) -> [String] {
        report.ignored.flatMap {
            Columns.wrap("not read: " + printable($0.path) + ": " + unread($0.why), width: width, indent: "  ")
        }
            + report.refused.flatMap {
                Columns.wrap(
                    printable(
                        "not applied: a \($0.table) record from \($0.device) in \($0.file): its \($0.field) "
                            + ($0.value.map { "(\(String($0.prefix(40)))) " } ?? "")
                            + "is not what daybook writes there"), width: width, indent: "  ")
            }
    }

    /// Why a file was not read.
    static func unread(_ why: SyncUnread.Why) -> String {
        switch why {
        case .notASyncFileName: return "not a sync file's name (a temporary file or a conflicted copy)"
        case .notAFolder: return "a file where a device's folder belongs"
        case .link: return "a symbolic link, which sync never follows"
        case .notAFile: return "not a regular file"
        case .unreadable: return "cannot be read"
        case .tooLarge(let bytes, let limit):
            return "\(ValueType.count.format(Double(bytes))) bytes, past the \(ValueType.count.format(Double(limit))) a sync file may have"
        case .damaged(let why): return why
        case .cutOff: return "it is cut off; the rest may still be on its way"
        case .otherKey(let id):
            return "encrypted with another key (\(id)): its device has not moved to this folder's key yet"
        case .notAuthentic:
            return "it does not authenticate under the folder's key: changed, renamed, or moved from another device's folder"
        case .plainInEncryptedFolder: return "a plain file in an encrypted folder, which takes none"
        case .misplaced: return "its header names another device or number"
        case .clockAhead(let days):
            return "its clock is \(Words.counted(Int(days), "day")) ahead of this machine's; it is tried again at each sync"
        }
    }

    /// `note n3 on 21 Nov: deleted on laptop, kept by an edit on desktop made without seeing it`.
    static func deleteLost(_ lost: SyncDeleteLost) -> String {
        "\(subject(lost.subject)): deleted on \(lost.deletedOn), but kept by an edit on \(lost.editedOn) made without seeing the delete"
    }

    static func subject(_ subject: SyncConflict.Subject) -> String {
        switch subject {
        case .mood(let day): return "mood on \(shortDay(day))"
        case .note(let id, let day): return "note n\(id) on \(shortDay(day))"
        case .attribute(let name): return "the definition of \(name)"
        case .setting(let name): return "setting \(name)"
        case .goal(let name, let day): return "goal \(name) from \(shortDay(day))"
        }
    }

    /// `mood on 21 Nov: kept 4 from desktop, written later`.
    static func conflict(_ conflict: SyncConflict) -> String {
        let what = subject(conflict.subject)
        let kept = conflict.kept.map { "kept \($0)" } ?? "kept the change"
        let why = conflict.tie ? "written at the same time, decided by device id" : "written later"
        return "\(what): \(kept) from \(conflict.keptFrom), \(why)"
    }

    /// `21 Nov`.
    static func shortDay(_ day: Day) -> String {
        String(day.short.split(separator: " ").dropFirst().joined(separator: " "))
    }
}

/// Why `sync` was refused, in words, with the command that goes on from there.
public enum SyncText {
    public static func refused(_ reason: SyncRefused.Reason) -> String {
        switch reason {
        case .folderIsFile(let path):
            return "the sync folder \(printable(path)) is a file, not a folder; give the folder your sync tool shares. Nothing was written"
        case .folderMissing(let path):
            return "the sync folder \(printable(path)) is not there; create it, or give the folder your sync tool shares. Nothing was written"
        case .folderIsLink(let path):
            return "\(printable(path)), this device's folder in the sync folder, is a symbolic link; sync never writes through one. Remove it. Nothing was written"
        case .newerSchema(let path, let version, let known):
            return "\(printable(path)) was written by a newer daybook (journal schema \(version); this one knows up to \(known)); update daybook here. Nothing was written or applied"
        case .newerFormat(let path, let version, let known):
            return "\(printable(path)) was written by a newer daybook (sync format \(version); this one reads up to \(known)); update daybook here. Nothing was written or applied"
        case .copiedJournal(let path, let writer):
            return "\(printable(path)) was written by \(printable(writer)), a copy of this journal with the same device id; give this one its own with sync --new-device. Nothing was written or applied"
        case .folderEncrypted(let keyID):
            return "the sync folder is encrypted (key \(keyID)) and this machine holds no key for this journal; run sync --join and give the code that sync --setup or sync --new-key printed. Nothing was written"
        case .folderHasNewKey(let folder, let mine):
            return "the sync folder moved to a new key (\(folder)); this machine holds \(mine). Run sync --join with the new code. Nothing was written"
        case .codeForOtherFolder(let code, let folder):
            return "that code is for key \(code), but the sync folder is encrypted with key \(folder); give the code of this folder's key. Nothing was written"
        case .alreadyEncrypted(let keyID):
            return "this journal already syncs encrypted (key \(keyID)); sync --new-key replaces the key. Nothing was written"
        case .notEncrypted:
            return "this journal has no sync key to replace; sync --setup makes the first. Nothing was written"
        case .key(.damaged(let path)):
            return "the sync key file \(printable(path)) is damaged; run sync --join with the folder's code to write it again. Nothing was written"
        case .key(.readableByOthers(let path)):
            return "the sync key file \(printable(path)) may be read by others than you; chmod 600 it, and if others may have read it, run sync --new-key. Nothing was written"
        case .keyFolderUnusable(let path):
            return "cannot keep the sync key in \(printable(path)); it must be a folder you can write. Nothing was written"
        case .keyChangeDryRun:
            return "--setup, --join and --new-key change the journal's key and cannot be a dry run: give one of them or --dry-run. Nothing was written"
        }
    }

    /// `sync --join`'s refusal of a code it could not read.
    public static func code(_ problem: SyncKey.CodeProblem) -> String {
        switch problem {
        case .notACode:
            return "that is not a join code: give the line that sync --setup or sync --new-key printed (dbk- and eleven groups of letters and digits). Nothing was written"
        case .mistyped:
            return "that join code does not check: a letter or digit is mistyped; copy it again. Nothing was written"
        }
    }
}
