#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the database Gadgetbridge's "Export database" writes (SQLite), without changing it.
///
/// - The file is opened read-only and immutable: nothing is written to it and no `-wal` or
///   `-shm` file is made beside it.
/// - Every table with `TIMESTAMP`, `STEPS` and `HEART_RATE` columns is read
///   (`MI_BAND_ACTIVITY_SAMPLE`, `PEBBLE_HEALTH_ACTIVITY_SAMPLE`, ...), a row at a time. Each
///   device of a table with `DEVICE_ID` is a source of its own ("Gadgetbridge
///   MI_BAND_ACTIVITY_SAMPLE device 2"); a table without one is one source.
/// - A row is the minute from `TIMESTAMP` (Unix seconds): a `.steps` sample of `STEPS` when it
///   is above 0, and a `.heartRate` sample of `HEART_RATE` when it is a reading, 1 to 250 (0,
///   255 and negative values are how Gadgetbridge writes none).
/// - Gadgetbridge stores no time zone, so each sample is read at the machine's offset from UTC
///   at that instant.
public enum GadgetbridgeReader {
    /// The highest heart rate taken as a reading.
    static let highestHeartRate: Int64 = 250

    /// Reads the database at `path` (a regular file only). `interrupted` is asked every 4,096
    /// rows; when it returns true the read stops with `HealthImportInterrupted`.
    public static func read(path: String, into sink: inout some HealthSink, interrupted: () -> Bool = { false }) throws {
        let head = try HealthInput.head(path, count: 512)
        let kind = HealthInput.kind(head)
        guard kind == "an SQLite database" else {
            var message = "this is \(kind), not an SQLite database; Gadgetbridge's Export database writes one"
            if kind == "a zip archive" {
                message += ", and its zip export holds one (named Gadgetbridge): unzip it and import that file"
            }
            throw ImportError(line: nil, message)
        }
        do {
            let database = try Database(path: path, create: false, immutable: true)
            let tables = try sampleTables(database)
            guard !tables.isEmpty else {
                let names = try database.rows(
                    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
                ) { $0.string(0) }
                let listed = names.isEmpty ? "no tables" : names.map { ImportError.shown($0) }.joined(separator: ", ")
                throw ImportError(
                    line: nil,
                    "an SQLite database with no activity-sample tables (it has: \(listed)); Gadgetbridge's export has tables like MI_BAND_ACTIVITY_SAMPLE"
                )
            }
            var offsets = LocalOffsets()
            for table in tables {
                try read(table, database, offsets: &offsets, into: &sink, interrupted: interrupted)
            }
        } catch let error as ImportError {
            throw error
        } catch let error as HealthImportInterrupted {
            throw error
        } catch let error as DatabaseError {
            switch error.kind {
            case .notAJournal, .corrupt: throw ImportError(line: nil, "the database is damaged (\(error.message))")
            default: throw ImportError(line: nil, "cannot read the database: \(error.message)")
            }
        } catch {
            throw ImportError(line: nil, "cannot read the database: \(error)")
        }
    }

    /// A table of samples, and whether it has a `DEVICE_ID` column.
    struct SampleTable {
        let name: String
        let hasDevice: Bool
    }

    /// The tables with `TIMESTAMP`, `STEPS` and `HEART_RATE` columns, by name.
    static func sampleTables(_ database: Database) throws -> [SampleTable] {
        let names = try database.rows("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
            $0.string(0)
        }
        var tables: [SampleTable] = []
        for name in names {
            let columns = Set(try database.rows("SELECT name FROM pragma_table_info(?)", [.text(name)]) { $0.string(0).uppercased() })
            if columns.isSuperset(of: ["TIMESTAMP", "STEPS", "HEART_RATE"]) {
                tables.append(SampleTable(name: name, hasDevice: columns.contains("DEVICE_ID")))
            }
        }
        return tables
    }

    /// Reads one table's rows, a row at a time.
    static func read(
        _ table: SampleTable, _ database: Database, offsets: inout LocalOffsets, into sink: inout some HealthSink,
        interrupted: () -> Bool
    ) throws {
        let quoted = "\"" + table.name.replacing("\"", with: "\"\"") + "\""
        let device = table.hasDevice ? "DEVICE_ID" : "NULL"
        let statement = try Statement(
            database: database, sql: "SELECT TIMESTAMP, STEPS, HEART_RATE, \(device) FROM \(quoted) WHERE TIMESTAMP IS NOT NULL")
        var sources: [Int64: String] = [:]
        let tableSource = "Gadgetbridge " + table.name
        var rows = 0
        while try statement.step() {
            rows += 1
            if rows & 4095 == 0 && interrupted() { throw HealthImportInterrupted() }
            let start = statement.int(0)
            let steps = statement.isNull(1) ? 0 : statement.int(1)
            let heartRate = statement.isNull(2) ? 0 : statement.int(2)
            let stepsCount = steps > 0
            let reading = heartRate > 0 && heartRate <= highestHeartRate
            guard stepsCount || reading else { continue }
            var source = tableSource
            if table.hasDevice, !statement.isNull(3) {
                let id = statement.int(3)
                if let known = sources[id] {
                    source = known
                } else {
                    source = "\(tableSource) device \(id)"
                    sources[id] = source
                }
            }
            let offset = offsets.offset(at: start)
            if stepsCount {
                sink.add(
                    HealthSample(measure: .steps, source: source, start: start, end: start + 60, offset: offset, value: Double(steps)))
            }
            if reading {
                sink.add(
                    HealthSample(
                        measure: .heartRate, source: source, start: start, end: start + 60, offset: offset,
                        value: Double(heartRate)))
            }
        }
    }

    /// The machine's offset from UTC at an instant, looked up once per quarter of an hour:
    /// offsets change only at whole quarters of an hour.
    struct LocalOffsets {
        private var quarter: Int64 = .min
        private var last: Int32 = 0

        mutating func offset(at seconds: Int64) -> Int32 {
            let q = seconds >= 0 ? seconds / 900 : (seconds - 899) / 900
            if q != quarter {
                quarter = q
                var t = time_t(seconds)
                var parts = tm()
                last = localtime_r(&t, &parts) == nil ? 0 : Int32(parts.tm_gmtoff)
            }
            return last
        }
    }
}
