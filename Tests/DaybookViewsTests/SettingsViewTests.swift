import DaybookCore
import DaybookViews
import Testing

@Suite struct SettingsViewTests {
    @Test func theSettingsList() {
        let rows = [
            SettingsView.Row(name: "day-start", value: "04:00", isDefault: false, summary: "when a day begins"),
            SettingsView.Row(name: "color", value: "auto", isDefault: true, summary: "colour output"),
        ]
        #expect(
            SettingsView.text(rows, appearance: unicode, width: 80) == [
                "day-start  04:00  when a day begins", "color      auto   (default) colour output",
            ])
        #expect(SettingsView.text(rows, appearance: colour, width: 80)[1] == "color      auto   " + dim("(default) colour output"))
    }
}
