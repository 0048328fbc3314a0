import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `import health|googlefit|gadgetbridge|csv FILE`: a health export read as one value per
/// attribute and day, written as values that carry their source.
enum HealthImportCommand {
    /// The source each kind's values carry; a CSV's is its `--source`.
    static let sources: [ImportSource: String] = [
        .health: "Apple Health", .googlefit: GoogleFitReader.source, .gadgetbridge: "Gadgetbridge",
    ]

    /// Reads FILE as `kind` and writes (or, with `--dry-run`, plans) its values. The parser has
    /// refused another kind's options (`ImportSource`), and `import` the side to take twice.
    static func run(
        kind: ImportSource, path: String, resolution: ImportResolution, invocation: Invocation, context: Context
    ) throws -> Outcome {
        let name = printable(path)
        let fullPath = Paths.expandingHome(path)
        // A device or a FIFO would never end, or block for ever; Google Fit's folder is read.
        try ImportFile.refuseUnlessFile(fullPath, folderAllowed: kind == .googlefit)
        let csv = try kind == .csv ? CSVRequest(invocation) : nil
        let prefer = (invocation.value(.prefer) ?? "").split(separator: ",").map {
            String($0).trimmingSpaces
        }.filter { !$0.isEmpty }

        // Reading needs the journal's attributes and day-start. Where there is no journal yet,
        // the file is read, and a dry run planned, against an empty journal of its own: only an
        // import that read its file whole, and writes, creates the journal.
        let existing = try context.journalIfThere
        let dryRun = invocation.has(.dryRun)
        let temporary = existing == nil ? TemporaryJournal(prefix: "daybook-import-") : nil
        defer { temporary?.remove() }
        if existing == nil && temporary == nil {
            throw CommandError(
                "cannot make a folder in \(printable(TemporaryFiles.folder)) to plan the import in: \(String(cString: strerror(errno))); nothing was written"
            )
        }
        let planning = try existing ?? Journal(path: temporary!.path, session: "import plan")
        if let csv {
            for (column, attribute) in csv.maps where planning.attribute(named: attribute) == nil {
                throw UsageError(
                    "--map '\(printable(column))=\(printable(attribute))': the journal tracks no '\(printable(attribute))'; track it first (track NAME TYPE), or map to one of \(planning.attributes.map(\.name).joined(separator: ", "))"
                )
            }
        }

        let attributes = Dictionary(uniqueKeysWithValues: planning.attributes.map { ($0.name, $0) })
        var days = HealthDays(dayStartMinutes: planning.dayStartMinutes, prefer: prefer, attributes: attributes)
        let base = Paths.lastComponent(of: name)
        let progress = HealthProgress(
            shown: context.chatty && context.errorIsTerminal, err: context.err, name: base, width: context.width)
        let source = sources[kind] ?? csv!.source
        var exportDate: Int64?
        do {
            // The progress line goes before anything else is written, whatever ends the read.
            defer { progress.clear() }
            try context.interruptible {
                switch kind {
                case .health:
                    exportDate = try AppleHealthReader.read(
                        path: fullPath, into: &days, progress: { progress.show($0) }, interrupted: context.interrupted
                    ).exported
                case .googlefit:
                    try GoogleFitReader.read(path: fullPath, into: &days, interrupted: context.interrupted)
                case .gadgetbridge:
                    try GadgetbridgeReader.read(path: fullPath, into: &days, interrupted: context.interrupted)
                default:
                    let request = csv!
                    try HealthCSVReader.read(
                        bytes: ImportFile.read(fullPath), dateColumn: request.dateColumn,
                        maps: request.maps.map { ($0.column, planning.attribute(named: $0.attribute)!) },
                        units: Dictionary(request.units, uniquingKeysWith: { $1 }), source: request.source,
                        into: &days)
                }
            }
        } catch is HealthImportInterrupted {
            throw CommandError("\(name): interrupted while reading; nothing was written")
        } catch let error as ImportError {
            throw CommandError("\(name): \(ProblemText.importError(error)); nothing was written")
        }
        let result = days.result()
        let values = result.values
        // When the file was made: Apple Health's own date, else the newest day it holds.
        let exported = exportDate ?? result.newestDayExported
        let report = { (summary: HealthImportSummary) in
            HealthImportView.Report(
                source: source, file: base, read: result, written: summary, attributes: attributes)
        }
        if values.isEmpty && result.skipped.isEmpty {
            throw CommandError("\(name): the file holds no values daybook reads; nothing was written")
        }
        if dryRun {
            let summary = try planning.planHealthImport(values, source: source, exported: exported, resolution: resolution)
            context.show(HealthImportReport(report: report(summary), dryRun: true))
            if !summary.conflicts.isEmpty && resolution == .ask {
                context.out.line(
                    "nothing would be written: give --replace to take the file's side, or --keep to keep the journal's")
            }
            return .done
        }
        let journal = try existing ?? context.journal
        do {
            let summary = try journal.importHealth(
                values, source: source, file: base, exported: exported, resolution: resolution)
            context.show(HealthImportReport(report: report(summary), dryRun: false))
        } catch let error as HealthConflictError {
            context.err.lines(HealthImportView.conflictLines(error.summary.conflicts, limit: 10, attributes: attributes))
            throw CommandError(
                "\(name): \(HealthImportView.conflictCount(error.summary.conflicts.count)) with values already in the journal. Nothing was written: give --replace to take the file's side, or --keep to keep the journal's (--dry-run lists them)"
            )
        }
        return .done
    }
}

/// `import csv`'s own options, checked.
struct CSVRequest {
    let dateColumn: String
    let maps: [(column: String, attribute: String)]
    let units: [(column: String, unit: String)]
    let source: String

    init(_ invocation: Invocation) throws {
        guard let date = invocation.value(.csvDate), !date.isEmpty else {
            throw UsageError("import csv needs the column of dates: import csv FILE --date COLUMN --map 'COLUMN=ATTRIBUTE'")
        }
        let maps = try invocation.values(.csvMap).map { try CSVRequest.pair($0, "--map", "COLUMN=ATTRIBUTE") }
        guard !maps.isEmpty else {
            throw UsageError(
                "import csv needs at least one --map 'COLUMN=ATTRIBUTE': which column fills which attribute (--map 'Step count=steps')"
            )
        }
        dateColumn = date
        self.maps = maps.map { ($0.0, $0.1.lowercased()) }
        units = try invocation.values(.csvUnit).map { try CSVRequest.pair($0, "--unit", "COLUMN=UNIT") }
        for unit in units where !maps.contains(where: { $0.0 == unit.column }) {
            throw UsageError("--unit '\(printable(unit.column))=\(printable(unit.unit))' names a column no --map reads")
        }
        let named = invocation.value(.csvSource)?.trimmingSpaces ?? ""
        source = named.isEmpty ? "CSV" : named
    }

    /// `COLUMN=VALUE`, split at its last `=` (a column's name may hold one).
    static func pair(_ text: String, _ option: String, _ shape: String) throws -> (String, String) {
        guard let equals = text.lastIndex(of: "="), equals != text.startIndex, text.index(after: equals) != text.endIndex
        else {
            throw UsageError("\(option) '\(printable(text))' is not \(shape)")
        }
        return (
            String(text[..<equals]).trimmingSpaces,
            String(text[text.index(after: equals)...]).trimmingSpaces
        )
    }
}

/// The progress of a long read, on standard error at a terminal only: redrawn in place at most
/// ten times a second, and wiped before anything else is written.
final class HealthProgress {
    let shown: Bool
    let err: Output
    let name: String
    let width: Int
    private let started = MonotonicClock.milliseconds()
    private var lastDrawn = 0
    private var drawn = false

    init(shown: Bool, err: Output, name: String, width: Int) {
        self.shown = shown
        self.err = err
        self.name = name
        self.width = width
    }

    func show(_ progress: HealthReadProgress) {
        guard shown else { return }
        let now = MonotonicClock.milliseconds()
        guard now - lastDrawn >= 100 else { return }
        lastDrawn = now
        err.write(
            HealthImportView.progress(
                name: name, read: progress.bytesRead, total: progress.totalBytes, records: progress.records,
                milliseconds: now - started, width: width))
        err.flush()
        drawn = true
    }

    func clear() {
        guard drawn else { return }
        err.write(HealthImportView.clearProgress)
        err.flush()
        drawn = false
    }
}
