import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let track = CommandSpec(
        name: "track",
        summary: "track an attribute of your own, or change one",
        discussion: """
            Defines an attribute to log values for. TYPE is one of count, decimal, percentage, \
            duration, time (of day) or yesno. AGG says how several values on one day combine: \
            sum, average, min, max or last; by default counts and durations are summed, \
            decimals and percentages averaged, and the last time of day or yes/no is kept. \
            Tracking an existing name changes its aggregation, unit or group (without AGG, an \
            attribute of the same type keeps its aggregation); its type can change only while \
            it has no values. 'range LOW..HIGH' sets the values it can plausibly take, in its \
            type and unit: a value typed outside them is refused (log --force writes it \
            anyway). LOW.. or ..HIGH leave one end open, a time-of-day range may run past \
            midnight (18:00..06:00), and 'range off' removes it. The built-in attributes come \
            with generous ranges (steps 0..200,000, resting_hr 20..250 bpm, weight 1..650 kg, \
            water 0..100 glasses...); times of day have none. A range stays while the type and \
            unit stay; tracking an attribute in another unit drops it. 'track' alone lists \
            every attribute with its type, unit, group and range; 'track NAME' shows one, and \
            'track NAME unit U', 'group G' or 'range R' changes one without naming its type.
            """,
        arguments: [
            Argument("NAME", .name, optional: true, help: "a letter, then letters, digits, _ or -"),
            Argument("TYPE", .valueType, optional: true, help: ValueType.acceptedNames),
            Argument("AGG", .aggregation, optional: true, help: Aggregation.acceptedNames),
        ],
        options: [
            .trackUnit, .trackGroup, .trackRange,
        ],
        examples: [
            "track", "track pages count unit pages group productivity", "track meditated yesno", "track mood_energy decimal average",
            "track pages count range 0..2000", "track resting_hr count range 30..200", "track wake_time time range 04:00..13:00",
        ],
        writes: true
    ) { invocation, context in
        let changes = [Option.trackUnit, .trackGroup, .trackRange].contains { invocation.has($0) }
        guard let named = invocation.argument("NAME") else {
            if changes { throw CommandError("track needs NAME before unit, group or range; usage: track NAME [TYPE] ...") }
            let journal = try context.existingJournal
            let rows = journal.attributes.map { attributeRow($0) }
            context.show(AttributesReport(rows: rows))
            return .done
        }
        let name = named.lowercased()
        if invocation.argument("TYPE") == nil {
            let known = try context.journalIfThere?.attribute(named: name)
            guard let known else {
                throw CommandError(
                    "no attribute '\(printable(name))' yet; to track it, name its type: track \(printable(name)) TYPE, with TYPE \(ValueType.acceptedNames)")
            }
            if !changes {
                context.show(AttributesReport(rows: [attributeRow(known)]))
                return .done
            }
        }
        let journal = try context.journal
        guard isValidAttributeName(name) else {
            throw CommandError(
                "'\(printable(name))' is not a name for an attribute; use a letter, then letters, digits, _ or -, at most 40")
        }
        let typeWord = invocation.argument("TYPE") ?? journal.attribute(named: name)?.type.rawValue ?? ""
        guard let type = ValueType.named(typeWord) else {
            throw CommandError("'\(printable(typeWord))' is not a value type; use \(ValueType.acceptedNames)")
        }
        let existing = journal.attribute(named: name)
        var aggregation: Aggregation
        if let existing, existing.type == type, invocation.argument("AGG") == nil {
            aggregation = existing.aggregation
        } else if let word = invocation.argument("AGG") {
            guard let named = Aggregation.named(word) else {
                throw CommandError("'\(printable(word))' is not an aggregation; use \(Aggregation.acceptedNames)")
            }
            aggregation = named
        } else {
            aggregation = type.defaultAggregation
        }
        if !aggregation.fits(type) {
            throw CommandError("times of day cannot be summed; use average, min, max or last")
        }
        let group = (invocation.value(.trackGroup) ?? existing?.group ?? "other").lowercased()
        guard isValidAttributeName(group) else {
            throw CommandError("'\(printable(group))' is not a group name; use one word, like \(Catalogue.groups.joined(separator: ", "))")
        }
        let unit = invocation.value(.trackUnit) ?? existing?.unit ?? ""
        guard unit.unicodeScalars.count <= 20, !unit.unicodeScalars.contains(where: { isControl($0) }) else {
            throw CommandError("a unit is a short word of at most 20 characters, like km or cups")
        }
        var attribute = Attribute(name: name, type: type, aggregation: aggregation, unit: unit, group: group)
        var change = RangeChange.keep
        if let text = invocation.value(.trackRange) {
            do {
                change = .set(try GoalRange.parsePlausible(text, type: type, unit: unit, name: name))
            } catch let error as GoalRangeError {
                throw CommandError(error.description)
            }
        }
        let tracked = try journal.track(attribute, range: change)
        attribute.range = journal.attribute(named: name)?.range
        var rangeText = attribute.range.map { ", range " + $0.format(attribute) } ?? ""
        if attribute.range == nil, let old = existing?.range {
            rangeText =
                change == .keep
                ? ", no range now (\(old.format(existing!)) was in its old \(existing!.type == type ? "unit" : "type"); set one with range LOW..HIGH)"
                : ", no range"
        }
        var totalsText = ""
        let totals = tracked.goalsOnMean
        if totals > 0, let misfit = Goals.totalMisfit(attribute) {
            totalsText =
                "; \(totals == 1 ? "its goal" : "its \(totals) goals") on a period's total now "
                + "\(totals == 1 ? "judges" : "judge") the daily mean (\(misfit))"
        }
        context.confirm(
            (tracked.isNew ? "tracking " : "updated ") + "\(name): \(type.rawValue), \(aggregation.rawValue)"
                + (unit.isEmpty ? "" : ", in \(unit)") + ", group \(group)" + rangeText + totalsText)
        return .done
    }
}

/// One line of `track`'s list.
private func attributeRow(_ attribute: Attribute) -> AttributesView.Row {
    AttributesView.Row(
        name: attribute.name, kind: attribute.type.rawValue + ", " + attribute.aggregation.rawValue,
        unit: attribute.unit, group: attribute.group, range: attribute.range.map { $0.format(attribute) } ?? "")
}

extension Option {
    static let trackUnit = Option("unit", value: "U", kind: .word, help: "the unit shown after values, like km or cups")
    public static let trackGroup = Option(
        "group", value: "G", kind: .choice(Catalogue.groups), acceptsOthers: true,
        help: "the group it is shown in: " + Catalogue.groups.joined(separator: ", "))
    static let trackRange = Option(
        "range", value: "R", kind: .word, help: "the values it can plausibly take: \(GoalRange.plausibleForms)")
}
