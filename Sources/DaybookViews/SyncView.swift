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
        if report.sent > 0 {
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
        var lines = Columns.wrap(parts.joined(separator: "; "), width: width, indent: "  ")
        for note in report.renumbered.prefix(listed) {
            lines += Columns.wrap(
                "note n\(note.there) from \(note.device) is n\(note.here) here", width: width, indent: "  ")
        }
        if report.renumbered.count > listed {
            lines.append(
                Columns.fit(
                    "and \(ValueType.count.format(Double(report.renumbered.count - listed))) more notes have other ids here",
                    width))
        }
        return lines
    }

    /// One line for each file that was not read, for standard error.
    public static func ignored(_ report: SyncReport, width: Int) -> [String] {
        report.ignored.flatMap { Columns.wrap("not read: " + $0, width: width, indent: "  ") }
    }

    /// `mood on 21 Nov: kept 4 from desktop, written later`.
    static func conflict(_ conflict: SyncConflict) -> String {
        let what: String
        switch conflict.subject {
        case .mood(let day): what = "mood on \(shortDay(day))"
        case .note(let id, let day): what = "note n\(id) on \(shortDay(day))"
        case .attribute(let name): what = "the definition of \(name)"
        case .setting(let name): what = "setting \(name)"
        case .goal(let name, let day): what = "goal \(name) from \(shortDay(day))"
        }
        let kept = conflict.kept.map { "kept \($0)" } ?? "kept the change"
        let why = conflict.tie ? "written at the same time, decided by device id" : "written later"
        return "\(what): \(kept) from \(conflict.keptFrom), \(why)"
    }

    /// `21 Nov`.
    static func shortDay(_ day: Day) -> String {
        String(day.short.split(separator: " ").dropFirst().joined(separator: " "))
    }
}
