import DaybookCore
import DaybookStore
import Testing

@Suite struct InsightAnovaTests {
    @Test func anovaMatchesSciPy() throws {
        let test = try #require(
            Statistics.anova([[1, 2, 3, 4, 5], [2, 3, 4, 5, 9], [], [7, 8, 9, 10, 12, 13]]))
        #expect(abs(test.f - 14.066790762241293) < 1e-9)
        #expect(test.df1 == 2)
        #expect(test.df2 == 13)
        #expect(abs(test.p - 0.000560214537772326) < 1e-12)
        #expect(abs(Statistics.fSurvival(3.2, df1: 4, df2: 20) - 0.034831623728782526) < 1e-12)
        #expect(abs(Statistics.fSurvival(0.5, df1: 6, df2: 77) - 0.8065103593027108) < 1e-12)
        // F with 1 and n degrees of freedom is t squared.
        #expect(
            abs(
                Statistics.fSurvival(10, df1: 1, df2: 10)
                    - Statistics.studentTwoSidedP(t: 10.0.squareRoot(), df: 10))
                < 1e-12)
        #expect(Statistics.anova([[1, 2]]) == nil)
        #expect(Statistics.anova([[3, 3], [3, 3]])?.p == 1)
    }
}
