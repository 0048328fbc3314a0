import DaybookTestSupport
import Foundation
import Testing

/// `sync` through the real binary: two journals and a folder between them.
@Suite struct SyncEndToEndTests {
    @Test func twoJournalsSyncThroughAFolderAndSaySo() throws {
        let laptop = try Daybook()
        let desktop = try Daybook()
        let folder = laptop.directory + "/shared"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Wide enough for the report on one line.
        laptop.environment = ["COLUMNS": "200"]
        desktop.environment = ["COLUMNS": "200"]
        #expect(try laptop.run(["set", "device-name", "laptop"]).status == 0)
        #expect(try laptop.run(["set", "sync-folder", folder]).status == 0)
        #expect(try desktop.run(["set", "device-name", "desktop"]).status == 0)
        #expect(try laptop.run(["mood", "3"]).status == 0)
        #expect(try laptop.run(["note", "on the train"]).status == 0)
        #expect(try desktop.run(["mood", "4"]).status == 0)
        #expect(try desktop.run(["log", "steps", "1200"]).status == 0)

        let none = try desktop.run(["sync"])
        #expect(none.status == 1)
        #expect(
            none.stderr
                == "error: sync needs a folder: give one (sync ~/Sync/daybook), or set it once with set sync-folder FOLDER\n"
        )
        let missing = try desktop.run(["sync", folder + "/nowhere"])
        #expect(missing.status == 1)
        #expect(missing.stderr.hasPrefix("error: the sync folder \(folder)/nowhere is not there;"))

        let first = try laptop.run(["sync"])
        #expect(first.status == 0)
        #expect(first.stdout == "sent 2 changes\n")
        let dry = try desktop.run(["sync", folder, "--dry-run"])
        #expect(
            dry.stdout
                == "would send 2 changes; would apply 2 from laptop; 1 conflict (mood on 21 Nov: kept 4 from desktop, written later)\n"
        )
        let second = try desktop.run(["sync", folder])
        #expect(second.status == 0)
        #expect(
            second.stdout
                == "sent 2 changes; applied 2 from laptop; 1 conflict (mood on 21 Nov: kept 4 from desktop, written later)\n"
        )
        #expect(
            try laptop.run(["sync"]).stdout
                == "applied 2 from desktop; 1 conflict (mood on 21 Nov: kept 4 from desktop, written later)\n")
        #expect(try laptop.run(["sync"]).stdout == "nothing to send; nothing new from other devices\n")

        for d in [laptop, desktop] {
            let show = try d.run(["show"]).stdout
            #expect(show.contains("4 good"))
            #expect(show.contains("on the train"))
            #expect(show.contains("1,200"))
        }
        // The sync is in the history, and undo reverts what was typed here, not the sync.
        let undo = try laptop.run(["undo"])
        #expect(undo.stderr.hasPrefix("undid: a note on 2026-11-21"))
        // The sync folder and the device name stay on their machine.
        #expect(try desktop.sql("SELECT count(*) FROM setting WHERE name = 'sync-folder'") == "0")
        #expect(
            try desktop.sql("SELECT value FROM setting WHERE name = 'device-name' AND removed_by IS NULL") == "desktop")
        #expect(try laptop.sql("SELECT count(*) FROM change WHERE command = 'sync'") == "2")
    }

    /// A journal written before sync existed sends all it holds with its first sync.
    @Test func aJournalFromBeforeSyncSendsEverythingItHolds() throws {
        let old = try Daybook()
        let new = try Daybook()
        let folder = old.directory + "/shared"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        #expect(try old.run(["mood", "3", "older #days"]).status == 0)
        #expect(try old.run(["note", "an old note"]).status == 0)
        #expect(try old.run(["log", "coffee", "2"]).status == 0)
        #expect(try old.sql(SyncSchemaRollback.sql + "PRAGMA user_version = 8;") == "")
        #expect(try old.sql("PRAGMA user_version") == "8")
        let sent = try old.run(["sync", folder])
        #expect(sent.stdout == "sent 4 changes\n", "\(sent.stderr)")  // a mood, its tag, a note, a value
        #expect(try old.sql("PRAGMA user_version") == "12")
        #expect(try new.run(["sync", folder]).stdout == "applied 4 from vm\n".replacing("vm", with: hostName()))
        let show = try new.run(["show"]).stdout
        #expect(show.contains("3 okay"))
        #expect(show.contains("an old note"))
        #expect(show.contains("coffee"))
    }

    @Test func aFileOfANewerDaybookIsRefusedInOneLine() throws {
        let d = try Daybook()
        let folder = d.directory + "/shared"
        let device = folder + "/" + String(repeating: "ab", count: 16)
        try FileManager.default.createDirectory(atPath: device, withIntermediateDirectories: true)
        let body = ""
        let header = "daybook-sync\t1\t99\t\(String(repeating: "ab", count: 16))\t1\t0\t0\t\(emptySHA256)\tfuture\n"
        try (header + body).write(toFile: device + "/000000000001.daybook-sync", atomically: true, encoding: .utf8)
        #expect(try d.run(["note", "kept here"]).status == 0)
        let r = try d.run(["sync", folder])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: \(device)/000000000001.daybook-sync was written by a newer daybook (journal schema 99; this one knows up to 12); update daybook here. Nothing was written or applied\n"
        )
        #expect(try d.sql("SELECT count(*) FROM sync_outbox") != "0")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [String(repeating: "ab", count: 16)])
    }

    /// A sync killed at any moment leaves the journal as it was before or after; the next one
    /// finishes the job, and the other device applies nothing twice.
    @Test(arguments: [1, 20, 60, 150, 400])
    func aSyncKilledAnywhereIsFinishedByTheNext(delayMilliseconds: Int) throws {
        let a = try Daybook()
        let b = try Daybook()
        let folder = a.directory + "/shared"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let lines = (1...3000).map { "log steps \($0 % 50 + 1) --on 2026-11-\(10 + $0 % 10)" }.joined(separator: "\n")
        #expect(try a.run([], input: lines + "\nnote the last line\n").status == 0)
        let expected = (1...3000).reduce(0) { $0 + ($1 % 50 + 1) }
        let killed = try a.shell(
            #""$DAYBOOK" --journal "$J" sync "$D/shared" >/dev/null 2>&1 & pid=$!; sleep "#
                + String(Double(delayMilliseconds) / 1000)
                + #"; kill -9 $pid 2>/dev/null; wait $pid; echo done"#)
        #expect(killed.stdout == "done\n")
        #expect(try a.sql("PRAGMA integrity_check") == "ok")
        #expect(try a.run(["sync", folder]).status == 0)
        #expect(try a.run(["sync", folder]).stdout == "nothing to send; nothing new from other devices\n")
        let applied = try b.run(["sync", folder])
        #expect(applied.status == 0, "\(applied.stderr)")
        #expect(try b.sql("SELECT sum(value) FROM day_value WHERE attribute = 'steps'") == "\(expected).0")
        #expect(try b.sql("SELECT count(*) FROM entry WHERE removed_by IS NULL") == "3000")
        #expect(try b.sql("SELECT text FROM note WHERE removed_by IS NULL") == "the last line")
    }
}

/// The machine's host name: a device's name until it is set.
private func hostName() -> String {
    var host = [CChar](repeating: 0, count: 256)
    _ = gethostname(&host, 255)
    return String(decoding: host.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// SHA-256 of nothing.
private let emptySHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
