@testable import DaybookCore
import DaybookTestSupport
import DaybookViews
import Testing

/// The charts drawn from values worked out here: every line fits every width from 40 to 200,
/// a gap is null and never drawn as a zero, times of day do not break at midnight.
@Suite struct ChartViewTests {
    static let steps = testAttribute("steps", .count, unit: "steps", aggregation: .sum)
    static let bedtime = testAttribute("bedtime", .time)
    static let weight = testAttribute("weight", .decimal, unit: "kg", aggregation: .average)
    static let end = Day(year: 2026, month: 11, day: 21)!

    /// `count` days to `end`, every third of the first 20 missing; values from `value`.
    static func daily(_ count: Int, _ value: (Int) -> Double) -> [(Day, Double)] {
        (0..<count).compactMap { i in
            i < 20 && i % 3 == 0 ? nil : (end.adding(days: i - count + 1), value(i))
        }
    }

    static func charts(width: Int) -> [(String, [String])] {
        let from3y = end.adding(days: -3 * 365)
        let charts: [Chart] = [
            Chart.make(
                .attribute(steps), daily: daily(1200) { Double(6000 + ($0 * 7919) % 9000) }, from: from3y, through: end,
                step: nil, maxPoints: ChartView.maxPoints(width: width),
                goal: Goal(range: GoalRange(min: 8000, max: nil), period: .daily, since: from3y)),
            Chart.make(
                .attribute(bedtime), daily: daily(60) { Double((1380 + ($0 * 37) % 120) % 1440) },
                from: end.adding(days: -59), through: end, step: nil, maxPoints: ChartView.maxPoints(width: width)),
            Chart.make(
                .attribute(weight), daily: daily(400) { 70 + Double($0 % 50) / 10 }, from: end.adding(days: -399),
                through: end, step: .week, maxPoints: 10),
            Chart.make(
                .mood, daily: daily(90) { Double(1 + $0 % 5) }, from: end.adding(days: -89), through: end, step: nil,
                maxPoints: ChartView.maxPoints(width: width)),
        ]
        var out: [(String, [String])] = []
        for appearance in Dashboard.appearances {
            for chart in charts {
                out.append(("\(chart.subject.name)", ChartView.text(chart, appearance: appearance, width: width)))
            }
            let pairs = ChartPairs.make(
                .attribute(bedtime), daily(60) { Double((1380 + ($0 * 37) % 120) % 1440) }, .mood,
                daily(60) { Double(1 + $0 % 5) }, lag: 1, from: end.adding(days: -59), through: end)
            out.append(("pairs", ChartPairsView.text(pairs, appearance: appearance, width: width)))
        }
        return out
    }

    @Test func everyChartFitsEveryWidthFrom40To200() {
        var failures = 0
        for width in 40...200 {
            for (name, lines) in Self.charts(width: width) {
                for line in lines where terminalColumns(line) > width || terminalColumns(line) < 0 {
                    failures += 1
                    if failures < 10 { Issue.record("\(name) at \(width): \(terminalColumns(line)) columns: \(line)") }
                }
                #expect(lines.count > 10, "\(name) at \(width)")
                #expect(onlyColourEscapes(lines.joined()))
            }
        }
        #expect(failures == 0)
    }

    /// Plain ASCII draws no braille and no box drawing.
    @Test func asciiIsAscii() {
        let ascii = Chart.make(
            .attribute(Self.steps), daily: Self.daily(30) { Double(1000 * $0) }, from: Self.end.adding(days: -29),
            through: Self.end, step: nil, maxPoints: 70)
        let text = ChartView.text(ascii, appearance: Appearance(colour: false, unicode: false), width: 80).joined()
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII }, "\(text)")
        let braille = ChartView.text(ascii, appearance: Appearance(colour: false, unicode: true), width: 80).joined()
        #expect(braille.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    }

    /// Weeks with no value are null, and nothing is drawn in their columns; a week's steps are
    /// its total, a week's weight the mean of its days.
    @Test func gapsAreNullAndNotDrawn() {
        let monday = Day(year: 2026, month: 11, day: 2)!
        var values: [(Day, Double)] = []
        for i in 0..<21 where i / 7 != 1 { values.append((monday.adding(days: i), 1000)) }
        let chart = Chart.make(
            .attribute(Self.steps), daily: values, from: monday, through: monday.adding(days: 20), step: .week,
            maxPoints: 70)
        #expect(chart.points.map(\.value) == [7000, nil, 7000])
        #expect(chart.totals)
        #expect(ChartView.json(chart).contains(#"{"date": "2026-11-09", "value": null, "days": 0}"#))
        let mean = Chart.make(
            .attribute(Self.weight), daily: values.map { ($0.0, 70 + Double($0.0.ordinal % 2)) }, from: monday,
            through: monday.adding(days: 20), step: .week, maxPoints: 70)
        #expect(mean.points[0].value! > 70 && mean.points[0].value! < 71)
        #expect(!mean.totals)
        // Drawn at width 40: the middle third of the plot is empty.
        let lines = ChartView.text(chart, appearance: .plain, width: 60)
        let plot = lines[1...ChartView.plotRowsForTests(60)]
        let labelWidth = plot.first!.firstIndex(of: "┤").map { plot.first!.distance(from: plot.first!.startIndex, to: $0) }!
        for line in plot {
            let cells = Array(line.dropFirst(labelWidth + 1))
            let middle = cells[cells.count / 3 + 2..<2 * cells.count / 3 - 2]
            #expect(middle.allSatisfy { $0 == " " }, "\(line)")
        }
    }

    /// Bedtimes either side of midnight average round the clock: 23:30 and 00:30 make 00:00,
    /// and the axis runs through midnight rather than from 00:00 to 23:59.
    @Test func timesOfDayDoNotBreakAtMidnight() {
        let monday = Day(year: 2026, month: 11, day: 2)!
        let values = (0..<14).map { (monday.adding(days: $0), $0 % 7 < 3 ? 1410.0 : $0 % 7 < 6 ? 30.0 : 0) }
        let chart = Chart.make(
            .attribute(Self.bedtime), daily: values, from: monday, through: monday.adding(days: 13), step: .week,
            maxPoints: 70)
        #expect(chart.points.map(\.value) == [0, 0])
        #expect(chart.axis.high - chart.axis.low <= 240)
        let text = ChartView.text(chart, appearance: .plain, width: 80).joined(separator: "\n")
        #expect(text.contains("00:00"))
    }
}

extension ChartViewTests {
    /// A count's ticks are whole: an empty chart of steps reads 0 and 1, not 0.25.
    @Test func countTicksAreWhole() {
        let chart = Chart.make(
            .attribute(Self.steps), daily: [], from: Self.end.adding(days: -29), through: Self.end, step: nil,
            maxPoints: 70)
        #expect(chart.axis.ticks.allSatisfy { $0 == $0.rounded() }, "\(chart.axis.ticks)")
        #expect(chart.points.allSatisfy { $0.value == nil })
    }
}

extension ChartView {
    static func plotRowsForTests(_ width: Int) -> Int { width < 60 ? 8 : 10 }
}
