@testable import DaybookCore
@testable import DaybookStore
import Foundation
import Testing

/// Apple Health exports whose records must be read as Apple means them, or listed as not read.
@Suite struct AppleHealthRulesTests {
    func read(_ body: String) throws -> RecordingHealthSink {
        let text = "<?xml version=\"1.0\"?>\n<HealthData>\n" + body + "\n</HealthData>\n"
        let path = FileManager.default.temporaryDirectory.path + "/daybook-apple-rules-" + UUID().uuidString + ".xml"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        var sink = RecordingHealthSink()
        _ = try AppleHealthReader.read(path: path, into: &sink)
        return sink
    }

    @Test func anImpossibleDateIsNotReadInsteadOfFiledOnAnotherDay() throws {
        let sink = try read(
            """
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2026-02-31 10:00:00 +0100" endDate="2026-02-31 10:10:00 +0100" value="12"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2025-02-29 10:00:00 +0100" endDate="2025-02-29 10:10:00 +0100" value="13"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2024-02-29 10:00:00 +0100" endDate="2024-02-29 10:10:00 +0100" value="14"/>
             <ActivitySummary dateComponents="2026-04-31" appleStandHours="3"/>
            """)
        #expect(sink.samples.map(\.value) == [14])
        #expect(sink.skipped == ["StepCount (no dates)": 2, "ActivitySummary (no date)": 1])
        #expect(sink.dayValues.isEmpty)
    }

    @Test func recordsFoundOnlyInsideACorrelationAreListedAsNotRead() throws {
        let dates = #"startDate="2025-05-31 08:00:00 +0100" endDate="2025-05-31 08:00:00 +0100""#
        let sink = try read(
            """
             <Correlation type="HKCorrelationTypeIdentifierBloodPressure" sourceName="Omron" \(dates)>
              <Record type="HKQuantityTypeIdentifierBloodPressureSystolic" sourceName="Omron" unit="mmHg" \(dates) value="121"/>
              <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" \(dates) value="79"/>
             </Correlation>
             <Record type="HKQuantityTypeIdentifierBloodPressureDiastolic" sourceName="Omron" unit="mmHg" \(dates) value="79"/>
            """)
        #expect(
            sink.skipped == ["BloodPressureSystolic (only inside a Correlation)": 1, "BloodPressureDiastolic": 1])
    }

    @Test func activitySummariesGiveEnergyInTheirUnitAndExerciseAboveZero() throws {
        let sink = try read(
            """
             <ActivitySummary dateComponents="2025-05-28" activeEnergyBurned="2092" activeEnergyBurnedUnit="kJ" appleExerciseTime="0"/>
             <ActivitySummary dateComponents="2025-05-29" activeEnergyBurned="0" activeEnergyBurnedUnit="Cal" appleExerciseTime="12"/>
             <ActivitySummary dateComponents="2025-05-30" activeEnergyBurned="300" activeEnergyBurnedUnit="furlong"/>
            """)
        #expect(sink.dayValues.map(\.description) == [
            RecordingHealthSink.DayValue("active_energy", "2025-05-28", 2092 / 4.184, "Activity summary").description,
            RecordingHealthSink.DayValue("exercise", "2025-05-29", 12, "Activity summary").description,
        ])
        #expect(sink.skipped == ["ActivitySummary active energy (unit furlong)": 1])
    }
}

extension AppleHealthRulesTests {
    static let handEntered = """
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Bob’s Apple Watch" unit="count" startDate="2025-05-28 10:00:00 +0100" endDate="2025-05-28 11:00:00 +0100" value="3000"/>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Health" unit="count" startDate="2025-05-28 10:00:00 +0100" endDate="2025-05-28 11:00:00 +0100" value="5000">
          <MetadataEntry key="HKMetadataKeyTimeZone" value="Europe/London"/>
          <MetadataEntry key="HKWasUserEntered" value="1"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Health" unit="count" startDate="2025-05-28 12:00:00 +0100" endDate="2025-05-28 13:00:00 +0100" value="7">
          <MetadataEntry key="HKWasUserEntered" value="0"/>
         </Record>
        """

    @Test func dataEnteredByHandRanksFirstAsInApple() throws {
        let sink = try read(Self.handEntered)
        #expect(sink.samples.map(\.source) == ["Bob’s Apple Watch", "Health (entered by hand)", "Health"])
        var days = HealthDays(dayStartMinutes: 0, prefer: [], attributes: [:])
        for sample in sink.samples { days.add(sample) }
        #expect(days.result().values.map(\.value) == [5007])
        var preferring = HealthDays(dayStartMinutes: 0, prefer: ["Watch"], attributes: [:])
        for sample in sink.samples { preferring.add(sample) }
        #expect(preferring.result().values.map(\.value) == [3007])
    }
}
