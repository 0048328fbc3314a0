import Foundation
import Testing

@testable import DaybookCore

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
        bytes[tab + 1] = UInt8(ascii: "2")
        try FileManager.default.createDirectory(atPath: a.folder + "/" + a.id, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: a.folder + "/" + a.id + "/" + SyncFile.fileName(1)))
        let refused = try #require(throws: SyncRefused.self) { try b.sync() }
        #expect(
            refused.description
                == "\(a.folder)/\(a.id)/000000000001.daybook-sync was written by a newer daybook (sync format 2; this one reads up to 1); update daybook here. Nothing was written or applied"
        )
        #expect(try b.journal.pendingSyncChanges() == 1)
        #expect(!FileManager.default.fileExists(atPath: b.folder + "/" + b.id))
    }
}
