import DaybookCore
import DaybookStore
import Foundation
import Testing

@Suite struct GoogleFitReaderTests {
    typealias V = RecordingHealthSink.DayValue

    static let folder = Fixture.path("health/Daily activity metrics")

    func read(_ path: String) throws -> RecordingHealthSink {
        var sink = RecordingHealthSink()
        try GoogleFitReader.read(path: path, into: &sink)
        return sink
    }

    func error(_ path: String) -> String? {
        do {
            _ = try read(path)
            return nil
        } catch {
            return "\(error)"
        }
    }

    /// A new empty folder, removed after `body`.
    func withFolder(_ body: (String) throws -> Void) throws {
        let path = FileManager.default.temporaryDirectory.path + "/daybook-googlefit-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(atPath: path) }
        try body(path)
    }

    static let dailyValues = [
        V("steps", "2024-05-01", 8412, "Google Fit"), V("distance", "2024-05-01", 6.123, "Google Fit"),
        V("heart_rate", "2024-05-01", 72, "Google Fit"),
        V("steps", "2024-05-02", 10230, "Google Fit"), V("distance", "2024-05-02", 7.802, "Google Fit"),
        V("weight", "2024-05-02", 81.4, "Google Fit"),
        V("steps", "2024-05-04", 2231, "Google Fit"), V("distance", "2024-05-04", 1.523, "Google Fit"),
        V("weight", "2024-05-04", 81.15, "Google Fit"), V("heart_rate", "2024-05-04", 65, "Google Fit"),
    ]

    static let dailySkipped = [
        "Move Minutes count": 3, "Calories (kcal)": 4, "Heart Points": 2, "Heart Minutes": 2,
        "Max heart rate (bpm)": 2, "Min heart rate (bpm)": 2, "Average speed (m/s)": 1, "Max speed (m/s)": 1,
        "Min speed (m/s)": 1, "Max weight (kg)": 2, "Min weight (kg)": 2, "Inactive duration (ms)": 4,
        "Walking duration (ms)": 3, "Running duration (ms)": 1,
    ]

    @Test func dailyActivityMetricsGivesTheMappedColumnsAndCountsTheOthers() throws {
        let sink = try read(Self.folder + "/Daily activity metrics.csv")
        #expect(sink.dayValues == Self.dailyValues)
        #expect(sink.skipped == Self.dailySkipped)
        #expect(sink.samples.isEmpty)
    }

    @Test func aFolderWithDailyActivityMetricsReadsThatFileOnly() throws {
        let sink = try read(Self.folder)
        #expect(sink.dayValues == Self.dailyValues)
        #expect(sink.skipped == Self.dailySkipped)
    }

    static let firstDay = [
        V("steps", "2024-05-01", 2652, "Google Fit"), V("distance", "2024-05-01", 1.934, "Google Fit"),
        V("weight", "2024-05-01", 81.4, "Google Fit"), V("heart_rate", "2024-05-01", 92, "Google Fit"),
    ]

    @Test func aPerDayFileSumsStepsAndDistanceAndAveragesReadings() throws {
        let sink = try read(Self.folder + "/2024-05-01.csv")
        #expect(sink.dayValues == Self.firstDay)
        #expect(
            sink.skipped == [
                "Calories (kcal)": 4, "Inactive duration (ms)": 1, "Move Minutes count": 2, "Max heart rate (bpm)": 1,
                "Min heart rate (bpm)": 1, "Walking duration (ms)": 2,
            ])
    }

    @Test func aFolderOfPerDayFilesReadsEachAsItsDay() throws {
        try withFolder { folder in
            for name in ["2024-05-01.csv", "2024-05-02.csv"] {
                try FileManager.default.copyItem(atPath: Self.folder + "/" + name, toPath: folder + "/" + name)
            }
            try Data("not Google's".utf8).write(to: URL(fileURLWithPath: folder + "/notes.txt"))
            let sink = try read(folder + "/")
            #expect(
                sink.dayValues
                    == Self.firstDay + [
                        V("steps", "2024-05-02", 2900, "Google Fit"), V("distance", "2024-05-02", 2.4, "Google Fit"),
                        V("heart_rate", "2024-05-02", 120, "Google Fit"),
                    ])
            #expect(sink.skipped["Calories (kcal)"] == 6)
            #expect(sink.skipped["Running duration (ms)"] == 1)
        }
    }

    @Test func filesAndFoldersThatAreNotGoogleFitsAreRefusedInOneLine() throws {
        try withFolder { folder in
            #expect(
                error(folder)
                    == "the folder holds neither Daily activity metrics.csv nor per-day files such as 2024-05-01.csv; Google Takeout puts them in Fit/Daily activity metrics"
            )
            try FileManager.default.copyItem(atPath: Self.folder + "/2024-05-01.csv", toPath: folder + "/may first.csv")
            #expect(
                error(folder + "/may first.csv")
                    == "a per-day file of Google Fit is named after its day (2024-05-01.csv), and 'may first.csv' names no day; import the file as Takeout named it, or Daily activity metrics.csv"
            )
            try Data("day,steps\n2024-05-01,3\n".utf8).write(to: URL(fileURLWithPath: folder + "/other.csv"))
            #expect(
                error(folder + "/other.csv")
                    == "line 1: this is not Google Fit's Daily activity metrics.csv or one of its per-day files: they start with a Date column or with Start time and End time, and this starts with 'day', 'steps'; for another CSV, map its columns to attributes"
            )
            try Data("SQLite format 3\0".utf8).write(to: URL(fileURLWithPath: folder + "/db"))
            #expect(
                error(folder + "/db")
                    == "this is an SQLite database, not Google Fit's Daily activity metrics.csv or one of its per-day files")
            #expect(error(folder + "/missing.csv") == "cannot read \(folder)/missing.csv: No such file or directory")
        }
    }

    @Test func aValueThatIsNotANumberNamesItsLineAndColumn() throws {
        try withFolder { folder in
            let text = "Date,Step count,Distance (m)\n2024-05-01,12,300\n2024-05-02,many,\n"
            try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/Daily activity metrics.csv"))
            #expect(
                error(folder)
                    == "line 3: column 'Step count': 'many' is not a number 0 or more; Google Fit writes digits like 3251.4")
            try Data("Date,Distance (m)\n2024-05-01,10000000000000000\n".utf8).write(
                to: URL(fileURLWithPath: folder + "/Daily activity metrics.csv"))
            #expect(
                error(folder)
                    == "line 2: column 'Distance (m)': '10000000000000000' is too large; values go up to 1,000,000,000,000")
            let dayText = "Start time,End time,Step count\n00:00:00.000+01:00,00:15:00.000+01:00,-4\n"
            try Data(dayText.utf8).write(to: URL(fileURLWithPath: folder + "/2024-05-03.csv"))
            try FileManager.default.removeItem(atPath: folder + "/Daily activity metrics.csv")
            #expect(
                error(folder)
                    == "2024-05-03.csv, line 2: column 'Step count': '-4' is not a number 0 or more; Google Fit writes digits like 3251.4"
            )
        }
    }

    /// Zips the folder `Takeout` inside `folder` into `folder/name` with the zip program.
    func zip(_ folder: String, _ name: String) throws {
        let zip = Process()
        zip.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        zip.arguments = ["-q", "-r", name, "Takeout"]
        zip.currentDirectoryURL = URL(fileURLWithPath: folder)
        try zip.run()
        zip.waitUntilExit()
        #expect(zip.terminationStatus == 0)
    }

    @Test func theTakeoutArchiveIsReadWithoutUnpackingIt() throws {
        try withFolder { folder in
            let fit = folder + "/Takeout/Fit/Daily activity metrics"
            try FileManager.default.createDirectory(atPath: fit, withIntermediateDirectories: true)
            for name in ["2024-05-01.csv", "Daily activity metrics.csv", "2024-05-02.csv"] {
                try FileManager.default.copyItem(atPath: Self.folder + "/" + name, toPath: fit + "/" + name)
            }
            try Data("<html></html>".utf8).write(to: URL(fileURLWithPath: folder + "/Takeout/archive_browser.html"))
            try zip(folder, "takeout-20240510T101500Z-001.zip")
            try FileManager.default.removeItem(atPath: folder + "/Takeout")
            let sink = try read(folder + "/takeout-20240510T101500Z-001.zip")
            #expect(sink.dayValues == Self.dailyValues)
            #expect(sink.skipped == Self.dailySkipped)
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["takeout-20240510T101500Z-001.zip"])
        }
    }

    @Test func aZipWithoutTheDailyMetricsSaysWhereTakeoutPutsThem() throws {
        try withFolder { folder in
            let fit = folder + "/Takeout/Fit/Activités quotidiennes"
            try FileManager.default.createDirectory(atPath: fit, withIntermediateDirectories: true)
            try FileManager.default.copyItem(
                atPath: Self.folder + "/Daily activity metrics.csv", toPath: fit + "/Métriques d'activité quotidiennes.csv")
            try zip(folder, "takeout.zip")
            #expect(
                error(folder + "/takeout.zip")
                    == "the zip archive holds no Daily activity metrics/Daily activity metrics.csv (Google Takeout puts it in Takeout/Fit, in English); unzip the Takeout archive and import 'Daily activity metrics.csv'"
            )
        }
    }
}
