import DaybookCore
import DaybookStore
import DaybookViews

extension DaybookMain {
    /// The last line of an `--atomic` script that failed: nothing was applied. When the script
    /// said it undid changes, or its reads showed what it wrote, it says that those are gone too.
    static func atomicFailure(lines: Int, journal: Journal, interrupted: Bool = false) -> String {
        // Ctrl-C is counted as a failure of the line it stopped before, which never ran.
        let failedLines = lines - (interrupted ? 1 : 0)
        let what =
            interrupted
            ? (failedLines == 0 ? "interrupted" : "interrupted, and \(failedLines) line\(failedLines == 1 ? "" : "s") failed")
            : "\(lines) line\(lines == 1 ? "" : "s") failed"
        let failed = "daybook: \(what); with --atomic nothing was "
        var taken: [String] = []
        switch journal.batchUndos {
        case 0: break
        case 1: taken.append("the undo reported above was rolled back")
        case let n: taken.append("the \(n) undos reported above were rolled back")
        }
        if journal.batchChangesWereRead { taken.append("what the reads above showed of the script's changes was never kept") }
        return taken.isEmpty ? failed + "written" : failed + "applied: " + taken.joined(separator: ", and ")
    }
}
