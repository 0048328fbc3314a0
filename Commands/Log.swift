import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let log = CommandSpec(
        name: "log",
        summary: "record values: steps, sleep, bedtime...",
        discussion: """
            Records one or more values for the day, as pairs of attribute and value, all in \
            one change. Each value is read by its attribute's type: counts (8200, 8,200, 8.2k), \
            decimals (72.5), percentages (85%), durations (7h30m, 7h30, 7h, 45m, 7:30, 7.5h, \
            7 hours 30 minutes, 7 and a half hours, 90 minutes), times of day (23:40, 11:40pm, \
            7am) and yes/no. A value runs on over the words that can only be part of it: \
            hours and minutes (h, hr, min...), 'and a half', and a unit (cups, glasses, km, kg, \
            kcal, bpm), which must be the attribute's own: coffee 2 cups; pounds, stones and \
            miles (160 lb, 11 st, 5 miles) convert to kg and km. Other words in quotes. \
            A date after the last value is the day the values are for: log steps 8000 \
            yesterday; last night is today, the day a night's sleep ends. Plain phrases are read too, split at commas and 'and': log slept 7 and a \
            half hours, walked 9k steps, 3 coffees yesterday. Each value is placed by a verb \
            (slept, walked, ran, drank, weighed, meditated...), an attribute's name or plural \
            (3 coffees, 9k steps) or its unit (2 cups of coffee, 72 kg); a word that places no \
            value is refused, naming it, and nothing is written. Several values of one \
            attribute on one day combine by its aggregation (sum, average, min, max or last). \
            A value outside its attribute's plausible range (a resting heart rate of 1, a \
            weight of 0) is refused, naming the range, and nothing is written; --force writes \
            it anyway. 'track' defines new attributes and sets ranges.
            """,
        arguments: [
            Argument("ATTR", .attribute, help: "a tracked attribute: steps, sleep, bedtime..."),
            Argument("VALUE", .value, help: "a value of that attribute's type"),
        ],
        repeating: true,
        options: [.on, .force],
        examples: [
            "log steps 8200", "log sleep 7h30m bedtime 23:40", "log weight 72.5 --on yesterday",
            "log slept 7h30, walked 9k steps, 3 coffees",
        ],
        writes: true
    ) { invocation, context in
        let journal = try context.journal
        var invocation = invocation
        // Words that did not pair up, the last of them an attribute: its value is missing.
        if let unpaired = invocation.unpaired, let last = invocation.words.last, journal.attribute(named: last) != nil {
            throw UsageError(unpaired)
        }
        // A line of phrases (`slept 7h, walked 9k steps`) is read with the catalogue.
        var values: [(Attribute, Double)] = invocation.phrases ? try LogPhrases.read(&invocation, context, journal) : []
        var index = 0
        let words = invocation.phrases ? [] : invocation.positionals
        while index + 1 < words.count {
            let name = words[index]
            guard let attribute = journal.attribute(named: name) else {
                // Pairs that read only as phrases: `sleep 7 hours 3 days ago`.
                if let read = try? LogPhrases.read(&invocation, context, journal) {
                    values = read
                    break
                }
                throw CommandError(unknownAttributeMessage(name, journal: journal))
            }
            do {
                values.append((attribute, try attribute.parse(words[index + 1])))
            } catch {
                throw CommandError("\(attribute.name): \(error)")
            }
            index += 2
        }
        let day = try context.writeDay(invocation)
        let totals = try journal.log(day: day, values, force: invocation.has(.force))
        let shown = values.map { "\($0.0.name) \($0.0.format($0.1))" }.joined(separator: ", ")
        context.confirm("logged \(shown) for \(context.describe(day))\(describe(totals, of: values, today: day == (try? context.today)))")
        return .done
    }

    /// The day's new totals where the values added to what it held: " (15h today)", or with
    /// names when the line logged several attributes, " (sleep 15h, steps 12,000 that day)".
    static func describe(_ totals: [LoggedTotal], of values: [(Attribute, Double)], today: Bool) -> String {
        guard !totals.isEmpty else { return "" }
        let named = Set(values.map(\.0.name)).count > 1
        let shown = totals.map { (named ? $0.attribute.name + " " : "") + $0.attribute.format($0.value) }
        return " (\(shown.joined(separator: ", ")) \(today ? "today" : "that day"))"
    }

    /// "unknown attribute 'stepz'; did you mean 'steps'? ..." with how to define one.
    public static func unknownAttributeMessage(_ name: String, journal: Journal) -> String {
        let shown = printable(name)
        let names = journal.attributes.map(\.name)
        let define =
            isValidAttributeName(name)
            ? "to track a new one: track \(name.lowercased()) TYPE (\(ValueType.acceptedNames))"
            : "attribute names start with a letter, then letters, digits, _ or -"
        if let guess = nearest(name, in: names) {
            return "unknown attribute '\(shown)'; did you mean '\(guess)'? Or, \(define)"
        }
        return "unknown attribute '\(shown)'; \(define). Tracked: \(names.joined(separator: ", "))"
    }
}
