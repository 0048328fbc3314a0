import DaybookCore
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads the database Gadgetbridge's "Export database" writes (SQLite), without changing it.
///
/// - The file is opened read-only and immutable: nothing is written to it and no `-wal` or
///   `-shm` file is made beside it. When a `-wal` file beside it holds rows not yet written
///   into the database, a private copy of both (in the temporary folder, removed after) is
///   read instead, so that those rows are read too.
/// - A `DEVICE` table names the sources: each device is the source named as Gadgetbridge
///   shows it (its `ALIAS` or `NAME`).
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
        // Rows not yet checkpointed live in the -wal file beside the database, which a file
        // opened immutable does not see: then a private copy of both is read instead.
        var walInfo = stat()
        let wal = path + "-wal"
        if stat(wal, &walInfo) == 0, walInfo.st_size > 0 {
            try HealthInput.withPrivateCopies(of: [path, wal], names: ["Gadgetbridge", "Gadgetbridge-wal"], interrupted: interrupted) {
                copies throws in
                try read(database: copies[0], immutable: false, into: &sink, interrupted: interrupted)
            }
            return
        }
        try read(database: path, immutable: true, into: &sink, interrupted: interrupted)
    }

    static func read(
        database path: String, immutable: Bool, into sink: inout some HealthSink, interrupted: () -> Bool
    ) throws {
        do {
            let database = try Database(path: path, create: false, immutable: immutable)
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
            let names = try deviceNames(database)
            for table in tables {
                try read(table, database, deviceNames: names, offsets: &offsets, into: &sink, interrupted: interrupted)
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
        _ table: SampleTable, _ database: Database, deviceNames: [Int64: String], offsets: inout LocalOffsets,
        into sink: inout some HealthSink, interrupted: () -> Bool
    ) throws {
        let quoted = "\"" + table.name.replacingAll("\"", with: "\"\"") + "\""
        let device = table.hasDevice ? "DEVICE_ID" : "NULL"
        let statement = try Statement(
            database: database, sql: "SELECT TIMESTAMP, STEPS, HEART_RATE, \(device) FROM \(quoted) WHERE TIMESTAMP IS NOT NULL")
        var sources: [Int64: String] = [:]
        let tableSource = "Gadgetbridge " + table.name
        var rows = 0
        while try statement.step() {
            rows += 1
            if rows & 4095 == 0 && interrupted() { throw HealthImportInterrupted() }
            let start = try timestamp(statement, table: table.name)
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
                    source = deviceNames[id] ?? "\(tableSource) device \(id)"
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

    /// The latest TIMESTAMP read: the last second of the year 9999.
    static let latestTimestamp: Int64 = 253_402_300_799

    /// The row's TIMESTAMP: whole Unix seconds from 0 to `latestTimestamp` (a real number
    /// with no fraction counts). Anything else (text such as '2026-11-01', milliseconds, a
    /// time out of range) is refused in one line naming the table and the value: read as
    /// seconds, it would be filed on a day it does not mean.
    static func timestamp(_ statement: Statement, table: String) throws(ImportError) -> Int64 {
        let seconds: Int64?
        let shown: String
        if statement.isInteger(0) {
            seconds = statement.int(0)
            shown = String(statement.int(0))
        } else if statement.isReal(0) {
            let value = statement.double(0)
            seconds = value.rounded() == value ? Int64(exactly: value) : nil
            shown = "\(value)"
        } else {
            seconds = nil
            shown = "'" + ImportError.shown(String(statement.string(0).prefix(40))) + "'"
        }
        guard let seconds, (0...latestTimestamp).contains(seconds) else {
            throw ImportError(
                line: nil,
                "table \(ImportError.shown(table)): TIMESTAMP \(shown) is not a time Gadgetbridge writes, which is whole seconds since 1970 (such as 1714550400), up to \(latestTimestamp) (the end of the year 9999)"
            )
        }
        return seconds
    }

    /// Each device's name, from the `DEVICE` table (`_id`, `NAME`, and `ALIAS` where the person
    /// named it), by id; two devices of one name are told apart by their id. Empty when there is
    /// no such table.
    static func deviceNames(_ database: Database) throws -> [Int64: String] {
        let columns = Set(try database.rows("SELECT upper(name) FROM pragma_table_info('DEVICE')") { $0.string(0) })
        guard columns.isSuperset(of: ["_ID", "NAME"]) else { return [:] }
        let alias = columns.contains("ALIAS") ? "coalesce(nullif(trim(ALIAS), ''), NAME)" : "NAME"
        let rows = try database.rows("SELECT _id, \(alias) FROM DEVICE WHERE _id IS NOT NULL ORDER BY _id") {
            ($0.int(0), $0.string(1).trimmingSpaces)
        }
        var names: [Int64: String] = [:]
        var counts: [String: Int] = [:]
        for (_, name) in rows where !name.isEmpty { counts[name, default: 0] += 1 }
        for (id, name) in rows where !name.isEmpty {
            names[id] = counts[name]! > 1 ? "\(name) (device \(id))" : name
        }
        return names
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
