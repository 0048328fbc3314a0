import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The programs `import` reads besides daybook itself: its optional first word. Each owns the
/// options only it reads (`Option.owner`), and the parser refuses them on a line that names
/// another source, or none.
enum ImportSource: String, CaseIterable, Sendable {
    case daylio, jrnl, health, googlefit, gadgetbridge, csv

    /// A health export, read as one value per attribute and day (`HealthImportCommand`).
    var isHealth: Bool { self != .daylio && self != .jrnl }

    /// For an option only this source reads: "--moods rates Daylio's moods: import daylio FILE
    /// --moods MAP".
    func owns(_ purpose: String, usage: String) -> Option.Owner { Option.Owner(rawValue, purpose: purpose, usage: usage) }
}

extension Commands {
    static let importSources = ImportSource.allCases.map(\.rawValue)

    public static let `import` = CommandSpec(
        name: "import",
        summary: "read an export, Daylio, jrnl or health data",
        discussion: """
            'import FILE' reads daybook's own export, JSON or CSV, back: export, import into \
            an empty journal and export again give the same file. 'import daylio FILE' reads \
            Daylio's CSV export: each entry's mood label rates the day, whose mood is the mean of \
            its entries' ratings, rounded half up, and an entry with more than its mood becomes a \
            note at its time holding its title, note, activities (as #tags), scales and any other \
            column under its name. Daylio's default moods, rad, good, meh, bad and awful and the \
            same in German, Polish, Russian, Ukrainian, French, Spanish, Italian and Portuguese, \
            are 5 to 1; --moods rates other labels, and an import that meets a label it \
            cannot rate writes nothing and lists every such label with a ready-to-edit --moods. \
            'import jrnl FILE' reads a jrnl journal (plain text, or jrnl's JSON export): each \
            entry becomes a note at its time, @tags become #tags and a starred entry gets \
            #starred. An import is one change, which one undo reverts, and merges with what the \
            journal holds: a note or value already there is not written twice, and a day whose \
            mood differs (or a setting, goal or attribute defined otherwise) is a conflict: \
            nothing is written unless --replace (the file wins) or --keep (the journal wins) \
            says which side to take. A file with a problem changes nothing, and the error names \
            its line. --dry-run says what would be written, and writes nothing. \
            'import health FILE' reads Apple Health's export.zip (or the export.xml in it), \
            'import googlefit FILE' Google Takeout's Fit daily activity metrics, \
            'import gadgetbridge FILE' Gadgetbridge's exported database, and \
            'import csv FILE --date COLUMN --map COLUMN=ATTRIBUTE' any CSV with a row per day: \
            steps, distance, sleep, bedtime, wake time, heart rate, weight and more become one value \
            per attribute and day, which carries its source. Where sources overlap in time (an \
            iPhone and a Watch counting the same walk), the higher-priority source counts for the \
            overlap (--prefer changes the order). Importing a newer export of the same source \
            replaces that source's values on the days it covers; a typed value is a conflict, \
            settled by --replace or --keep.
            """,
        arguments: [
            Argument(
                "SOURCE", .choice(importSources), optional: true,
                help:
                    "the program FILE comes from: daylio, jrnl, health (Apple Health), googlefit, gadgetbridge or csv; without it, FILE is daybook's own export"
            ),
            Argument("FILE", .path, help: "the file to import"),
        ],
        options: [
            .moods, .timeFormat, .prefer, .csvDate, .csvMap, .csvUnit, .csvSource, .dryRun, .replace, .keep,
        ],
        examples: [
            "import journal.json", "import daylio daylio_export.csv --dry-run",
            "import daylio export.csv --moods 'Good=4,Medium=3'", "import jrnl journal.txt",
            "import journal.csv --keep", "import health export.zip --dry-run",
            "import csv oura.csv --date date --map 'Steps=steps'",
        ],
        writes: true
    ) { invocation, context in
        let spec = invocation.command
        let words = invocation.positionals
        var source: ImportSource? = nil
        let path: String
        switch words.count {
        case 2:
            guard let chosen = ImportSource(rawValue: words[0].lowercased()) else {
                throw UsageError(
                    "import reads from \(alternatives(importSources)), not '\(printable(words[0]))'; usage: \(spec.usage)"
                )
            }
            source = chosen
            path = words[1]
        case 1 where ImportSource(rawValue: words[0].lowercased()) == nil:
            path = words[0]
        default:
            let what = words.first.map { "import \($0.lowercased())" } ?? "import"
            throw UsageError("\(what) needs FILE; usage: \(spec.usage)")
        }
        if invocation.has(.replace) && invocation.has(.keep) {
            throw UsageError("--replace and --keep say opposite things; give one of them")
        }
        let resolution: ImportResolution =
            invocation.has(.replace) ? .replace : invocation.has(.keep) ? .keep : .ask
        if let source, source.isHealth {
            return try HealthImportCommand.run(
                kind: source, path: path, resolution: resolution, invocation: invocation, context: context)
        }
        let name = printable(path)
        let bytes = try ImportFile.read(Paths.expandingHome(path))

        let data: JournalExport
        // Daylio's and jrnl's entries without text, which become no note.
        var skipped = 0
        do {
            switch source {
            case .daylio:
                let moods =
                    try invocation.value(.moods).map { (map: String) throws(ImportError) in
                        try DaylioMoods(map: map)
                    } ?? .defaults
                do {
                    let imported = try DaylioReader.read(bytes, moods: moods)
                    skipped = imported.emptyEntries
                    data = imported.asExport()
                } catch let error as ImportError where error.reason == .unratedMoods {
                    // The map to give, filled in from the one given.
                    throw CommandError(
                        "\(name): \(ProblemText.unratedMoods(error, moods: moods, separator: ", ")); nothing was written")
                }
            case .jrnl:
                let options = JrnlReader.Options(timeFormat: invocation.value(.timeFormat))
                let imported = try JrnlReader.read(bytes, options: options)
                skipped = imported.emptyEntries
                data = imported.asExport()
            default:
                data = try DaybookExportReader.read(bytes)
                try ImportFile.checkSettings(data)
                try ImportFile.checkNotes(data)
            }
            if data.days.isEmpty && data.attributes.isEmpty && data.settings.isEmpty && data.goals.isEmpty {
                throw ImportError(line: nil, skipped > 0 ? "the file holds no entries with text" : "the file holds no entries")
            }
            // Daylio's and jrnl's times are the local time of day, whatever the time zone.
            let localTimes = source != nil
            // A journal that is not there yet is created only by an import that writes: a dry
            // run, and an import the file's records stop, are planned on an empty journal of
            // their own, which goes once planned.
            let existing = try context.journalIfThere
            let planned = try existing == nil ? ImportFile.planOnEmptyJournal(data, resolution: resolution) : nil
            if invocation.has(.dryRun) {
                let summary = try planned ?? existing!.planImport(data, resolution: resolution, localTimes: localTimes)
                context.out.line("would import " + ImportView.summary(summary) + ImportView.skipped(skipped))
                context.out.lines(ImportView.conflicts(summary))
                if !summary.conflicts.isEmpty && resolution == .ask {
                    context.out.line(
                        "nothing would be written: give --replace to take the file's side, or --keep to keep the journal's"
                    )
                }
                return .done
            }
            let base = Paths.lastComponent(of: name)
            let journal = try existing ?? context.journal
            let summary = try journal.importData(data, file: base, resolution: resolution, localTimes: localTimes)
            if summary.writesNothing && !summary.conflicts.isEmpty {
                // --keep: where they differ, the journal holds its own side, not the file's.
                let count = summary.conflicts.count
                context.confirm(
                    "nothing to import: the journal already holds the rest of what \(name) holds, and keeps its own side of \(count == 1 ? "1 conflict" : "\(count) conflicts")"
                )
            } else if summary.writesNothing {
                context.confirm("nothing to import: the journal already holds what \(name) holds")
            } else {
                let side =
                    summary.conflicts.isEmpty
                    ? "" : resolution == .replace ? " (the file's side taken)" : " (the journal's side kept)"
                context.confirm("imported " + ImportView.summary(summary) + side + ImportView.skipped(skipped))
            }
        } catch let error as ImportError {
            throw CommandError("\(name): \(ProblemText.importError(error)); nothing was written")
        } catch let error as ImportConflictError {
            let conflicts = error.summary.conflicts
            let shown = conflicts.prefix(3).map(\.description).joined(separator: "; ")
            let more = conflicts.count > 3 ? "; and \(conflicts.count - 3) more" : ""
            throw CommandError(
                "\(name): \(conflicts.count) \(conflicts.count == 1 ? "conflict" : "conflicts") with the journal: \(shown)\(more). Nothing was written: give --replace to take the file's side, or --keep to keep the journal's (--dry-run lists them)"
            )
        }
        return .done
    }
}

/// What an import checks, and plans, before it writes.
enum ImportFile {
    /// What importing `data` into an empty journal would write, planned on a journal made for
    /// that in a temporary folder and removed at once, so that nothing is created at the
    /// journal's path.
    static func planOnEmptyJournal(_ data: JournalExport, resolution: ImportResolution) throws -> ImportSummary {
        guard let temporary = TemporaryJournal(prefix: "daybook-import-") else {
            let reason = String(cString: strerror(errno))
            throw CommandError(
                "cannot make a folder in \(printable(TemporaryFiles.folder)) to plan the import in: \(reason); nothing was written"
            )
        }
        defer { temporary.remove() }
        return try Journal(path: temporary.path, session: "import plan").planImport(data, resolution: resolution)
    }

    /// Each note of a daybook export has some text, as `note` wants.
    static func checkNotes(_ data: JournalExport) throws(ImportError) {
        for note in data.notes where note.text.allSatisfy(\.isWhitespace) {
            throw ImportError(
                line: note.line,
                "a note's text is \(note.text.isEmpty ? "empty" : "only spaces"); a note needs some text, as with note TEXT"
            )
        }
    }

    /// Each setting of a daybook export is one this daybook knows, with a value it takes.
    static func checkSettings(_ data: JournalExport) throws(ImportError) {
        for setting in data.settings {
            guard let spec = SettingsCatalogue.named(setting.name), spec.name == setting.name else {
                let known = SettingsCatalogue.all.map(\.name).joined(separator: ", ")
                throw ImportError(
                    line: setting.line,
                    "'\(ImportError.shown(setting.name))' is not a setting; the settings are \(known)")
            }
            guard spec.normalize(setting.value) == setting.value else {
                throw ImportError(
                    line: setting.line,
                    "setting \(spec.name) is '\(ImportError.shown(setting.value))'; it takes \(spec.accepted)")
            }
        }
    }
}

extension Option {
    static let moods = Option(
        "--moods", value: "MAP", kind: .word,
        owner: ImportSource.daylio.owns("rates Daylio's moods", usage: "import daylio FILE --moods MAP"),
        help:
            "Daylio mood labels and their ratings 1 to 5: 'Good=4,Medium=3,\"Meh, tired\"=2' (a label with a comma, = or \" in double quotes, \" doubled)"
    )
    static let timeFormat = Option(
        "--time-format", value: "FORMAT", kind: .word,
        owner: ImportSource.jrnl.owns("reads a jrnl journal", usage: "import jrnl FILE --time-format FORMAT"),
        help: "jrnl's timeformat setting, when the journal uses another than jrnl's usual ones")
    static let prefer = Option(
        "--prefer", value: "NAMES", kind: .word,
        owner: ImportSource.health.owns("is for Apple Health", usage: "import health FILE --prefer 'NAME,NAME'"),
        help: "Apple Health sources that count first where sources overlap: 'Bob’s iPhone,Oura'")
    static let csvDate = Option(
        "--date", value: "COLUMN", kind: .word,
        owner: ImportSource.csv.owns("is for a CSV file", usage: "import csv FILE --date COLUMN --map 'COLUMN=ATTRIBUTE'"),
        help: "import csv: the column of dates")
    static let csvMap = Option(
        "--map", value: "COLUMN=ATTRIBUTE", kind: .word, repeatable: true,
        owner: ImportSource.csv.owns("is for a CSV file", usage: "import csv FILE --date COLUMN --map 'COLUMN=ATTRIBUTE'"),
        help: "import csv: a column and the attribute it fills: 'Step count=steps'")
    static let csvUnit = Option(
        "--unit", value: "COLUMN=UNIT", kind: .word, repeatable: true,
        owner: ImportSource.csv.owns("is for a CSV file", usage: "import csv FILE --date COLUMN --map 'COLUMN=ATTRIBUTE' --unit 'COLUMN=UNIT'"),
        help: "import csv: a column's unit where its header does not say it: 'Distance=mi'")
    static let csvSource = Option(
        "--source", value: "NAME", kind: .word,
        owner: ImportSource.csv.owns("is for a CSV file", usage: "import csv FILE --date COLUMN --map 'COLUMN=ATTRIBUTE' --source NAME"),
        help: "import csv: where the values come from (CSV); a later import of the same source replaces them")
    static let dryRun = Option("--dry-run", help: "say what would be written, and write nothing")
    static let replace = Option("--replace", help: "where the file and the journal differ, take the file's side")
    static let keep = Option("--keep", help: "where the file and the journal differ, keep the journal's side")
}
