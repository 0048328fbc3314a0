/// How `track` alone lists the attributes: name, type and aggregation, unit, group, and the
/// values it can plausibly take. Columns when the screen is wide enough, otherwise one
/// attribute a paragraph.
public enum AttributesView {
    public struct Row: Sendable, Equatable {
        public var name: String
        /// "count, sum"
        public var kind: String
        public var unit: String
        public var group: String
        /// "0..200,000 steps", or "" for none
        public var range: String

        public init(name: String, kind: String, unit: String, group: String, range: String) {
            self.name = name
            self.kind = kind
            self.unit = unit
            self.group = group
            self.range = range
        }
    }

    static let headings = Row(name: "name", kind: "type", unit: "unit", group: "group", range: "plausible range")

    public static func text(_ rows: [Row], appearance: Appearance, width: Int) -> [String] {
        let all = [headings] + rows
        let fields: [(Row) -> String] = [\.name, \.kind, \.unit, \.group, \.range]
        let widths = fields.map { field in all.map { Columns.width(field($0)) }.max() ?? 0 }
        let total = widths.reduce(0, +) + 2 * (widths.count - 1)
        if total <= width {
            return all.enumerated().map { index, row in
                var line = ""
                for (column, field) in fields.enumerated() {
                    let cell = column == fields.count - 1 ? field(row) : Columns.pad(field(row), widths[column] + 2)
                    line += cell
                }
                while line.hasSuffix(" ") { line.removeLast() }
                return index == 0 ? appearance.dim(line) : line
            }
        }
        // Too narrow for columns: the name, then what it is, wrapped under it.
        return rows.flatMap { row in
            var parts = [row.kind]
            if !row.unit.isEmpty { parts.append("unit " + row.unit) }
            parts.append("group " + row.group)
            parts.append(row.range.isEmpty ? "any value" : "range " + row.range)
            return [row.name] + Columns.wrap(parts.joined(separator: ", "), width: width, first: "  ", indent: "  ")
        }
    }
}
