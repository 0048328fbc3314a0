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
            // The summary wrapped in its own column; too narrow for that, under the value.
            let indent = Columns.width(padded + shown)
            if width - indent >= 20 {
                let wrapped = Columns.wrap(note + row.summary, width: width - indent)
                return [padded + shown + appearance.dim(wrapped[0])]
                    + wrapped.dropFirst().map { String(repeating: " ", count: indent) + appearance.dim($0) }
            }
            var name = padded + row.value
            while name.hasSuffix(" ") { name.removeLast() }
            return Columns.wrapLine(name, width: width)
                + Columns.wrap(note + row.summary, width: width, first: "  ", indent: "  ").map(appearance.dim)
        }.flatMap { $0 }
    }
}
