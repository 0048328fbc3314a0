import Foundation
import Testing

@Suite struct GoalPeriodCommandTests {
    @Test func aPeriodGoalsDoNotHaveIsNamed() throws {
        let d = try InProcess()
        let r = try d.run(["goal", "steps", ">= 8000", "yearly"])
        #expect(r.status != 0)
        #expect(r.stderr == "error: steps: 'yearly' is not a period goals have; the periods are daily, weekly and monthly\n")
        #expect(!FileManager.default.fileExists(atPath: d.journal), "nothing written, not even a journal")
    }
}
