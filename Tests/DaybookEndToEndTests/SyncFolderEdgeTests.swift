import DaybookTestSupport
import Foundation
import Testing

/// The shared folder as the file system and other programs leave it, through the real binary.
@Suite struct SyncFolderEdgeTests {
    /// A umask that takes away the owner's bits still gives a device folder of 0700 and a file
    /// of 0600, and the next sync writes in it.
    @Test func theDeviceFolderIs0700WhateverTheUmask() throws {
        let d = try Daybook()
        let folder = d.directory + "/shared"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(try d.run(["note", "one"]).status == 0)
        let first = try d.shell(#"umask 0277; "$DAYBOOK" --journal "$J" sync "$D/shared""#)
        #expect(first.status == 0, "\(first.stderr)")
        let device = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
        let mode = try FileManager.default.attributesOfItem(atPath: folder + "/" + device)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        #expect(try d.run(["note", "two"]).status == 0)
        let second = try d.shell(#"umask 0277; "$DAYBOOK" --journal "$J" sync "$D/shared""#)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(second.stdout == "sent 1 change\n")
        let file = folder + "/" + device + "/000000000002.daybook-sync"
        #expect(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int == 0o600)
    }

    /// A file with a device id's name where a device's folder belongs is named, not passed over
    /// in silence.
    @Test func aDeviceFolderThatIsAFileIsNamed() throws {
        let d = try Daybook()
        let folder = d.directory + "/shared"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let name = String(repeating: "cd", count: 16)
        _ = FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("x".utf8))
        d.environment = ["COLUMNS": "200"]
        let r = try d.run(["sync", folder])
        #expect(r.status == 0)
        #expect(r.stdout == "nothing to send; nothing new from other devices\n")
        #expect(r.stderr == "not read: \(name): a file where a device's folder belongs\n")
    }

    /// A temporary file that a sync killed before its rename left behind is removed by the
    /// next sync of its device, so that the other devices stop naming it.
    @Test func aTemporaryFileLeftByAKilledSyncIsRemovedByTheNext() throws {
        let a = try Daybook()
        let b = try Daybook()
        let folder = a.directory + "/shared"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        b.environment = ["COLUMNS": "200"]
        #expect(try a.run(["note", "one"]).status == 0)
        #expect(try a.run(["sync", folder]).status == 0)
        let device = try #require(try FileManager.default.contentsOfDirectory(atPath: folder).first)
        let temporary = folder + "/" + device + "/.000000000002.daybook-sync.tmp-Ab12Cd"
        _ = FileManager.default.createFile(atPath: temporary, contents: Data("daybook-sync\t1".utf8))
        #expect(try b.run(["sync", folder]).stderr.contains(".000000000002.daybook-sync.tmp-Ab12Cd"))
        #expect(try a.run(["sync", folder, "--dry-run"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: temporary))
        #expect(try a.run(["sync", folder]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: temporary))
        let again = try b.run(["sync", folder])
        #expect(again.status == 0)
        #expect(again.stderr == "")
    }
}
