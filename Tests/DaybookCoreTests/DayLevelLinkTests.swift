@testable import DaybookCore
@testable import DaybookStore
import DaybookTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Links at the scale of days: what a season or a trend does to two series is not a link, a
/// link between days still is; yesterday's values are tested; and when nothing stands out,
/// what could have been seen is said.
@Suite struct DayLevelLinkTests {
    /// A straight line leaves nothing but its ends' cut-short windows; a value on a flat run
    /// keeps its whole distance from its neighbours.
    @Test func localResidualsTakeAwayATrend() {
        let line: [Double?] = (0..<40).map { Double($0) * 2 }
        let rest = Statistics.localResiduals(line, halfWidth: 7)
        for i in 7..<33 { #expect(abs(rest[i]!) < 1e-9) }
        let bump: [Double?] = (0..<15).map { $0 == 7 ? 15 : $0 == 3 ? nil : 0 }
        let bumpRest = Statistics.localResiduals(bump, halfWidth: 7)
        #expect(bumpRest[3] == nil)
        #expect(abs(bumpRest[7]! - (15 - 15.0 / 14)) < 1e-9)
    }

    /// Two series that share only a season: over a year, Pearson's r of the values is large;
    /// at the scale of days there is no link to claim. A link planted day by day is still found.
    @Test func aSharedSeasonIsNoLinkAndADailyLinkStillIs() throws {
        var random = SeededRandom(seed: 7)
        var xs: [Double?] = []
        var ys: [Double?] = []
        var linked: [Double?] = []
        for day in 0..<365 {
            let season = 2 * cos(2 * Double.pi * Double(day) / 365)
            let x = season + random.gaussian()
            xs.append(x)
            ys.append(season + random.gaussian())
            linked.append(season + 0.6 * (x - season) + 0.8 * random.gaussian())
        }
        let raw = try #require(Statistics.pearson(xs.map { $0! }, ys.map { $0! }))
        #expect(raw > 0.5)
        let dayLevel = try #require(Statistics.dayLevelLink(xs, ys, halfWidth: 7, serial: true))
        #expect(abs(dayLevel.r) < 0.15)
        #expect(dayLevel.p > 0.05)
        let real = try #require(Statistics.dayLevelLink(xs, linked, halfWidth: 7, serial: true))
        #expect(real.r > 0.4)
        #expect(real.p < 1e-6)
    }

    @Test func benjaminiHochbergStepsUp() {
        let adjusted = Statistics.benjaminiHochberg([0.01, 0.04, 0.03, 0.5])
        #expect(abs(adjusted[0] - 0.04) < 1e-12)
        #expect(abs(adjusted[1] - 0.04 * 4 / 3) < 1e-12)
        #expect(abs(adjusted[2] - 0.04 * 4 / 3) < 1e-12)
        #expect(abs(adjusted[3] - 0.5) < 1e-12)
    }

    /// The smallest r that shows is the one whose p is the level asked.
    @Test func theSmallestVisibleRIsWherePMeetsTheLevel() {
        let r = Statistics.smallestVisibleR(effective: 64, alpha: 0.05 / 14)
        #expect(abs(Statistics.pearsonP(r: r, effective: 64) - 0.05 / 14) < 1e-6)
        #expect(r > 0.35 && r < 0.45)
        #expect(Statistics.smallestVisibleR(effective: 2, alpha: 0.05) == 1)
    }

    /// Days whose mood follows the day before's steps, not the same day's: the test of
    /// yesterday's steps finds it, and says it "after a day with".
    @Test func yesterdaysStepsAreTested() throws {
        var random = SeededRandom(seed: 11)
        var steps: [Day: Double] = [:]
        var mood: [Day: Double] = [:]
        let first = insightDay.adding(days: -89)
        var previous = 8000.0
        for offset in 0..<90 {
            let d = first.adding(days: offset)
            let today = (8000 + 2500 * random.gaussian()).rounded()
            steps[d] = today
            mood[d] = max(1, min(5, (3 + (previous - 8000) / 1500 + 0.4 * random.gaussian()).rounded()))
            previous = today
        }
        let input = InsightInput(
            day: insightDay, today: insightDay, mood: InsightSeries(values: mood, from: first, hasEarlier: false),
            attributes: [
                .init(attribute: RandomJournal.steps, series: InsightSeries(values: steps, from: first, hasEarlier: false))
            ], tags: [:], goals: [])
        let links = Insights.compute(input).compactMap { insight -> InsightCorrelation? in
            if case .correlation(let c) = insight.detail { return c }
            return nil
        }
        let link = try #require(links.first)
        #expect(links.count == 1)
        #expect(link.lag == 1)
        #expect(link.r > 0.5)
        #expect(link.moodAbove - link.moodBelow >= 0.5)
    }

    /// A strong r whose split of the days is under half a mood point is still a link; its
    /// words say the split is small (`InsightCorrelation.smallSplit`).
    @Test func aSmallSplitIsStillALink() throws {
        // Mood 3 on every day but a fifth of the long nights' days, 4 on those: r is 0.5, the
        // mean moods after long and short nights 3.4 against 3.
        var sleep: [Day: Double] = [:]
        var mood: [Day: Double] = [:]
        let first = insightDay.adding(days: -59)
        for offset in 0..<60 {
            let d = first.adding(days: offset)
            let long = offset % 2 == 0
            sleep[d] = long ? 480 + Double(offset % 7) : 360 + Double(offset % 5)
            mood[d] = offset % 10 == 0 || offset % 10 == 4 ? 4 : 3
        }
        let pairs = Insights.paired(
            InsightSeries(values: sleep, from: first, hasEarlier: false),
            mood: InsightSeries(values: mood, from: first, hasEarlier: false), day: insightDay)
        let candidate = try #require(Insights.correlation(RandomJournal.sleep, pairs, day: insightDay, serial: true))
        guard case .correlation(let link)? = candidate.insight?.detail else {
            Issue.record("no split")
            return
        }
        #expect(link.r >= 0.3)
        #expect(link.moodAbove - link.moodBelow < 0.5)
        #expect(link.smallSplit)
        #expect(candidate.largeEnough)
    }

    /// Noise tested: no link, and one insight says how strong a link had to be to show.
    @Test func nothingStandsOutSaysWhatCouldHaveShown() throws {
        let input = SerialJournal.inputs(seed: 3)[0]
        let insights = Insights.compute(input)
        #expect(!insights.contains { $0.kind == .correlation || $0.kind == .tag })
        let none = try #require(
            insights.compactMap { insight -> InsightLinksNone? in
                if case .linksNone(let n) = insight.detail { return n }
                return nil
            }.first)
        #expect(none.effectiveDays > 10 && none.effectiveDays <= Double(none.days))
        #expect(none.smallestR >= 0.3 && none.smallestR < 1)
        let alpha = 0.05 / Double(none.tests)
        #expect(none.smallestR == max(0.3, Statistics.smallestVisibleR(effective: none.effectiveDays, alpha: alpha)))
    }

    /// Prewhitening takes away what the day before foretells, bridging a missing day with the
    /// model's own forecast; a day with nothing known within reach keeps its value.
    @Test func prewhiteningTakesAwayTheDayBefore() throws {
        let filtered = Statistics.prewhitened([1, 2, nil, 4, nil, nil, nil, 8], phi: 0.5)
        let expected: [Double?] = [1, 1.5, nil, 3.5, nil, nil, nil, 8]
        #expect(filtered == expected)
        var random = SeededRandom(seed: 5)
        var state = 0.0
        let series: [Double?] = (0..<365).map { _ in
            state = 0.8 * state + 0.6 * random.gaussian()
            return random.uniform() < 0.85 ? state : nil
        }
        let before = try #require(Statistics.autocorrelation(series, lag: 1))
        let after = try #require(Statistics.autocorrelation(Statistics.prewhitened(series, phi: 0.8), lag: 1))
        #expect(before > 0.6)
        #expect(abs(after) < 0.15)
    }

    /// Two independent series that both lean hard on the day before: once each is prewhitened
    /// the days count nearly in full, where the correction of a plain r would leave under
    /// half of them; and no link shows.
    @Test func prewhitenedDaysCountNearlyInFull() throws {
        var random = SeededRandom(seed: 9)
        var a = 0.0
        var b = 0.0
        var xs: [Double?] = []
        var ys: [Double?] = []
        for _ in 0..<365 {
            a = 0.8 * a + 0.6 * random.gaussian()
            b = 0.8 * b + 0.6 * random.gaussian()
            xs.append(a)
            ys.append(b)
        }
        let test = try #require(
            Statistics.dayLevelLink(xs, ys, halfWidth: InsightWindows.slowHalfWidth, serial: true))
        #expect(test.effective > 0.75 * 365)
        #expect(test.p > 0.05)
    }
}
