import DaybookCore
import DaybookViews
import Testing

@Suite struct NoteHistoryViewTests {
    @Test func eachChangeThenTheTextNow() {
        let history = NoteHistory(
            id: NoteID(3), day: Fixture.saturday, recordedAt: "2026-11-21T09:12:00+00:00",
            events: [
                .init(at: "2026-11-21T09:12:00+00:00", what: .written, text: "lunch with Ana"),
                .init(at: "2026-11-21T10:00:00+00:00", what: .edited, text: "lunch with Ana\nand Ben"),
                .init(at: "2026-11-21T10:05:00+00:00", what: .undone("edit n3 on 2026-11-21"), text: nil),
                .init(at: "2026-11-21T10:06:00+00:00", what: .deleted, text: nil),
            ], current: nil)
        #expect(
            NoteHistoryView.text(history, appearance: unicode, width: 80)
                == lines(
                    """
                    n3, a note for Saturday 21 November 2026, written 2026-11-21 09:12
                      2026-11-21 09:12  written  lunch with Ana
                      2026-11-21 10:00  edited   lunch with Ana
                                                 and Ben
                      2026-11-21 10:05  undone   edit n3 on 2026-11-21
                      2026-11-21 10:06  deleted
                                        now      deleted
                    """))
        // Narrower, text wraps under itself.
        #expect(
            NoteHistoryView.text(history, appearance: unicode, width: 40)[2...3] == [
                "  2026-11-21 09:12  written  lunch with", "                             Ana",
            ])
        // A later line of a note wraps under its text too, never from the first column.
        let twoLines = NoteHistory(
            id: NoteID(4), day: Fixture.saturday, recordedAt: "2026-11-21T09:12:00+00:00",
            events: [.init(at: "2026-11-21T09:12:00+00:00", what: .written, text: "lunch\nand Ben at the river")],
            current: "lunch\nand Ben at the river")
        let narrow = NoteHistoryView.text(twoLines, appearance: unicode, width: 40)
        #expect(
            narrow.dropFirst(2) == [
                "  2026-11-21 09:12  written  lunch", "                             and Ben at",
                "                             the river", "                    now      lunch",
                "                             and Ben at", "                             the river",
            ], "\(narrow)")
        #expect(
            NoteHistoryView.json(history).hasSuffix(
                #"{"time": "2026-11-21T10:06:00+00:00", "change": "deleted", "text": null, "undid": null}], "text": null}"#))
    }
}
