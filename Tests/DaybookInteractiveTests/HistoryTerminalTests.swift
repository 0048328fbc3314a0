import Foundation
import Testing

/// The history file: kept across runs, private, appended by every shell.
@Suite struct HistoryTerminalTests {
    func mode(_ path: String) throws -> Int {
        try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
    }

    @Test func historyIsKeptAcrossTwoRunsInAPrivateFile() throws {
        let home = try Home()
        do {
            let t = try Terminal(home)
            try t.prompt()
            t.type("mood 4 first run" + Terminal.enter)
            try t.prompt()
            t.type("show   " + Terminal.enter)  // blank lines and repeats are not kept
            try t.prompt()
            t.type(Terminal.enter)
            try t.prompt()
            t.type("show" + Terminal.enter)
            try t.prompt()
            t.type(Terminal.ctrlD)
            #expect(try t.waitForExit() == 0)
        }
        #expect(home.historyEntries() == ["_HiStOrY_V2_", "mood\\0404\\040first\\040run", "show"])
        #expect(try mode(home.history) == 0o600)
        #expect(try mode(home.directory + "/state/daybook") == 0o700)
        #expect(try mode(home.directory + "/state") == 0o700)

        let t = try Terminal(home)
        try t.prompt()
        t.type(Terminal.up + Terminal.up)
        try t.expect("mood 4 first run")
        t.type(Terminal.ctrlU + Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }

    @Test func ctrlRSearchesTheHistory() throws {
        let home = try Home()
        try FileManager.default.createDirectory(
            atPath: home.directory + "/state/daybook", withIntermediateDirectories: true)
        try "_HiStOrY_V2_\nmood\\0404\\040walked\\040by\\040the\\040sea\nweek\n".write(
            toFile: home.history, atomically: true, encoding: .utf8)
        let t = try Terminal(home)
        try t.prompt()
        t.type(Terminal.ctrlR + "sea")
        try t.expect("mood 4 walked by the sea")
        t.type(Terminal.enter)
        try t.expect("mood 4 (good) for today")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT note FROM mood") == "walked by the sea")
    }

    @Test func twoShellsAtOnceBothKeepTheirLines() throws {
        let home = try Home()
        let a = try Terminal(home)
        let b = try Terminal(home)
        try a.prompt()
        try b.prompt()
        a.type("mood 2" + Terminal.enter)
        try a.prompt()
        b.type("show" + Terminal.enter)
        try b.prompt()
        a.type("week" + Terminal.enter)
        try a.prompt()
        b.type(Terminal.ctrlD)
        a.type(Terminal.ctrlD)
        #expect(try a.waitForExit() == 0)
        #expect(try b.waitForExit() == 0)
        #expect(home.historyEntries() == ["_HiStOrY_V2_", "mood\\0402", "show", "week"])
    }

    /// DAYBOOK_HISTORY naming a file that is not a daybook history (a typo, a notes file): it
    /// is neither cut back nor appended to, and the shell says once that it keeps no history.
    @Test func aFileThatIsNotAHistoryIsNeverRewritten() throws {
        let home = try Home()
        let notes = home.directory + "/notes.txt"
        let original = (1...2000).map { "\($0)\n" }.joined()
        try original.write(toFile: notes, atomically: true, encoding: .utf8)
        chmod(notes, 0o644)
        let folder = home.directory + "/a-folder"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        for (path, why) in [
            (notes, "\(notes) is not a daybook history (it does not start with _HiStOrY_V2_); it was left untouched"),
            (folder, "\(folder) is a folder"),
        ] {
            home.environment["DAYBOOK_HISTORY"] = path
            let t = try Terminal(home)
            try t.expect("daybook: history is not kept for this session: \(why)\n")
            try t.prompt()
            t.type("mood 4 kept in the journal" + Terminal.enter)
            try t.expect("mood 4 (good) for today")
            try t.prompt()
            // The session still recalls its own lines.
            t.type(Terminal.up)
            try t.expect("mood 4 kept in the journal")
            t.type(Terminal.ctrlU + Terminal.ctrlD)
            #expect(try t.waitForExit() == 0)
            #expect(t.text.components(separatedBy: "history is not kept").count == 2, "said once")
        }
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == original)
        #expect(try mode(notes) == 0o644, "its mode was left alone too")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [])
    }

    /// A history that others can read is made private (0600), and the shell says so.
    @Test func aHistoryOpenToOthersIsMadePrivate() throws {
        let home = try Home()
        try FileManager.default.createDirectory(
            atPath: home.directory + "/state/daybook", withIntermediateDirectories: true)
        try "_HiStOrY_V2_\nweek\n".write(toFile: home.history, atomically: true, encoding: .utf8)
        chmod(home.history, 0o644)
        let t = try Terminal(home)
        try t.expect("daybook: the history file \(home.history) was open to others (mode 0644); it is now private (0600)\n")
        try t.prompt()
        #expect(try mode(home.history) == 0o600)
        t.type("show" + Terminal.enter)
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(home.historyEntries() == ["_HiStOrY_V2_", "week", "show"])
    }

    @Test func historyNotesOffKeepsNoteTextOutOfTheFile() throws {
        let home = try Home()
        let t = try Terminal(home)
        try t.prompt()
        t.type("set history-notes off" + Terminal.enter)
        try t.expect("history-notes is now off")
        try t.prompt()
        t.type("mood 3 private words --on yesterday" + Terminal.enter)
        try t.prompt()
        t.type("note a secret #hidden" + Terminal.enter)
        try t.prompt()
        t.type("log steps 100" + Terminal.enter)
        try t.prompt()
        // Within the session the whole line can still be recalled.
        t.type(Terminal.up + Terminal.up)
        try t.expect("note a secret #hidden")
        t.type(Terminal.ctrlU + Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        let saved = home.historyEntries()
        #expect(
            saved == [
                "_HiStOrY_V2_", "set\\040history-notes\\040off", "mood\\0403\\040--on\\040yesterday",
                "log\\040steps\\040100",
            ])
        #expect(try home.sql("SELECT count(*) FROM note WHERE text = 'a secret #hidden'") == "1")
    }
}
