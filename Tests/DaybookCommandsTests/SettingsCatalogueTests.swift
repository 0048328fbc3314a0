import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews
import Testing

/// `set`'s descriptions of the settings are the core's definitions, one for each, in order.
@Suite struct SettingsCatalogueTests {
    @Test func oneDescriptionForEachDefinition() {
        #expect(SettingsCatalogue.all.map(\.name) == SettingDefinition.all.map(\.name))
        for (spec, definition) in zip(SettingsCatalogue.all, SettingDefinition.all) {
            #expect(spec.defaultValue == definition.defaultValue)
            for word in ["04:00", "4am", "13:00", "on", "No", "Always", "blue", "month-day", ""] {
                #expect(spec.normalize(word) == definition.normalize(word), "\(spec.name) \(word)")
            }
        }
    }

    /// The colour setting takes exactly the words the `--color` option does.
    @Test func colourWordsAreTheOptions() {
        #expect(SettingDefinition.color.words == ColorChoice.names)
        #expect(SettingsCatalogue.color.choices == ColorChoice.names)
        #expect(SettingsCatalogue.dayOrder.choices == DayOrder.allCases.map(\.rawValue))
    }
}
