/// What a change did, as facts: its kind (the command that made it: `log`, `mood`, `delete`...)
/// and facts, each a name and its values (`day 2026-11-21`, `value steps 9,120`, `rating 4`,
/// `note n12`, `count 3`). The journal stores it beside the change, in the change log's `facts`
/// column; the views word it (`ChangeWords`), and `undo` and `show --history` read it, never a
/// text. A kind plus facts, so that any change (sync's, an import's) can say what it did
/// without a new column. The facts each kind writes are in docs/developers.md.
public struct ChangeDescription: Sendable, Hashable {
    public struct Fact: Sendable, Hashable {
        public let name: String
        public let values: [String]

        public init(_ name: String, _ values: [String] = []) {
            self.name = name
            self.values = values
        }
    }

    public let kind: String
    public let facts: [Fact]

    public init(_ kind: String, _ facts: [Fact] = []) {
        self.kind = kind
        self.facts = facts
    }

    /// The values of the first fact of that name; nil when there is none.
    public func values(_ name: String) -> [String]? { facts.first { $0.name == name }?.values }
    /// The first value of the first fact of that name.
    public func value(_ name: String) -> String? { values(name)?.first }
    /// Whether there is a fact of that name.
    public func has(_ name: String) -> Bool { facts.contains { $0.name == name } }
    /// The values of every fact of that name, in order.
    public func all(_ name: String) -> [[String]] { facts.filter { $0.name == name }.map(\.values) }

    /// As the change log stores it: the kind, then a fact a line, its name and values separated
    /// by tabs, each field escaped (`escapedLineText`).
    public var stored: String {
        ([escapedLineText(kind)] + facts.map { ([$0.name] + $0.values).map(escapedLineText).joined(separator: "\t") })
            .joined(separator: "\n")
    }

    /// Reads `stored` back; nil for an empty text.
    public init?(stored: String) {
        let lines = stored.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, !first.isEmpty else { return nil }
        kind = Self.unescaped(first)
        facts = lines.dropFirst().map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(Self.unescaped)
            return Fact(fields[0], Array(fields.dropFirst()))
        }
    }

    static func unescaped(_ field: Substring) -> String {
        guard field.utf8.contains(0x5C) else { return String(field) }
        var out = String.UnicodeScalarView()
        var escaped = false
        for scalar in field.unicodeScalars {
            if escaped {
                switch scalar {
                case "t": out.append("\t")
                case "n": out.append("\n")
                case "r": out.append("\r")
                default: out.append(scalar)
                }
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}

/// A change as the change log holds it: its facts, or, for a change recorded before they were
/// kept, its text. A view words it
/// (`ChangeWords.text`).
public struct LoggedChange: Sendable, Equatable, ExpressibleByStringLiteral {
    public let description: ChangeDescription?
    /// The text the change log holds.
    public let text: String

    public init(description: ChangeDescription?, text: String) {
        self.description = description
        self.text = text
    }

    /// A change known by its text alone.
    public init(stringLiteral text: String) { self.init(description: nil, text: text) }

    package init(facts: String?, text: String) {
        self.init(description: facts.flatMap { ChangeDescription(stored: $0) }, text: text)
    }
}

// The facts each of the journal's own changes records.
extension ChangeDescription {
    package static func mood(_ day: Day, rating: Int) -> Self { .init("mood", [.init("day", [day.iso]), .init("rating", [String(rating)])]) }
    package static func note(_ day: Day) -> Self { .init("note", [.init("day", [day.iso])]) }
    /// Each value as its attribute's type shows it.
    package static func log(_ day: Day, _ values: [(Attribute, Double)]) -> Self {
        .init("log", [.init("day", [day.iso])] + values.map { .init("value", [$0.0.name, $0.0.type.format($0.1)]) })
    }
    package static func note(_ kind: String, _ id: NoteID, _ day: Day) -> Self {
        .init(kind, [.init("note", ["\(id)"]), .init("day", [day.iso])])
    }
    package static func mood(_ kind: String, _ day: Day, rating: Int? = nil) -> Self {
        .init(kind, [.init("mood"), .init("day", [day.iso])] + (rating.map { [.init("rating", [String($0)])] } ?? []))
    }
    package static func deleteValues(_ attribute: String, _ day: Day, count: Int) -> Self {
        .init("delete", [.init("attribute", [attribute]), .init("day", [day.iso]), .init("count", [String(count)])])
    }
    package static func track(_ attribute: Attribute, again: Bool) -> Self {
        .init(
            "track",
            [.init("attribute", [attribute.name, attribute.type.rawValue, attribute.aggregation.rawValue])]
                + (again ? [.init("again")] : []))
    }
    /// The range as the attribute shows it.
    package static func goal(_ attribute: Attribute, range: GoalRange, period: GoalPeriod, total: Bool, from day: Day) -> Self {
        .init(
            "goal",
            [
                .init("attribute", [attribute.name]), .init("range", [range.format(attribute)]),
                .init("period", [period.rawValue]),
            ] + (total ? [.init("total")] : []) + [.init("day", [day.iso])])
    }
    package static func goalOff(_ attribute: String, from day: Day) -> Self {
        .init("goal", [.init("attribute", [attribute]), .init("off"), .init("day", [day.iso])])
    }
    package static func setting(_ name: String, _ value: String) -> Self { .init("set", [.init("setting", [name, value])]) }
    /// An import of a file of daybook's, Daylio's or jrnl's: what it wrote, by kind.
    package static func dataImport(file: String, _ s: ImportSummary) -> Self {
        .init(
            "import",
            [
                .init("file", [file]), .init("days", [String(s.days)]), .init("entries", [String(s.entries)]),
                .init("tags", [String(s.tags)]), .init("attributes", [String(s.attributes)]),
                .init("goals", [String(s.goals)]), .init("settings", [String(s.settings)]),
            ])
    }
    /// A sync: the changes this device sent, those applied from each other device (as many
    /// changes, its name as its files give it, and how many of its files), and the conflicts
    /// settled.
    package static func sync(_ report: SyncReport) -> Self {
        var facts: [Fact] = [.init("sent", [String(report.sent)])]
        for applied in report.applied where applied.changes > 0 {
            facts.append(.init("applied", [String(applied.changes), applied.device, String(applied.files)]))
        }
        if !report.conflicts.isEmpty { facts.append(.init("conflicts", [String(report.conflicts.count)])) }
        return .init("sync", facts)
    }
    /// A journal copied from another machine given a device id of its own.
    package static let newDeviceID = Self("sync", [.init("new-device")])
    /// An import of a health export: its source and the day values written or replaced.
    package static func healthImport(file: String, source: String, _ s: HealthImportSummary) -> Self {
        .init(
            "import",
            [.init("file", [file]), .init("source", [source]), .init("values", [String(s.written + s.replaced)])])
    }
}
