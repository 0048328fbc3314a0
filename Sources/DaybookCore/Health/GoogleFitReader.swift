/// Reads Google Fit's daily activity metrics from a Google Takeout export.
///
/// What it reads, in the order it looks for it:
/// - `Daily activity metrics.csv`: a row per day (`Date`, then Google's columns).
/// - The per-day files beside it (`2024-05-01.csv`, a row per 15 minutes with `Start time` and
///   `End time`), when given one of them or a folder without `Daily activity metrics.csv`. A
///   day's steps and distance are the sums of its rows; its heart rate and weight are the means
///   of the rows that have one (every row is 15 minutes, so no row weighs more than another).
///   The day is the one the file is named after.
/// - The Takeout zip itself: its `Daily activity metrics/Daily activity metrics.csv`.
///
/// Each day's values go to `HealthSink.addDayValue` with the source "Google Fit":
/// - `Step count` → steps;
/// - `Distance (m)` → distance, in km (to the metre);
/// - `Average weight (kg)` → weight (to the gram: Google stores weights as 32-bit floats,
///   `81.4000015258789`);
/// - `Average heart rate (bpm)` → heart_rate, rounded to a whole beat.
///
/// Not mapped, and why (each non-empty cell of these is counted with `HealthSink.skip`, under
/// the column's name, so that the summary lists them):
/// - `Calories (kcal)`: Google's figure includes the resting burn, so it is not active_energy
///   (the energy burned by moving), and no built-in attribute holds a day's total.
/// - `Move Minutes count`: Google's own measure of moving, not time spent exercising.
/// - `Heart Points` and `Heart Minutes`: Google's own scores, with no attribute of their kind.
/// - The min and max columns (heart rate, weight, speed): the day's mean is what daybook keeps.
/// - The location columns (`Low latitude (deg)` and the like) and speeds: not daily values.
/// - The activity durations (`Walking duration (ms)`, `Running duration (ms)`, ...): Google's
///   guesses of what a person was doing, which do not add up to exercise time.
public enum GoogleFitReader {
    /// The source every value is given under.
    public static let source = "Google Fit"
    /// The file that holds a row per day.
    public static let dailyMetricsName = "Daily activity metrics.csv"

    /// The most bytes a Google Fit CSV may hold, in a folder or inflated from a zip: fifty
    /// years of daily metrics are about 10 MB, a per-day file some 30 KB.
    static let largestFile: Int64 = 256 << 20
    /// The most a zip entry may inflate to, in times the archive's size (text like Google's
    /// compresses some 5 to 20 times).
    static let largestRatio: Int64 = 100

    /// The most rows a CSV may hold: daily metrics have a row per day (100,000 are 273 years),
    /// a per-day file a row per 15 minutes (96). Each row is kept until the end, so that memory
    /// stays bounded whatever the file repeats.
    static let mostRows = (dailyMetrics: 100_000, dayFile: 10_000)

    /// Reads what is at `path`: `Daily activity metrics.csv`, a per-day file, the folder that
    /// holds them, or the Takeout zip. Regular files only (a FIFO or a device in the folder is
    /// refused), each read as a stream and bounded in size (`largestFile`, `largestRatio`).
    /// `interrupted` is asked at each piece read; when it returns true the read stops with
    /// `HealthImportInterrupted`.
    public static func read(
        path: String, into sink: inout some HealthSink, interrupted: () -> Bool = { false }
    ) throws {
        if HealthInput.isFolder(path) {
            try readFolder(path, into: &sink, interrupted: interrupted)
            return
        }
        let head = try HealthInput.head(path, count: 512)
        if HealthInput.isZip(head) {
            try readArchive(path, into: &sink, interrupted: interrupted)
            return
        }
        let kind = HealthInput.kind(head)
        guard kind == "a text file" else {
            throw ImportError(line: nil, "this is \(kind), not Google Fit's \(dailyMetricsName) or one of its per-day files")
        }
        let name = Paths.lastComponent(of: path)
        try readCSV(.named(name), into: &sink) { piece in
            try HealthInput.stream(path, limit: largestFile, what: ImportError.shown(name), interrupted: interrupted, chunk: piece)
        }
    }

    /// What a CSV is read as.
    enum Kind {
        /// Told by its header: a per-day file when it has `Start time` (its day from `name`),
        /// else the daily metrics.
        case named(String)
        /// `Daily activity metrics.csv`: a row per day.
        case dailyMetrics
        /// A per-day file (`2024-05-01.csv`, a row per 15 minutes), read as the values of its day.
        case dayFile(Day)
    }

    /// Reads a CSV whose bytes `pieces` hands on, a piece at a time, as `kind`.
    static func readCSV(
        _ kind: Kind, into sink: inout some HealthSink, pieces: (([UInt8]) throws -> Void) throws -> Void
    ) throws {
        var stream = CSVStream()
        var reading: Kind?
        var columns: Columns?
        var totals = DayTotals()
        var rows = 0
        func take(_ record: CSVRecord) throws {
            guard let columns else {
                let read = Columns(record.fields)
                reading = try chosen(kind, header: record.fields)
                if case .dayFile = reading {
                    guard read.hasTimes else { throw notGoogleFit(record.fields) }
                } else if read.date == nil {
                    throw notGoogleFit(record.fields)
                }
                columns = read
                return
            }
            rows += 1
            let most = if case .dayFile = reading { mostRows.dayFile } else { mostRows.dailyMetrics }
            if rows > most {
                throw ImportError(
                    line: record.line,
                    "more than \(ValueType.count.format(Double(most))) rows, far more than Google Fit writes (a row per day in \(dailyMetricsName), one per 15 minutes in a per-day file); it is not read")
            }
            switch reading {
            case .dayFile:
                try totals.add(record, columns, into: &sink)
            default:
                let dateText = columns.cell(record, columns.date!)
                if record.fields.allSatisfy({ $0.trimmingSpaces.isEmpty }) { return }
                guard let day = Day.parseISO(dateText) else {
                    let what = dateText.isEmpty ? "no date" : "'\(ImportError.shown(dateText))' is not a date"
                    throw ImportError(line: record.line, "column 'Date': \(what); Google Fit writes YYYY-MM-DD")
                }
                var row = DayTotals()
                try row.add(record, columns, into: &sink)
                row.give(day, into: &sink)
            }
        }
        try pieces { try stream.feed($0, take) }
        try stream.finish(take)
        guard columns != nil else { throw ImportError(line: nil, "the file is empty") }
        if case .dayFile(let day) = reading { totals.give(day, into: &sink) }
    }

    /// What a CSV of `kind` is read as, once its header is known.
    static func chosen(_ kind: Kind, header: [String]) throws(ImportError) -> Kind {
        guard case .named(let name) = kind else { return kind }
        guard header.contains("Start time") else { return .dailyMetrics }
        guard let day = day(ofFileName: name) else {
            throw ImportError(
                line: nil,
                "a per-day file of Google Fit is named after its day (2024-05-01.csv), and '\(ImportError.shown(name))' names no day; import the file as Takeout named it, or \(dailyMetricsName)"
            )
        }
        return .dayFile(day)
    }

    /// Reads a folder: its `Daily activity metrics.csv` when it holds one, else its per-day files.
    static func readFolder(_ path: String, into sink: inout some HealthSink, interrupted: () -> Bool) throws {
        let names = try HealthInput.names(in: path)
        let folder = path.hasSuffix("/") ? path : path + "/"
        func read(_ name: String, as kind: Kind) throws {
            try readCSV(kind, into: &sink) { piece in
                try HealthInput.stream(
                    folder + name, limit: largestFile, what: ImportError.shown(name), interrupted: interrupted, chunk: piece)
            }
        }
        if names.contains(dailyMetricsName) {
            try read(dailyMetricsName, as: .dailyMetrics)
            return
        }
        let days = names.compactMap { name in day(ofFileName: name).map { (name, $0) } }
        guard !days.isEmpty else {
            throw ImportError(
                line: nil,
                "the folder holds neither \(dailyMetricsName) nor per-day files such as 2024-05-01.csv; Google Takeout puts them in Fit/Daily activity metrics"
            )
        }
        for (name, day) in days {
            do {
                try read(name, as: .dayFile(day))
            } catch let error as ImportError {
                // A refusal that names the file already (not a regular file) is not named twice.
                if error.line == nil && error.message.hasPrefix(ImportError.shown(name) + " ") { throw error }
                throw ImportError(line: nil, "\(name), \(error.description)")
            }
        }
    }

    /// The day a per-day file is named after: `2024-05-01.csv`.
    static func day(ofFileName name: String) -> Day? {
        guard name.hasSuffix(".csv") else { return nil }
        return Day.parseISO(name.dropLast(4))
    }

    static func notGoogleFit(_ header: [String]) -> ImportError {
        let first = header.prefix(3).map { "'\(ImportError.shown($0))'" }.joined(separator: ", ")
        return ImportError(
            line: 1,
            "this is not Google Fit's \(dailyMetricsName) or one of its per-day files: they start with a Date column or with Start time and End time, and this starts with \(first); for another CSV, map its columns to attributes"
        )
    }
}

extension GoogleFitReader {
    /// What each column of a Google Fit CSV is.
    struct Columns {
        enum Role {
            /// `Date`, `Start time`, `End time`: where the row is, not a value.
            case when
            case mapped(Measure)
            /// A column daybook does not map; its non-empty cells are counted under its header.
            case skipped(String)
        }

        /// The columns daybook maps.
        enum Measure: CaseIterable {
            case steps, distance, weight, heartRate

            var header: String {
                switch self {
                case .steps: "Step count"
                case .distance: "Distance (m)"
                case .weight: "Average weight (kg)"
                case .heartRate: "Average heart rate (bpm)"
                }
            }
        }

        let roles: [Role]
        let date: Int?
        let hasTimes: Bool

        init(_ header: [String]) {
            roles = header.map { name in
                if name == "Date" || name == "Start time" || name == "End time" { return .when }
                if let measure = Measure.allCases.first(where: { $0.header == name }) { return .mapped(measure) }
                return .skipped(name)
            }
            date = header.firstIndex(of: "Date")
            hasTimes = header.contains("Start time") && header.contains("End time")
        }

        func cell(_ record: CSVRecord, _ index: Int) -> String {
            index < record.fields.count ? record.fields[index].trimmingSpaces : ""
        }
    }

    /// The values of one day: the sums and the readings to average of its rows.
    struct DayTotals {
        var steps: Double?
        var distance: Double?
        var weights: [Double] = []
        var heartRates: [Double] = []

        /// Adds one row: its mapped cells to the totals, its other non-empty cells to the
        /// sink's skipped types.
        mutating func add(_ record: CSVRecord, _ columns: Columns, into sink: inout some HealthSink) throws(ImportError) {
            for (index, role) in columns.roles.enumerated() {
                let text = columns.cell(record, index)
                if text.isEmpty { continue }
                switch role {
                case .when: continue
                case .skipped(let name): sink.skip(type: name)
                case .mapped(let measure):
                    guard let value = parseNumber(text.lowercased(), allowSuffix: false), value >= 0 else {
                        throw ImportError(
                            line: record.line,
                            "column '\(measure.header)': '\(ImportError.shown(text))' is not a number 0 or more; Google Fit writes digits like 3251.4"
                        )
                    }
                    guard value <= largestValue else {
                        throw ImportError(
                            line: record.line,
                            "column '\(measure.header)': '\(ImportError.shown(text))' is too large; values go up to 1,000,000,000,000")
                    }
                    switch measure {
                    case .steps: steps = (steps ?? 0) + value
                    case .distance: distance = (distance ?? 0) + value
                    case .weight: weights.append(value)
                    case .heartRate: heartRates.append(value)
                    }
                }
            }
        }

        /// Gives the day's values to the sink, in the attributes' units.
        func give(_ day: Day, into sink: inout some HealthSink) {
            func rounded(_ value: Double, _ places: Double) -> Double { (value * places).rounded() / places }
            let source = GoogleFitReader.source
            if let steps { sink.addDayValue(attribute: "steps", day: day, value: steps.rounded(), source: source) }
            if let distance {
                sink.addDayValue(attribute: "distance", day: day, value: rounded(distance / 1000, 1000), source: source)
            }
            if !weights.isEmpty {
                let mean = weights.reduce(0, +) / Double(weights.count)
                sink.addDayValue(attribute: "weight", day: day, value: rounded(mean, 1000), source: source)
            }
            if !heartRates.isEmpty {
                let mean = heartRates.reduce(0, +) / Double(heartRates.count)
                sink.addDayValue(attribute: "heart_rate", day: day, value: mean.rounded(), source: source)
            }
        }
    }
}
