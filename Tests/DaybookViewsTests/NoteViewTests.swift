@testable import DaybookCore
import DaybookViews
import Testing

/// Notes written for another day: shown with the day they were written, under the time of day
/// they are about when that is known.
@Suite struct NoteViewTests {
    static var november1: DayRecord {
        var record = DayRecord(day: Day(year: 2026, month: 11, day: 1)!)
        let written = Day(year: 2026, month: 11, day: 21)!
        record.notes = [
            DayRecord.Note(recordedAt: "2026-11-21T21:40:00+00:00", text: "breakfast", at: 8 * 60, writtenOn: written),
            DayRecord.Note(recordedAt: "2026-11-21T21:41:00+00:00", text: "hi", writtenOn: written),
            DayRecord.Note(recordedAt: "2027-01-02T10:00:00+00:00", text: "much later", writtenOn: Day(year: 2027, month: 1, day: 2)!),
        ]
        return record
    }

    @Test func aNoteWrittenOnAnotherDaySaysWhen() {
        #expect(
            DayView.text(NoteViewTests.november1, appearance: unicode, width: 80) == [
                "Sunday 1 November 2026",
                "  08:00   breakfast · written 21 Nov",
                "  note    hi · written 21 Nov",
                "  note    much later · written 2 Jan 2027",
            ])
    }

    /// `time` stays when the note was written; `at` is the time of day it is about, or null.
    @Test func jsonKeepsWhenItWasWrittenAndWhatTimeItIsAbout() {
        #expect(
            DayView.json(NoteViewTests.november1)
                == """
                {"date": "2026-11-01", "mood": null, "notes": [\
                {"time": "2026-11-21T21:40:00+00:00", "at": "08:00", "text": "breakfast"}, \
                {"time": "2026-11-21T21:41:00+00:00", "at": null, "text": "hi"}, \
                {"time": "2027-01-02T10:00:00+00:00", "at": null, "text": "much later"}], "tags": [], "values": {}}
                """)
    }
}
