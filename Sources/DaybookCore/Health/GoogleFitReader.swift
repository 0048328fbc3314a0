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

    /// Reads what is at `path`: `Daily activity metrics.csv`, a per-day file, the folder that
    /// holds them, or the Takeout zip.
    public static func read(path: String, into sink: inout some HealthSink) throws(ImportError) {
        if HealthInput.isFolder(path) {
            try readFolder(path, into: &sink)
            return
        }
        let head = try HealthInput.head(path, count: 512)
        if HealthInput.isZip(head) {
            try readArchive(path, into: &sink)
            return
        }
        let kind = HealthInput.kind(head)
        guard kind == "a text file" else {
            throw ImportError(line: nil, "this is \(kind), not Google Fit's \(dailyMetricsName) or one of its per-day files")
        }
        let bytes = try HealthInput.bytes(path)
        let name = Paths.lastComponent(of: path)
        let header = try CSVReader.records(Array(bytes.prefix { $0 != 10 && $0 != 13 })).first?.fields ?? []
        if header.contains("Start time") {
            guard let day = day(ofFileName: name) else {
                throw ImportError(
                    line: nil,
                    "a per-day file of Google Fit is named after its day (2024-05-01.csv), and '\(ImportError.shown(name))' names no day; import the file as Takeout named it, or \(dailyMetricsName)"
                )
            }
            try readDayFile(bytes, day: day, into: &sink)
        } else {
            try readDailyMetrics(bytes, into: &sink)
        }
    }

    /// Reads `Daily activity metrics.csv`: a row per day.
    public static func readDailyMetrics(_ bytes: [UInt8], into sink: inout some HealthSink) throws(ImportError) {
        var reader = try CSVReader(bytes: bytes)
        guard let header = try reader.next() else { throw ImportError(line: nil, "the file is empty") }
        let columns = Columns(header.fields)
        guard let dateIndex = columns.date else { throw notGoogleFit(header.fields) }
        while let record = try reader.next() {
            let dateText = columns.cell(record, dateIndex)
            if record.fields.allSatisfy({ $0.trimmingSpaces.isEmpty }) { continue }
            guard let day = Day.parseISO(dateText) else {
                let what = dateText.isEmpty ? "no date" : "'\(ImportError.shown(dateText))' is not a date"
                throw ImportError(line: record.line, "column 'Date': \(what); Google Fit writes YYYY-MM-DD")
            }
            var totals = DayTotals()
            try totals.add(record, columns, into: &sink)
            totals.give(day, into: &sink)
        }
    }

    /// Reads one per-day file (`2024-05-01.csv`, a row per 15 minutes) as the values of `day`.
    public static func readDayFile(_ bytes: [UInt8], day: Day, into sink: inout some HealthSink) throws(ImportError) {
        var reader = try CSVReader(bytes: bytes)
        guard let header = try reader.next() else { throw ImportError(line: nil, "the file is empty") }
        let columns = Columns(header.fields)
        guard columns.hasTimes else { throw notGoogleFit(header.fields) }
        var totals = DayTotals()
        while let record = try reader.next() {
            try totals.add(record, columns, into: &sink)
        }
        totals.give(day, into: &sink)
    }

    /// Reads a folder: its `Daily activity metrics.csv` when it holds one, else its per-day files.
    static func readFolder(_ path: String, into sink: inout some HealthSink) throws(ImportError) {
        let names = try HealthInput.names(in: path)
        let folder = path.hasSuffix("/") ? path : path + "/"
        if names.contains(dailyMetricsName) {
            try readDailyMetrics(HealthInput.bytes(folder + dailyMetricsName), into: &sink)
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
                try readDayFile(HealthInput.bytes(folder + name), day: day, into: &sink)
            } catch {
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
