import DaybookTestSupport
import Foundation
import Testing

/// `sync --setup`, `--join` and `--new-key` through the real binary: the code on one line, read
/// from standard input, never from a script or the command line; the key kept 0600 under the
/// configuration folder; every refusal one line, with nothing written.
@Suite struct SyncKeyEndToEndTests {
    func machines() throws -> (Daybook, Daybook, String) {
        let laptop = try Daybook()
        let desktop = try Daybook()
        laptop.environment = ["COLUMNS": "200"]
        desktop.environment = ["COLUMNS": "200"]
        let folder = laptop.directory + "/shared"
        #expect(try laptop.run(["set", "device-name", "laptop"]).status == 0)
        #expect(try desktop.run(["set", "device-name", "desktop"]).status == 0)
        return (laptop, desktop, folder)
    }

    @Test func setUpJoinAndReplaceAKey() throws {
        let (laptop, desktop, folder) = try machines()
        #expect(try laptop.run(["note", "on the train #commute"]).status == 0)
        // --setup makes the folder (0700) when its parent is there, and prints the code alone
        // on standard output's first line.
        let setup = try laptop.run(["sync", "--setup", folder])
        #expect(setup.status == 0, "\(setup.stderr)")
        let lines = setup.stdout.split(separator: "\n").map(String.init)
        let code = try #require(lines.first)
        #expect(code.hasPrefix("dbk-") && code.split(separator: "-").count == 12)
        #expect(setup.stderr.contains("that is the join code"))
        let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
        #expect(mode == 0o700)
        let keys = laptop.directory + "/.config/daybook/sync-keys"
        let keyFiles = try FileManager.default.contentsOfDirectory(atPath: keys)
        #expect(keyFiles.count == 1)
        let keyMode = try FileManager.default.attributesOfItem(atPath: keys + "/" + keyFiles[0])[.posixPermissions] as? Int
        #expect(keyMode == 0o600)
        // The journal holds no key, and the folder holds no text.
        let journal = try Data(contentsOf: URL(fileURLWithPath: laptop.journal))
        let hex = try String(contentsOfFile: keys + "/" + keyFiles[0], encoding: .utf8).split(separator: "\t")[2]
        #expect(journal.range(of: Data(hex.utf8.prefix(64))) == nil)

        // Not yet joined: one line, nothing written in the folder.
        #expect(try desktop.run(["note", "from the desktop"]).status == 0)
        let refused = try desktop.run(["sync", folder])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("error: the sync folder is encrypted (key "))
        #expect(refused.stderr.split(separator: "\n").count == 1)
        // A mistyped code, and no code at all.
        var typo = Array(code)
        typo[typo.count - 2] = typo[typo.count - 2] == "a" ? "b" : "a"
        let mistyped = try desktop.run(["sync", "--join", folder], input: String(typo) + "\n")
        #expect(mistyped.status == 1 && mistyped.stderr.contains("mistyped"))
        let empty = try desktop.run(["sync", "--join", folder], input: "")
        #expect(empty.status == 1 && empty.stderr.contains("no join code was given"))
        // Never from a script: its standard input is the script.
        let script = try desktop.run(["-c", "sync --join " + folder])
        #expect(script.status != 0 && script.stderr.contains("never from a script"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.count == 32 }.count == 1)

        let joined = try desktop.run(["sync", "--join", folder], input: code + "\n")
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(joined.stdout.contains("applied"))
        #expect(try laptop.run(["sync", folder]).status == 0)
        #expect(try laptop.run(["show"]).stdout.contains("from the desktop"))

        // A new key: the desktop is told in one line, joins with the new code, nothing is lost.
        let renewed = try laptop.run(["sync", "--new-key", folder])
        #expect(renewed.status == 0)
        let newCode = try #require(renewed.stdout.split(separator: "\n").first.map(String.init))
        #expect(newCode != code)
        let old = try desktop.run(["sync", folder])
        #expect(old.status == 1 && old.stderr.contains("moved to a new key"))
        let oldCode = try desktop.run(["sync", "--join", folder], input: code + "\n")
        #expect(oldCode.status == 1 && oldCode.stderr.contains("that code is for key"))
        #expect(try desktop.run(["sync", "--join", folder], input: newCode + "\n").status == 0)
        #expect(try laptop.run(["sync", folder]).status == 0)
        for d in [laptop, desktop] {
            let show = try d.run(["show"]).stdout
            #expect(show.contains("on the train") && show.contains("from the desktop"))
        }
    }

    @Test func keyOptionsAreOneAtATimeAndNeverADryRun() throws {
        let (laptop, _, folder) = try machines()
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let both = try laptop.run(["sync", "--setup", "--new-key", folder])
        #expect(both.status == 1 && both.stderr == "error: give one of --setup, --join and --new-key; nothing was written\n")
        let dry = try laptop.run(["sync", "--setup", "--dry-run", folder])
        #expect(dry.status == 1 && dry.stderr.contains("cannot be a dry run"))
        let none = try laptop.run(["sync", "--new-key", folder])
        #expect(none.status == 1 && none.stderr.contains("has no sync key to replace"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }
}
