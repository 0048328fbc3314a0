extension GoogleFitReader {
    /// Reads the Takeout zip at `path`.
    static func readArchive(_ path: String, into sink: inout some HealthSink) throws(ImportError) {
        throw ImportError(
            line: nil,
            "this is a zip archive; unzip the Takeout archive and import '\(dailyMetricsName)' (in Takeout/Fit/Daily activity metrics)"
        )
    }
}
