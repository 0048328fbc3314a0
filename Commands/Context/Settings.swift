import DaybookCore
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
}

public enum SettingsCatalogue {
    public static let dayStart = SettingSpec(
        name: "day-start",
        summary: "when a new day begins; entries made before this time count for the day before",
        defaultValue: "00:00", accepted: "a time from 00:00 to 12:00, like 04:00",
        choices: ["00:00", "03:00", "04:00", "05:00"]
    ) { text in
        guard let minutes = try? ValueType.time.parse(text), minutes <= 12 * 60 else { return nil }
        return formatTimeOfDay(minutes)
    }

    public static let historyNotes = SettingSpec(
        name: "history-notes",
        summary: "off keeps note text out of the shell's history file (mood 4 is kept, its note is not)",
        defaultValue: "on", accepted: "on or off", choices: ["on", "off"], normalize: onOff)

    public static let color = SettingSpec(
        name: "color",
        summary: "colour output: auto (on a terminal), always or never; the --color option wins over it",
        defaultValue: ColorChoice.auto.rawValue, accepted: ColorChoice.accepted, choices: ColorChoice.names
    ) { text in
        ColorChoice(rawValue: text.lowercased())?.rawValue
    }

    public static let dayOrder = SettingSpec(
        name: "day-order",
        summary: "how a date like 21/11 reads: day-month (21/11) or month-day (11/21)",
        defaultValue: DayOrder.dayMonth.rawValue, accepted: "day-month or month-day",
        choices: DayOrder.allCases.map(\.rawValue)
    ) { text in
        DayOrder(rawValue: text.lowercased())?.rawValue
    }

    /// The folder a bare `sync` uses. It belongs to this machine: `sync` never sends it.
    public static let syncFolder = SettingSpec(
        name: "sync-folder",
        summary: "the folder a bare 'sync' uses, shared by a sync tool; this machine's own, never synced",
        defaultValue: "none", accepted: "the path of a folder, or none", choices: ["none"]
    ) { text in
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return nil }
        return trimmed.lowercased() == "none" ? "none" : ExportFile.expandingHome(trimmed)
    }

    /// The name other devices' `sync` gives this one. It belongs to this machine. Unset, it is
    /// the host name (`Journal.deviceName`); the default is said in words, so that the manual
    /// page is the same on every machine.
    public static let deviceName = SettingSpec(
        name: "device-name",
        summary: "this device's name in what other devices' 'sync' says; this machine's own, never synced",
        defaultValue: "the host name", accepted: "a name of 1 to 40 characters, without tabs or line breaks",
        choices: []
    ) { text in
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.count <= 40, !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 })
        else { return nil }
        return trimmed
    }

    public static let all = [dayStart, historyNotes, color, dayOrder, syncFolder, deviceName]

    public static func named(_ name: String) -> SettingSpec? {
        let lower = name.lowercased()
        return all.first { $0.name == lower }
    }

    static func onOff(_ text: String) -> String? {
        switch text.lowercased() {
        case "on", "yes", "true", "1": return "on"
        case "off", "no", "false", "0": return "off"
        default: return nil
        }
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
