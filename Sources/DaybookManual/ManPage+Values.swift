import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookViews

// The sections on dates, values and ranges, read from the domain's own words.
extension ManPage {
    static func datesValuesAndRanges(_ page: inout Mdoc) {
        let weekdays = Day.weekdayNames
        page.source(
            #"""
            .Sh DATES, VALUES AND RANGES
            .Ss Dates
            A
            .Ar DATE
            is one of:
            .Bl -tag -width Ds
            .It Cm today , yesterday
            .It Cm \#(weekdays.first!) No to Cm \#(weekdays.last!)
            A weekday, or its first three letters
            .Pq Cm \#(weekdays.first!.prefix(3)) :
            the most recent one, today included.
            .It Ar YYYY-MM-DD
            A date of the calendar.
            .El
            .Pp
            Writes to a day in the future are refused.
            With the
            .Cm day-start
            setting, entries made before that time count for the day before.
            .Ss Moods
            A
            .Ar RATING
            is a number from 1 to 5, or its word:
            \#((1...5).map { "\($0) \(Mood.label($0))" }.joined(separator: ", ")); ok is read as okay.
            .Ss Values
            A
            .Ar VALUE
            is read by the type of its attribute, the
            .Ar TYPE
            given to
            .Ic track :
            .Bl -tag -width Ds
            """#)
        for type in ValueType.allCases {
            let names = ValueType.names.filter { $0.1 == type }.map { Mdoc.arg($0.0) }
            page.macro("It Cm " + names.joined(separator: " , "))
            page.text(valueDescription(type))
        }
        page.source(
            #"""
            .El
            .Pp
            Several values of one attribute on one day combine by its aggregation, the
            .Ar AGG
            given to
            .Ic track :
            .Bl -tag -width Ds
            """#)
        for aggregation in Aggregation.allCases {
            page.macro("It Cm " + aggregation.rawValue)
            page.text(aggregationDescription(aggregation))
        }
        page.source(
            #"""
            .El
            .Ss Attributes
            A new journal tracks these attributes;
            .Ic track
            adds your own.
            A value typed outside its attribute's plausible range is refused, unless
            .Ic log
            is given
            .Fl -force ;
            .Ic track
            .Cm range
            sets or removes a range:
            .Bl -column "active_energy" "duration" "average" "glasses" "0..200,000 steps" -offset indent
            .It Em name Ta Em type Ta Em combined Ta Em unit Ta Em plausible
            """#)
        for attribute in BuiltInAttributes.all {
            let range = attribute.range.map {
                $0.format(Attribute(name: attribute.name, type: attribute.type, aggregation: attribute.aggregation, unit: attribute.unit, group: ""))
            }
            let cells = [attribute.name, attribute.type.rawValue, attribute.aggregation.rawValue, attribute.unit, range ?? ""]
            page.macro("It " + cells.map { $0.isEmpty ? "\\(em" : Mdoc.arg($0) }.joined(separator: " Ta "))
        }
        page.source(
            #"""
            .El
            .Ss Ranges
            A goal's
            .Ar RANGE
            is read by the type of its attribute:
            .Bl -tag -width Ds
            .It Cm >= Ar LOW , Cm at least Ar LOW
            At least LOW; ≥ too.
            .It Cm <= Ar HIGH , Cm at most Ar HIGH
            At most HIGH; ≤ too.
            .It Ar LOW Ns Cm .. Ns Ar HIGH , Cm between Ar LOW Cm and Ar HIGH
            From LOW to HIGH, both included.
            .It Ar VALUE
            A value alone means at least that value; a yes/no attribute takes yes or no.
            .El
            .Pp
            A number may be followed by the attribute's unit: at most 2 cups.
            A range of times of day may run past midnight: 23:00..00:30 is a 90-minute window.
            A range whose lower bound is above its upper bound, a unit that does not fit, a percentage over 100 or an unknown attribute is refused with one line, and nothing is written.
            From a shell prompt, quote a range holding > or <:
            .Dl daybook goal steps '>= 8000'
            .Pp
            The forms of each type:
            .Bl -tag -width Ds
            """#)
        for type in ValueType.allCases {
            page.macro("It Cm " + type.rawValue)
            page.text(GoalRange.examples(for: type) + ".")
        }
        page.source(
            #"""
            .El
            .Pp
            A goal's
            .Ar PERIOD
            is one of:
            .Bl -tag -width Ds
            """#)
        for period in GoalPeriod.allCases {
            page.macro("It Cm " + period.rawValue)
            page.text(periodDescription(period))
        }
        page.macro("El")
    }

    static func valueDescription(_ type: ValueType) -> String {
        switch type {
        case .count:
            return "A whole number, 0 or more, up to \(ValueType.count.format(largestValue)): \(type.example)."
        case .decimal: return "A number, with a decimal point or without: \(type.example)."
        case .percentage: return "From 0% to 100%, with the % sign or without: \(type.example)."
        case .duration:
            return "Up to 24 hours: \(type.example); also \"7h 30m\" in quotes, and 90min. A bare number is refused: 7 could mean hours or minutes."
        case .time: return "A time of day: \(type.example); 12am is midnight, 12pm noon."
        case .yesno: return "Yes or no; also y, n, true, false, 1 or 0."
        }
    }

    static func aggregationDescription(_ aggregation: Aggregation) -> String {
        switch aggregation {
        case .sum: return "The values add up: the default for counts and durations."
        case .average:
            return "Their mean: the default for decimals and percentages. Times of day average around the clock: 23:40 and 00:30 average to 00:05."
        case .min: return "The lowest."
        case .max: return "The highest."
        case .last: return "The last one logged: the default for times of day and yes/no."
        }
    }

    static func periodDescription(_ period: GoalPeriod) -> String {
        switch period {
        case .daily: return "Each day's value is judged; the default."
        case .weekly: return "The mean of the daily values recorded in the ISO week, Monday to Sunday."
        case .monthly: return "The mean of the daily values recorded in the calendar month."
        }
    }
}
