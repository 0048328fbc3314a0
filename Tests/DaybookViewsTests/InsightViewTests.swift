@testable import DaybookCore
import DaybookTestSupport
import DaybookViews
import Testing


/// The text of a line without its escape sequences.
private func visible(_ line: String) -> String {
    var out = String.UnicodeScalarView()
    var scalars = Array(line.unicodeScalars)[...]
    while let c = scalars.popFirst() {
        if c == "\u{1B}" {
            while let p = scalars.popFirst(), !(0x40...0x7E).contains(p.value) || p == "[" {}
            continue
        }
        out.append(c)
    }
    return String(out)
}

private func insight(tag: String) -> Insight {
    Insight(
        kind: .tag, subject: .mood, day: insightDay,
        detail: .tag(InsightTag(tag: tag, moodWith: 4.1, moodWithout: 3.3, daysWith: 12, daysWithout: 60, p: 0.01)),
        notability: 55)
}

/// The insights view: sentences wrapped to the width with a hanging indent, on a terminal.
@Suite struct InsightViewTests {
    /// Insights of random journals, with planted links and goals, so that every kind is there;
    /// and tags no line can hold.
    static let insights: [Insight] = {
        var all: [Insight] = []
        for seed: UInt64 in 1...12 {
            all += Insights.compute(
                RandomJournal.input(
                    seed: seed, sleepEffect: Double(seed % 4) * 0.4, sleepLag: Int(seed % 2),
                    tagEffect: Double(seed % 3) * 0.6, mondayEffect: seed % 5 == 0 ? -1.5 : 0,
                    presence: 0.3 + 0.3 * Double(seed % 3), goals: true))
        }
        all += Insights.compute(SerialJournal.inputs(seed: 1, days: 20)[0])
        all.append(insight(tag: String(repeating: "long", count: 60)))
        all.append(insight(tag: String(repeating: "日本", count: 40)))
        all.append(insight(tag: "a\u{1B}[31mred"))
        return all
    }()

    @Test func everyLineFitsFrom20To200Columns() {
        let insights = InsightViewTests.insights
        #expect(Set(insights.map(\.kind)) == Set(Insight.Kind.allCases))
        for width in 20...200 {
            for appearance in width % 7 == 0 ? [Appearance.plain, colour] : [Appearance.plain] {
                let lines =
                    InsightView.text(insights, day: insightDay, appearance: appearance, width: width)
                    + InsightView.text([], day: insightDay, appearance: appearance, width: width)
                for line in lines {
                    #expect(Columns.width(visible(line)) <= width, "\(width): \(line)")
                }
            }
        }
    }

    /// Each insight starts at the margin (two spaces in) and goes on four spaces in; joined
    /// again, its lines are its sentence, not a character lost.
    @Test func aHangingIndentAndNothingLost() {
        for width in [20, 33, 50, 80, 120] {
            let lines = InsightView.sentences(InsightViewTests.insights, appearance: .plain, width: width)
            var index = 0
            // The usual values that need more history are one sentence, where the first stands.
            let missing = InsightText.missingHistory(InsightViewTests.insights)
            var saidMissing = false
            for insight in InsightViewTests.insights {
                var sentence = printable(InsightText.sentence(insight))
                if case .missingHistory = insight.detail, let missing {
                    if saidMissing { continue }
                    saidMissing = true
                    sentence = printable(missing)
                }
                var pieces = [lines[index]]
                index += 1
                while index < lines.count, lines[index].hasPrefix("    ") {
                    pieces.append(lines[index])
                    index += 1
                }
                #expect(pieces[0].hasPrefix("  ") && !pieces[0].hasPrefix("   "), "\(pieces[0])")
                #expect(pieces.dropFirst().allSatisfy { $0.hasPrefix("    ") && !$0.hasPrefix("     ") })
                #expect(pieces.joined().filter { $0 != " " } == sentence.filter { $0 != " " }, "\(width): \(pieces)")
                if pieces.count > 1, !sentence.contains("longlong"), !sentence.contains("日本日本") {
                    // Cut between words, each line as full as the next word allowed.
                    let words = pieces.map { $0.drop { $0 == " " } }.joined(separator: " ")
                    #expect(words == sentence, "\(width): \(pieces)")
                    for (line, next) in zip(pieces, pieces.dropFirst()) {
                        let word = next.drop { $0 == " " }.prefix { $0 != " " }
                        #expect(Columns.width(String(line)) + 1 + Columns.width(String(word)) > width)
                    }
                }
            }
            #expect(
                lines[index...].map { $0.drop { $0 == " " } }.joined(separator: " ")
                    == "Links are correlations over the last 90 days, not causes.")
        }
    }

    /// Off a terminal, one whole line each, as before any wrapping.
    @Test func withoutAWidthOneLineEach() {
        let some = Array(InsightViewTests.insights.prefix(20))
        let lines = InsightView.text(some, day: insightDay, appearance: .plain, width: nil)
        #expect(lines.first == "Insights for Saturday 21 November 2026")
        #expect(Array(lines.dropFirst().prefix(20)) == some.map { "  " + printable(InsightText.sentence($0)) })
        #expect(
            InsightView.text([], day: insightDay, appearance: .plain, width: nil) == [
                "Insights for Saturday 21 November 2026",
                "  nothing to compare yet: log a value or a mood for this day",
            ])
    }

    @Test func exactLinesAtAWidth() {
        let tag = insight(tag: "gym")
        #expect(
            InsightView.text([tag], day: insightDay, appearance: .plain, width: 40) == [
                "Insights for Saturday 21 November 2026",
                "  Mood tends to be higher on days tagged",
                "    #gym: 4.1 on average, against 3.3",
                "    otherwise (12 days with the tag, 60",
                "    without).",
                "  Links are correlations over the last",
                "    90 days, not causes.",
            ])
        #expect(
            InsightView.text([], day: insightDay, appearance: colour, width: 24) == [
                "\u{1B}[1mInsights for Saturday 21\u{1B}[0m", "\u{1B}[1mNovember 2026\u{1B}[0m",
                "  \u{1B}[2mnothing to compare\u{1B}[0m", "  \u{1B}[2myet: log a value or a\u{1B}[0m",
                "  \u{1B}[2mmood for this day\u{1B}[0m",
            ])
    }

    @Test func wideCharactersTakeTwoColumns() {
        #expect(Columns.width("abc") == 3)
        #expect(Columns.width("日本") == 4)
        // Insights measure as every view does: a ZWJ sequence as its emoji added up, which
        // terminals that draw scalar by scalar show; those that draw it as one emoji show less.
        #expect(Columns.width("👩‍💻") == 4)
        #expect(Columns.width("☀️") == 2)
        #expect(Columns.width("é") == 1)
    }
}

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
