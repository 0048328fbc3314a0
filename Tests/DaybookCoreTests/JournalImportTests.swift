import Testing

@testable import DaybookCore
@testable import DaybookStore

/// How `Journal.importData` merges a `JournalExport` into a journal: what it writes, what it
/// skips, what it calls a conflict, and that one undo takes all of it back.
@Suite struct JournalImportTests {
    let day = Day(year: 2026, month: 11, day: 20)!

    @Test func theSameNoteOrValueIsNotWrittenTwiceButRepeatsAreKept() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let at = "2026-11-20T10:00:00+00:00"
        var data = JournalExport()
        data.notes = [
            .init(id: nil, day: day, recordedAt: at, text: "twice", tags: []),
            .init(id: nil, day: day, recordedAt: at, text: "twice", tags: []),
        ]
        data.values = [
            .init(day: day, recordedAt: at, attribute: "water", value: 1),
            .init(day: day, recordedAt: at, attribute: "water", value: 1),
        ]
        var summary = try journal.importData(data, file: "export.json", resolution: .ask)
        #expect(summary.entries == 4)
        #expect(try journal.day(day).values.first?.value == 2)
        // A file holding three of them adds the third only.
        data.notes.append(.init(id: nil, day: day, recordedAt: at, text: "twice", tags: []))
        data.values.append(.init(day: day, recordedAt: at, attribute: "water", value: 1))
        summary = try journal.importData(data, file: "export.json", resolution: .ask)
        #expect(summary.entries == 2)
        #expect(summary.days == 1)
        #expect(try journal.day(day).notes.count == 3)
        #expect(try journal.day(day).values.first?.value == 3)
        summary = try journal.importData(data, file: "export.json", resolution: .ask)
        #expect(summary.writesNothing)
    }

    @Test func conflictsWriteNothingUntilASideIsChosen() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.setMood(day: day, rating: 2, note: "mine #own")
        try journal.setSetting("color", "always")
        let steps = journal.attribute(named: "steps")!
        try journal.setGoal(steps, range: GoalRange(min: 8000, max: nil), period: .daily, from: day)
        try journal.log(day: day, [(steps, 100)])
        var data = JournalExport()
        data.moods = [
            .init(day: day, recordedAt: "2026-11-20T21:00:00+00:00", rating: 4, note: "theirs #other", tags: [])
        ]
        data.settings = [.init(name: "color", value: "never", line: 3)]
        data.goals = [.init(attribute: "steps", since: day, period: .weekly, min: 9000, max: nil, line: 5)]
        data.attributes = [
            .init(
                Attribute(
                    name: "steps", type: .count, aggregation: .max, unit: "steps", group: "activity", range: steps.range),
                line: 7)
        ]
        let planned = try journal.planImport(data)
        #expect(
            planned.conflicts.map(\.description) == [
                "attribute steps: count, sum, in steps, group activity in the journal, count, max, in steps, group activity in the file",
                "setting color: always in the journal, never in the file",
                "goal steps from 2026-11-20: >= 8,000 steps daily in the journal, >= 9,000 steps weekly in the file",
                "2026-11-20: mood 2 in the journal, 4 in the file",
            ])
        #expect(planned.conflicts.map(\.line) == [7, 3, 5, 0])
        let changes = try journal.database.scalarInt("SELECT count(*) FROM change")
        #expect(throws: ImportConflictError.self) { try journal.importData(data, file: "export.json", resolution: .ask) }
        #expect(try journal.database.scalarInt("SELECT count(*) FROM change") == changes)

        let kept = try journal.importData(data, file: "export.json", resolution: .keep)
        #expect(kept.writesNothing)
        #expect(try journal.day(day).mood?.rating == 2)

        let replaced = try journal.importData(data, file: "export.json", resolution: .replace)
        #expect(replaced.days == 1 && replaced.settings == 1 && replaced.goals == 1 && replaced.attributes == 1)
        #expect(try journal.day(day).mood?.rating == 4)
        #expect(try journal.day(day).tags == ["other"])
        #expect(try journal.setting("color") == "never")
        #expect(journal.attribute(named: "steps")?.aggregation == .max)
        #expect(try journal.goal("steps", on: day)?.period == .weekly)

        // One undo, and the journal's side is back, derived values and tags with it.
        let undone = try journal.undo()
        #expect(undone?.summary == "import export.json")
        #expect(undone?.change.description?.kind == "import")
        #expect(try journal.day(day).mood?.note == "mine #own")
        #expect(try journal.day(day).tags == ["own"])
        #expect(try journal.setting("color") == "always")
        #expect(journal.attribute(named: "steps")?.aggregation == .sum)
        #expect(try journal.goal("steps", on: day)?.period == .daily)
        #expect(try journal.day(day).values.first?.value == 100)
    }

    @Test func aMoodWithTheSameRatingAndNoNoteIsNoConflict() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.setMood(day: day, rating: 4, note: "a note of mine")
        var data = JournalExport()
        data.moods = [.init(day: day, recordedAt: "2026-11-20T21:00:00+00:00", rating: 4, note: "", tags: [])]
        #expect(try journal.planImport(data).conflicts.isEmpty)
        data.moods[0].note = "another"
        #expect(
            try journal.planImport(data).conflicts.map(\.description) == [
                "2026-11-20: mood 4 with another note in the journal"
            ])
    }

    @Test func attributesComeInTheFilesOrder() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.track(Attribute(name: "a", type: .count, aggregation: .sum, unit: "", group: "other"))
        try journal.track(Attribute(name: "b", type: .count, aggregation: .sum, unit: "", group: "other"))
        let other = try openJournal(dir, name: "other.sqlite3")
        var data = journal.attributes.map { JournalExport.Definition($0) }
        // b before a, and water (a built-in) after both.
        let a = data.remove(at: 15)
        data.append(a)
        let water = data.remove(at: data.firstIndex { $0.attribute.name == "water" }!)
        data.append(water)
        let summary = try other.importData(JournalExport(attributes: data), file: "export.json", resolution: .ask)
        #expect(summary.attributes == 2)
        #expect(other.attributes.map(\.name) == data.map(\.attribute.name))
    }

    @Test func aTypeCannotChangeUnderValues() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.log(day: day, [(journal.attribute(named: "coffee")!, 2)])
        let data = JournalExport(attributes: [
            .init(Attribute(name: "coffee", type: .decimal, aggregation: .sum, unit: "cups", group: "food"), line: 9)
        ])
        #expect(
            throws: ImportError(
                line: 9,
                "coffee is a count in the journal, which has 1 value of it, and a number in the file; import cannot change its type. Rename it in the file, or import into another journal"
            )
        ) { try journal.importData(data, file: "export.json", resolution: .replace) }
        // Without values, the file's definition is taken.
        let water = JournalExport(attributes: [
            .init(Attribute(name: "water", type: .decimal, aggregation: .sum, unit: "l", group: "food"))
        ])
        #expect(try journal.importData(water, file: "export.json", resolution: .ask).attributes == 1)
        #expect(journal.attribute(named: "water")?.unit == "l")
    }

    @Test func noteIdsAreKeptWhenFree() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.addNote(day: day, text: "first")
        var data = JournalExport()
        data.notes = [
            .init(id: 1, day: day, recordedAt: "2026-11-20T08:00:00+00:00", text: "taken", tags: []),
            .init(id: 7, day: day, recordedAt: "2026-11-20T09:00:00+00:00", text: "free", tags: []),
        ]
        try journal.importData(data, file: "export.json", resolution: .ask)
        // The note whose id is taken gets a new one after those kept: a new id never takes one
        // that the file still has to give.
        let ids = try journal.database.rows("SELECT id, nid, text FROM note ORDER BY id") {
            "\($0.int(0)) n\($0.int(1)) \($0.string(2))"
        }
        #expect(ids == ["1 n1 first", "7 n7 free", "8 n8 taken"])
    }

    @Test func aNoteKeepsItsTimeOfDay() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        var data = JournalExport()
        data.notes = [
            .init(id: 3, day: day, recordedAt: "2026-11-20T08:00:00+00:00", at: 495, text: "breakfast", tags: []),
            .init(id: 4, day: day, recordedAt: "2026-11-20T09:00:00+00:00", text: "no time", tags: []),
        ]
        try journal.importData(data, file: "export.json", resolution: .ask)
        #expect(try journal.exportData().notes == data.notes)
        // The same note at another time of day is another note.
        data.notes[0].at = 500
        data.notes[0].id = nil
        #expect(try journal.planImport(data).entries == 1)
    }

    @Test func goalBoundsMustFitTheirType() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let since = Day(year: 2026, month: 11, day: 1)!
        for (goal, message) in [
            (
                JournalExport.GoalChange(
                    attribute: "bedtime", since: since, period: .daily, min: 1500, max: 60, line: 3),
                "bedtime's goal bound 1500 is not a time of day (0 to 1439 minutes after midnight)"
            ),
            (
                JournalExport.GoalChange(
                    attribute: "steps", since: since, period: .daily, min: 9000, max: 8000, line: 3),
                "steps's goal has min 9000 above max 8000"
            ),
        ] {
            #expect(throws: ImportError(line: 3, message)) { try journal.planImport(JournalExport(goals: [goal])) }
        }
        // A window across midnight is a time of day's own.
        let window = JournalExport.GoalChange(attribute: "bedtime", since: since, period: .daily, min: 1380, max: 30)
        #expect(try journal.planImport(JournalExport(goals: [window])).goals == 1)
    }

    @Test func valuesMustFitTheirType() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let at = "2026-11-20T10:00:00+00:00"
        for (attribute, value, accepted) in [
            ("steps", -1.0, "a count (a whole number from 0 to 1,000,000,000,000)"),
            ("steps", 1.5, "a count (a whole number from 0 to 1,000,000,000,000)"),
            ("sleep", 1500, "a duration from 0 to 1440 minutes"),
            ("bedtime", 1440, "a time of day (0 to 1439 minutes after midnight)"),
            ("weight", 2e12, "a number up to 1,000,000,000,000"),
        ] {
            let data = JournalExport(values: [
                .init(day: day, recordedAt: at, attribute: attribute, value: value, line: 4)
            ])
            #expect(
                throws: ImportError(line: 4, "\(attribute)'s value \(exportNumber(value)) is not \(accepted)"),
                "\(attribute) \(value)"
            ) { try journal.planImport(data) }
        }
    }
}
