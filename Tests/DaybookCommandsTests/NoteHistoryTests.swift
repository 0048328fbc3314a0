import Foundation
import Testing

/// `show --history` of a note written for another day than the one it was written on.
@Suite struct NoteHistoryTests {
    /// A note written on Wednesday 25 November at 05:48 for the Friday before: the heading
    /// names the day it is for and the date it was written, never 05:48 on the Friday.
    @Test func theHeadingSaysTheDayAndWhenItWasWritten() throws {
        let d = try InProcess()
        d.now = "2026-11-25T05:48"
        let note = try d.run(["note", "the market was closed", "--on", "friday"])
        #expect(note.status == 0, "\(note.stderr)")
        let r = try d.run(["show", "--history", "n1"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(
            r.stdout == """
                n1, a note for Friday 20 November 2026, written 2026-11-25 05:48
                  2026-11-25 05:48  written  the market was closed
                                    now      the market was closed

                """)
    }
}
