import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

@Suite struct SyncEngineTests {
    let today = saturday.day

    @Test func twoJournalsKeepBothNotesAndValuesAndSettleTheMood() throws {
        let dir = try TempDir()
        let laptop = try SyncFixtures.device(dir, "laptop")
        let desktop = try SyncFixtures.device(dir, "desktop")
        try laptop.journal.setMood(day: today, rating: 3, note: "tired #work")
        try laptop.journal.addNote(day: today, text: "from the laptop #x")
        try laptop.journal.log(day: today, [(laptop.journal.attribute(named: "steps")!, 5000)])
        try desktop.journal.setMood(day: today, rating: 4, note: "")
        try desktop.journal.addNote(day: today, text: "from the desktop")
        try desktop.journal.log(day: today, [(desktop.journal.attribute(named: "steps")!, 1000)])

        let first = try laptop.sync()
        #expect(first.sent == 5)  // a mood, a note, their two tags and a value
        #expect(first.applied.isEmpty)
        let second = try desktop.sync()
        #expect(second.applied == [.init(device: "laptop", changes: 5, files: 1)])
        #expect(second.conflicts.count == 1)
        #expect(second.conflicts.first?.subject == .mood(today))
        #expect(second.conflicts.first?.kept == "4")
        #expect(second.conflicts.first?.keptFrom == "desktop")
        // Both wrote n1: the laptop's note takes the next id on the desktop, and sync says so.
        #expect(second.renumbered == [.init(device: "laptop", there: 1, here: 2)])
        try laptop.sync()
        #expect(try desktop.sync().isEmpty)
        #expect(try laptop.sync().isEmpty)

        for device in [laptop, desktop] {
            let data = try device.journal.exportData()
            #expect(Set(data.notes.map(\.text)) == ["from the laptop #x", "from the desktop"])
            #expect(data.moods.map(\.rating) == [4])
            #expect(
                try device.journal.database.scalarInt(
                    "SELECT count(*) FROM tag WHERE name = 'work' AND removed_by IS NULL") == 0)
            #expect(try device.journal.values(of: device.journal.attribute(named: "steps")!, on: today).value == 6000)
            // The mood that lost stays in the history.
            #expect(try device.journal.database.scalarInt("SELECT count(*) FROM mood WHERE rating = 3") == 1)
        }
        #expect(try SyncFixtures.canonical(laptop.journal) == SyncFixtures.canonical(desktop.journal))
        // Each sync that sent or applied something is one change of the change log; one that
        // had nothing to do leaves none.
        #expect(try desktop.journal.database.scalarInt("SELECT count(*) FROM change WHERE command = 'sync'") == 1)
    }

    @Test func editsDeletionsGoalsAndDefinitionsTravel() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        try a.journal.addNote(day: today, text: "first words")
        try a.journal.track(
            Attribute(
                id: 0, name: "pages", type: .count, aggregation: .sum, unit: "pages", group: "other", builtin: false))
        try a.journal.setGoal(
            a.journal.attribute(named: "pages")!, range: GoalRange(min: 10, max: nil), period: .daily, from: today)
        try a.journal.setSetting("day-start", "04:00")
        try a.sync()
        try b.sync()
        #expect(b.journal.attribute(named: "pages") != nil)
        #expect(try b.journal.goal("pages", on: today) != nil)
        #expect(try b.journal.setting("day-start") == "04:00")
        let id = try #require(b.journal.exportData().notes.first?.id).map(NoteID.init) ?? NoteID(1)
        try b.journal.editNote(id, text: "better words #edited")
        try b.journal.log(day: today, [(b.journal.attribute(named: "pages")!, 12)])
        try b.sync()
        try a.sync()
        #expect(try a.journal.note(id)?.text == "better words #edited")
        #expect(try a.journal.noteVersions(id).count == 2)
        #expect(try a.journal.goalStatuses(on: today).first?.attribute.name == "pages")
        try a.journal.deleteNote(id)
        try a.sync()
        try b.sync()
        #expect(try b.journal.note(id) == nil)
        #expect(try b.journal.database.scalarInt("SELECT count(*) FROM search_index") == 0)
        #expect(try SyncFixtures.canonical(a.journal) == SyncFixtures.canonical(b.journal))
    }

    @Test func theBuiltInAttributesAreOneRowOnEveryDevice() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        #expect(try a.journal.pendingSyncChanges() == 0)
        try a.journal.track(
            Attribute(
                id: 0, name: "steps", type: .count, aggregation: .max, unit: "steps", group: "activity", builtin: true))
        try a.sync()
        let report = try b.sync()
        #expect(report.conflicts.isEmpty)
        #expect(b.journal.attribute(named: "steps")?.aggregation == .max)
        #expect(try b.journal.database.scalarInt("SELECT count(*) FROM attribute WHERE name = 'steps'") == 2)
        #expect(try b.journal.database.scalarInt("SELECT count(*) FROM attribute") == 16)
    }

    @Test func aChangeHereReplacesTheMoodsThatLostAConflict() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        try a.journal.setMood(day: today, rating: 2, note: "")
        try b.journal.database.run("UPDATE sync_device SET hlc = hlc + 1000")
        try b.journal.setMood(day: today, rating: 5, note: "")
        try a.sync()
        try b.sync()
        try a.sync()
        // b deletes the day's mood: a's 2, which lost to b's 5, goes with it, on both.
        try b.journal.deleteMood(day: today)
        try b.sync()
        try a.sync()
        #expect(try a.journal.moodRow(on: today) == nil)
        #expect(try b.journal.moodRow(on: today) == nil)
        #expect(try SyncFixtures.canonical(a.journal) == SyncFixtures.canonical(b.journal))
    }

    @Test func undoRevertsTheLastChangeMadeHereAndTravels() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        try a.journal.log(day: today, [(a.journal.attribute(named: "coffee")!, 2)])
        try b.journal.log(day: today, [(b.journal.attribute(named: "coffee")!, 1)])
        try b.sync()
        try a.sync()
        // The sync was the last change here; undo skips it and reverts a's own log.
        let undone = try #require(try a.journal.undo())
        #expect(undone.summary.hasPrefix("log coffee 2"))
        #expect(try a.journal.values(of: a.journal.attribute(named: "coffee")!, on: today).value == 1)
        try a.sync()
        try b.sync()
        #expect(try b.journal.values(of: b.journal.attribute(named: "coffee")!, on: today).value == 1)
        #expect(try SyncFixtures.canonical(a.journal) == SyncFixtures.canonical(b.journal))
    }

    @Test func anUndoBringsBackAMoodWhereAnotherDevicesMoodIsLive() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        try a.journal.setMood(day: today, rating: 2, note: "first")
        try a.sync()
        try b.sync()
        try a.journal.setMood(day: today, rating: 3, note: "")
        // b's mood is written a second later.
        try b.journal.database.run("UPDATE sync_device SET hlc = hlc + 1000")
        try b.journal.setMood(day: today, rating: 5, note: "")
        try b.sync()
        try a.sync()
        #expect(try a.journal.moodRow(on: today)?.rating == 5)
        // Undo of a's mood 3 brings back mood 2 here, in place of b's 5.
        _ = try a.journal.undo()
        #expect(try a.journal.moodRow(on: today)?.rating == 2)
        try a.sync()
        try b.sync()
        #expect(try b.journal.moodRow(on: today)?.rating == 2)
        #expect(try SyncFixtures.canonical(a.journal) == SyncFixtures.canonical(b.journal))
    }

    @Test func aChangeMadeAfterSeeingAnotherWinsWhateverTheClocks() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        // b's clock runs ten minutes ahead of a's.
        try b.journal.database.run("UPDATE sync_device SET hlc = hlc + 600000")
        try b.journal.setMood(day: today, rating: 1, note: "")
        try b.sync()
        try a.sync()
        try a.journal.setMood(day: today, rating: 4, note: "")
        try a.sync()
        let report = try b.sync()
        #expect(report.conflicts.isEmpty)
        #expect(try b.journal.moodRow(on: today)?.rating == 4)
    }

    @Test func filesAreWholePrivateAndNeverAppliedTwice() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        try a.journal.addNote(day: today, text: "one")
        let report = try a.sync()
        let file = try #require(report.file)
        #expect(file == a.id + "/000000000001.daybook-sync")
        let path = a.folder + "/" + file
        let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        let folderMode =
            try FileManager.default.attributesOfItem(atPath: a.folder + "/" + a.id)[.posixPermissions] as? Int
        #expect(fileMode == 0o600)
        #expect(folderMode == 0o700)
        #expect(SyncFixtures.files(in: a.folder) == [file])

        // A cut-off copy, a sync tool's temporary file and its conflicted copies are not read.
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        let other = dir.path + "/other"
        try FileManager.default.createDirectory(atPath: other + "/" + a.id, withIntermediateDirectories: true)
        try bytes.prefix(bytes.count - 3).write(to: URL(fileURLWithPath: other + "/" + file))
        try bytes.write(to: URL(fileURLWithPath: other + "/" + a.id + "/.syncthing.000000000001.daybook-sync.tmp"))
        try bytes.write(
            to: URL(fileURLWithPath: other + "/" + a.id + "/000000000001 (conflicted copy 2026-11-24).daybook-sync"))
        try bytes.write(
            to: URL(
                fileURLWithPath: other + "/" + a.id + "/000000000001.sync-conflict-20261124-101010-ABCDEFG.daybook-sync"
            ))
        let c = SyncDevice(journal: b.journal, name: "b", folder: other)
        let cut = try c.sync()
        #expect(cut.applied.isEmpty)
        #expect(cut.ignored.count == 4)
        #expect(cut.ignored.contains { $0.why == .damaged("it is cut off") })
        #expect(try b.journal.exportData().notes.isEmpty)
        // The whole file arrives: applied once, however often it is seen.
        try bytes.write(to: URL(fileURLWithPath: other + "/" + file))
        #expect(try c.sync().applied == [.init(device: "a", changes: 1, files: 1)])
        #expect(try c.sync().applied.isEmpty)
        #expect(try b.sync().applied.isEmpty)
        #expect(try b.journal.exportData().notes.map(\.text) == ["one"])
    }

    @Test func aFileOfANewerDaybookRefusesTheSync() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        try a.journal.addNote(day: today, text: "one")
        try a.sync()
        try b.journal.addNote(day: today, text: "two")
        let future = SyncFile(schema: Schema.version + 1, device: a.id, name: "a", seq: 2, records: [])
        try Data(future.encoded().bytes).write(
            to: URL(fileURLWithPath: a.folder + "/" + a.id + "/" + SyncFile.fileName(2)))
        #expect(throws: SyncRefused.self) { try b.sync() }
        #expect(try b.journal.exportData().notes.map(\.text) == ["two"])
        #expect(try b.journal.pendingSyncChanges() == 1)
        #expect(!FileManager.default.fileExists(atPath: b.folder + "/" + b.id))
    }

    @Test func aDryRunSaysWhatWouldHappenAndWritesNothing() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        try a.journal.setMood(day: today, rating: 2, note: "")
        try a.sync()
        try b.journal.setMood(day: today, rating: 4, note: "")
        let changes = try b.journal.database.scalarInt("SELECT count(*) FROM change")
        let dry = try b.sync(dryRun: true)
        #expect(dry.dryRun)
        #expect(dry.sent == 1)
        #expect(dry.file == nil)
        #expect(dry.applied == [.init(device: "a", changes: 1, files: 1)])
        #expect(dry.conflicts.count == 1)
        #expect(try b.journal.database.scalarInt("SELECT count(*) FROM change") == changes)
        #expect(try b.journal.moodRow(on: today)?.rating == 4)
        #expect(try b.journal.pendingSyncChanges() == 1)
        #expect(!FileManager.default.fileExists(atPath: b.folder + "/" + b.id))
        let real = try b.sync()
        #expect(real.sent == 1 && real.conflicts.count == 1)
    }

    @Test func aSyncCutShortIsFinishedByTheNextAndAppliesNothingTwice() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        try a.journal.addNote(day: today, text: "kept")
        try a.journal.log(day: today, [(a.journal.attribute(named: "steps")!, 700)])
        // The file is written and renamed, and then the process dies before its commit: the
        // journal is as it was before the sync.
        let before = dir.path + "/before.sqlite3"
        try a.journal.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try FileManager.default.copyItem(atPath: a.journal.path, toPath: before)
        try a.sync()
        let restored = try openJournal(dir, name: "before.sqlite3")
        let again = SyncDevice(journal: restored, name: "a", folder: a.folder)
        let second = try again.sync()
        #expect(second.sent == 2)
        #expect(second.file?.hasSuffix("000000000002.daybook-sync") == true)
        let applied = try b.sync()
        #expect(applied.applied == [.init(device: "a", changes: 2, files: 2)])
        #expect(try b.journal.values(of: b.journal.attribute(named: "steps")!, on: today).value == 700)
        #expect(try b.journal.exportData().notes.map(\.text) == ["kept"])
    }
}
