import DaybookTestSupport
import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// The encrypted sync folder: what a stranger who can read or write the folder can and cannot
/// do, keys set up, joined and replaced, and facts counted once across devices.
@Suite struct SyncEncryptionTests {
    /// Two devices, the first with a key set up, the second joined to it, both synced.
    func pair(_ dir: TempDir) throws -> (SyncDevice, SyncDevice, SyncKey) {
        let a = try SyncFixtures.device(dir, "laptop")
        let b = try SyncFixtures.device(dir, "desktop")
        let setup = try a.sync(action: .setup)
        let key = try #require(a.key)
        #expect(setup.movedToKey == key.id)
        #expect(try SyncKey.read(joinCode: #require(setup.joinCode)) == key)
        try b.sync(action: .join(key))
        return (a, b, key)
    }

    func bytes(of folder: String) throws -> [UInt8] {
        var all: [UInt8] = []
        for file in SyncFixtures.files(in: folder) {
            all += Array(try Data(contentsOf: URL(fileURLWithPath: folder + "/" + file)))
        }
        return all
    }

    func contains(_ haystack: [UInt8], _ needle: String) -> Bool {
        let pattern = Array(needle.utf8)
        guard !pattern.isEmpty, haystack.count >= pattern.count else { return false }
        for start in 0...(haystack.count - pattern.count) where haystack[start] == pattern[0] {
            if Array(haystack[start..<(start + pattern.count)]) == pattern { return true }
        }
        return false
    }

    @Test func theFolderHoldsNoTextNameOrValueInClear() throws {
        let dir = try TempDir()
        let (a, b, _) = try pair(dir)
        try a.journal.setMood(day: saturday.day, rating: 4, note: "quietmoodnote #seaside")
        try a.journal.addNote(day: saturday.day, text: "secretnotetext #friendsofmine")
        try a.journal.log(day: saturday.day, [(a.journal.attribute(named: "steps")!, 91234)])
        try a.sync()
        try b.sync()
        #expect(try b.journal.exportData().notes.map(\.text) == ["secretnotetext #friendsofmine"])
        let all = try bytes(of: a.folder)
        for needle in ["quietmoodnote", "secretnotetext", "seaside", "friendsofmine", "laptop", "desktop", "91234", "steps"] {
            #expect(!contains(all, needle), "\(needle) is in the folder in clear")
        }
    }

    @Test func aFileAlteredRenamedMovedOrPlainIsRefusedAndNamed() throws {
        let dir = try TempDir()
        let (a, b, _) = try pair(dir)
        try a.journal.addNote(day: saturday.day, text: "real")
        let sent = try #require(try a.sync().file)
        let original = try Data(contentsOf: URL(fileURLWithPath: a.folder + "/" + sent))
        let seq = SyncFile.seq(fromName: String(sent.split(separator: "/").last!))!
        let mine = a.folder + "/" + a.id
        // One byte altered, under the next number.
        var altered = Array(original)
        altered[altered.count - 5] ^= 0x40
        try Data(altered).write(to: URL(fileURLWithPath: mine + "/" + SyncFile.fileName(seq + 1)))
        // Replayed under another number, and moved to b's folder.
        try original.write(to: URL(fileURLWithPath: mine + "/" + SyncFile.fileName(seq + 2)))
        // A plain file in the encrypted folder.
        let intruder = SyncRecord(
            table: "note", gid: "intruder", live: true, hlc: 1, device: a.id,
            fields: ["intruder", nil, saturday.day.iso, "plain intruder", "2025-06-07T10:00:00Z", nil])
        try Data(
            SyncFile(schema: Schema.version, device: a.id, name: "laptop", seq: seq + 3, records: [intruder]).encoded()
                .bytes
        ).write(to: URL(fileURLWithPath: mine + "/" + SyncFile.fileName(seq + 3)))
        let report = try b.sync()
        let why = Dictionary(report.ignored.map { ($0.path, $0.why) }, uniquingKeysWith: { a, _ in a })
        #expect(why[a.id + "/" + SyncFile.fileName(seq + 1)] == .notAuthentic)
        #expect(why[a.id + "/" + SyncFile.fileName(seq + 2)] == .notAuthentic)
        #expect(why[a.id + "/" + SyncFile.fileName(seq + 3)] == .plainInEncryptedFolder)
        #expect(try b.journal.exportData().notes.map(\.text) == ["real"])
        // Moved into b's own folder under b's next number, it is b's and not authentic there.
        let theirs = b.folder + "/" + b.id
        try original.write(to: URL(fileURLWithPath: theirs + "/" + SyncFile.fileName(50)))
        #expect(try a.sync().ignored.contains { $0.path == b.id + "/" + SyncFile.fileName(50) && $0.why == .notAuthentic })
    }

    @Test func aPlainJournalNeverWritesIntoAnEncryptedFolder() throws {
        let dir = try TempDir()
        let (a, _, _) = try pair(dir)
        let c = try SyncFixtures.device(dir, "stranger")
        try c.journal.addNote(day: saturday.day, text: "must stay here")
        let refused = try #require(throws: SyncRefused.self) { try c.sync() }
        #expect(refused.reason == .folderEncrypted(keyID: try #require(a.key).id))
        #expect(!FileManager.default.fileExists(atPath: c.folder + "/" + c.id))
        // With the marker gone, the encrypted files themselves still refuse it.
        try FileManager.default.removeItem(atPath: a.folder + "/" + SyncFolderKey.name)
        #expect(throws: SyncRefused.self) { try c.sync() }
        #expect(!FileManager.default.fileExists(atPath: c.folder + "/" + c.id))
        // A wrong code names both keys and writes nothing.
        let wrong = SyncKey.generate()
        try SyncFolderKey.write(a.folder, keyID: try #require(a.key).id)
        let other = try #require(throws: SyncRefused.self) { try c.sync(action: .join(wrong)) }
        #expect(other.reason == .codeForOtherFolder(code: wrong.id, folder: try #require(a.key).id))
        #expect(!FileManager.default.fileExists(atPath: c.folder + "/" + c.id))
    }

    @Test func aPlainFolderMovesToEncryptionAndNothingIsLost() throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        try a.journal.addNote(day: saturday.day, text: "plain from a")
        try a.sync()
        try b.journal.addNote(day: saturday.day, text: "plain from b")
        try b.sync()
        try b.journal.addNote(day: saturday.day, text: "b before it joins")
        try a.sync(action: .setup)
        let key = try #require(a.key)
        try a.journal.addNote(day: saturday.day, text: "a after setup")
        try a.sync()
        try b.sync(action: .join(key))
        try a.sync()
        for device in [a, b] {
            #expect(
                try device.journal.exportData().notes.map(\.text).sorted()
                    == ["a after setup", "b before it joins", "plain from a", "plain from b"])
        }
        // Every file left in the folder is under the key.
        for file in SyncFixtures.files(in: a.folder) where file.hasSuffix(SyncFile.suffix) {
            let reader = try SyncSealedFile.Reader(path: a.folder + "/" + file)
            #expect(reader.keyID == key.id)
        }
    }

    @Test func aNewKeyLeavesNothingThatOpensWithTheOldAndLosesNothing() throws {
        let dir = try TempDir()
        let (a, b, old) = try pair(dir)
        try a.journal.addNote(day: saturday.day, text: "one")
        try a.sync()
        try b.journal.addNote(day: saturday.day, text: "two")
        try b.sync()
        let report = try a.sync(action: .newKey)
        let new = try #require(a.key)
        #expect(new != old && report.joinCode == new.joinCode)
        // b still holds the old key: told in one refusal, writes nothing.
        try b.journal.addNote(day: saturday.day, text: "three, before b moves")
        let refused = try #require(throws: SyncRefused.self) { try b.sync() }
        #expect(refused.reason == .folderHasNewKey(folder: new.id, mine: old.id))
        try b.sync(action: .join(new))
        try a.sync()
        for device in [a, b] {
            #expect(
                try device.journal.exportData().notes.map(\.text).sorted() == ["one", "three, before b moves", "two"])
        }
        var files = 0
        for file in SyncFixtures.files(in: a.folder) where file.hasSuffix(SyncFile.suffix) {
            let reader = try SyncSealedFile.Reader(path: a.folder + "/" + file)
            #expect(reader.keyID == new.id, "\(file) is still under the old key")
            files += 1
        }
        // Each device's older files were folded into its snapshot.
        #expect(files == 2)
    }

    @Test func oversizedFifoAndLinkedFoldersAreNotReadAndNothingStalls() throws {
        let dir = try TempDir()
        let (a, b, _) = try pair(dir)
        let stranger = String(repeating: "e", count: 32)
        let folder = a.folder + "/" + stranger
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let huge = folder + "/" + SyncFile.fileName(1)
        _ = FileManager.default.createFile(atPath: huge, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: huge))
        try handle.truncate(atOffset: UInt64(SyncSealedFile.maxBytes) + 1)
        try handle.close()
        #expect(mkfifo(folder + "/" + SyncFile.fileName(2), 0o600) == 0)
        let linked = String(repeating: "d", count: 32)
        try FileManager.default.createSymbolicLink(atPath: a.folder + "/" + linked, withDestinationPath: "/etc")
        // A file numbered at the end of the range in b's own folder does not stop b sending.
        try Data("junk".utf8).write(
            to: URL(fileURLWithPath: b.folder + "/" + b.id + "/999999999999" + SyncFile.suffix))
        try b.journal.addNote(day: saturday.day, text: "still sent")
        let sent = try b.sync()
        #expect(sent.sent == 1 && sent.file != nil && sent.file != b.id + "/999999999999" + SyncFile.suffix)
        let report = try a.sync()
        let why = Dictionary(report.ignored.map { ($0.path, $0.why) }, uniquingKeysWith: { a, _ in a })
        #expect(why[stranger + "/" + SyncFile.fileName(1)] == .tooLarge(bytes: SyncSealedFile.maxBytes + 1, limit: SyncSealedFile.maxBytes))
        #expect(why[stranger + "/" + SyncFile.fileName(2)] == .notAFile)
        #expect(why[linked] == .link)
        #expect(try a.journal.exportData().notes.map(\.text) == ["still sent"])
        // Its own folder a link: refused, nothing written through it.
        let c = try SyncFixtures.device(dir, "c", folder: dir.path + "/cfolder")
        try FileManager.default.createDirectory(atPath: dir.path + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: c.folder + "/" + c.id, withDestinationPath: dir.path + "/elsewhere")
        try c.journal.addNote(day: saturday.day, text: "x")
        let refused = try #require(throws: SyncRefused.self) { try c.sync() }
        #expect(refused.reason == .folderIsLink(c.folder + "/" + c.id))
        #expect(SyncFixtures.files(in: dir.path + "/elsewhere").isEmpty)
    }

    @Test func theJoinCodeReadsBackAndCatchesATypo() throws {
        let key = SyncKey.generate()
        let code = key.joinCode
        #expect(code.hasPrefix("dbk-") && !code.contains(" "))
        #expect(try SyncKey.read(joinCode: code) == key)
        #expect(try SyncKey.read(joinCode: "  " + code.uppercased() + "\n") == key)
        var typo = Array(code)
        let at = typo.count - 3
        typo[at] = typo[at] == "a" ? "b" : "a"
        #expect(throws: SyncKey.CodeProblem.mistyped) { try SyncKey.read(joinCode: String(typo)) }
        #expect(throws: SyncKey.CodeProblem.notACode) { try SyncKey.read(joinCode: "hello") }
        // The key file is 0600 in a 0700 folder, and a key file others may read is refused.
        let dir = try TempDir()
        let store = SyncKeyStore(folder: dir.path + "/config/daybook")
        try store.store(key, device: "0123456789abcdef0123456789abcdef")
        let path = store.path(device: "0123456789abcdef0123456789abcdef")
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folderMode = try FileManager.default.attributesOfItem(atPath: store.keys)[.posixPermissions] as? Int
        #expect(folderMode == 0o700)
        #expect(try store.key(device: "0123456789abcdef0123456789abcdef") == key)
        chmod(path, 0o644)
        #expect(throws: SyncKeyStore.Problem.readableByOthers(path: path)) {
            try store.key(device: "0123456789abcdef0123456789abcdef")
        }
    }

    /// The same Google Fit file imported on two devices before they sync counts once on both,
    /// whatever the order; a newer import on one replaces the older on every device.
    @Test(arguments: [false, true])
    func theSameImportOnTwoDevicesCountsOnce(encrypted: Bool) throws {
        let dir = try TempDir()
        let a = try SyncFixtures.device(dir, "a")
        let b = try SyncFixtures.device(dir, "b")
        let c = try SyncFixtures.device(dir, "c")
        if encrypted {
            try a.sync(action: .setup)
            let key = try #require(a.key)
            try b.sync(action: .join(key))
            try c.sync(action: .join(key))
        }
        let steps = HealthValue(attribute: "steps", day: saturday.day, value: 18_480)
        for device in [a, b, c] {
            _ = try device.journal.importHealth(
                [steps], source: "Google Fit", file: "Daily activity metrics.csv", resolution: .keep)
        }
        for device in [c, b, a, c, b, a] { try device.sync() }
        for device in [a, b, c] {
            let value = try device.journal.values(of: device.journal.attribute(named: "steps")!, on: saturday.day).value
            #expect(value == 18_480, "\(device.name)")
        }
        // A newer export on b replaces the value everywhere.
        let newer = HealthValue(attribute: "steps", day: saturday.day, value: 19_000)
        _ = try b.journal.importHealth(
            [newer], source: "Google Fit", file: "Daily activity metrics.csv", resolution: .keep)
        for device in [b, a, c, b, a, c] { try device.sync() }
        for device in [a, b, c] {
            let value = try device.journal.values(of: device.journal.attribute(named: "steps")!, on: saturday.day).value
            #expect(value == 19_000, "\(device.name)")
        }
        // Typed values still add up.
        try a.journal.log(day: saturday.day.adding(days: -1), [(a.journal.attribute(named: "steps")!, 100)])
        try b.journal.log(day: saturday.day.adding(days: -1), [(b.journal.attribute(named: "steps")!, 50)])
        for device in [a, b, a, b] { try device.sync() }
        let typed = try a.journal.values(of: a.journal.attribute(named: "steps")!, on: saturday.day.adding(days: -1))
        #expect(typed.value == 150)
    }

    /// A delete that lost to an edit made without seeing it is reported on both devices.
    @Test func aDeleteThatLostToAnEditIsReportedOnBothSides() throws {
        let dir = try TempDir()
        let (a, b, _) = try pair(dir)
        try a.journal.addNote(day: saturday.day, text: "first")
        try a.sync()
        try b.sync()
        let id = try #require(try a.journal.exportData().notes.first?.id)
        try a.journal.deleteNote(NoteID(id))
        try b.journal.editNote(NoteID(id), text: "edited on b")
        let onA1 = try a.sync()
        let onB = try b.sync()
        let onA = try a.sync()
        #expect(onA1.deletesUndone.isEmpty)
        #expect(onB.deletesUndone.map(\.deletedOn) == ["laptop"])
        #expect(onB.deletesUndone.map(\.editedOn) == ["desktop"])
        #expect(onA.deletesUndone.map(\.deletedOn) == ["laptop"])
        #expect(onA.deletesUndone.map(\.editedOn) == ["desktop"])
        #expect(try a.journal.exportData().notes.map(\.text) == ["edited on b"])
    }
}
