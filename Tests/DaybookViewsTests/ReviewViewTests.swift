import DaybookViews
import Foundation
import Testing

@testable import DaybookCore

/// The review's text, Markdown and JSON, from reviews computed in memory: at 40, 80 and 200
/// columns, in colour or not, in Unicode or ASCII.
@Suite struct ReviewViewTests {
    static let today = Day(year: 2026, month: 11, day: 21)!
    static let meditated = Attribute(name: "meditated", type: .yesno, aggregation: .last, unit: "", group: "mind")

    /// Two years to `today` of moods, steps, sleep, bedtime and weight and a yes/no, a daily
    /// steps goal and a weekly sleep goal, #outdoors every fourth day and #work every third;
    /// the mood notes are `note(i)`.
    static func input(_ period: ReviewPeriod, note: (Int) -> String = { "day \($0)\nsecond line" }) -> ReviewInput {
        let first = ReviewInput.readFrom(period)
        let last = period.lastDay(today: today)
        var moods: [(day: Day, rating: Int, note: String)] = []
        var steps: [(Day, Double)] = []
        var sleep: [(Day, Double)] = []
        var bedtime: [(Day, Double)] = []
        var weight: [(Day, Double)] = []
        var meditated: [(Day, Double)] = []
        var tags: [Day: [String]] = [:]
        for i in 0...(last.ordinal - first.ordinal) {
            let day = first.adding(days: i)
            let rating = 1 + (i * 7 + i / 3) % 5
            if i % 9 != 4 { moods.append((day, rating, note(i))) }
            steps.append((day, Double(6000 + rating * 1000 + (i % 7) * 150)))
            sleep.append((day, Double(380 + rating * 15 + i % 11)))
            bedtime.append((day, Double((1380 + i % 90) % 1440)))
            if i % 3 == 0 { weight.append((day, 72 + Double(i % 20) / 10)) }
            meditated.append((day, i % 3 == 0 ? 1 : 0))
            var list: [String] = []
            if i % 4 == 0 { list.append("outdoors") }
            if i % 3 == 0 { list.append("work") }
            if day >= period.from, !list.isEmpty { tags[day] = list }
        }
        let stepsGoal = GoalHistory([
            .init(since: first, goal: Goal(range: GoalRange(min: 9000, max: nil), period: .daily, since: first))
        ])
        let sleepGoal = GoalHistory([
            .init(since: first, goal: Goal(range: GoalRange(min: 420, max: 540), period: .weekly, since: first))
        ])
        func entry(_ attribute: Attribute, _ values: [(Day, Double)], goals: GoalHistory = GoalHistory([]))
            -> ReviewInput.AttributeInput
        {
            ReviewInput.AttributeInput(attribute: attribute, values: values, hasEarlier: false, goals: goals)
        }
        return ReviewInput(
            period: period, today: today, readFrom: first, moods: moods, moodHasEarlier: false,
            attributes: [
                entry(Fixture.steps, steps, goals: stepsGoal), entry(Fixture.sleep, sleep, goals: sleepGoal),
                entry(Fixture.bedtime, bedtime), entry(Fixture.weight, weight), entry(Self.meditated, meditated),
            ],
            tags: tags)
    }

    static let year = Reviews.compute(input(ReviewPeriod(.year, holding: Day(year: 2025, month: 6, day: 1)!)))
    static let month = Reviews.compute(input(ReviewPeriod(.month, holding: Day(year: 2026, month: 10, day: 1)!)))
    static let weekSoFar = Reviews.compute(input(ReviewPeriod(.week, holding: today)))
    /// A week with two moods and one value: too little for mood lines or comparisons.
    static let sparse = Reviews.compute(
        ReviewInput(
            period: ReviewPeriod(.week, holding: Day(year: 2026, month: 11, day: 9)!), today: today,
            readFrom: Day(year: 2025, month: 10, day: 1)!,
            moods: [(Day(year: 2026, month: 11, day: 10)!, 4, ""), (Day(year: 2026, month: 11, day: 12)!, 2, "")],
            moodHasEarlier: false,
            attributes: [
                ReviewInput.AttributeInput(
                    attribute: Fixture.weight, values: [(Day(year: 2026, month: 11, day: 11)!, 72.5)],
                    hasEarlier: false,
                    goals: GoalHistory([]))
            ], tags: [:]))

    static func text(_ review: Review, colour: Bool = false, unicode: Bool = true, width: Int) -> [String] {
        ReviewView.text(review, appearance: Appearance(colour: colour, unicode: unicode), width: width, today: today)
    }

    @Test(arguments: [40, 80, 200])
    func everyLineFitsItsWidth(width: Int) {
        for review in [Self.year, Self.month, Self.weekSoFar, Self.sparse] {
            for (colour, unicode) in [(false, true), (true, true), (false, false), (true, false)] {
                for line in Self.text(review, colour: colour, unicode: unicode, width: width) {
                    #expect(Columns.width(line) <= width, "\(width): \(line)")
                }
            }
        }
    }

    @Test func aYearAt80Columns() {
        let lines = Self.text(Self.year, width: 80)
        let text = lines.joined(separator: "\n")
        #expect(lines.first == "Review: 2025")
        for heading in [
            "Check-ins", "Mood", "Goals", "Against 2024", "Records", "Tags", "Links with mood", "Mood in 2025",
            "Months",
        ] {
            #expect(lines.contains(heading), "\(heading)")
        }
        // A bar per rating, 5 first, and the months' initials over the sparklines.
        let bars = lines.filter { $0.hasPrefix("  5 great") || $0.hasPrefix("  1 terrible") }
        #expect(bars.count == 2 && bars[0].hasPrefix("  5 great") && bars[0].contains("█"))
        #expect(lines.contains { $0.hasSuffix("JFMAMJJASOND") })
        #expect(lines.contains { $0.hasPrefix("  sleep ") && $0.contains("low ") && $0.contains("high ") })
        // Sleep follows mood in the fixture: the link is said, as a link.
        #expect(text.contains("Mood tends to be higher on days with more sleep"))
        for word in ["because", "caused", "makes"] { #expect(!text.contains(word)) }
        #expect(text.contains("Steps (at least 9,000 steps daily): met on "))
        #expect(text.contains("Sleep (between 7h and 9h weekly): met on "))
    }

    @Test func asciiAndNoColourHaveOnlyPlainCharacters() {
        for review in [Self.year, Self.month] {
            let text = Self.text(review, unicode: false, width: 80).joined(separator: "\n")
            #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(text)")
            #expect(!text.contains("\u{1B}"))
            let coloured = Self.text(review, colour: true, unicode: false, width: 80).joined(separator: "\n")
            #expect(coloured.contains("\u{1B}["))
        }
    }

    @Test func aPeriodSoFarAndOneWithLittleData() {
        #expect(
            Self.text(Self.weekSoFar, width: 80).first
                == "Review: Week 47 of 2026, 16 to 22 November, so far (6 of 7 days)")
        let sparse = Self.text(Self.sparse, width: 200).joined(separator: "\n")
        #expect(sparse.contains("A mood on 2 of 7 days."))
        #expect(sparse.contains("Too few moods for a mean: 2 logged, 3 needed."))
        #expect(!sparse.contains("5 great"))
        #expect(sparse.contains("Weight: 72.5 kg on average over 1 day; too few days to compare (3 needed)."))
        #expect(sparse.contains("Too few days for links with mood: "))
    }

    @Test func aMonthsSentencesCarryTheirDays() {
        let review = Self.month
        let sleep = review.attributes.first { $0.attribute.name == "sleep" }!
        let sentence = ReviewText.attribute(sleep, review: review)
        #expect(sentence.hasPrefix("Sleep: \(formatDuration(sleep.mean!)) a day"))
        #expect(sentence.contains("in September"))
        #expect(sentence.contains("31 and 30 days; "))
        let bedtime = review.attributes.first { $0.attribute.name == "bedtime" }!
        #expect(ReviewText.attribute(bedtime, review: review).contains(" on average"))
    }

    @Test func markdownIsPlainAndEscapesWhatWasWritten() {
        let hostile = Reviews.compute(
            Self.input(ReviewPeriod(.month, holding: Day(year: 2026, month: 10, day: 1)!)) { _ in
                "# not a heading <script>x</script> \u{1B}[2J"
            })
        let lines = ReviewMarkdown.document(hostile, today: Self.today)
        let text = lines.joined(separator: "\n")
        #expect(lines.first == "# Review: October 2026")
        #expect(lines.contains("## Mood") && lines.contains("## Against September"))
        #expect(lines.contains("| rating | days |"))
        #expect(lines.contains { $0.hasPrefix("| steps | ") })
        #expect(!text.contains("\u{1B}"))
        #expect(!text.contains("<script>"))
        #expect(text.contains("&lt;script>"))
        let year = ReviewMarkdown.document(Self.year, today: Self.today)
        #expect(year.contains("## Months"))
        #expect(year.contains { $0.hasPrefix("| January | ") })
    }

    @Test func markdownQuotesNotesAndTagsWithoutFormattingThem() throws {
        let note = "a | pipe *bold* _under_ `code` [link](x) #tag ~~gone~~ \\ back"
        var input = Self.input(ReviewPeriod(.month, holding: Day(year: 2026, month: 10, day: 1)!)) { _ in note }
        input.tags = input.tags.mapValues { $0.map { $0 == "work" ? "_deep_work_" : $0 } }
        let review = Reviews.compute(input)
        let lines = ReviewMarkdown.document(review, today: Self.today)
        let best = try #require(lines.first { $0.hasPrefix("- Best: ") })
        #expect(
            best.contains(
                "(a \\| pipe \\*bold\\* \\_under\\_ \\`code\\` \\[link\\](x) \\#tag \\~\\~gone\\~\\~ \\\\ back)"))
        #expect(lines.contains { $0.hasPrefix("- #\\_deep\\_work\\_ on ") })
        #expect(!lines.contains { $0.contains("#_deep_work_") })
        // The text at the terminal shows the note as it was written.
        #expect(ReviewText.moodDays(review.mood!, best: true)!.contains("(\(note))"))
        #expect(ReviewText.tag(review.tags.first { $0.tag == "_deep_work_" }!).hasPrefix("#_deep_work_ on "))
    }

    @Test func jsonParsesBackWithTheSameFigures() throws {
        let review = Self.month
        let data = ReviewJSON.object(review).data(using: .utf8)!
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["period"] as? String == "2026-10")
        #expect(object["complete"] as? Bool == true)
        #expect((object["previous"] as? [String: Any])?["period"] as? String == "2026-09")
        let mood = try #require(object["mood"] as? [String: Any])
        #expect(mood["mean"] as? Double == review.mood!.mean)
        #expect(mood["spread"] as? [Int] == review.mood!.spread)
        let attributes = try #require(object["attributes"] as? [[String: Any]])
        let sleep = try #require(attributes.first { $0["attribute"] as? String == "sleep" })
        let part = review.attributes.first { $0.attribute.name == "sleep" }!
        #expect(sleep["mean"] as? Double == part.mean)
        #expect(sleep["days"] as? Int == part.days)
        let bedtime = try #require(attributes.first { $0["attribute"] as? String == "bedtime" })
        #expect((bedtime["mean"] as? String)?.count == 5)
        #expect(object["calendar"] is NSNull && object["months"] is NSNull)
        let year = try #require(
            try JSONSerialization.jsonObject(with: ReviewJSON.object(Self.year).data(using: .utf8)!) as? [String: Any])
        #expect((year["calendar"] as? [Any])?.count == Self.year.calendar.count)
        #expect(((year["months"] as? [[String: Any]])?.first?["means"] as? [Any])?.count == 12)
    }
}
