import Testing

@testable import DaybookCore
@testable import DaybookStore

/// How `Journal.importHealth` writes a source's day values: idempotent, replacing the same
/// source's earlier values, never a typed value unless told, one undo for all of it.
@Suite struct JournalHealthImportTests {
    let monday = Day(year: 2026, month: 11, day: 16)!
    let tuesday = Day(year: 2026, month: 11, day: 17)!

    func steps(_ journal: Journal, _ day: Day) throws -> Double? {
        try journal.day(day).values.first { $0.attribute.name == "steps" }?.value
    }

    @Test func theSameFileTwiceWritesNothingTheSecondTime() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let values = [
            HealthValue(attribute: "steps", day: monday, value: 9120),
            HealthValue(attribute: "sleep", day: monday, value: 452.5),
            HealthValue(attribute: "steps", day: tuesday, value: 12480),
        ]
        var summary = try journal.importHealth(
            values, source: "Apple Health", file: "export.zip", resolution: .ask)
        #expect(summary.written == 3)
        #expect(summary.days == 2)
        #expect(summary.attributes.map(\.attribute) == ["steps", "sleep"])
        #expect(try steps(journal, monday) == 9120)
        let changes = try journal.database.scalarInt("SELECT count(*) FROM change")
        summary = try journal.importHealth(
            values, source: "Apple Health", file: "export.zip", resolution: .ask)
        #expect(summary.writesNothing)
        #expect(summary.unchanged == 3)
        #expect(try journal.database.scalarInt("SELECT count(*) FROM change") == changes)
        #expect(try journal.database.scalarInt("SELECT count(*) FROM entry") == 3)
        #expect(
            try journal.database.scalarText("SELECT group_concat(DISTINCT source || '/' || file) FROM entry")
                == "Apple Health/export.zip")
    }

    @Test func aNewerExportReplacesTheSourcesValuesWithoutCountingTwice() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.importHealth(
            [HealthValue(attribute: "steps", day: monday, value: 4000)], source: "Apple Health", file: "old.zip",
            resolution: .ask)
        // The newer export saw the rest of Monday, and Tuesday.
        let summary = try journal.importHealth(
            [
                HealthValue(attribute: "steps", day: monday, value: 9120),
                HealthValue(attribute: "steps", day: tuesday, value: 300),
            ], source: "Apple Health", file: "new.zip", resolution: .ask)
        #expect(summary.replaced == 1)
        #expect(summary.written == 1)
        #expect(try steps(journal, monday) == 9120)
        #expect(try steps(journal, tuesday) == 300)
        // One undo takes the newer import back, and the older one's value is there again.
        _ = try journal.undo()
        #expect(try steps(journal, monday) == 4000)
        #expect(try steps(journal, tuesday) == nil)
    }

    @Test func aTypedValueIsAConflictSettledOnlyByASide() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let stepsAttribute = journal.attribute(named: "steps")!
        try journal.log(day: monday, [(stepsAttribute, 5000)])
        let values = [
            HealthValue(attribute: "steps", day: monday, value: 9120),
            HealthValue(attribute: "steps", day: tuesday, value: 8000),
        ]
        #expect(throws: HealthConflictError.self) {
            try journal.importHealth(
                values, source: "Apple Health", file: "export.zip", resolution: .ask)
        }
        #expect(try steps(journal, tuesday) == nil)
        let planned = try journal.planHealthImport(values, source: "Apple Health", resolution: .ask)
        #expect(
            planned.conflicts == [
                HealthConflict(
                    attribute: "steps", day: monday, journal: 5000, journalSource: nil, file: 9120)
            ])

        var summary = try journal.importHealth(
            values, source: "Apple Health", file: "export.zip", resolution: .keep)
        #expect(summary.kept == 1)
        #expect(summary.written == 1)
        #expect(try steps(journal, monday) == 5000)
        #expect(try steps(journal, tuesday) == 8000)

        summary = try journal.importHealth(
            values, source: "Apple Health", file: "export.zip", resolution: .replace)
        #expect(summary.written == 1)
        #expect(summary.unchanged == 1)
        #expect(try steps(journal, monday) == 9120)
        // The typed value is in the change log, and undo brings it back.
        _ = try journal.undo()
        #expect(try steps(journal, monday) == 5000)
    }

    @Test func anotherSourcesValueIsAConflictToo() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.importHealth(
            [HealthValue(attribute: "steps", day: monday, value: 7000)], source: "Google Fit",
            file: "Daily activity metrics.csv", resolution: .ask)
        let planned = try journal.planHealthImport(
            [HealthValue(attribute: "steps", day: monday, value: 9120)], source: "Apple Health", resolution: .ask)
        #expect(planned.conflicts.map(\.journalSource) == ["Google Fit"])
    }

    @Test func futureDaysAndUntrackedAttributesAreCountedNotWritten() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let summary = try journal.importHealth(
            [
                HealthValue(attribute: "steps", day: Day(year: 2026, month: 11, day: 22)!, value: 100),
                HealthValue(attribute: "pages", day: monday, value: 30),
                HealthValue(attribute: "steps", day: monday, value: 250_000),
            ], source: "CSV", file: "x.csv", resolution: .ask)
        #expect(summary.future == 1)
        #expect(summary.untracked == ["pages"])
        #expect(summary.written == 1)
        #expect(summary.implausible == 1)
        #expect(try steps(journal, monday) == 250_000)
    }
}
