import Testing

@testable import DaybookCore
@testable import DaybookStore

/// The one list of settings: names, values, defaults, and which belong to the machine.
@Suite struct SettingDefinitionTests {
    @Test func everyDefaultIsAValueOfItsSetting() {
        #expect(
            SettingDefinition.all.map(\.name) == [
                "day-start", "history-notes", "color", "day-order", "sync-folder", "device-name", "unlock-minutes",
            ])
        for setting in SettingDefinition.all {
            #expect(setting.normalize(setting.defaultValue) == setting.defaultValue, "\(setting.name)")
            #expect(SettingDefinition.named(setting.name.uppercased()) == setting)
        }
        #expect(SettingDefinition.named("colour") == nil)
    }

    @Test func valuesAreReadByKind() {
        #expect(SettingDefinition.dayStart.normalize("4am") == "04:00")
        #expect(SettingDefinition.dayStart.normalize("12:00") == "12:00")
        #expect(SettingDefinition.dayStart.normalize("12:01") == nil)
        #expect(SettingDefinition.historyNotes.normalize("No") == "off")
        #expect(SettingDefinition.historyNotes.normalize("maybe") == nil)
        #expect(SettingDefinition.color.normalize("NEVER") == "never")
        #expect(SettingDefinition.dayOrder.normalize("Month-Day") == "month-day")
        #expect(SettingDefinition.dayOrder.words == DayOrder.allCases.map(\.rawValue))
        #expect(SettingDefinition.deviceName.normalize("  laptop ") == "laptop")
        #expect(SettingDefinition.deviceName.normalize(String(repeating: "x", count: 41)) == nil)
        #expect(SettingDefinition.deviceName.normalize("two\nlines") == nil)
        #expect(SettingDefinition.syncFolder.normalize("   ") == nil)
        #expect(SettingDefinition.syncFolder.words == ["none"])
        #expect(SettingDefinition.syncFolder.normalize("/srv/sync ") == "/srv/sync")
    }

    /// Colour is about the terminal in front of the person, and the sync folder and the
    /// device's name about the machine; the others are about the journal's days and the
    /// person's notes, and go where the journal goes.
    @Test func colourAndTheSyncSettingsAreMachineLocal() {
        #expect(SettingDefinition.all.filter(\.machineLocal).map(\.name) == ["color", "sync-folder", "device-name"])
    }

    /// `sync` keeps the machine's settings out by a list written into migration 9's triggers,
    /// which never changes: it must be the definitions' list.
    @Test func syncKeepsOutTheMachineLocalSettings() {
        #expect(Set(SyncSchema.machineSettings) == Set(SyncSchema.machineSettingsInMigration))
    }

    /// The journal reads its day-start through the same definition that `set` writes by.
    @Test func theJournalsDayStartIsTheDefinitions() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        #expect(journal.dayStartMinutes == 0)
        try journal.setSetting(SettingDefinition.dayStart.name, SettingDefinition.dayStart.normalize("4:30")!)
        #expect(journal.dayStartMinutes == 270)
    }
}
