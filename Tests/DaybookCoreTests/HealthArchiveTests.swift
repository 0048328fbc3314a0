import Testing

@testable import DaybookCore
@testable import DaybookStore

@Suite struct HealthArchiveTests {
    let export = Fixture.path("health/apple-export.zip")

    @Test func tellsAZipArchiveByItsFirstBytes() {
        #expect(HealthArchive.isZip(path: export))
        #expect(HealthArchive.isZip(path: Fixture.path("health/apple-truncated.zip")))
        #expect(!HealthArchive.isZip(path: Fixture.path("health/apple-export.xml")))
        #expect(!HealthArchive.isZip(path: "/nonexistent.zip"))
    }

    @Test func listsTheEntriesInTheArchivesOrder() throws {
        #expect(
            try HealthArchive.entries(path: export) == [
                "apple_health_export/export_cda.xml", "apple_health_export/export.xml",
                "apple_health_export/workout-routes/route_2025-05-29_7.31am.gpx",
            ])
    }

    @Test func streamsOneEntrysDataAsTheFileHoldsIt() throws {
        var bytes: [UInt8] = []
        var pieces = 0
        try HealthArchive.read(path: export, entry: "apple_health_export/export.xml") { chunk in
            bytes += chunk
            pieces += 1
        }
        #expect(bytes == Fixture.bytes("health/apple-export.xml"))
        #expect(pieces >= 1)
        var route: [UInt8] = []
        try HealthArchive.read(path: export, entry: "apple_health_export/workout-routes/route_2025-05-29_7.31am.gpx") {
            route += $0
        }
        #expect(route == Fixture.bytes("health/apple-route.gpx"))
    }

    @Test func namesWhatTheArchiveHoldsWhenTheEntryIsNotThere() {
        #expect(throws: ImportError(line: nil, "the zip archive holds no Takeout/Fit/x.csv; it holds Takeout/archive_browser.html, Takeout/Fit/Daily activity metrics/Daily…, Takeout/Fit/Daily activity metrics/2025-… and 1 more")) {
            try HealthArchive.read(path: Fixture.path("health/apple-no-export.zip"), entry: "Takeout/Fit/x.csv") { _ in }
        }
    }

    @Test func saysAnArchiveCutShortIsCutShort() {
        let error = #expect(throws: ImportError.self) {
            try HealthArchive.read(path: Fixture.path("health/apple-truncated.zip"), entry: "apple_health_export/export.xml") { _ in }
        }
        #expect(error?.description == "the zip archive is cut short (its end, the central directory, is missing); copy or download it again")
    }

    @Test func refusesAFileThatIsNotAZipArchive() {
        let error = #expect(throws: ImportError.self) {
            try HealthArchive.entries(path: Fixture.path("health/apple-export.xml"))
        }
        #expect(error?.description.hasSuffix("apple-export.xml cannot be read (Unrecognized archive format)") == true)
    }
}
