import DaybookCore
import DaybookStore
import Testing

/// Inference statistics (under the insights), against values from statistical tables and SciPy.
@Suite struct StatisticsInferenceTests {
    private func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance }

    @Test func studentTMatchesKnownValues() {
        // The values given for the insights: t = 2.0 and t = 2.228 (the 5% critical value) at 10 df.
        #expect(close(Statistics.studentTwoSidedP(t: 2.0, df: 10), 0.07338803477074037))
        #expect(close(Statistics.studentTwoSidedP(t: 2.228, df: 10), 0.05001177181711132))
        #expect(close(Statistics.studentTwoSidedP(t: -2.228, df: 10), 0.05001177181711132))
        // df = 1 is the Cauchy distribution: P(|T| >= 1) = 1/2. df = 2 has a closed form.
        #expect(close(Statistics.studentTwoSidedP(t: 1, df: 1), 0.5))
        #expect(close(Statistics.studentTwoSidedP(t: 2, df: 2), 0.18350341907227397))
        // Fractional degrees of freedom (Welch) and many of them.
        #expect(close(Statistics.studentTwoSidedP(t: 3.5, df: 4.5), 0.020541689969385577))
        #expect(close(Statistics.studentTwoSidedP(t: 0.3, df: 120), 0.7646962111751864))
        #expect(Statistics.studentTwoSidedP(t: 0, df: 10) == 1)
        #expect(Statistics.studentTwoSidedP(t: .infinity, df: 10) == 0)
        #expect(close(Statistics.studentCDF(t: 2.0, df: 10), 1 - 0.07338803477074037 / 2))
        #expect(close(Statistics.studentCDF(t: -2.0, df: 10), 0.07338803477074037 / 2))
    }

    @Test func incompleteBetaMatchesKnownValues() {
        #expect(close(Statistics.regularizedIncompleteBeta(0.5, a: 2, b: 3), 0.6875))
        #expect(close(Statistics.regularizedIncompleteBeta(0.2, a: 0.5, b: 7.3), 0.9240899824617891))
        #expect(close(Statistics.regularizedIncompleteBeta(0.97, a: 30, b: 0.5), 0.17821754497024148))
        for x in stride(from: 0.05, to: 1, by: 0.05) {
            #expect(close(Statistics.regularizedIncompleteBeta(x, a: 1, b: 1), x))
            #expect(close(Statistics.regularizedIncompleteBeta(x, a: 3, b: 1), x * x * x))
            // Symmetry: I_x(a, b) = 1 - I_{1-x}(b, a).
            #expect(
                close(
                    Statistics.regularizedIncompleteBeta(x, a: 2.5, b: 4),
                    1 - Statistics.regularizedIncompleteBeta(1 - x, a: 4, b: 2.5)))
        }
        #expect(Statistics.regularizedIncompleteBeta(0, a: 2, b: 2) == 0)
        #expect(Statistics.regularizedIncompleteBeta(1, a: 2, b: 2) == 1)
    }

    @Test func pearsonAndItsP() throws {
        let r = try #require(Statistics.pearson([1, 2, 3, 4, 5], [2, 4, 5, 4, 5]))
        #expect(close(r, 0.7745966692414835))
        #expect(close(Statistics.pearsonP(r: r, n: 5), 0.1240270626575546))
        #expect(Statistics.pearson([1, 2, 3], [-1, -2, -3]) == -1)
        // No variation, no correlation.
        #expect(Statistics.pearson([1, 1, 1, 1], [1, 2, 3, 4]) == nil)
        #expect(Statistics.pearson([1, 2], [1, 2]) == nil)
    }

    @Test func welchMatchesSciPy() throws {
        let a = [27.5, 21.0, 19.0, 23.6, 17.0, 17.9, 16.9, 20.1, 21.9, 22.6, 23.1, 19.6, 19.0, 21.7, 21.4]
        let b = [27.1, 22.0, 20.8, 23.4, 23.4, 23.5, 25.8, 22.0, 24.8, 20.2, 21.9, 22.1, 22.9, 20.5, 24.4]
        let test = try #require(Statistics.welch(a, b))
        #expect(close(test.t, -2.455356398286006))
        #expect(close(test.df, 24.988529290231416, 1e-8))
        #expect(close(test.p, 0.021378001462866992))
        // Neither side varies: the means alone decide.
        #expect(Statistics.welch([4, 4, 4], [3, 3, 3])?.p == 0)
        #expect(Statistics.welch([4, 4, 4], [4, 4])?.p == 1)
        #expect(Statistics.welch([4], [3, 3]) == nil)
    }

    @Test func holmAdjustsInTheOrderGiven() {
        let adjusted = Statistics.holm([0.01, 0.04, 0.03, 0.005])
        for (a, b) in zip(adjusted, [0.03, 0.06, 0.06, 0.02]) { #expect(close(a, b)) }
        #expect(Statistics.holm([]) == [])
        #expect(Statistics.holm([0.9, 0.8]) == [1, 1])
    }
}
