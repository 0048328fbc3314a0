@testable import DaybookCore
import DaybookViews
import Testing

@Suite struct UndoViewTests {
    /// A log of `count` values, by its facts: the line is worded from them, not from the change
    /// log's text (here only "log").
    static func log(_ count: Int) -> UndoResult {
        let facts = [ChangeDescription.Fact("day", ["2026-11-21"])]
            + Array(repeating: ChangeDescription.Fact("value", ["steps", "1"]), count: count)
        return UndoResult(
            change: LoggedChange(description: ChangeDescription("log", facts), text: "log"),
            recordedAt: "2026-11-21T09:30:00+00:00", otherSession: false)
    }

    @Test func aShortChangeReadsWhole() {
        #expect(UndoView.line(UndoViewTests.log(2), width: 80) == "undid: log steps 1, steps 1 for 2026-11-21")
        let mood = UndoResult(summary: "mood 4 (good) for 2026-11-21", recordedAt: "2026-11-21T09:30:00+00:00", otherSession: true)
        #expect(
            UndoView.line(mood, width: 20)
                == "undid: mood 4 (good) for 2026-11-21 (made in another session at 09:30)")
    }

    /// A large log is summarised to one screen line: as many values as fit, and how many more.
    @Test func aLargeLogIsSummarisedToTheWidth() {
        let line = UndoView.line(UndoViewTests.log(100_000), width: 80)
        #expect(line == "undid: log steps 1, steps 1, steps 1 and 99,997 more values for 2026-11-21")
        #expect(line.count <= 80)
        #expect(
            UndoView.line(UndoViewTests.log(100_000), width: 40)
                == "undid: log steps 1 and 99,999 more values for 2026-11-21")
        #expect(
            UndoView.line(UndoViewTests.log(12), width: 62) == "undid: log steps 1, steps 1 and 10 more values for 2026-11-21")
    }
}
