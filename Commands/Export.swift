import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let export = CommandSpec(
        name: "export",
        summary: "write the journal as JSON, CSV or Markdown",
        discussion: """
            Writes everything the journal holds: moods with their notes, notes with their ids, \
            times and tags, every logged value with its time, the attributes with their types, \
            units, groups and aggregations, the goals with their history, and the settings. \
            --from and --to limit the moods, notes and values to a range of days; attributes, \
            goals and settings always go out whole. --format json (the default) writes one \
            document with a format version, and csv one file of rows with a kind column, \
            UTF-8 with a byte-order mark; 'import FILE' reads both back to the same journal. \
            markdown writes a readable journal, a heading per day with its mood, values and \
            notes, that is not read back. Without --format, a FILE ending in .csv or .md \
            chooses the form, and one ending in another extension than .json (out.xlsx) is \
            refused. Without FILE, or with - as FILE, the export goes to standard \
            output (./- is a file named -). FILE is created readable by you only (0600), and an existing FILE is never overwritten \
            without --force, which replaces it whole or not at all: a full disk or a crash leaves \
            the file that was there as it was. Only a file is written, never a folder, a device or \
            a FIFO.
            """,
        arguments: [Argument("FILE", .path, optional: true, help: "the file to write (default, or -: standard output)")],
        options: [
            .exportFormat, .exportFrom, .exportTo, .overwrite,
        ],
        examples: [
            "export journal.json", "export --format csv journal.csv", "export --format markdown --from 2026-11-01",
            "export november.json --from 2026-11-01 --to 2026-11-30",
        ]
    ) { invocation, context in
        let journal = try context.journal
        let today = journal.today()
        let first = try invocation.value(.exportFrom).map { try context.parseDay($0, today: today) }
        let last = try invocation.value(.exportTo).map { try context.parseDay($0, today: today) }
        if let first, let last, first > last {
            throw CommandError("--from \(first.iso) is after --to \(last.iso); give the earlier day with --from")
        }
        // `-` is standard output, as for most programs that write a file.
        let path = invocation.argument("FILE").flatMap { $0 == "-" ? nil : Paths.expandingHome($0) }
        let format: ExportView.Format
        if let word = invocation.value(.exportFormat), let named = ExportView.Format(rawValue: word.lowercased()) {
            // The parser refused any other word.
            format = named
        } else {
            // Only JSON, CSV and Markdown are written: a name that asks for another form
            // (`out.xlsx`) is refused rather than filled with JSON.
            if let path, let ext = ExportView.Format.foreignExtension(path) {
                throw CommandError(
                    "export writes JSON, CSV or Markdown, not .\(printable(ext)); name the file .json, .csv or .md, or give --format json, csv or markdown"
                )
            }
            format = path.map(ExportView.Format.forFile) ?? .json
        }
        if path == nil && invocation.has(.overwrite) {
            throw CommandError(
                "--force overwrites FILE, and no FILE is given; without one (or with -) the export goes to standard output"
            )
        }
        let data = try journal.exportData(from: first, through: last)
        let text: String
        switch format {
        case .json: text = ExportView.json(data)
        case .csv: text = ExportView.csv(data, printable: path == nil && context.facts.isTerminal)
        case .markdown: text = ExportView.markdown(data)
        }
        if !data.damaged.isEmpty { context.err.line(ExportView.damagedNote(data.damaged)) }
        guard let path else {
            context.out.write(text)
            return .done
        }
        try ExportFile.write(text, to: path, force: invocation.has(.overwrite))
        let days = data.days.count
        context.confirm(
            "exported \(ValueType.count.format(Double(days))) \(days == 1 ? "day" : "days") to \(printable(path)) (\(format.rawValue))"
        )
        return .done
    }
}

extension Option {
    public static let exportFormat = Option(
        "--format", value: "FORMAT", kind: .choice(ExportView.Format.names),
        help: "json, csv or markdown (default: from FILE's extension, else json)")
    static let exportFrom = Option(
        "--from", value: "DATE", kind: .date, help: "the first day to export (default: the first there is)")
    static let exportTo = Option(
        "--to", value: "DATE", kind: .date, help: "the last day to export (default: the last there is)")
    /// Export's `--force`.
    static let overwrite = Option("--force", help: "overwrite FILE if it exists")
}
