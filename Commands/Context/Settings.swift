import DaybookCore
import DaybookStore
import DaybookViews

/// One setting a person can change with `set`. Settings live in the journal, so every shell,
/// script and one-shot command agrees on them.
public struct SettingSpec: Sendable {
    public let name: String
    /// One line for `set` and `help set`.
    public let summary: String
    public let defaultValue: String
    /// What values are accepted, for messages: "on or off".
    public let accepted: String
    /// The values completion offers.
    public let choices: [String]
    /// The canonical form of an accepted value, or nil when it is not accepted.
    public let normalize: @Sendable (String) -> String?

    public init(
        name: String, summary: String, defaultValue: String, accepted: String, choices: [String],
        normalize: @escaping @Sendable (String) -> String?
    ) {
        self.name = name
        self.summary = summary
        self.defaultValue = defaultValue
        self.accepted = accepted
        self.choices = choices
        self.normalize = normalize
    }

    /// The core's setting `definition`, described for `set`: its values are `definition`'s,
    /// and completion offers `choices`, or the words of the definition without them.
    public init(_ definition: SettingDefinition, summary: String, accepted: String, choices: [String]? = nil) {
        self.init(
            name: definition.name, summary: summary, defaultValue: definition.defaultValue, accepted: accepted,
            choices: choices ?? definition.words, normalize: definition.normalize)
    }
}

public enum SettingsCatalogue {
    // The settings themselves (names, values, defaults) are the core's `SettingDefinition`s;
    // here, how `set` and `help set` describe them.
    public static let dayStart = SettingSpec(
        .dayStart, summary: "when a new day begins; entries made before this time count for the day before",
        accepted: "a time from 00:00 to 12:00, like 04:00", choices: ["00:00", "03:00", "04:00", "05:00"])

    public static let historyNotes = SettingSpec(
        .historyNotes,
        summary: "off keeps note text out of the shell's history file (mood 4 is kept, its note is not)",
        accepted: "on or off")

    public static let color = SettingSpec(
        .color, summary: "colour output: auto (on a terminal), always or never; the --color option wins over it",
        accepted: ColorChoice.accepted)

    public static let dayOrder = SettingSpec(
        .dayOrder, summary: "how a date like 21/11 reads: day-month (21/11) or month-day (11/21)",
        accepted: "day-month or month-day")

    /// The folder a bare `sync` uses. It belongs to this machine: `sync` never sends it.
    public static let syncFolder = SettingSpec(
        .syncFolder, summary: "the folder a bare 'sync' uses, shared by a sync tool; this machine's own, never synced",
        accepted: "the path of a folder, or none")

    /// The name other devices' `sync` gives this one. It belongs to this machine. Unset, it is
    /// the host name (`Journal.deviceName`); the default is said in words, so that the manual
    /// page is the same on every machine.
    public static let deviceName = SettingSpec(
        .deviceName, summary: "this device's name in what other devices' 'sync' says; this machine's own, never synced",
        accepted: "a name of 1 to 40 characters, without tabs or line breaks")

    /// How long `unlock` keeps an encrypted journal's key.
    public static let unlockMinutes = SettingSpec(
        .unlockMinutes, summary: "minutes an encrypted journal stays unlocked (its key in the kernel's key ring)",
        accepted: "5, 15, 30, 60, 120, 240, 480, 720 or 1440")

    /// In `SettingDefinition.all`'s order, one for each.
    public static let all = [dayStart, historyNotes, color, dayOrder, syncFolder, deviceName, unlockMinutes]

    public static func named(_ name: String) -> SettingSpec? {
        let lower = name.lowercased()
        return all.first { $0.name == lower }
    }
}

extension Context {
    /// A setting's current value, or its default (also while there is no journal: reading a
    /// setting never creates one).
    public func setting(_ spec: SettingSpec) -> String {
        guard let journal = journalIfOpen ?? (try? self.existingJournal), let value = try? journal.setting(spec.name),
            let normalized = spec.normalize(value)
        else { return spec.defaultValue }
        return normalized
    }

    /// The order of day and month in dates like `21/11`: the `day-order` setting, read once
    /// for a command line, however many dates it reads.
    public var dayOrder: DayOrder {
        if let dayOrderRead { return dayOrderRead }
        let order = DayOrder(rawValue: setting(SettingsCatalogue.dayOrder)) ?? .dayMonth
        dayOrderRead = order
        return order
    }

    /// Forgets the settings read for the line before: the next line reads them again (another
    /// session, or this line's `set` or `undo`, may have changed them).
    public func forgetSettings() {
        dayOrderRead = nil
    }

    /// A date as typed, by today and the `day-order` setting.
    public func parseDay(_ text: String, today: Day) throws(DateParseError) -> Day {
        try Day.parse(text, today: today, order: dayOrder)
    }

    /// Applies the journal's `color` setting, unless `--color` or `NO_COLOR` decide
    /// (`TerminalFacts`).
    public func applyColorSetting(_ journal: Journal) {
        let value = (try? journal.setting(SettingsCatalogue.color.name)).flatMap {
            SettingsCatalogue.color.normalize($0)
        }
        appearance.style = Style(enabled: facts.color.enabled(setting: value))
    }
}
