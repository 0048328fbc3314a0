import DaybookCommandLine
import DaybookCore
import DaybookStore
import DaybookViews

extension Commands {
    public static let goal = CommandSpec(
        name: "goal",
        summary: "set a goal for an attribute, or end it",
        discussion: """
            Sets the goal for ATTR from today (or from --on DATE) on, replacing the goal set \
            for that same day, if any. RANGE is read by the attribute's type: >= 8000 or at \
            least 8000, <= 2 or at most 2, 50..80 or between 50 and 80, 7h..9h, \
            22:00..23:30. A bare value means at least that value; yes or no for a yes/no \
            attribute. A time-of-day range may run past midnight: 23:00..00:30 is a \
            90-minute window. A daily goal judges each day's value; a weekly goal (ISO week, \
            Monday to Sunday) and a monthly goal (calendar month) judge the mean of the daily \
            values recorded in the period, so 'goal pages >= 25 weekly' asks for 25 a day. With \
            --total a weekly or monthly goal judges the period's sum instead: 'goal exercise \
            >= 150m weekly --total' asks for 150 minutes in the week. --total fits attributes \
            whose daily value is a sum (steps, exercise, water...), not times of day, yes/no, \
            percentages or values like weight. 'goal ATTR off' ends the goal. Goals keep their \
            history: each past day or period is judged by the goal in force then, so changing \
            or ending a goal never rewrites the past; --on DATE fills in a goal that was in \
            force from an earlier day. Undo reverts a goal change like any other. In a shell \
            one-liner, quote a range with > or < in it: daybook goal steps '>= 8000'.
            """,
        arguments: [
            Argument("ATTR", .attribute, help: "a tracked attribute: steps, sleep, bedtime..."),
            Argument("RANGE", .range, help: GoalRange.acceptedForms + "; or off to end the goal"),
            Argument(
                "PERIOD", .choice(GoalPeriod.names), optional: true,
                help: "daily (the default), weekly or monthly: the mean of the period's daily values (their sum with --total)"),
        ],
        options: [.on, .total],
        examples: [
            "goal steps >= 8000", "goal sleep 7h..9h", "goal coffee at most 2", "goal bedtime 22:00..23:30",
            "goal resting_hr between 50 and 80 weekly", "goal exercise >= 150m weekly --total",
            "goal steps at least 10000 --on 2026-11-01", "goal coffee off",
        ],
        writes: true
    ) { invocation, context in
        let journal = try context.journal
        let name = invocation.argument("ATTR") ?? ""
        guard let attribute = journal.attribute(named: name) else {
            throw CommandError(unknownAttributeMessage(name, journal: journal))
        }
        let rangeText = invocation.argument("RANGE") ?? ""
        let periodWord = invocation.argument("PERIOD")
        let day = try context.writeDay(invocation)
        let total = invocation.has(.total)
        if rangeText.lowercased() == "off" {
            if let periodWord {
                throw CommandError("'goal \(attribute.name) off' takes no period; got '\(printable(periodWord))'")
            }
            if total { throw CommandError("'goal \(attribute.name) off' takes no --total") }
            let write = try journal.endGoal(attribute, from: day)
            let ended = write.previous.map { " (was \(describe($0, attribute)))" } ?? ""
            context.confirm(
                "ended the goal for \(attribute.name) from \(context.describe(day))\(ended)\(untilNext(write, context))"
            )
            return .done
        }
        if GoalPeriod(rawValue: rangeText.lowercased()) != nil {
            throw CommandError(
                "goal needs a range before the period, like: goal \(attribute.name) \(GoalRange.examples(for: attribute.type).split(separator: ",")[0]) \(rangeText.lowercased())"
            )
        }
        // A misspelt period ends up in the range: say so rather than blame the range.
        let words = rangeText.split(separator: " ").map { $0.lowercased() }
        if words.count > 1, let last = words.last, last != attribute.unit.lowercased(),
            last.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }),
            let guess = nearest(last, in: GoalPeriod.names)
        {
            throw CommandError(
                "'\(printable(last))' is not a period; did you mean '\(guess)'? Use daily, weekly or monthly")
        }
        let range: GoalRange
        do throws(GoalRangeError) {
            range = try GoalRange.parse(rangeText, type: attribute.type, unit: attribute.unit, name: attribute.name)
        } catch {
            throw CommandError(printable(error.description))
        }
        let period = periodWord.flatMap { GoalPeriod(rawValue: $0.lowercased()) } ?? .daily
        if total, let problem = DaybookCore.Goals.totalProblem(attribute, period: period) {
            throw CommandError(ProblemText.total(problem))
        }
        let write = try journal.setGoal(attribute, range: range, period: period, total: total, from: day)
        let replaced = write.previous.map { " (was \(describe($0, attribute)))" } ?? ""
        // A weekly or monthly goal says what it judges: the daily mean, or the period's sum.
        var judged = ""
        if period != .daily, attribute.type == .yesno {
            // The mean of yes (1) and no (0) reaches yes only when every day logged is yes.
            judged = ", \(range.format(attribute)) on every day logged in the \(period.noun)"
        } else if period != .daily {
            let sumFits = DaybookCore.Goals.totalProblem(attribute, period: period) == nil
            if total {
                judged = ", on the \(period.noun)'s total"
            } else if attribute.meanReadsAsPerDay {
                judged =
                    ", on the daily mean (\(range.format(attribute)) a day on average\(sumFits ? "; --total judges the \(period.noun)'s sum" : ""))"
            } else {
                // A level (weight, a bedtime) is not an amount a day: its days' mean is judged.
                judged = ", on the mean of the \(period.noun)'s days (\(range.format(attribute)) on average)"
            }
        }
        context.confirm(
            "goal for \(attribute.name): \(range.format(attribute)) \(period.rawValue)\(judged), from \(context.describe(day))\(replaced)\(untilNext(write, context))"
        )
        return .done
    }

    /// ">= 8000 daily", ">= 25 weekly", ">= 2h30m weekly total".
    static func describe(_ goal: Goal, _ attribute: Attribute) -> String {
        "\(goal.range.format(attribute)) \(goal.period.rawValue)\(goal.total ? " total" : "")"
    }

    /// " until Fri 20 Nov (a later goal change starts on Sat 21 Nov)", when one does.
    static func untilNext(_ write: GoalWrite, _ context: Context) -> String {
        guard let next = write.nextChange else { return "" }
        return
            " until \(context.describe(next.adding(days: -1))) (a later goal change starts \(context.describe(next)))"
    }
}

extension Option {
    static let total = Option(
        "--total", help: "judge the sum of a weekly or monthly period's values, not their daily mean")
}
