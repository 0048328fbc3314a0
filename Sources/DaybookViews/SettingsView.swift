/// How `set` lists the settings: name, value, and what the setting does, dimmed.
public enum SettingsView {
    public struct Row: Sendable, Equatable {
        public var name: String
        public var value: String
        public var isDefault: Bool
        public var summary: String

        public init(name: String, value: String, isDefault: Bool, summary: String) {
            self.name = name
            self.value = value
            self.isDefault = isDefault
            self.summary = summary
        }
    }

    public static func text(_ rows: [Row], appearance: Appearance, width: Int) -> [String] {
        let column = (rows.map(\.name.count).max() ?? 0) + 2
        return rows.map { row in
            let padded = row.name + String(repeating: " ", count: column - row.name.count)
            let shown = row.value + String(repeating: " ", count: max(1, 7 - row.value.count))
            let note = row.isDefault ? "(default) " : ""
            let line = padded + shown + appearance.dim(note + row.summary)
            guard Columns.width(line) > width else { return [line] }
            return Columns.wrapLine(padded + shown + note + row.summary, width: width, hanging: column)
        }.flatMap { $0 }
    }
}
