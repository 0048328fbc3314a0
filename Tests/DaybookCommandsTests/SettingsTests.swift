import DaybookCommands
import DaybookCore
import DaybookStore
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

    /// The sync folder is kept absolute: one given relative to the folder `set` was typed in
    /// must mean the same folder to a `sync` run anywhere else.
    @Test func theSyncFolderIsKeptAbsolute() {
        let here = FileManager.default.currentDirectoryPath
        #expect(SettingsCatalogue.syncFolder.normalize("Sync/daybook") == here + "/Sync/daybook")
        #expect(SettingsCatalogue.syncFolder.normalize("./shared") == here + "/shared")
        #expect(SettingsCatalogue.syncFolder.normalize("/srv/sync") == "/srv/sync")
        #expect(SettingsCatalogue.syncFolder.normalize("NONE") == "none")
        #expect(SettingsCatalogue.syncFolder.normalize("   ") == nil)
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
