import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let checkin = CommandSpec(
        name: "checkin",
        summary: "a guided check-in, one question at a time",
        discussion: """
            A short conversation. First how the day was, 1 to 5 or a word; then anything to \
            note (#tags welcome), which becomes the mood's note when the mood has none (else \
            a note of its own); then, for each value that has a goal or was logged in the last \
            14 days and has nothing yet for the day, a question with its unit and an example. \
            When you have a usual value for that weekday (the median of the last 8 weeks, once \
            3 of those days have a value), \
            TAB fills it in; Enter or - skips any question. Each answer is written as soon as it is \
            given, so Ctrl-C can end the check-in at any point and keeps what was answered. \
            Ends with a summary of the day and its top 3 insights (see 'insights'). It runs in \
            the shell, or as 'daybook checkin' in a terminal; a script uses mood, note and log \
            instead.
            """,
        options: [.on],
        examples: ["checkin", "checkin --on yesterday"],
        writes: true
    ) { invocation, context in
        guard let ask = context.ask else {
            if context.sourcing {
                throw CommandError(
                    "checkin asks its questions one at a time, and a sourced file runs as a script, which cannot answer them: run checkin on its own. A script can use mood, note and log"
                )
            }
            throw CommandError(
                "checkin asks its questions one at a time, so it needs the shell: run daybook in a terminal. A script can use mood, note and log"
            )
        }
        var checkIn = CheckIn(
            context: context, journal: try context.journal, ask: ask, day: try context.writeDay(invocation))
        try checkIn.run()
        return .done
    }
}

/// The conversation behind `checkin`.
struct CheckIn {
    let context: Context
    let journal: Journal
    let ask: Asker
    let day: Day
    /// What has been written so far, in words: "mood", "a note", "sleep".
    var kept: [String] = []

    enum Stop: Error { case stopped }

    mutating func run() throws {
        let when = context.describe(day)
        say("Checking in for \(day.long). Answers are saved as you go; Ctrl-C stops.")
        do {
            try askMood(when)
            try askNote()
            for attribute in try attributesToAsk() { try askValue(attribute) }
        } catch Stop.stopped {
            context.out.flush()
            if kept.isEmpty {
                say("Check-in stopped; nothing was written.")
            } else {
                say("Check-in stopped; kept what you answered: \(kept.joined(separator: ", ")).")
            }
            return
        }
        context.out.flush()
        say(kept.isEmpty ? "Nothing new for \(when). Here it is:" : "Done. Here is \(when):")
        context.show(DayReport(record: try journal.day(day)))
        showInsights()
        context.out.flush()
    }

    /// The top 3 insights for the day just checked in, under its summary. What was answered is
    /// written already: a failure to read them leaves them out and is no error.
    func showInsights() {
        let insights = Insights.top((try? journal.insights(for: day)) ?? [], 3)
        guard !insights.isEmpty else { return }
        context.out.line()
        context.show(InsightsReport(insights: insights, day: day))
    }

    /// One question; nil when Enter alone was pressed. Ctrl-C or Ctrl-D stop the check-in.
    /// An answer of free text (a note) completes #tags on TAB; TAB on an empty answer fills
    /// `offered` in, where it is given.
    func question(_ prompt: String, freeText: Bool = false, offering offered: String? = nil) throws -> String? {
        context.out.flush()
        context.err.flush()
        var prompt = prompt
        if context.facts.isTerminal, Columns.width(prompt) >= context.width {
            // A question wider than the terminal: on lines of its own, wrapped
            // at spaces, and the answer after "> ".
            say(prompt.trimmingSpaces)
            prompt = "> "
        }
        let answer =
            if let offered, let askOffering = context.askOffering {
                askOffering(prompt, offered)
            } else {
                ((freeText ? context.askFreeText : nil) ?? ask)(prompt)
            }
        switch answer {
        case .cancelled, .ended: throw Stop.stopped
        case .text(let text):
            let trimmed = text.trimmingSpaces
            return trimmed.isEmpty ? nil : trimmed
        }
    }

    func say(_ text: String) {
        context.out.flush()
        for line in context.facts.fitted(text) { context.err.line(line) }
        context.err.flush()
    }

    mutating func askMood(_ when: String) throws {
        let existing = try journal.day(day).mood
        let prompt =
            existing.map { "How was \(when), 1 to 5? (now \($0.rating) \(Mood.label($0.rating)); Enter keeps it) " }
            ?? "How was \(when), 1 to 5? "
        while true {
            // A note may follow the rating.
            // Enter or -, as for every question, skips it.
            guard let answer = try question(prompt, freeText: true), answer != "-" else { return }
            do {
                // "4" or "good", or "4 calm day": a rating with a note for the mood.
                let words = answer.split(separator: " ", maxSplits: 1)
                let rating = try Mood.parse(String(words[0]))
                let note = words.count > 1 ? String(words[1]).trimmingSpaces : nil
                // A check-in re-rates the day; without a new note, the mood's own note stays.
                try journal.setMood(day: day, rating: rating, note: note ?? existing?.note ?? "")
                kept.append("mood")
                return
            } catch is ValueError {
                // The answer is named only when it is a number: other words may be a note.
                let shown = Mood.isNumber(answer) ? "'\(answer)'" : "That"
                say("\(shown) is not a mood; answer 1 to 5, or a word: \(Mood.labels.joined(separator: ", ")). Enter skips.")
            }
        }
    }

    mutating func askNote() throws {
        guard let text = try question("Anything you want to note? (#tags welcome, Enter to skip) ", freeText: true),
            text != "-"
        else { return }
        // The note of the check-in is the mood's, as `mood 4 calm day` makes it, so that the
        // day's mood reads with its words (in show, search and reviews). A mood that has words
        // already keeps them, and the answer is a note of its own; so is one for a day
        // without a mood.
        if let mood = try journal.day(day).mood, mood.note.trimmingSpaces.isEmpty {
            try journal.setMood(day: day, rating: mood.rating, note: text)
            kept.append("the mood's note")
            return
        }
        try journal.addNote(day: day, text: text)
        kept.append("a note")
    }

    /// Values with a goal, or logged in the 14 days before, that have nothing for the day yet.
    func attributesToAsk() throws -> [Attribute] {
        let goals = try journal.attributesWithGoals(on: day)
        let recent = Set(
            try journal.attributesLogged(from: day.adding(days: -14), through: day.adding(days: -1)).map(\.name))
        let done = Set(try journal.day(day).values.map(\.attribute.name))
        return journal.attributes.filter {
            (goals.contains($0.name) || recent.contains($0.name)) && !done.contains($0.name)
        }
    }

    mutating func askValue(_ attribute: Attribute) throws {
        let found = try journal.usual(of: attribute, on: day)
        let usual = found.value
        // The example and the usual value read with their unit ("8 glasses", "72.5 kg"), and
        // can be typed as they are shown. Enter skips: the usual value is written only when it
        // is typed or TAB fills it in, never for a day it did not happen.
        let hint: String
        let offered = usual.map { attribute.formatWithUnit($0) }
        if let offered {
            let weekdays = Words.counted(found.days, day.longWeekday)
            hint = "usually \(offered), from \(weekdays); TAB fills it in, Enter skips"
        } else {
            hint = "e.g. \(attribute.formatWithUnit(attribute.exampleValue)); Enter skips"
        }
        let prompt = CheckIn.question(for: attribute) + " (\(hint)) "
        while true {
            let answer = try question(prompt, offering: offered)
            let value: Double
            switch answer {
            case nil, "-", "skip":
                return
            case let text?:
                do {
                    value = try CheckIn.value(text, attribute, among: journal.attributes)
                } catch {
                    say("\(error) (or - to skip)")
                    continue
                }
            }
            do {
                try journal.log(day: day, [(attribute, value)])
            } catch let error as ImplausibleValue {
                say("\(ProblemText.reason(error)); answer again, - to skip, or log it with --force")
                continue
            }
            kept.append(attribute.name)
            return
        }
    }

    /// The question for an attribute, in plain words.
    static func question(for attribute: Attribute) -> String {
        if let known = builtinQuestions[attribute.name] { return known }
        let words = attribute.name.replacingAll("_", with: " ").replacingAll("-", with: " ")
        switch attribute.type {
        case .count: return "How many \(words)?"
        case .decimal, .percentage: return "What was your \(words)?"
        case .duration: return "How long for \(words)?"
        case .time: return "What time was \(words)?"
        case .yesno: return "\(words.capitalizedFirst), yes or no?"
        }
    }

    /// "8 glasses" → "8": an answer may repeat the unit the question showed.
    static func withoutUnit(_ text: String, _ attribute: Attribute) -> String {
        let lower = text.lowercased()
        for unit in [attribute.unit, attribute.name] where !unit.isEmpty && lower.hasSuffix(" " + unit.lowercased()) {
            return String(text.dropLast(unit.count + 1)).trimmingSpaces
        }
        return text
    }

    static let builtinQuestions = [
        "steps": "How many steps did you walk?",
        "distance": "How far did you go?",
        "exercise": "How long did you exercise?",
        "active_energy": "How much active energy did you burn?",
        "stand_hours": "In how many hours did you stand?",
        "sleep": "How long did you sleep?",
        "bedtime": "When did you go to bed?",
        "wake_time": "When did you wake up?",
        "mindful": "How long were you mindful?",
        "heart_rate": "What was your heart rate?",
        "resting_hr": "What was your resting heart rate?",
        "weight": "What did you weigh?",
        "water": "How many glasses of water did you drink?",
        "coffee": "How many cups of coffee did you have?",
        "productive": "How long were you productive?",
    ]
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
            let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
        else { return "" }
        return String(scalars[first...last])
    }
}
