import Foundation
import Testing

@Suite struct OneShotTests {
    @Test func oneCommandConfirmsOnStandardError() throws {
        let d = try Daybook()
        let r = try d.run(["mood", "4", "calm day"])
        #expect(r.status == 0)
        #expect(r.stdout == "")
        #expect(r.stderr == "mood 4 (good) for today\n")
        let show = try d.run(["show", "--json"])
        #expect(
            show.stdout
                == #"{"date": "2026-11-21", "mood": {"rating": 4, "label": "good", "note": "calm day"}, "notes": [], "tags": [], "values": {}, "looking_back": null}"#
                + "\n")
    }

    @Test func exitStatuses() throws {
        let d = try Daybook()
        #expect(try d.run(["moood", "4"]).status == 64)
        #expect(try d.run(["show", "--jsn"]).status == 64)
        #expect(try d.run(["--bogus"]).status == 64)
        let bad = try d.run(["mood", "7"])
        #expect(bad.status == 1)
        #expect(bad.stderr == "error: mood is rated 1 to 5 (terrible, bad, okay, good, great); got 7\n")
        #expect(try d.run(["--version"]).stdout.hasPrefix("daybook "))
        let help = try d.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--journal PATH"))
        #expect(help.stdout.contains("mood RATING [NOTE...]"))
    }

    @Test func optionsAnywhereOnTheLine() throws {
        let d = try Daybook()
        #expect(try d.run(["mood", "3", "long", "day", "--on", "yesterday"]).status == 0)
        let r = try d.run(["show", "yesterday"])
        #expect(r.stdout == "Friday 20 November 2026\n  mood    3 okay · long day\n")
    }

    @Test func commandsWithDashC() throws {
        let d = try Daybook()
        let r = try d.run(["-c", "note one", "-c", "log stepz 5", "-c", "note two"])
        #expect(r.status == 1)
        #expect(r.stderr.contains("-c 2: error: unknown attribute 'stepz'; did you mean 'steps'?"))
        #expect(try d.sql("SELECT group_concat(text, ',') FROM note") == "one,two")
    }

    @Test func scriptFromAFileNamesTheFileInErrors() throws {
        let d = try Daybook()
        let path = d.directory + "/in.daybook"
        try "note ok\nlog sleep 7\n".write(toFile: path, atomically: true, encoding: .utf8)
        let r = try d.run(["-f", path])
        #expect(r.status == 1)
        #expect(r.stderr == "\(path):2: error: sleep: '7' is not a duration; use 7h30m, 7h, 45m, 7:30 or 7.5h\n")
    }

    @Test func undoSaysWhatItReverted() throws {
        let d = try Daybook()
        try d.run(["log", "steps", "8200", "sleep", "7h30m"])
        let r = try d.run(["undo"])
        #expect(r.status == 0)
        #expect(r.stderr == "undid: log steps 8,200, sleep 7h 30m for 2026-11-21\n")
        let again = try d.run(["undo"])
        #expect(again.status == 1)
        #expect(again.stderr == "error: nothing to undo\n")
        // A change made by a script is another session's: undo says so.
        try d.run(input: "note from a script\n")
        #expect(try d.run(["undo"]).stderr == "undid: a note on 2026-11-21 (made in another session at 09:30)\n")
    }

    @Test func defaultJournalLocation() throws {
        let d = try Daybook()
        d.environment["XDG_DATA_HOME"] = d.directory + "/data"
        #expect(try d.run(["note", "hello"], journalFlag: false).status == 0)
        let path = d.directory + "/data/daybook/journal.sqlite3"
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: d.directory + "/data/daybook")
        #expect(folder[.posixPermissions] as? Int == 0o700)
        d.environment["DAYBOOK_JOURNAL"] = d.directory + "/other.sqlite3"
        #expect(try d.run(["note", "there"], journalFlag: false).status == 0)
        #expect(FileManager.default.fileExists(atPath: d.directory + "/other.sqlite3"))
    }
}
