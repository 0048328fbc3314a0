import DaybookCore
import DaybookStore
import Testing

@Suite struct HealthCSVReaderTests {
    typealias V = RecordingHealthSink.DayValue

    static let steps = Attribute(name: "steps", type: .count, aggregation: .sum, unit: "steps", group: "activity")
    static let distance = Attribute(name: "distance", type: .decimal, aggregation: .sum, unit: "km", group: "activity")
    static let energy = Attribute(name: "active_energy", type: .count, aggregation: .sum, unit: "kcal", group: "activity")
    static let sleep = Attribute(name: "sleep", type: .duration, aggregation: .sum, unit: "", group: "sleep")
    static let bedtime = Attribute(name: "bedtime", type: .time, aggregation: .last, unit: "", group: "sleep")
    static let restingHR = Attribute(name: "resting_hr", type: .count, aggregation: .average, unit: "bpm", group: "health")
    static let weight = Attribute(name: "weight", type: .decimal, aggregation: .last, unit: "kg", group: "health")
    static let score = Attribute(name: "mood_score", type: .decimal, aggregation: .average, unit: "", group: "other")

    func read(
        _ bytes: [UInt8], date: String, _ maps: [(column: String, attribute: Attribute)], units: [String: String] = [:],
        source: String = "test"
    ) throws -> RecordingHealthSink {
        var sink = RecordingHealthSink()
        try HealthCSVReader.read(bytes: bytes, dateColumn: date, maps: maps, units: units, source: source, into: &sink)
        return sink
    }

    func read(
        _ text: String, date: String = "Date", _ maps: [(column: String, attribute: Attribute)], units: [String: String] = [:]
    ) throws -> RecordingHealthSink {
        try read(Array(text.utf8), date: date, maps, units: units)
    }

    func error(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test func ouraTrendsWithSecondsAndAHeartRateGivenItsUnit() throws {
        let sink = try read(
            Fixture.bytes("health/oura-trends.csv"), date: "date",
            [
                ("Total Sleep Duration", Self.sleep), ("Steps", Self.steps), ("Cal Active", Self.energy),
                ("Average Resting Heart Rate", Self.restingHR),
            ],
            units: ["Total Sleep Duration": "s", "Average Resting Heart Rate": "bpm"], source: "Oura")
        #expect(
            sink.dayValues == [
                V("sleep", "2024-05-01", 448, "Oura"), V("steps", "2024-05-01", 8123, "Oura"),
                V("active_energy", "2024-05-01", 412, "Oura"), V("resting_hr", "2024-05-01", 52, "Oura"),
                V("sleep", "2024-05-02", 390, "Oura"), V("steps", "2024-05-02", 11876, "Oura"),
                V("active_energy", "2024-05-02", 603, "Oura"), V("resting_hr", "2024-05-02", 54, "Oura"),
                V("steps", "2024-05-03", 3412, "Oura"), V("active_energy", "2024-05-03", 160, "Oura"),
            ])
        #expect(sink.samples.isEmpty && sink.skipped.isEmpty)
    }

    @Test func aDecimalInACountColumnWithoutAUnitIsRefusedWithItsLineAndColumn() {
        #expect(
            error {
                _ = try read(
                    Fixture.bytes("health/oura-trends.csv"), date: "date", [("Average Resting Heart Rate", Self.restingHR)])
            } == "line 2: column 'Average Resting Heart Rate': '52.38' is not a count; use a whole number 0 or more, like 8200, 8,200 or 8.2k"
        )
    }

    @Test func garminDailyWithUnitsInHeadersTypedDurationsAndSlashedDates() throws {
        let sink = try read(
            Fixture.bytes("health/garmin-daily.csv"), date: "date",
            [
                ("steps", Self.steps), ("Distance (km)", Self.distance), ("Calories (kcal)", Self.energy),
                ("Sleep", Self.sleep), ("Resting Heart Rate (bpm)", Self.restingHR), ("Weight (lb)", Self.weight),
            ], source: "Garmin")
        #expect(
            sink.dayValues == [
                V("steps", "2024-05-01", 8412, "Garmin"), V("distance", "2024-05-01", 6.12, "Garmin"),
                V("active_energy", "2024-05-01", 512, "Garmin"), V("sleep", "2024-05-01", 450, "Garmin"),
                V("resting_hr", "2024-05-01", 54, "Garmin"), V("weight", "2024-05-01", 81.828063548, "Garmin"),
                V("steps", "2024-05-02", 10230, "Garmin"), V("distance", "2024-05-02", 7.8, "Garmin"),
                V("active_energy", "2024-05-02", 640, "Garmin"), V("sleep", "2024-05-02", 405, "Garmin"),
                V("resting_hr", "2024-05-02", 53, "Garmin"),
                V("steps", "2024-05-03", 2231, "Garmin"), V("distance", "2024-05-03", 1.5, "Garmin"),
                V("weight", "2024-05-03", 81.601267363, "Garmin"),
            ])
    }

    @Test func unitsConvertToTheAttributesUnit() throws {
        let text = """
            Date,Walk (m),Run (mi),Nap (ms),Workout (h),Energy (kJ),Mass (g)
            2024-05-01,1500,2,5400000,1.5,4184,81500
            """
        let sink = try read(
            text,
            [
                ("Walk (m)", Self.distance), ("Run (mi)", Self.distance), ("Nap (ms)", Self.sleep),
                ("Workout (h)", Self.sleep), ("Energy (kJ)", Self.energy), ("Mass (g)", Self.weight),
            ])
        #expect(
            sink.dayValues.map(\.value) == [1.5, 3.218688, 90, 90, 1000, 81.5])
        // A unit given for a column overrides its header's.
        let given = try read(text, [("Walk (m)", Self.distance)], units: ["walk (m)": "km"])
        #expect(given.dayValues.map(\.value) == [1500])
    }

    @Test func aUnitThatDoesNotFitTheAttributeIsRefused() {
        let text = "Date,Weight (lb),Sleep\n2024-05-01,180,7h\n"
        #expect(
            error { _ = try read(text, [("Weight (lb)", Self.sleep)]) }
                == "column 'Weight (lb)' is in lb, a weight, and sleep is a duration: its units are ms, s, sec, min, h or hr")
        #expect(
            error { _ = try read(text, [("Weight (lb)", Self.score)]) }
                == "column 'Weight (lb)' is in lb, which does not fit mood_score (a number); it fits attributes in kg, lb or g")
        #expect(
            error { _ = try read(text, [("Sleep", Self.bedtime)], units: ["Sleep": "min"]) }
                == "column 'Sleep' is in min, which does not fit bedtime (a time of day); it fits durations")
        #expect(
            error { _ = try read(text, [("Sleep", Self.sleep)], units: ["Sleep": "fortnights"]) }
                == "'fortnights' is not a unit; a column's unit is m, km, mi, kg, lb, g, ms, s, sec, min, h, hr, bpm, kcal or kJ")
        #expect(
            error { _ = try read(text, [("Sleep", Self.sleep)], units: ["Weight (lb)": "kg"]) }
                == "a unit is given for column 'Weight (lb)', which is mapped to no attribute")
    }

    @Test func columnsAreMatchedExactlyFirstThenIgnoringCase() throws {
        let text = "DATE,steps,Steps\n2024-05-01,1,2\n"
        #expect(try read(text, [("Steps", Self.steps)]).dayValues == [V("steps", "2024-05-01", 2, "test")])
        #expect(try read(text, [("STEPS", Self.steps)]).dayValues == [V("steps", "2024-05-01", 1, "test")])
        #expect(
            error { _ = try read(text, [("Sleep", Self.sleep)]) }
                == "the file has no column 'Sleep'; its columns are 'DATE', 'steps', 'Steps'")
        #expect(
            error { _ = try read(text, date: "Day", [("Steps", Self.steps)]) }
                == "the file has no column 'Day'; its columns are 'DATE', 'steps', 'Steps'")
    }

    @Test func dateFormsAndTheDayTheyName() throws {
        let text = """
            when,steps
            2024-05-01,1
            2024-05-02T23:30,2
            2024-05-03T23:30:15Z,3
            2024-05-04T00:10:00.000+02:00,4
            2024-05-05T23:59-0700,5
            2024-05-06 07:15,6
            2024-05-07 07:15:30,7
            2024/05/08,8
            1715515200,9

            2024-05-10,
            """
        let sink = try read(text, date: "when", [("steps", Self.steps)])
        #expect(
            sink.dayValues.map { "\($0.day) \(Int($0.value))" } == [
                "2024-05-01 1", "2024-05-02 2", "2024-05-03 3", "2024-05-04 4", "2024-05-05 5", "2024-05-06 6",
                "2024-05-07 7", "2024-05-08 8", "2024-05-12 9",
            ])
    }

    @Test func datesThatCouldBeEitherDayAreRefused() {
        let accepted =
            "use YYYY-MM-DD, YYYY-MM-DD HH:MM, YYYY-MM-DDTHH:MM (seconds and an offset such as Z or +01:00 may follow), YYYY/MM/DD or Unix seconds"
        for bad in ["05/01/2024", "01.05.2024", "20240501", "2024-02-30", "2024-05-01T25:00", "2024-05-01 morning", "May 1"] {
            #expect(
                error { _ = try read("Date,Steps\n2024-05-01,1\n\(bad),2\n", [("Steps", Self.steps)]) }
                    == "line 3: column 'Date': '\(bad)' is not a date; \(accepted)")
        }
        #expect(
            error { _ = try read("Date,Steps\n,2\n", [("Steps", Self.steps)]) }
                == "line 2: column 'Date': no date; \(accepted)")
    }

    @Test func valuesAreReadAsTheAttributesTypeReadsThem() throws {
        let text = "Date,Steps,Sleep,Bed\n2024-05-01,8.2k,7h 30m,23:15\n2024-05-02,,,11:40pm\n2024-05-03,lots,,\n"
        #expect(
            error { _ = try read(text, [("Steps", Self.steps), ("Sleep", Self.sleep), ("Bed", Self.bedtime)]) }
                == "line 4: column 'Steps': 'lots' is not a count; use a whole number 0 or more, like 8200, 8,200 or 8.2k")
        let sink = try read(
            String(text.split(separator: "\n").dropLast().joined(separator: "\n")),
            [("Steps", Self.steps), ("Sleep", Self.sleep), ("Bed", Self.bedtime)])
        #expect(
            sink.dayValues == [
                V("steps", "2024-05-01", 8200, "test"), V("sleep", "2024-05-01", 450, "test"),
                V("bedtime", "2024-05-01", 1395, "test"), V("bedtime", "2024-05-02", 1420, "test"),
            ])
        #expect(
            error { _ = try read("Date,Walk (m)\n2024-05-01,-3\n", [("Walk (m)", Self.distance)]) }
                == "line 2: column 'Walk (m)': '-3' is not a number 0 or more; use digits like 72.5")
        #expect(
            error { _ = try read("Date,Nap (h)\n2024-05-01,25\n", [("Nap (h)", Self.sleep)]) }
                == "line 2: column 'Nap (h)': '25' is longer than a day; durations go up to 24h")
    }

    @Test func filesThatAreNotCSVAreNamed() {
        #expect(
            error { _ = try read(Array("SQLite format 3".utf8) + [0, 1, 2], date: "Date", [("Steps", Self.steps)]) }
                == "this is an SQLite database, not a CSV file")
        #expect(
            error { _ = try read([0x50, 0x4B, 0x03, 0x04, 0, 0], date: "Date", [("Steps", Self.steps)]) }
                == "this is a zip archive, not a CSV file")
        #expect(error { _ = try read([], date: "Date", [("Steps", Self.steps)]) } == "the file is empty")
        #expect(
            error { _ = try read([0xFF, 0xFE, 0x44, 0], date: "Date", [("Steps", Self.steps)]) }
                == "the file is UTF-16 text; save it as UTF-8 and import it again")
    }

    @Test func semicolonSeparatedFilesAreRead() throws {
        let sink = try read("Date;Steps\n2024-05-01;\"8,412\"\n", [("Steps", Self.steps)])
        #expect(sink.dayValues == [V("steps", "2024-05-01", 8412, "test")])
    }
}
