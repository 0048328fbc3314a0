import DaybookCore

/// How an import's result reads: for `--dry-run`, the confirmation and the change log.
public enum ImportView {
    /// `412 days, 1,158 entries, 37 tags, 2 conflicts`, then, when there are any, the
    /// definitions: `; 2 attributes, 3 goal changes, 1 setting`. Without `conflicts`, the
    /// conflicts are left out (for the change log, where they are settled).
    public static func summary(_ summary: ImportSummary, conflicts: Bool = true) -> String {
        var parts = [
            Words.counted(summary.days, "day"), Words.counted(summary.entries, "entry", plural: "entries"),
            Words.counted(summary.tags, "tag"),
        ]
        if conflicts { parts.append(Words.counted(summary.conflicts.count, "conflict")) }
        var text = parts.joined(separator: ", ")
        let definitions = [
            summary.attributes > 0 ? Words.counted(summary.attributes, "attribute") : nil,
            summary.goals > 0 ? Words.counted(summary.goals, "goal change") : nil,
            summary.settings > 0 ? Words.counted(summary.settings, "setting") : nil,
        ].compactMap { $0 }
        if !definitions.isEmpty { text += "; " + definitions.joined(separator: ", ") }
        if conflicts && summary.implausible > 0 {
            text +=
                "; " + Words.counted(summary.implausible, "value")
                + " outside \(summary.implausible == 1 ? "its attribute's" : "their attributes'") plausible range, kept as in the file"
        }
        return text
    }

    /// `; 2 entries without text skipped`, for the entries of Daylio's or jrnl's file that
    /// became no note; empty for none.
    public static func skipped(_ entries: Int) -> String {
        entries == 0 ? "" : "; " + Words.counted(entries, "entry", plural: "entries") + " without text skipped"
    }

    /// One line a conflict: `line 12: 2026-11-20: mood 3 in the journal, 4 in the file`.
    public static func conflicts(_ summary: ImportSummary) -> [String] {
        summary.conflicts.map { printable("line \($0.line): \($0.description)") }
    }

}
