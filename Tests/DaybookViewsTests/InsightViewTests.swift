@testable import DaybookCore
import DaybookTestSupport
import DaybookViews
import Testing

/// The text of a line without its escape sequences.
func visible(_ line: String) -> String {
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

func insight(tag: String) -> Insight {
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
