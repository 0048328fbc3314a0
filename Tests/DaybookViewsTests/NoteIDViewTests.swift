import DaybookCore
import DaybookViews
import Testing

@Suite struct NoteIDViewTests {
    var day: DayRecord {
        var record = DayRecord(day: Fixture.saturday)
        record.notes = [
            DayRecord.Note(recordedAt: "2026-11-21T09:12:00+00:00", text: "lunch with Ana", id: NoteID(12)),
            DayRecord.Note(recordedAt: "2026-11-21T21:40:00+00:00", text: "first\nsecond", id: NoteID(13)),
        ]
        return record
    }

    @Test func showListsEachNotesIdAfterItsText() {
        #expect(
            DayView.text(day, appearance: unicode, width: 80)
                == ["Saturday 21 November 2026", "  09:12   lunch with Ana · n12", "  21:40   first", "          second · n13"])
        #expect(DayView.text(day, appearance: colour, width: 80)[1] == "  09:12   lunch with Ana · " + dim("n12"))
        #expect(DayView.text(day, appearance: ascii, width: 80)[1] == "  09:12   lunch with Ana | n12")
    }

    @Test func jsonCarriesTheId() {
        #expect(
            DayView.json(day).contains(
                #""notes": [{"id": "n12", "time": "2026-11-21T09:12:00+00:00", "at": "09:12", "text": "lunch with Ana"}, {"id": "n13", "#))
    }
}
