/// A setting of the journal: its name, the values it takes, its default, and whether it is
/// about the machine it is used on. Settings live in the journal, so every shell, script and
/// one-shot command agrees on them; this is the one list of them, which `set`, completion,
/// the manual page and import read. How a setting is described to a person is the commands'.
public struct SettingDefinition: Sendable, Equatable {
    /// The values a setting takes.
    public enum Kind: Sendable, Equatable {
        /// A time of day from 00:00 to `latest` minutes after midnight, kept as `HH:MM`.
        case timeOfDay(latest: Int)
        /// On or off (yes, no, true, false, 1 and 0 read as those), kept as `on` or `off`.
        case onOff
        /// One of these words, in any case, kept as written here.
        case oneOf([String])
        /// Text on one line of 1 to `maxLength` characters, without control characters, kept
        /// trimmed of spaces.
        case text(maxLength: Int)
        /// A folder, or `none`: kept absolute (`~` read against `HOME`, a relative path against
        /// the folder it was given in), so that it names the same folder wherever it is read.
        case folder
    }

    public let name: String
    public let kind: Kind
    /// The value in force while the journal holds none; a normalized value of `kind`.
    public let defaultValue: String
    /// True for a setting about the machine it is used on rather than the journal's data
    /// (colour depends on the terminal in front of the person); a journal brought to another
    /// machine need not carry it.
    public let machineLocal: Bool

    public init(name: String, kind: Kind, defaultValue: String, machineLocal: Bool) {
        self.name = name
        self.kind = kind
        self.defaultValue = defaultValue
        self.machineLocal = machineLocal
    }

    /// The canonical form of `text` as a value of this setting, or nil when it is none.
    public func normalize(_ text: String) -> String? {
        switch kind {
        case .timeOfDay(let latest):
            guard let minutes = try? ValueType.time.parse(text), minutes <= Double(latest) else { return nil }
            return formatTimeOfDay(minutes)
        case .onOff:
            switch text.lowercased() {
            case "on", "yes", "true", "1": return "on"
            case "off", "no", "false", "0": return "off"
            default: return nil
            }
        case .oneOf(let words):
            let lower = text.lowercased()
            return words.first { $0 == lower }
        case .text(let maxLength):
            return Self.oneLine(text, maxLength: maxLength)
        case .folder:
            guard let path = Self.oneLine(text, maxLength: 4096) else { return nil }
            return path.lowercased() == "none" ? "none" : Paths.absolute(Paths.expandingHome(path))
        }
    }

    /// `text` trimmed of spaces, when it is 1 to `maxLength` characters on one line without
    /// control characters.
    static func oneLine(_ text: String, maxLength: Int) -> String? {
        let trimmed = text.trimmingSpaces
        guard !trimmed.isEmpty, trimmed.count <= maxLength,
            !trimmed.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F })
        else { return nil }
        return trimmed
    }

    /// The values completion offers: every word of a choice, on and off.
    public var words: [String] {
        switch kind {
        case .timeOfDay: return []
        case .onOff: return ["on", "off"]
        case .oneOf(let words): return words
        case .text: return []
        case .folder: return ["none"]
        }
    }

    /// When a new day begins: entries made before it count for the day before.
    public static let dayStart = SettingDefinition(
        name: "day-start", kind: .timeOfDay(latest: 12 * 60), defaultValue: "00:00", machineLocal: false)
    /// Whether note text goes into the shell's history file. It travels with the journal: a
    /// person who keeps notes out of one history keeps them out of every one.
    public static let historyNotes = SettingDefinition(
        name: "history-notes", kind: .onOff, defaultValue: "on", machineLocal: false)
    /// Colour output: `auto` (on a terminal), `always` or `never`.
    public static let color = SettingDefinition(
        name: "color", kind: .oneOf(["auto", "always", "never"]), defaultValue: "auto", machineLocal: true)
    /// How a date like `21/11` reads (`DayOrder`).
    public static let dayOrder = SettingDefinition(
        name: "day-order", kind: .oneOf(DayOrder.allCases.map(\.rawValue)), defaultValue: DayOrder.dayMonth.rawValue,
        machineLocal: false)

    /// The folder a bare `sync` uses (a path, or `none`): each machine has its own.
    public static let syncFolder = SettingDefinition(
        name: "sync-folder", kind: .folder, defaultValue: "none", machineLocal: true)
    /// This device's name in what other devices' `sync` says; unset, the host name.
    public static let deviceName = SettingDefinition(
        name: "device-name", kind: .text(maxLength: 40), defaultValue: "the host name", machineLocal: true)

    /// How long an encrypted journal's key stays in the key ring once unlocked, in minutes. It
    /// travels with the journal, as the passphrase does.
    public static let unlockMinutes = SettingDefinition(
        name: "unlock-minutes", kind: .oneOf(["5", "15", "30", "60", "120", "240", "480", "720", "1440"]),
        defaultValue: "60", machineLocal: false)

    public static let all = [dayStart, historyNotes, color, dayOrder, syncFolder, deviceName, unlockMinutes]

    /// The setting of that name, in any case.
    public static func named(_ name: String) -> SettingDefinition? {
        let lower = name.lowercased()
        return all.first { $0.name == lower }
    }
}

extension SettingDefinition {
    /// The minutes of a `day-start` setting's value; 0 without one.
    package static func dayStartMinutes(_ value: String?) -> Int { value.flatMap(parseTimeOfDay) ?? 0 }
}
