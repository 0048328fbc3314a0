import DaybookCommands
import DaybookCore
import DaybookShell
import DaybookViews
import Foundation
import Testing

@Suite struct SettingsTests {
    @Test func dayStartAcceptsTimesUpToNoon() {
        let spec = SettingsCatalogue.dayStart
        #expect(spec.normalize("04:00") == "04:00")
        #expect(spec.normalize("4am") == "04:00")
        #expect(spec.normalize("3:30") == "03:30")
        #expect(spec.normalize("12:00") == "12:00")
        #expect(spec.normalize("00:00") == "00:00")
        #expect(spec.normalize("12:01") == nil)
        #expect(spec.normalize("25:00") == nil)
        #expect(spec.normalize("4") == nil)
        #expect(spec.normalize("soon") == nil)
    }

    @Test func historyNotesAndColor() {
        #expect(SettingsCatalogue.historyNotes.normalize("OFF") == "off")
        #expect(SettingsCatalogue.historyNotes.normalize("yes") == "on")
        #expect(SettingsCatalogue.historyNotes.normalize("maybe") == nil)
        #expect(SettingsCatalogue.color.normalize("Always") == "always")
        #expect(SettingsCatalogue.color.normalize("blue") == nil)
        #expect(SettingsCatalogue.named("COLOR")?.name == "color")
        #expect(SettingsCatalogue.named("colour") == nil)
    }

    @Test func theColorFlagWinsOverTheSetting() {
        #expect(ColorPolicy(flag: nil, auto: true).enabled(setting: nil))
        #expect(!ColorPolicy(flag: nil, auto: false).enabled(setting: nil))
        #expect(!ColorPolicy(flag: nil, auto: true).enabled(setting: "never"))
        #expect(ColorPolicy(flag: nil, auto: false).enabled(setting: "always"))
        #expect(ColorPolicy(flag: "always", auto: false).enabled(setting: "never"))
        #expect(!ColorPolicy(flag: "never", auto: true).enabled(setting: "always"))
        #expect(ColorPolicy(flag: "auto", auto: true).enabled(setting: "never"))
    }

    @Test func settingsLiveInTheJournalAndDayStartMovesToday() throws {
        let store = try TempJournal()
        let context = store.context
        #expect(context.setting(SettingsCatalogue.dayStart) == "00:00")
        try store.journal.setSetting("day-start", "10:00")
        #expect(context.setting(SettingsCatalogue.dayStart) == "10:00")
        // 09:30 is before a 10:00 day start: today is still Friday.
        #expect(store.journal.today() == Day(year: 2026, month: 11, day: 20))
        // A value written by hand that is not valid reads as the default.
        try store.journal.setSetting("history-notes", "perhaps")
        #expect(context.setting(SettingsCatalogue.historyNotes) == "on")
    }

    /// The day order is read once a line, however many dates the line holds, and read again
    /// for the next line: another session, or this one's `set`, may have changed it.
    @Test func theDayOrderIsReadOnceALine() throws {
        let store = try TempJournal()
        let context = store.context
        let runner = Runner(table: .standard, context: context)
        #expect(context.dayOrder == .dayMonth)
        try store.journal.setSetting("day-order", "month-day")  // as another session would
        #expect(context.dayOrder == .dayMonth)  // still the line's
        #expect(runner.run(line: "note from the fourth --on 11/4", location: nil) == .ok)
        #expect(context.dayOrder == .monthDay)
        #expect(try store.journal.day(store.day("2026-11-04")).notes.map(\.text) == ["from the fourth"])
        #expect(runner.run(line: "set day-order day-month", location: nil) == .ok)
        #expect(context.dayOrder == .dayMonth)
        #expect(runner.run(line: "note from the third --on 3/11", location: nil) == .ok)
        #expect(try store.journal.day(store.day("2026-11-03")).notes.map(\.text) == ["from the third"])
    }

    @Test func usualValueIsTheMedianOfTheSameWeekday() throws {
        let store = try TempJournal()
        let steps = store.journal.attribute(named: "steps")!
        let saturday = Day(year: 2026, month: 11, day: 21)!
        #expect(try store.journal.usualValue(of: steps, on: saturday) == nil)
        try store.log("steps", "6000", on: "2026-11-14")
        #expect(try store.journal.usualValue(of: steps, on: saturday) == nil)  // one day is not a habit
        try store.log("steps", "9000", on: "2026-11-07")
        #expect(try store.journal.usualValue(of: steps, on: saturday) == nil)  // nor are two
        try store.log("steps", "10000", on: "2026-10-31")
        try store.log("steps", "50000", on: "2026-09-19")  // nine weeks back: outside the window
        try store.log("steps", "1", on: "2026-11-20")  // a Friday
        #expect(try store.journal.usualValue(of: steps, on: saturday) == 9000)
        let bedtime = store.journal.attribute(named: "bedtime")!
        try store.log("bedtime", "23:30", on: "2026-11-14")
        try store.log("bedtime", "00:30", on: "2026-11-07")
        try store.log("bedtime", "00:00", on: "2026-10-31")
        #expect(try store.journal.usualValue(of: bedtime, on: saturday) == 0)  // midnight, not noon
    }

    @Test func typedValuesReadBack() throws {
        for (type, value) in [
            (ValueType.count, 8400.0), (.decimal, 72.5), (.percentage, 85), (.duration, 450), (.duration, 45),
            (.duration, 120), (.time, 1420), (.yesno, 1),
        ] {
            #expect(try type.parse(type.typed(value)) == value, "\(type) \(value)")
        }
        #expect(ValueType.duration.typed(450) == "7h30m")
    }
}

@Suite struct HistoryFileTests {
    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.path + "/daybook-history-" + UUID().uuidString + "/state/history"
    }

    @Test func encodingRoundTrips() {
        for line in [
            "mood 4 walked by the sea", "note \"first\nsecond\"", "back\\slash", "tab\there", "café ☕", "\u{1B}[2J",
        ] {
            let encoded = HistoryFile.encode(line)
            #expect(!encoded.contains(" ") && !encoded.contains("\n") && !encoded.contains("\u{1B}"))
            #expect(HistoryFile.decode(Array(encoded.utf8)) == line)
        }
        #expect(HistoryFile.encode("mood 4 ok") == "mood\\0404\\040ok")
        // Forms that libedit's own strvis writes.
        #expect(HistoryFile.decode(Array("a\\^Ib\\sc\\M-C\\M-)".utf8)) == "a\tb cé")
    }

    @Test func appendsSkipsBlanksAndRepeatsAndCutsBack() throws {
        let path = temporaryPath()
        let history = HistoryFile(path: path, limit: 3)
        #expect(history.load() == [])
        for line in ["one", "one", "  ", "two", "three"] { history.append(line) }
        #expect(HistoryFile(path: path, limit: 3).load() == ["one", "two", "three"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: (path as NSString).deletingLastPathComponent)
        #expect(folder[.posixPermissions] as? Int == 0o700)
        // Another shell appends meanwhile; the next start keeps the newest three.
        let other = HistoryFile(path: path, limit: 3)
        _ = other.load()
        other.append("four")
        history.append("five")
        #expect(HistoryFile(path: path, limit: 3).load() == ["three", "four", "five"])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "_HiStOrY_V2_\nthree\nfour\nfive\n")
    }

    @Test func aFolderThatCannotBeMadeIsReportedOnce() {
        let history = HistoryFile(path: "/proc/daybook-cannot/history")
        var messages: [String] = []
        history.onError = { messages.append($0) }
        history.append("one")
        history.append("two")
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("history is not kept: ") == true)
    }

    @Test func privacyKeepsCommandsWithoutTheirNotes() {
        let table = CommandTable.standard
        #expect(HistoryPrivacy.redact("mood 4 walked by the sea #outdoors", table: table) == "mood 4")
        #expect(
            HistoryPrivacy.redact("mood 4 walked --on yesterday by the sea", table: table) == "mood 4 --on yesterday")
        #expect(HistoryPrivacy.redact("mood good", table: table) == "mood good")
        #expect(HistoryPrivacy.redact("note lunch with Ana", table: table) == nil)
        #expect(HistoryPrivacy.redact("note \"two\nlines\" --on=yesterday", table: table) == nil)
        #expect(HistoryPrivacy.redact("log steps 8200 sleep 7h30m", table: table) == "log steps 8200 sleep 7h30m")
        #expect(HistoryPrivacy.redact("log sleep \"7h 30m\"", table: table) == "log sleep \"7h 30m\"")
        #expect(HistoryPrivacy.redact("moood 4 a secret", table: table) == nil)
        #expect(HistoryPrivacy.redact("mood 4 \"unclosed", table: table) == nil)
        // A note typed without its rating: its first word is note text too.
        #expect(HistoryPrivacy.redact("mood divorce papers signed today", table: table) == "mood")
        #expect(HistoryPrivacy.redact("mood secret --on yesterday", table: table) == "mood --on yesterday")
        #expect(HistoryPrivacy.redact("edit n12 new words", table: table) == "edit n12")
        #expect(HistoryPrivacy.redact("edit mood", table: table) == "edit mood")
        #expect(HistoryPrivacy.redact("edit private words here", table: table) == "edit")
    }
}
