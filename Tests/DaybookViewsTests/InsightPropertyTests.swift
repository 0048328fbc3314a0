import DaybookCore
import DaybookTestSupport
import DaybookViews
import Foundation
import Testing

/// Properties of every sentence and JSON object, over random journals.
@Suite struct InsightPropertyTests {
    /// Insights of 60 random journals, some with planted links so that every kind turns up.
    static let samples: [Insight] = {
        var all: [Insight] = []
        for seed: UInt64 in 1...60 {
            let input = RandomJournal.input(
                seed: seed, sleepEffect: Double(seed % 4) * 0.4, sleepLag: Int(seed % 2),
                tagEffect: Double(seed % 3) * 0.6,
                mondayEffect: seed % 5 == 0 ? -1.5 : 0, presence: 0.3 + 0.3 * Double(seed % 3), goals: true)
            all += Insights.compute(input)
        }
        // Young journals, whose links still need days.
        for seed: UInt64 in 1...3 { all += Insights.compute(SerialJournal.inputs(seed: seed, days: 20)[0]) }
        return all
    }()

    @Test func everyKindIsCovered() {
        let kinds = Set(InsightPropertyTests.samples.map(\.kind))
        #expect(kinds == Set(Insight.Kind.allCases))
    }

    /// The word that carries the direction, found by the phrase around it.
    private func directionWord(_ sentence: String, _ pattern: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern),
            let match = regex.firstMatch(in: sentence, range: NSRange(sentence.startIndex..., in: sentence)),
            let range = Range(match.range(at: 1), in: sentence)
        else { return nil }
        return String(sentence[range])
    }

    private static let up = ["more", "higher", "longer", "later", "most", "highest", "longest", "latest"]
    private static let down = [
        "fewer", "lower", "shorter", "earlier", "fewest", "least", "lowest", "shortest", "earliest",
    ]

    @Test func directionWordsFollowTheSign() throws {
        var checked = 0
        for insight in InsightPropertyTests.samples {
            let sentence = InsightText.sentence(insight)
            var word: String? = nil
            var positive: Bool? = nil
            switch insight.detail {
            case .comparison(let c):
                if c.change.direction == .about {
                    #expect(sentence.contains(", about your "), "\(sentence)")
                    #expect(directionWord(sentence, #"(\w+) than your"#) == nil, "\(sentence)")
                    continue
                }
                #expect(c.change.difference != 0)
                #expect((c.change.direction == .higher) == (c.change.difference > 0), "\(sentence)")
                if let p = insight.kind == .usual ? c.percentOfUsual : c.percentOfAverage, c.change.measure == .percent
                {
                    #expect((p > 100) == (c.change.difference > 0), "\(sentence)")
                }
                word = directionWord(sentence, #"(\w+) than your"#)
                positive = c.change.difference > 0
            case .record(let r):
                word = directionWord(sentence, #"^(\w+) "#)?.lowercased()
                positive = r.extreme == .highest
            case .weekday(let w):
                // The test shows that weekdays differ, not which one is the highest: the
                // sentence names no extreme, only the means.
                #expect(sentence.contains("s stand out for "), "\(sentence)")
                #expect(!(InsightPropertyTests.up + InsightPropertyTests.down).contains { sentence.contains(" \($0) ") })
                #expect((w.extreme == .highest) == (w.difference > 0))
                #expect((w.mean > w.otherMean) == (w.difference > 0) || insight.subject.type == .time)
                continue
            case .correlation(let c):
                word = directionWord(sentence, #"tends to be (\w+) "#)
                positive = c.r > 0
                #expect((c.moodAbove > c.moodBelow) == (c.r > 0), "\(sentence)")
            case .tag(let t):
                word = directionWord(sentence, #"tends to be (\w+) "#)
                positive = t.moodWith > t.moodWithout
            case .goal(let g) where insight.kind == .goal && insight.subject.type == .time:
                guard g.status.state == .under || g.status.state == .over else { continue }
                word = directionWord(sentence, #"(\w+) than your goal allows"#)
                positive = g.status.state == .over
            default:
                continue
            }
            let found = try #require(word, "no direction word in: \(sentence)")
            let expected = positive! ? InsightPropertyTests.up : InsightPropertyTests.down
            #expect(expected.contains(found), "\(sentence)")
            checked += 1
        }
        #expect(checked > 200)
    }

    /// The numbers written in a sentence, each as text: "9,120", "14%", "7h 30m", "23:40",
    /// "0.42". A date is checked against `since` and taken out; so are "30-day" and #tags.
    private func numbers(in sentence: String, since: String?) -> [String] {
        var text = sentence
        let months = Day.monthNames.joined(separator: "|")
        if let regex = try? NSRegularExpression(pattern: #"\b(\d{1,2}) ("# + months + #")( \d{4})?\b"#),
            let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range, in: text)
        {
            let parts = text[range].split(separator: " ")
            let month = Day.monthNames.firstIndex(of: String(parts[1]))! + 1
            #expect(since != nil, "a date without `since`: \(sentence)")
            if let since, let day = Day.parseISO(since) {
                #expect(Int(parts[0]) == day.dayOfMonth && month == day.month, "\(sentence) / \(since)")
                #expect(parts.count == 2 || Int(parts[2]) == day.year)
            }
            text.replaceSubrange(range, with: "DATE")
        }
        text = text.replacing("30-day", with: "")
        text = text.replacing(/#[\w-]+/, with: "")
        let pattern = #"\d{1,2}:\d{2}|\d+h \d+m|\d+h|\d+m\b|-?\d[\d,]*(\.\d+)?%?"#
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range, in: text)!])
        }
    }

    /// True when `token` is `value` as a sentence writes it.
    private func matches(_ token: String, _ value: Double) -> Bool {
        if token.contains("h") || token.hasSuffix("m") {
            var minutes = 0.0
            for part in token.split(separator: " ") {
                let n = Double(part.dropLast())!
                minutes += part.hasSuffix("h") ? n * 60 : n
            }
            return minutes == value.rounded()
        }
        let plain = token.replacing(",", with: "").replacing("%", with: "")
        guard let number = Double(plain) else { return false }
        let decimals = plain.split(separator: ".").dropFirst().first?.count ?? 0
        let scale = pow(10, Double(decimals))
        return abs(number - (value * scale).rounded() / scale) < 1e-9
    }

    @Test func everyNumberInASentenceIsInItsJSON() throws {
        var checked = 0
        for insight in InsightPropertyTests.samples {
            let json = InsightJSON.object(insight)
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], "not an object: \(json)")
            let sentence = try #require(object["sentence"] as? String)
            #expect(sentence == InsightText.sentence(insight))
            var values: [Double] = []
            var clock: Set<String> = []
            for (key, value) in object where key != "sentence" && key != "date" {
                // (JSON's true and false read as 1 and 0 here: harmless.)
                if let number = value as? NSNumber {
                    values.append(number.doubleValue)
                    values.append(abs(number.doubleValue))
                    if key.hasPrefix("percent_of_") { values.append(abs(number.doubleValue - 100)) }
                } else if let text = value as? String, text.count == 5, text.contains(":") {
                    clock.insert(text)
                }
            }
            for token in numbers(in: sentence, since: object["since"] as? String) {
                if token.contains(":") {
                    #expect(clock.contains(token), "\(token) of '\(sentence)' is not in \(json)")
                } else {
                    #expect(values.contains { matches(token, $0) }, "\(token) of '\(sentence)' is not in \(json)")
                }
                checked += 1
            }
        }
        #expect(checked > 1000)
    }

    @Test func everyObjectHasEveryFieldAndNullWhereItDoesNotApply() throws {
        let fields: Set<String> = [
            "kind", "attribute", "date", "value", "other", "usual", "average_30d", "percent_of_usual",
            "percent_of_average", "difference", "goal_state", "min", "max", "left", "streak", "since", "span_days",
            "missing", "weekday", "tag", "threshold", "lag", "r", "p", "days", "other_days", "effective_days", "sentence",
        ]
        let array = try #require(
            try JSONSerialization.jsonObject(with: Data(InsightJSON.array(InsightPropertyTests.samples).utf8))
                as? [[String: Any]])
        #expect(array.count == InsightPropertyTests.samples.count)
        for object in array {
            #expect(Set(object.keys) == fields)
            let kind = try #require(object["kind"] as? String)
            #expect(Insight.Kind(rawValue: kind) != nil)
            #expect(object["r"] is NSNull || kind == "correlation")
            #expect(object["goal_state"] is NSNull || kind == "goal" || kind == "streak")
            #expect(object["percent_of_usual"] is NSNull || kind == "usual" || kind == "average")
        }
    }
}
