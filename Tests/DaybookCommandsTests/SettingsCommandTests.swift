import Foundation
import Testing

@Suite struct SettingsCommandTests {
    @Test func setListsShowsAndChangesSettings() throws {
        let d = try InProcess()
        // Wide enough for each setting on one line.
        d.environment = ["COLUMNS": "200"]
        let r = try d.run(input: "set\nset day-start 4am\nset day-start\nset history-notes OFF\nset\n")
        #expect(r.status == 0)
        #expect(r.stderr == "")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 15)
        #expect(lines[0].hasPrefix("day-start       00:00  (default) when a new day begins"))
        #expect(lines[1].hasPrefix("history-notes   on     (default) off keeps note text out"))
        #expect(lines[2].hasPrefix("color           auto   (default) colour output"))
        #expect(lines[3].hasPrefix("day-order       day-month (default) how a date like 21/11 reads"))
        #expect(lines[4].hasPrefix("sync-folder     none   (default) the folder a bare 'sync' uses"))
        // The device's name is the host name until it is set.
        #expect(lines[5].hasPrefix("device-name     the host name (default) this device's name"))
        #expect(lines[6].hasPrefix("unlock-minutes  60     (default) minutes an encrypted journal stays unlocked"))
        #expect(lines[7] == "day-start 04:00")
        #expect(lines[8].hasPrefix("day-start       04:00  when a new day begins"))
        #expect(lines[9].hasPrefix("history-notes   off    off keeps"))
        #expect(
            try d.sql("SELECT name, value FROM setting WHERE removed_by IS NULL ORDER BY name")
                == "day-start|04:00\nhistory-notes|off")
    }

    /// At 80 columns a long summary wraps in its own column, under itself.
    @Test func theListFitsTheWidth() throws {
        let d = try InProcess()
        let lines = try d.run(["set"]).stdout.split(separator: "\n").map(String.init)
        #expect(lines[0] == "day-start       00:00  (default) when a new day begins; entries made before this")
        #expect(lines[1] == "                       time count for the day before")
        #expect(lines.allSatisfy { $0.count <= 80 })
        d.environment = ["COLUMNS": "40"]
        let narrow = try d.run(["set"]).stdout.split(separator: "\n").map(String.init)
        #expect(narrow[0] == "day-start       00:00")
        #expect(narrow[1] == "  (default) when a new day begins;")
        #expect(narrow.allSatisfy { $0.count <= 40 })
    }

    @Test func badValuesAreOneLineAndWriteNothing() throws {
        let d = try InProcess()
        let r = try d.run(input: "set day-start 13:00\nset colour never\nset history-notes maybe\nset color blue\n")
        #expect(r.status == 1)
        #expect(
            r.stderr == """
                <stdin>:1: error: day-start takes a time from 00:00 to 12:00, like 04:00; got '13:00'. Nothing was changed
                <stdin>:2: error: unknown setting 'colour'; did you mean 'color'? settings: day-start, history-notes, color, day-order, sync-folder, device-name, unlock-minutes
                <stdin>:3: error: history-notes takes on or off; got 'maybe'. Nothing was changed
                <stdin>:4: error: color takes auto, always or never; got 'blue'. Nothing was changed

                """)
        #expect(!FileManager.default.fileExists(atPath: d.journal), "nothing written, not even a journal")
    }

    @Test func dayStartMovesLateNightsToTheDayBefore() throws {
        let d = try InProcess()
        try d.run(["set", "day-start", "04:00"])
        d.now = "2026-11-21T02:30"
        let r = try d.run(["mood", "4", "late night"])
        #expect(r.stderr.contains("mood 4 (good) for today"))
        #expect(try d.sql("SELECT day FROM mood") == "2026-11-20")
        d.now = "2026-11-21T04:00"
        try d.run(["note", "morning"])
        #expect(try d.sql("SELECT day FROM note") == "2026-11-21")
    }

    @Test func colorSettingAppliesAndTheFlagWins() throws {
        let d = try InProcess()
        try d.run(["set", "color", "always"])
        #expect(try d.run(["show"]).stdout.contains("\u{1B}[1mSaturday 21 November 2026\u{1B}[0m"))
        #expect(try d.run(["--color", "never", "show"]).stdout == "Saturday 21 November 2026\n  nothing recorded\n")
        try d.run(["set", "color", "never"])
        #expect(try d.run(["show"]).stdout == "Saturday 21 November 2026\n  nothing recorded\n")
        #expect(try d.run(["--color", "always", "show"]).stdout.contains("\u{1B}[1m"))
    }

    @Test func undoRevertsASetting() throws {
        let d = try InProcess()
        let r = try d.run(input: "set day-start 03:00\nset day-start 05:00\nundo\nset day-start\n")
        #expect(r.stdout == "day-start 03:00\n")
        #expect(r.stderr == "undid: set day-start 05:00\n")
    }

    @Test func checkinInAScriptSaysToUseTheShell() throws {
        let d = try InProcess()
        let r = try d.run(input: "checkin\nmood 3\n")
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "<stdin>:1: error: checkin asks its questions one at a time, so it needs the shell: run daybook in a terminal. A script can use mood, note and log\n"
        )
        #expect(try d.sql("SELECT rating FROM mood") == "3")
        let oneShot = try d.run(["checkin"])
        #expect(oneShot.status == 1)
        #expect(oneShot.stderr.hasPrefix("error: checkin asks its questions one at a time"))
    }
}
