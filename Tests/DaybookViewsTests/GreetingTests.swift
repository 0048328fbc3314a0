@testable import DaybookCore
import DaybookTestSupport
import DaybookViews
import Testing

/// The shell's greeting, word for word.
@Suite struct GreetingTests {
    static let steps = testAttribute("steps", .count, unit: "steps", aggregation: .sum)
    static let sleep = RandomJournal.sleep
    static let weight = RandomJournal.weight

    func day(_ back: Int, mood: Int? = nil, values: [(Attribute, Double)] = [], notes: Int = 0) -> DayRecord {
        var record = DayRecord(day: insightDay.adding(days: -back))
        if let mood { record.mood = (mood, "") }
        record.values = values.map { (attribute: $0.0, value: $0.1) }
        record.notes = (0..<notes).map { _ in DayRecord.Note(recordedAt: "2026-11-20T09:00:00+00:00", text: "x") }
        return record
    }

    func greet(
        at minute: Int = 9 * 60 + 30, yesterday: DayRecord? = nil, today: DayRecord? = nil, recent: Bool = true,
        goals: Set<String> = [], insights: [Insight] = [], width: Int = 80
    ) -> [String] {
        InsightView.greeting(
            InsightView.Greeting(
                minuteOfDay: minute, yesterday: yesterday ?? day(1), today: today ?? day(0), recent: recent,
                goals: goals, insights: insights), appearance: .plain, width: width)
    }

    @Test func byTheTimeOfDay() {
        #expect(InsightView.salutation(minuteOfDay: 4 * 60 + 59) == "Good evening")
        #expect(InsightView.salutation(minuteOfDay: 5 * 60) == "Good morning")
        #expect(InsightView.salutation(minuteOfDay: 11 * 60 + 59) == "Good morning")
        #expect(InsightView.salutation(minuteOfDay: 12 * 60) == "Good afternoon")
        #expect(InsightView.salutation(minuteOfDay: 18 * 60) == "Good evening")
        #expect(InsightView.salutation(minuteOfDay: 23 * 60 + 59) == "Good evening")
    }

    @Test func yesterdayAndToday() {
        let s = GreetingTests.self
        let yesterday = day(1, mood: 4, values: [(s.sleep, 430), (s.steps, 9120), (s.weight, 72.5)])
        #expect(
            greet(at: 20 * 60, yesterday: yesterday, width: 100)
                == ["Good evening. Yesterday: mood 4, sleep 7h 10m, 9,120 steps. You haven't checked in today."])
        // Values the line has no room for are left out, down to the mood alone; then it wraps.
        #expect(
            greet(at: 20 * 60, yesterday: yesterday)
                == ["Good evening. Yesterday: mood 4, sleep 7h 10m. You haven't checked in today."])
        #expect(
            greet(at: 20 * 60, yesterday: yesterday, width: 64)
                == ["Good evening. Yesterday: mood 4. You haven't checked in today."])
        #expect(
            greet(at: 20 * 60, yesterday: yesterday, width: 40)
                == ["Good evening. Yesterday: mood 4. You", "haven't checked in today."])
        // Values with a goal come first.
        #expect(
            greet(yesterday: yesterday, today: day(0, mood: 3), goals: ["weight"])
                == ["Good morning. Yesterday: mood 4, weight 72.5 kg, sleep 7h 10m."])
        #expect(
            greet(yesterday: day(1, notes: 1)) == ["Good morning. Yesterday: 1 note. You haven't checked in today."])
        #expect(greet(at: 13 * 60, yesterday: day(1)) == ["Good afternoon. You haven't checked in today."])
    }

    @Test func nothingToSay() {
        // A new journal, or one not kept lately, with nothing yesterday.
        #expect(greet(recent: false) == [])
        // Checked in today, and nothing yesterday.
        #expect(greet(today: day(0, mood: 4)) == [])
    }

    @Test func theMostNotableInsightThatFitsOnOneLine() {
        let yesterday = day(1, mood: 4)
        let missing = Insight(
            kind: .usual, subject: .mood, day: yesterday.day,
            detail: .missingHistory(InsightMissingHistory(value: 4, days: 1, needed: 3, average30d: nil)),
            notability: 90)
        let pending = Insight(
            kind: .links, subject: .mood, day: yesterday.day,
            detail: .linksPending(InsightLinksPending(days: 4, needed: 30)), notability: 90)
        let long = insight(tag: "a-tag-long-enough-that-this-sentence-takes-two-lines")
        let short = Insight(
            kind: .record, subject: .mood, day: yesterday.day,
            detail: .record(
                InsightRecord(
                    value: 4, extreme: .highest, reach: .since(yesterday.day.adding(days: -9)), span: 9, days: 9)),
            notability: 50)
        #expect(
            greet(yesterday: yesterday, today: day(0, mood: 3), insights: [missing, pending, long, short])
                == ["Good morning. Yesterday: mood 4.", "Highest mood in 9 days: 4."])
        // What still needs more history is no greeting.
        #expect(
            greet(yesterday: yesterday, today: day(0, mood: 3), insights: [missing, pending, long])
                == ["Good morning. Yesterday: mood 4."])
        // Narrow: the first line wraps, and the insight must fit the width too.
        #expect(
            greet(yesterday: yesterday, insights: [short], width: 24) == [
                "Good morning. Yesterday:", "mood 4. You haven't", "checked in today.",
            ])
        #expect(greet(yesterday: yesterday, insights: [short], width: 26).last == "Highest mood in 9 days: 4.")
    }
}
