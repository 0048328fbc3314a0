import DaybookCore

/// A change of the change log in words, from its facts (`ChangeDescription`): what `undo`
/// says it reverted and what a note's history says was undone. A change without facts (one
/// recorded before they were kept) reads as the text the log holds.
public enum ChangeWords {
    public static func text(_ change: LoggedChange) -> String {
        change.description.flatMap(words) ?? change.text
    }

    /// The words for the journal's own kinds of change; nil for a kind it does not know.
    public static func words(_ d: ChangeDescription) -> String? {
        let day = d.value("day") ?? ""
        switch d.kind {
        case "mood":
            guard let rating = d.value("rating").flatMap({ Int($0) }) else { return nil }
            return "mood \(rating) (\(Mood.label(rating))) for \(day)"
        case "note":
            return "a note on \(day)"
        case "log":
            return "log " + values(d).joined(separator: ", ") + " for \(day)"
        case "edit", "delete":
            if let note = d.value("note") { return "\(d.kind) \(note) on \(day)" }
            if d.has("mood") {
                guard d.kind == "edit" else { return "delete mood for \(day)" }
                guard let rating = d.value("rating").flatMap({ Int($0) }) else { return nil }
                return "edit mood for \(day): \(rating) (\(Mood.label(rating)))"
            }
            guard d.kind == "delete", let attribute = d.value("attribute"), let count = d.value("count").flatMap({ Int($0) })
            else { return nil }
            return "delete \(attribute) for \(day) (\(count == 1 ? "1 value" : "\(count) values"))"
        case "track":
            guard let a = d.values("attribute"), a.count == 3 else { return nil }
            return "\(d.has("again") ? "retrack" : "track") \(a[0]) as \(a[1]), \(a[2])"
        case "goal":
            guard let attribute = d.value("attribute") else { return nil }
            if d.has("off") { return "goal \(attribute) off from \(day)" }
            guard let range = d.value("range"), let period = d.value("period") else { return nil }
            return "goal \(attribute) \(range) \(period)\(d.has("total") ? " total" : "") from \(day)"
        case "set":
            guard let setting = d.values("setting"), setting.count == 2 else { return nil }
            return "set \(setting[0]) \(setting[1])"
        case "import":
            guard let file = d.value("file") else { return nil }
            func count(_ name: String) -> Int? { d.value(name).flatMap { Int($0) } }
            if let source = d.value("source") {
                guard let values = count("values") else { return nil }
                return "import \(file) (\(source)): " + Words.counted(values, "day value")
            }
            var summary = ImportSummary()
            guard let days = count("days"), let entries = count("entries"), let tags = count("tags") else { return nil }
            (summary.days, summary.entries, summary.tags) = (days, entries, tags)
            summary.attributes = count("attributes") ?? 0
            summary.goals = count("goals") ?? 0
            summary.settings = count("settings") ?? 0
            return "import \(file): " + ImportView.summary(summary, conflicts: false)
        case "sync":
            if d.has("new-device") { return "sync: a new device id" }
            guard let sent = d.value("sent") else { return nil }
            var parts = ["sent \(sent)"]
            for applied in d.all("applied") where applied.count >= 2 {
                parts.append("applied \(applied[0]) from \(applied[1])")
            }
            if let conflicts = d.value("conflicts") { parts.append("\(conflicts) conflicts") }
            return "sync: " + parts.joined(separator: ", ")
        default:
            return nil
        }
    }

    /// A log's values, each `attribute value` as its type showed it.
    static func values(_ d: ChangeDescription) -> [String] {
        d.all("value").map { $0.joined(separator: " ") }
    }
}
