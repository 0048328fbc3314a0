import DaybookCore

/// What `undo` says it reverted: `undid: log steps 9,120 for 2026-11-21`, and when another
/// session made the change, when that was.
public enum UndoView {
    /// One line, at most `width` columns where it can be: the values of a large `log` are
    /// summarised (`undid: log steps 1, steps 1 and 99,998 more values for 2026-11-21`), so
    /// that undoing 100,000 values never prints a megabyte. Other changes are short already.
    /// `opening` and `closing` go around the change: "undid: " before it by default.
    public static func line(_ result: UndoResult, width: Int, opening: String = "undid: ", closing: String = "") -> String {
        let from = result.otherSession ? " (made in another session at \(DayView.clock(result.recordedAt)))" : ""
        let full = opening + ChangeWords.text(result.change) + from + closing
        guard full.count > width, let log = result.change.description, log.kind == "log",
            let shortened = summarisedLog(log, prefix: opening, suffix: from + closing, width: width)
        else {
            return full
        }
        return shortened
    }

    /// `log A, B, C for DAY` with as many values as fit in `width`, at least one, and how many
    /// more there were, from the log's facts. Nil when it logged one value.
    static func summarisedLog(_ log: ChangeDescription, prefix: String, suffix: String, width: Int) -> String? {
        let items = ChangeWords.values(log)
        guard items.count > 1 else { return nil }
        let day = " for " + (log.value("day") ?? "")
        func line(keeping count: Int) -> String {
            let more = items.count - count
            return prefix + "log " + items.prefix(count).joined(separator: ", ") + " and "
                + ValueType.count.format(Double(more)) + (more == 1 ? " more value" : " more values") + day + suffix
        }
        var kept = 1
        var length = line(keeping: 1).count
        // Adding a value adds its text and a ", "; the count of the rest only ever shortens.
        while kept + 1 < items.count, length + items[kept].count + 2 <= width {
            length += items[kept].count + 2
            kept += 1
        }
        return line(keeping: kept)
    }
}
