import Testing

@testable import DaybookCore
@testable import DaybookStore

/// Seconds since 1970 of a local time written as Apple writes it, "2025-05-28 14:15:00" at
/// `offset` seconds east of UTC.
func appleSeconds(_ time: String, _ offset: Int32) -> Int64 {
    let parts = time.split(whereSeparator: { " -:".contains($0) }).map { Int($0)! }
    let day = Day(year: parts[0], month: parts[1], day: parts[2])!
    return Int64(day.ordinal) * 86_400 + Int64(parts[3] * 3600 + parts[4] * 60 + parts[5]) - Int64(offset)
}

/// A sample as the export writes it: local times at one offset for both ends.
func appleSample(
    _ measure: HealthMeasure, _ source: String, _ start: String, _ end: String, _ offset: Int32, _ value: Double
) -> HealthSample {
    HealthSample(
        measure: measure, source: source, start: appleSeconds(start, offset), end: appleSeconds(end, offset),
        offset: offset, value: value)
}

@Suite struct AppleHealthReaderTests {
    static let watch = "Bob’s Apple Watch"
    static let phone = "Bob’s iPhone"

    func read(_ name: String) throws -> (RecordingHealthSink, AppleHealthReport) {
        var sink = RecordingHealthSink()
        let report = try AppleHealthReader.read(path: Fixture.path("health/\(name)"), into: &sink)
        return (sink, report)
    }

    /// The samples of one measure, in the file's order.
    func samples(_ sink: RecordingHealthSink, _ measure: HealthMeasure) -> [HealthSample] {
        sink.samples.filter { $0.measure == measure }
    }

    @Test func readsTheSamplesOfTheMappedTypesInTheirUnits() throws {
        let (sink, report) = try read("apple-export.xml")
        #expect(
            report
                == AppleHealthReport(
                    kind: .xml, records: 36, exportDay: Day(year: 2025, month: 6, day: 2), exported: 1_748_853_012))
        #expect(sink.samples.count == 25)
        // A walk counted by the Watch and by the iPhone: both samples, each with its source.
        #expect(
            samples(sink, .steps).prefix(2) == [
                appleSample(.steps, Self.watch, "2025-05-28 14:15:00", "2025-05-28 14:24:00", 3600, 1200),
                appleSample(.steps, Self.phone, "2025-05-28 14:14:30", "2025-05-28 14:25:10", 3600, 1150),
            ])
        #expect(samples(sink, .distance).map(\.value) == [0.52 * 1.609_344, 0.85])
        let energy = samples(sink, .activeEnergy).map(\.value)
        #expect(energy.count == 2 && energy[0] == 45.5 && abs(energy[1] - 100) < 1e-9)
        #expect(
            samples(sink, .exercise) == [
                appleSample(.exercise, Self.watch, "2025-05-28 14:15:00", "2025-05-28 14:16:00", 3600, 1)
            ])
        #expect(samples(sink, .heartRate).map(\.value) == [112])
        #expect(samples(sink, .restingHeartRate).map(\.value) == [54])
        // `&lt;` in an attribute is read as `<`.
        #expect(
            samples(sink, .weight) == [
                appleSample(.weight, "Health Mate <Withings>", "2025-05-28 07:12:00", "2025-05-28 07:12:00", 3600, 165 * 0.453_592_37)
            ])
        #expect(samples(sink, .water).map(\.value) == [250, 8 * 29.573_529_562_5, 500])
        #expect(
            samples(sink, .mindful) == [
                appleSample(.mindful, "Breathe", "2025-05-28 21:00:00", "2025-05-28 21:10:30", 3600, 10.5)
            ])
        #expect(Set(sink.samples.map(\.source)) == [Self.watch, Self.phone, "Health Mate <Withings>", "WaterMinder", "Breathe", "AutoSleep"])
    }

    @Test func anHourStoodIsOneAndAnIdleHourIsReadButAddsNothing() throws {
        let (sink, _) = try read("apple-export.xml")
        #expect(
            samples(sink, .standHours) == [
                appleSample(.standHours, Self.watch, "2025-05-28 14:00:00", "2025-05-28 15:00:00", 3600, 1)
            ])
        #expect(sink.skipped["AppleStandHour"] == nil)
        // Stand time in minutes is not stand hours.
        #expect(sink.skipped["AppleStandTime"] == 1)
    }

    @Test func sleepStagesOfTwoSourcesAreAsleepOrInBedAndAwakeIsNothing() throws {
        let (sink, _) = try read("apple-export.xml")
        let sleep = sink.samples.filter { $0.measure == .asleep || $0.measure == .inBed }
        #expect(
            sleep == [
                appleSample(.inBed, Self.watch, "2025-05-28 23:10:00", "2025-05-29 07:02:00", 3600, 0),
                appleSample(.asleep, Self.watch, "2025-05-28 23:24:00", "2025-05-29 01:10:00", 3600, 0),
                appleSample(.asleep, Self.watch, "2025-05-29 01:10:00", "2025-05-29 02:05:00", 3600, 0),
                appleSample(.asleep, Self.watch, "2025-05-29 02:20:00", "2025-05-29 06:45:00", 3600, 0),
                appleSample(.asleep, "AutoSleep", "2025-05-28 23:30:00", "2025-05-29 06:50:00", 3600, 0),
                // Across the change to summer time: each end at its own offset, the start's kept.
                HealthSample(
                    measure: .asleep, source: "AutoSleep", start: appleSeconds("2025-03-29 23:30:00", 0),
                    end: appleSeconds("2025-03-30 07:15:00", 3600), offset: 0, value: 0),
            ])
        let night = try #require(sleep.last)
        #expect(night.end - night.start == 6 * 3600 + 45 * 60)
    }

    @Test func recordsOfAFlightKeepTheirOwnOffsets() throws {
        let (sink, _) = try read("apple-export.xml")
        #expect(
            samples(sink, .steps).suffix(2) == [
                appleSample(.steps, Self.phone, "2025-05-30 07:50:00", "2025-05-30 08:05:00", 3600, 1800),
                appleSample(.steps, Self.phone, "2025-05-30 15:00:00", "2025-05-30 15:12:00", -4 * 3600, 950),
            ])
    }

    @Test func workoutsAreMinutesFromTheirDurationOrTheirDates() throws {
        let (sink, _) = try read("apple-export.xml")
        #expect(
            samples(sink, .workout) == [
                appleSample(.workout, Self.watch, "2025-05-29 07:00:00", "2025-05-29 07:31:30", 3600, 31.5),
                appleSample(.workout, Self.phone, "2025-05-30 18:15:00", "2025-05-30 18:45:00", -4 * 3600, 30),
            ])
    }

    @Test func activitySummariesGiveTheDaysStandHoursActiveEnergyAndExercise() throws {
        let (sink, _) = try read("apple-export.xml")
        #expect(
            sink.dayValues == [
                .init("stand_hours", "2025-05-28", 11, "Activity summary"),
                .init("active_energy", "2025-05-28", 512.3, "Activity summary"),
                .init("exercise", "2025-05-28", 38, "Activity summary"),
                .init("stand_hours", "2025-05-29", 9, "Activity summary"),
                .init("active_energy", "2025-05-29", 430, "Activity summary"),
                .init("exercise", "2025-05-29", 31, "Activity summary"),
            ])
    }

    @Test func otherTypesAndUnreadableValuesAreSkippedByNameOnceEach() throws {
        let (sink, _) = try read("apple-export.xml")
        // The blood pressure Correlation's own copies of its two records are not counted again.
        #expect(
            sink.skipped == [
                "AppleStandTime": 1, "HeartRate (not a number)": 1, "HeartRateVariabilitySDNN": 1,
                "StepCount (unit xyz)": 1, "SleepDurationGoal": 1, "BloodPressureSystolic": 1,
                "BloodPressureDiastolic": 1,
            ])
    }

    @Test func theZipGivesWhatItsExportXmlGives() throws {
        let (fromXML, _) = try read("apple-export.xml")
        let (fromZip, report) = try read("apple-export.zip")
        #expect(report.kind == .zip(entry: "apple_health_export/export.xml"))
        #expect(report.records == 36)
        #expect(fromZip.samples == fromXML.samples)
        #expect(fromZip.dayValues == fromXML.dayValues)
        #expect(fromZip.skipped == fromXML.skipped)
    }

    @Test func aFileCutShortSaysTheLineWhereItEnds() {
        var sink = RecordingHealthSink()
        #expect(throws: ImportError(line: 155, "the export ends here, before its end (</HealthData>): the file is cut short; export it again")) {
            try AppleHealthReader.read(path: Fixture.path("health/apple-cut-short.xml"), into: &sink)
        }
    }

    @Test func aZipCutShortOrWithoutAnExportSaysSo() {
        var sink = RecordingHealthSink()
        #expect(throws: ImportError(line: nil, "the zip archive is cut short (its end, the central directory, is missing); copy or download it again")) {
            try AppleHealthReader.read(path: Fixture.path("health/apple-truncated.zip"), into: &sink)
        }
        #expect(
            throws: ImportError(
                line: nil,
                "the zip archive holds no export.xml (it holds Takeout/archive_browser.html, Takeout/Fit/Daily activity metrics/Daily…, Takeout/Fit/Daily activity metrics/2025-… and 1 more); an Apple Health export is export.zip, or the export.xml inside it")
        ) {
            try AppleHealthReader.read(path: Fixture.path("health/apple-no-export.zip"), into: &sink)
        }
    }
}
