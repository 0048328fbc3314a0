extension GoogleFitReader {
    /// Where a Takeout archive holds the daily metrics: `Takeout/Fit/Daily activity
    /// metrics/Daily activity metrics.csv`, under whatever folders lead to it. Takeout in
    /// another language names the folders and the file in that language, and is not read.
    static let archiveEntry = "Daily activity metrics/" + dailyMetricsName

    /// Reads `Daily activity metrics.csv` out of the Takeout zip at `path`, as a stream,
    /// without unpacking it.
    static func readArchive(_ path: String, into sink: inout some HealthSink, interrupted: () -> Bool) throws {
        let entries = try HealthArchive.entries(path: path)
        guard let entry = entries.first(where: { $0 == archiveEntry || $0.hasSuffix("/" + archiveEntry) }) else {
            throw ImportError(
                line: nil,
                "the zip archive holds no \(archiveEntry) (Google Takeout puts it in Takeout/Fit, in English); unzip the Takeout archive and import '\(dailyMetricsName)'"
            )
        }
        try readCSV(.dailyMetrics, into: &sink) { piece in
            try HealthArchive.read(
                path: path, entry: entry, limit: largestFile, ratio: largestRatio, interrupted: interrupted, chunk: piece)
        }
    }
}
