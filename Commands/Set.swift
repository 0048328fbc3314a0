import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let set = CommandSpec(
        name: "set",
        summary: "change a setting; alone, list the settings",
        discussion: """
            Settings are kept in the journal, so every shell and script agrees on them, and \
            'undo' reverts a change. 'set' alone lists them with their values; 'set NAME' \
            shows one. day-start HH:MM (default 00:00): entries made before this time count \
            for the day before, for late nights. history-notes on|off (default on): off keeps \
            the text of moods and notes out of the shell's history file. color \
            auto|always|never (default auto): the --color option wins over it.
            """,
        arguments: [
            Argument(
                "NAME", .setting, optional: true,
                help: SettingsCatalogue.all.map(\.name).joined(separator: ", ")),
            Argument("VALUE", .value, optional: true, help: "the new value"),
        ],
        examples: ["set", "set day-start 04:00", "set history-notes off", "set color never"],
        writes: true
    ) { invocation, context in
        // Changing a setting writes, and creates a missing journal. Settings read without a
        // journal are their defaults: reading them creates none.
        if invocation.argument("VALUE") != nil { _ = try context.journal }
        guard let name = invocation.argument("NAME") else {
            let rows = SettingsCatalogue.all.map { spec in
                let value = context.setting(spec)
                return SettingsView.Row(
                    name: spec.name, value: value, isDefault: value == spec.defaultValue, summary: spec.summary)
            }
            context.show(SettingsReport(rows: rows))
            return .done
        }
        guard let spec = SettingsCatalogue.named(name) else {
            let names = SettingsCatalogue.all.map(\.name)
            let guess = nearest(name, in: names).map { "did you mean '\($0)'? " } ?? ""
            throw CommandError(
                "unknown setting '\(printable(name))'; \(guess)settings: \(names.joined(separator: ", "))")
        }
        guard let text = invocation.argument("VALUE") else {
            context.out.line("\(spec.name) \(context.setting(spec))")
            return .done
        }
        guard let value = spec.normalize(text) else {
            throw CommandError("\(spec.name) takes \(spec.accepted); got '\(printable(text))'. Nothing was changed")
        }
        if value == context.setting(spec) {
            context.confirm("\(spec.name) is already \(value)")
            return .done
        }
        let journal = try context.journal
        try journal.setSetting(spec.name, value)
        context.forgetSettings()
        if spec.name == SettingsCatalogue.color.name { context.applyColorSetting(journal) }
        var said = "\(spec.name) is now \(value)"
        if spec.name == SettingsCatalogue.dayStart.name {
            said += value == "00:00" ? "; days begin at midnight" : "; entries before \(value) count for the day before"
        }
        context.confirm(said)
        return .done
    }
}
