import Testing

@testable import DaybookCore
@testable import DaybookStore

#if canImport(Glibc)
    import Glibc
#endif

/// Files that are not Apple Health exports, or that attack the XML reader, each refused in one
/// line; and the read's progress and interruption.
@Suite struct AppleHealthReaderHostileTests {
    static let entities =
        "the file declares XML entities (<!ENTITY>), which an Apple Health export never does; it is not read, so that nothing is expanded or fetched"

    func refusal(_ path: String) -> (ImportError?, RecordingHealthSink) {
        var sink = RecordingHealthSink()
        let error = #expect(throws: ImportError.self) {
            try AppleHealthReader.read(path: path, into: &sink)
        }
        return (error, sink)
    }

    /// A file of `bytes` under the temporary folder, removed by the caller.
    func temporaryFile(_ bytes: [UInt8]) -> String {
        var template = Array("/tmp/daybook-apple-health-XXXXXX".utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        precondition(fd >= 0)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test func anEntityBombIsRefusedBeforeAnythingIsRead() {
        let (error, sink) = refusal(Fixture.path("health/apple-entity-bomb.xml"))
        #expect(error == ImportError(line: nil, Self.entities))
        #expect(sink.samples.isEmpty && sink.skipped.isEmpty)
    }

    @Test func anExternalEntityIsRefusedAndNeverFetched() {
        let (error, sink) = refusal(Fixture.path("health/apple-external-entity.xml"))
        #expect(error == ImportError(line: nil, Self.entities))
        #expect(!sink.samples.contains { $0.source.contains("root:") })
        #expect(sink.samples.isEmpty)
    }

    @Test func anEntityDeclaredAcrossTwoReadsIsFoundToo() {
        // The declaration straddles the reader's 256 KiB reads.
        let comment = "<!--" + String(repeating: "x", count: 262_144 - 70) + "-->\n"
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE HealthData [\n" + comment
        text += "<!ENTITY boom \"b\">\n]>\n<HealthData><Record type=\"t\" sourceName=\"&boom;\"/></HealthData>\n"
        let path = temporaryFile(Array(text.utf8))
        defer { unlink(path) }
        #expect(text.utf8.count > 262_144)
        #expect(refusal(path).0 == ImportError(line: nil, Self.entities))
    }

    @Test func anEntityAfterARootNameInACommentIsStillRefused() {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [
            <!-- <HealthData> -->
            <!ENTITY boom SYSTEM "file:///etc/passwd">
            ]>
            <HealthData><Record type="t" sourceName="&boom;"/></HealthData>

            """
        let path = temporaryFile(Array(text.utf8))
        defer { unlink(path) }
        #expect(refusal(path).0 == ImportError(line: nil, Self.entities))
    }

    @Test func anExternalDocumentTypeIsNeitherFetchedNorRead() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData SYSTEM "file:///etc/passwd">
            <HealthData><Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2025-05-28 14:15:00 +0100" endDate="2025-05-28 14:24:00 +0100" value="12"/></HealthData>

            """
        let path = temporaryFile(Array(text.utf8))
        defer { unlink(path) }
        var sink = RecordingHealthSink()
        _ = try AppleHealthReader.read(path: path, into: &sink)
        #expect(sink.samples == [appleSample(.steps, "Phone", "2025-05-28 14:15:00", "2025-05-28 14:24:00", 3600, 12)])
    }

    @Test func anExportWithoutRecordsIsReadAsEmpty() throws {
        let path = temporaryFile(Array("<?xml version=\"1.0\"?>\n<HealthData locale=\"en_GB\"/>\n".utf8))
        defer { unlink(path) }
        var sink = RecordingHealthSink()
        #expect(try AppleHealthReader.read(path: path, into: &sink) == AppleHealthReport(kind: .xml, records: 0, exportDay: nil))
    }

    @Test func recordsThatCannotBeReadAreSkippedByNameNeverACrash() throws {
        let dates = #"startDate="2025-05-28 14:15:00 +0100" endDate="2025-05-28 14:24:00 +0100""#
        let long = String(repeating: "HKCategoryValue", count: 10)
        let text = """
            <?xml version="1.0"?>
            <HealthData>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" \(dates) value="12"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" \(dates)/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="yesterday" endDate="2025-05-28 14:24:00 +0100" value="12"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2025-05-28 14:15:00 +0100" endDate="2025-05-28 14:14:00 +0100" value="12"/>
             <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" \(dates) value="nan"/>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Phone" \(dates) value="HKCategoryValueSleepAnalysisDozing"/>
             <Record type="HKCategoryTypeIdentifierSleepAnalysis" sourceName="Phone" \(dates) value="\(long)"/>
             <Record type="HKCategoryTypeIdentifierAppleStandHour" sourceName="Phone" \(dates)/>
             <Record sourceName="Phone" \(dates) value="1"/>
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="3" durationUnit="fortnight" sourceName="Phone" \(dates)/>
             <Workout workoutActivityType="HKWorkoutActivityTypeRunning" duration="3" durationUnit="min" sourceName="Phone"/>
             <ActivitySummary dateComponents="2025-02-30" appleStandHours="3"/>
             <ActivitySummary dateComponents="2025-02-28" appleStandHours="many"/>
            </HealthData>

            """
        let path = temporaryFile(Array(text.utf8))
        defer { unlink(path) }
        var sink = RecordingHealthSink()
        let report = try AppleHealthReader.read(path: path, into: &sink)
        #expect(report.records == 13)
        #expect(sink.samples.isEmpty && sink.dayValues.isEmpty)
        #expect(
            sink.skipped == [
                "StepCount (no unit)": 1, "StepCount (not a number)": 2, "StepCount (no dates)": 2,
                "SleepAnalysis (value HKCategoryValueSleepAnalysisDozing)": 1, "SleepAnalysis (no value)": 1,
                "AppleStandHour (no value)": 1, "Record without a type": 1, "Workout (unit fortnight)": 1,
                "ActivitySummary (no date)": 1,
                "Workout (no dates)": 1,
            ])
    }

    @Test func xmlOfAnotherKindNamesItsRoot() {
        #expect(
            refusal(Fixture.path("health/apple-route.gpx")).0
                == ImportError(line: nil, "this is XML whose root is <gpx>, not an Apple Health export (<HealthData>); an Apple Health export is export.zip, or the export.xml inside it"))
    }

    @Test func malformedXMLSaysItsLine() {
        var bytes = Fixture.bytes("health/apple-export.xml")
        let at = bytes.index(of: "<Record type=\"HKQuantityTypeIdentifierHeartRate\"") + "<Record ".count
        bytes.insert(contentsOf: Array("<oops ".utf8), at: at)
        let path = temporaryFile(bytes)
        defer { unlink(path) }
        let error = refusal(path).0
        #expect(error?.line == 130)
        #expect(error?.message.hasPrefix("this is not well-formed XML: ") == true)
    }

    @Test func filesOfOtherKindsSayWhatTheyLookLike() {
        let cases: [([UInt8], String)] = [
            ([], "the file is empty"),
            ([0x1F, 0x8B, 8, 0, 0, 0], "this is a gzip-compressed file"),
            (Array("SQLite format 3".utf8) + [0, 1, 2], "this is an SQLite database"),
            (Array("%PDF-1.7\n".utf8), "this is a PDF document"),
            (Array("{\"steps\": 1}\n".utf8), "this looks like JSON"),
            (Array("Date,Step count\n2025-05-28,9120\n".utf8), "this is text that is not XML (it starts 'Date,Step count\n2025-05-28,9120\n')"),
            ([0, 1, 2, 3, 0xFF], "this is a binary file of some other kind"),
        ]
        for (bytes, start) in cases {
            let path = temporaryFile(bytes)
            defer { unlink(path) }
            #expect(
                refusal(path).0
                    == ImportError(line: nil, "\(start), not an Apple Health export; an Apple Health export is export.zip, or the export.xml inside it"))
        }
    }

    @Test func aMissingFileSaysWhy() {
        #expect(refusal("/nonexistent/export.xml").0 == ImportError(line: nil, "cannot read /nonexistent/export.xml: No such file or directory"))
    }

    /// An export of `count` step records, one a minute from 2025-01-01 00:00 +0000.
    func largeExport(records count: Int) -> [UInt8] {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<HealthData locale=\"en_GB\">\n"
        text.reserveCapacity(count * 230)
        for i in 0..<count {
            let day = Day(year: 2025, month: 1, day: 1)!.adding(days: i / 1440).iso
            let minute = i % 1440
            let time = "\(day) \(minute / 600)\(minute / 60 % 10):\(minute % 60 / 10)\(minute % 10):00 +0000"
            text += " <Record type=\"HKQuantityTypeIdentifierStepCount\" sourceName=\"Bob’s iPhone\" unit=\"count\""
            text += " startDate=\"\(time)\" endDate=\"\(time)\" value=\"\(i % 90)\"/>\n"
        }
        return Array((text + "</HealthData>\n").utf8)
    }

    @Test func progressIsReportedAndAnInterruptionStopsTheRead() throws {
        let bytes = largeExport(records: 140_000)
        let path = temporaryFile(bytes)
        defer { unlink(path) }
        var sink = RecordingHealthSink()
        var reports: [HealthReadProgress] = []
        let report = try AppleHealthReader.read(path: path, into: &sink, progress: { reports.append($0) })
        #expect(report.records == 140_000)
        #expect(sink.samples.count == 140_000)
        #expect(sink.samples[70_001].start == appleSeconds("2025-02-18 14:41:00", 0))
        #expect(reports.count >= 3)
        #expect(reports.last == HealthReadProgress(bytesRead: Int64(bytes.count), totalBytes: Int64(bytes.count), records: 140_000))
        #expect(reports.allSatisfy { $0.totalBytes == Int64(bytes.count) && $0.bytesRead <= $0.totalBytes })
        #expect(reports.map(\.records) == reports.map(\.records).sorted())

        var stopped = RecordingHealthSink()
        var asked = 0
        #expect(throws: HealthImportInterrupted.self) {
            try AppleHealthReader.read(path: path, into: &stopped, interrupted: {
                asked += 1
                return true
            })
        }
        #expect(asked == 1)
        #expect(stopped.samples.count < 140_000)
    }
}

extension Array where Element == UInt8 {
    /// Where `text` first occurs.
    fileprivate func index(of text: String) -> Int {
        let needle = Array(text.utf8)
        return (0...(count - needle.count)).first { self[$0..<($0 + needle.count)].elementsEqual(needle) }!
    }
}
