import DaybookCore
import DaybookStore
import DaybookTestSupport
import Testing

/// How much a run of days leans on the day before, and what a pair of such runs is worth.
@Suite struct StatisticsSerialTests {
    /// An autoregressive run: each day 0.5 of the day before plus fresh noise, unit variance.
    func ar(_ random: inout SeededRandom, _ n: Int, carryOver: Double = 0.5) -> [Double?] {
        var x = random.gaussian()
        return (0..<n).map { _ in
            x = carryOver * x + (1 - carryOver * carryOver).squareRoot() * random.gaussian()
            return x
        }
    }

    @Test func autocorrelationOverDaysWithGaps() throws {
        // Up, down, up...: each day against the next is as far off as can be.
        let alternating: [Double?] = (0..<20).map { $0 % 2 == 0 ? 1 : -1 }
        #expect(Statistics.autocorrelation(alternating, lag: 1) == -1)
        #expect(Statistics.autocorrelation(alternating, lag: 2) == 1)
        // A day without a value breaks the pairs it is in, no more: 1, 2, 3 and 7, 8, 9 give
        // four pairs a day apart, each two values on the same side of the mean of 5.
        let gaps: [Double?] = [1, 2, 3, nil, nil, nil, 7, 8, 9]
        let r = try #require(Statistics.autocorrelation(gaps, lag: 1))
        // Deviations -4 -3 -2 2 3 4: pairs (-4,-3) (-3,-2) (2,3) (3,4) → 12+6+6+12 = 36 over 4,
        // against 58 over 6.
        #expect(abs(r - (36.0 / 4) / (58.0 / 6)) < 1e-12)
        // Too few pairs, or no spread: nothing to say.
        #expect(Statistics.autocorrelation([1, nil, 2, nil, 3], lag: 1) == nil)
        #expect(Statistics.autocorrelation([4, 4, 4, 4, 4], lag: 1) == nil)
    }

    @Test func independentDaysKeepTheirCount() {
        var random = SeededRandom(seed: 1)
        var share = 0.0
        for _ in 0..<200 {
            let x = ar(&random, 90, carryOver: 0)
            let y = ar(&random, 90, carryOver: 0)
            share += Statistics.effectiveSampleSize(x, y) / 90
        }
        // Near every day: only a chance run of positive autocorrelations takes a few away.
        #expect(share / 200 > 0.9, "\(share / 200)")
    }

    @Test func daysThatLeanOnTheDayBeforeCountLess() {
        // Two runs of carry-over 0.5: Bartlett's factor (1 - 0.25) / (1 + 0.25) is 0.6.
        var random = SeededRandom(seed: 2)
        var share = 0.0
        for _ in 0..<200 {
            share += Statistics.effectiveSampleSize(ar(&random, 90), ar(&random, 90)) / 90
        }
        #expect(abs(share / 200 - 0.6) < 0.1, "\(share / 200)")
        // One run leaning on its past does nothing when the other does not.
        var alone = 0.0
        for _ in 0..<200 {
            alone += Statistics.effectiveSampleSize(ar(&random, 90), ar(&random, 90, carryOver: 0)) / 90
        }
        #expect(alone / 200 > 0.85, "\(alone / 200)")
    }

    @Test func onlyDaysWithBothCount() {
        let x: [Double?] = [1, 2, nil, 4, 5, 6, 7, 8, 9, 10]
        let y: [Double?] = [3, 1, 4, nil, 5, 9, 2, 6, 5, 3]
        #expect(Statistics.effectiveSampleSize(x, y) <= 8)
        #expect(Statistics.effectiveSampleSize([nil, 1], [2, nil]) == 0)
        // Pearson's p over an effective count: fewer days, a larger p.
        #expect(Statistics.pearsonP(r: 0.35, effective: 48) > Statistics.pearsonP(r: 0.35, n: 80))
        #expect(Statistics.pearsonP(r: 0.35, effective: 80) == Statistics.pearsonP(r: 0.35, n: 80))
        #expect(Statistics.pearsonP(r: 0.9, effective: 2) == 1)
    }
}
