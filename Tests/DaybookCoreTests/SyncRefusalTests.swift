import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// What `sync` refuses in one line before it writes or applies anything, and the way out.
@Suite struct SyncRefusalTests {
    let today = saturday.day

    @Test func aFileOfANewerFormatSaysSoAndNotANewerSchema() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        try b.journal.addNote(day: today, text: "two")
        let future = SyncFile(schema: Schema.version, device: a.id, name: "a", seq: 1, records: [])
        var bytes = future.encoded().bytes
        // The format version is the header's second field.
        let tab = try #require(bytes.firstIndex(of: 0x09))
        bytes[tab + 1] = UInt8(ascii: "3")
        try FileManager.default.createDirectory(atPath: a.folder + "/" + a.id, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: a.folder + "/" + a.id + "/" + SyncFile.fileName(1)))
        let refused = try #require(throws: SyncRefused.self) { try b.sync() }
        #expect(
            refused.reason
                == .newerFormat(path: "\(a.folder)/\(a.id)/000000000001.daybook-sync", version: 3, known: 2))
        #expect(try b.journal.pendingSyncChanges() == 1)
        #expect(!FileManager.default.fileExists(atPath: b.folder + "/" + b.id))
    }

    /// A journal file copied to another machine has the same device id as the one it was copied
    /// from; the copy sees files of its id it did not write, refuses, and takes an id of its own.
    @Test func aCopiedJournalIsRefusedUntilItTakesANewDeviceID() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        try a.journal.addNote(day: today, text: "before the copy")
        try a.journal.database.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        try FileManager.default.copyItem(atPath: a.journal.path, toPath: dir.path + "/copy.sqlite3")
        let copy = SyncDevice(journal: try openJournal(dir, name: "copy.sqlite3"), name: "copy", folder: a.folder)
        try copy.journal.setSetting("device-name", "copy")
        #expect(copy.id == a.id)
        #expect(try a.sync().sent == 1)
        try copy.journal.addNote(day: today, text: "on the copy")
        let pending = try copy.journal.pendingSyncChanges()

        let refused = try #require(throws: SyncRefused.self) { try copy.sync() }
        #expect(refused.reason == .copiedJournal(path: "\(a.folder)/\(a.id)/000000000001.daybook-sync", writer: "a"))
        #expect(try copy.journal.pendingSyncChanges() == pending)
        #expect(SyncFixtures.files(in: a.folder) == [a.id + "/000000000001.daybook-sync"])

        let id = try copy.journal.takeNewDeviceID()
        #expect(id != a.id && SyncFile.isDeviceID(id))
        let report = try copy.sync()
        #expect(report.file == id + "/000000000001.daybook-sync")
        try a.sync()
        try copy.sync()
        // The note both held before the copy is one note on both.
        for journal in [a.journal, copy.journal] {
            #expect(try journal.exportData().notes.map(\.text).sorted() == ["before the copy", "on the copy"])
        }
        #expect(try SyncFixtures.canonical(a.journal) == SyncFixtures.canonical(copy.journal))
    }

    @Test func aSyncFolderThatIsAFileIsNotCalledMissing() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        try a.journal.addNote(day: today, text: "one")
        let path = dir.path + "/a file"
        _ = FileManager.default.createFile(atPath: path, contents: Data("x".utf8))
        let refused = try #require(throws: SyncRefused.self) { try a.journal.sync(folder: path) }
        #expect(refused.reason == .folderIsFile(path))
        #expect(try a.journal.pendingSyncChanges() == 1)
    }
}
