import DaybookCore
import DaybookStore
import Foundation
import Testing

@Suite struct UsualValueTests {
    @Test func medianOfTheSameWeekdayOverEightWeeks() {
        let saturday = day("2026-11-21")
        #expect(saturday.weekday == 6)
        let values: [(Day, Double)] = [
            (saturday, 99999),  // today: excluded
            (day("2026-11-14"), 8000), (day("2026-11-07"), 6000), (day("2026-10-31"), 10000),
            // 24 October: no value, left out
            (day("2026-10-17"), 7000),
            (day("2026-09-26"), 1000),  // the 8th week back: counted
            (day("2026-09-19"), 50000),  // 9 weeks back: outside
            (day("2026-11-20"), 40000), (day("2026-11-15"), 40000),  // other weekdays
        ]
        #expect(Goals.usual(values, for: saturday, type: .count) == UsualValue(value: 7000, days: 5))
        #expect(Goals.usualWindow(for: saturday).from == day("2026-09-26"))
        #expect(Goals.usualWindow(for: saturday).through == day("2026-11-14"))
        #expect(Goals.usual(values.filter { $0.0 != day("2026-09-26") }, for: saturday, type: .count).value == 7500)
        #expect(Goals.usual([(saturday, 5)], for: saturday, type: .count) == UsualValue(value: nil, days: 0))
        // Two days are not a habit: the same minimum of 3 everywhere a usual value is shown.
        let two = Goals.usual(Array(values[1...2]), for: saturday, type: .count)
        #expect(two == UsualValue(value: nil, days: 2))
        #expect(two.missing == 1)
    }

    @Test func bedtimesAroundMidnight() {
        let saturday = day("2026-11-21")
        let values: [(Day, Double)] = [
            (day("2026-11-14"), 23 * 60 + 50), (day("2026-11-07"), 10), (day("2026-10-31"), 23 * 60 + 40),
        ]
        #expect(Goals.usual(values, for: saturday, type: .time).value == Double(23 * 60 + 50))
    }

    @Test func suggestionsArePrefilledFromTheUsualValueAndParse() throws {
        let sleep = Attribute(name: "sleep", type: .duration, aggregation: .sum, unit: "", group: "sleep")
        let s = Goals.rangeSuggestions(for: sleep, usual: 440)
        #expect(s.forms == ["7h..9h", ">= 7h", "<= 9h"])
        #expect(s.usual == "usual 7h 20m")
        #expect(s.description == "7h..9h, >= 7h, <= 9h, usual 7h 20m")
        let steps = Attribute(name: "steps", type: .count, aggregation: .sum, unit: "steps", group: "activity")
        #expect(Goals.rangeSuggestions(for: steps, usual: 8437).forms == ["7600..9300", ">= 8400", "<= 8400"])
        let bedtime = Attribute(name: "bedtime", type: .time, aggregation: .last, unit: "", group: "sleep")
        #expect(Goals.rangeSuggestions(for: bedtime, usual: 23 * 60 + 10).forms == ["22:30..00:00", "<= 23:15"])
        let attributes = [
            sleep, steps, bedtime,
            Attribute(name: "focus", type: .percentage, aggregation: .average, unit: "", group: "other"),
            Attribute(name: "weight", type: .decimal, aggregation: .last, unit: "kg", group: "health"),
            Attribute(name: "meditated", type: .yesno, aggregation: .last, unit: "", group: "health"),
            Attribute(name: "mindful", type: .duration, aggregation: .sum, unit: "", group: "health"),
        ]
        for attribute in attributes {
            for usual in [nil, 0.0, 1, 2.5, 17, 95, 440, 1430] as [Double?] {
                if let usual, (try? attribute.type.parse(attribute.type.format(usual))) == nil { continue }
                for form in Goals.rangeSuggestions(for: attribute, usual: usual).forms {
                    #expect(
                        (try? GoalRange.parse(form, type: attribute.type, unit: attribute.unit)) != nil,
                        "\(attribute.name) \(form)")
                }
            }
        }
    }
}
