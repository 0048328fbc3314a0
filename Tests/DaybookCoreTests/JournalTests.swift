import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// A temporary folder per test, removed afterwards.
final class TempDir {
    let path: String
    init() throws {
        path = FileManager.default.temporaryDirectory.path + "/daybook-core-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(atPath: path) }
}

let saturday = LocalTime(day: Day(year: 2026, month: 11, day: 21)!, minuteOfDay: 9 * 60 + 30)

func openJournal(_ dir: TempDir, name: String = "j.sqlite3", at time: LocalTime = saturday) throws -> Journal {
    try Journal(path: dir.path + "/" + name, clock: { time })
}

@Suite struct JournalTests {
    @Test func migratesAnEmptyFileAndSetsModes() throws {
        let dir = try TempDir()
        let journal = try Journal(path: dir.path + "/nested/deeper/j.sqlite3", clock: { saturday })
        #expect(try journal.database.scalarInt("PRAGMA user_version") == Int64(Schema.version))
        // The domain's copy of the version, which the sync files carry, is the migrations' count.
        #expect(SchemaVersion.current == Schema.migrations.count)
        #expect(try journal.database.scalarInt("PRAGMA application_id") == Schema.applicationID)
        #expect(try journal.database.scalarText("PRAGMA journal_mode") == "wal")
        #expect(journal.attributes.count == 15)
        #expect(journal.attribute(named: "bedtime")?.type == .time)
        let fileMode = try FileManager.default.attributesOfItem(atPath: journal.path)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        for folder in ["/nested", "/nested/deeper"] {
            let mode = try FileManager.default.attributesOfItem(atPath: dir.path + folder)[.posixPermissions] as? Int
            #expect(mode == 0o700)
        }
        // An empty file (made by touch) is a new journal too.
        _ = FileManager.default.createFile(atPath: dir.path + "/empty.sqlite3", contents: Data())
        _ = try openJournal(dir, name: "empty.sqlite3")
    }

    @Test func reopeningDoesNotMigrateAgain() throws {
        let dir = try TempDir()
        try openJournal(dir).setMood(day: saturday.day, rating: 4, note: "")
        let again = try openJournal(dir)
        #expect(try again.day(saturday.day).mood?.rating == 4)
        #expect(try again.database.scalarInt("SELECT count(*) FROM attribute") == 15)
    }

    @Test func refusesANewerSchemaWithoutWriting() throws {
        let dir = try TempDir()
        let path = dir.path + "/j.sqlite3"
        do {
            let journal = try openJournal(dir)
            try journal.database.execute("PRAGMA user_version = \(Schema.version + 1)")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let error = #expect(throws: JournalError.self) { try openJournal(dir) }
        #expect(error?.description.contains("newer than this daybook reads") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
    }

    @Test func refusesADirectoryAndOtherFiles() throws {
        let dir = try TempDir()
        let directoryError = #expect(throws: JournalError.self) { try Journal(path: dir.path) }
        #expect(directoryError?.description.contains("is a directory") == true)

        let text = dir.path + "/notes.txt"
        try Data("just some text, long enough to be a header of sorts.............................................".utf8)
            .write(to: URL(fileURLWithPath: text))
        let before = try Data(contentsOf: URL(fileURLWithPath: text))
        let notDB = #expect(throws: JournalError.self) { try Journal(path: text) }
        #expect(notDB?.description.contains("not a SQLite database") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: text)) == before)

        let other = dir.path + "/other.sqlite3"
        do {
            let db = try Database(path: other, create: true)
            try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
        }
        let otherError = #expect(throws: JournalError.self) { try Journal(path: other) }
        #expect(otherError?.description.contains("not a daybook journal") == true)
        let db = try Database(path: other, create: false)
        #expect(try db.scalarInt("SELECT count(*) FROM sqlite_schema") == 1)
    }

    @Test func moodIsReplacedAndTheOldOneStaysInHistory() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.setMood(day: saturday.day, rating: 2, note: "rough #work")
        try journal.setMood(day: saturday.day, rating: 4, note: "better #outdoors")
        let record = try journal.day(saturday.day)
        #expect(record.mood?.rating == 4)
        #expect(record.tags == ["outdoors"])
        #expect(try journal.database.scalarInt("SELECT count(*) FROM mood") == 2)
        #expect(try journal.database.scalarInt("SELECT rating FROM mood WHERE removed_by IS NOT NULL") == 2)
    }

    @Test func undoRevertsChangesOneByOne() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let day = saturday.day
        try journal.setMood(day: day, rating: 2, note: "")
        try journal.setMood(day: day, rating: 4, note: "")
        try journal.log(day: day, [(journal.attribute(named: "steps")!, 1000), (journal.attribute(named: "sleep")!, 420)])
        try journal.addNote(day: day, text: "hello #x")

        #expect(try journal.undo()?.summary == "a note on 2026-11-21")
        #expect(try journal.day(day).notes.isEmpty)
        #expect(try journal.day(day).tags.isEmpty)

        let undone = try journal.undo()
        #expect(undone?.summary == "log steps 1,000, sleep 7h for 2026-11-21")
        #expect(undone?.otherSession == false)
        #expect(try journal.day(day).values.isEmpty)
        #expect(try journal.database.scalarInt("SELECT count(*) FROM day_value") == 0)

        #expect(try journal.undo()?.summary == "mood 4 (good) for 2026-11-21")
        #expect(try journal.day(day).mood?.rating == 2)
        #expect(try journal.undo()?.summary == "mood 2 (bad) for 2026-11-21")
        #expect(try journal.day(day).mood == nil)
        #expect(try journal.undo() == nil)
        // Everything is still in the change log.
        #expect(try journal.database.scalarInt("SELECT count(*) FROM mood") == 2)
        #expect(try journal.database.scalarInt("SELECT count(*) FROM change WHERE undone_by IS NOT NULL") == 4)
    }

    @Test func undoSaysWhenTheChangeCameFromAnotherSession() throws {
        let dir = try TempDir()
        try Journal(path: dir.path + "/j.sqlite3", session: "first", clock: { saturday }).addNote(day: saturday.day, text: "a")
        let second = try Journal(path: dir.path + "/j.sqlite3", session: "second", clock: { saturday })
        #expect(try second.undo()?.otherSession == true)
    }

    @Test func dailyAggregation() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let day = saturday.day
        let steps = journal.attribute(named: "steps")!
        let bedtime = journal.attribute(named: "bedtime")!
        let heart = journal.attribute(named: "heart_rate")!
        try journal.log(day: day, [(steps, 3000)])
        try journal.log(day: day, [(steps, 5200), (bedtime, 1420), (heart, 60)])
        try journal.log(day: day, [(bedtime, 30), (heart, 70)])
        let values = Dictionary(uniqueKeysWithValues: try journal.day(day).values.map { ($0.attribute.name, $0.value) })
        #expect(values == ["steps": 8200, "bedtime": 30, "heart_rate": 65])

        // Changing the aggregation recomputes every day.
        try journal.track(Attribute(name: "bedtime", type: .time, aggregation: .average, unit: "", group: "sleep"))
        #expect(try journal.dailyValues("bedtime", from: day, through: day).map(\.1) == [5])
        // The type cannot change once there are values.
        #expect(throws: JournalError.self) {
            try journal.track(Attribute(name: "steps", type: .duration, aggregation: .sum, unit: "", group: "activity"))
        }
    }

    @Test func aBatchCommitsTogetherAndAFailedCommandLeavesNoTrace() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.beginBatch()
        try journal.addNote(day: saturday.day, text: "one")
        #expect(throws: DatabaseError.self) {
            try journal.change("note", "fails halfway") { id in
                try journal.database.run(
                    "INSERT INTO note (day, text, recorded_at, added_by) VALUES ('2026-11-21', 'partial', 'x', ?)", [.integer(id)])
                try journal.database.run("INSERT INTO nowhere VALUES (1)")
            }
        }
        try journal.addNote(day: saturday.day, text: "two")
        // Another connection sees nothing before the commit.
        let other = try Database(path: journal.path, create: false)
        #expect(try other.scalarInt("SELECT count(*) FROM note") == 0)
        try journal.commitBatch()
        #expect(try other.scalarInt("SELECT count(*) FROM note") == 2)
        #expect(try journal.day(saturday.day).notes.map(\.text) == ["one", "two"])
    }

    @Test func notesKeepEveryCharacter() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let text = "Robert'); DROP TABLE note;-- \u{1B}[31mred\u{1B}[0m \0 nul, café 🌊"
        try journal.addNote(day: saturday.day, text: text)
        #expect(try journal.day(saturday.day).notes.first?.text == text)
    }

    @Test func dayStartMovesTodayBack() throws {
        let dir = try TempDir()
        let late = LocalTime(day: saturday.day, minuteOfDay: 2 * 60)
        let journal = try openJournal(dir, at: late)
        #expect(journal.today() == saturday.day)
        try journal.setSetting("day-start", "04:00")
        #expect(journal.today().iso == "2026-11-20")
    }

    @Test func tagsByPrefixMostUsedFirst() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.addNote(day: saturday.day, text: "#outdoors #out_of_office")
        try journal.addNote(day: saturday.day.adding(days: -1), text: "#outdoors #work")
        #expect(try journal.tags(prefix: "out") == ["outdoors", "out_of_office"])
        #expect(try journal.tags(prefix: "out_") == ["out_of_office"])
        #expect(try journal.tags(prefix: "%") == [])
    }
}
