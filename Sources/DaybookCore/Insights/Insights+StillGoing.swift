// A day still going: what adds up over a day (steps, water, exercise) is not yet the day's
// value before the day ends, so it is told as it stands ("800 steps so far today"), never
// compared with the usual value or the 30-day average, ranked, or made a record. An entry
// keeps when it was written, not when the steps were walked (an import or an evening's log
// writes a whole day at once), so there is no honest "usual by this time of day" to compare
// with. Values that do not add up (a weight, a resting heart rate, a
// bedtime, the mood) are already what they are, and are compared as on any day.

extension Insights {
    /// True when `subject`'s value on `day` may still grow: it adds up over a day
    /// (`Attribute.addsUpOverDay`) and `day` has not ended: it is `today` (by the journal's
    /// clock and its `day-start` setting, `Journal.today()`), or later.
    public static func stillGoing(_ subject: InsightSubject, day: Day, today: Day) -> Bool {
        guard let attribute = subject.attribute else { return false }
        return attribute.addsUpOverDay && day >= today
    }

    /// The day's value so far, for a subject still going on the input's day; nil otherwise,
    /// and for a subject with a goal, whose sentence already says how far it is "so far".
    static func soFar(_ subject: InsightSubject, _ series: InsightSeries, input: InsightInput) -> Insight? {
        let day = input.day
        guard let value = series.values[day], stillGoing(subject, day: day, today: input.today),
            !input.goals.contains(where: { $0.attribute.name == subject.name })
        else { return nil }
        // Told, but last: it says what the day holds, not what stands out.
        return Insight(kind: .soFar, subject: subject, day: day, detail: .soFar(value: value), notability: 1)
    }

    /// `input` without the values of a day still going, for the weekday patterns and links,
    /// which test complete days only: 800 steps by 9:00 are not a Saturday's steps.
    static func withoutDayStillGoing(_ input: InsightInput) -> InsightInput {
        guard input.day >= input.today else { return input }
        var complete = input
        for i in complete.attributes.indices
        where stillGoing(.attribute(complete.attributes[i].attribute), day: input.day, today: input.today) {
            var day = input.today
            while day <= input.day {
                complete.attributes[i].series.values[day] = nil
                day = day.adding(days: 1)
            }
        }
        return complete
    }
}
