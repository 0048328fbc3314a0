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

@Suite struct SearchViewTests {
    let hits = [
        SearchHit(
            kind: .note(NoteID(12)), day: Fixture.saturday, recordedAt: "2026-11-21T09:12:00+00:00",
            text: "walked to the café", pieces: [("walked", true), (" to the ", false), ("café", true)]),
        SearchHit(
            kind: .note(NoteID(7)), day: Fixture.saturday.adding(days: -1), recordedAt: "2026-11-20T08:00:00+00:00",
            text: "a walk\nand \u{1B}[31mred", pieces: [("a ", false), ("walk", true), ("\nand \u{1B}[31mred", false)]),
        SearchHit(
            kind: .mood(rating: 4), day: Fixture.saturday.adding(days: -2), recordedAt: "2026-11-19T21:00:00+00:00",
            text: "long walk", pieces: [("long ", false), ("walk", true)]),
    ]

    @Test func oneHitALineWithItsDateTimeAndId() {
        #expect(
            SearchView.text(hits, appearance: unicode, width: 80)
                == lines(
                    """
                    2026-11-21 09:12  n12   walked to the café
                    2026-11-20 08:00  n7    a walk
                                            and ␛[31mred
                    2026-11-19 21:00  mood  4 good · long walk
                    """))
    }

    @Test func matchesAreBoldInColourAndBoldNeverSpansALine() {
        let text = SearchView.text(hits, appearance: colour, width: 80)
        #expect(text[0] == "2026-11-21 09:12  " + dim("n12") + "   " + bold("walked") + " to the " + bold("café"))
        #expect(text[1] == "2026-11-20 08:00  " + dim("n7") + "    a " + bold("walk"))
        #expect(text[2] == "                        and ␛[31mred")
    }

    /// Narrower than a hit, its text wraps under itself, each line within the width.
    @Test func aLongHitWrapsUnderItsText() {
        #expect(
            SearchView.text(hits, appearance: colour, width: 35)
                == [
                    "2026-11-21 09:12  " + dim("n12") + "   " + bold("walked") + " to",
                    "                        the " + bold("café"),
                    "2026-11-20 08:00  " + dim("n7") + "    a " + bold("walk"),
                    "                        and",
                    "                        ␛[31mred",
                    "2026-11-19 21:00  " + dim("mood") + "  4 good",
                    "                        · long " + bold("walk"),
                ])
    }

    @Test func json() {
        #expect(
            SearchView.json([hits[0], hits[2]]) == """
                [{"id": "n12", "kind": "note", "date": "2026-11-21", "time": "2026-11-21T09:12:00+00:00", "rating": null, \
                "text": "walked to the café"}, {"id": null, "kind": "mood", "date": "2026-11-19", \
                "time": "2026-11-19T21:00:00+00:00", "rating": 4, "text": "long walk"}]
                """)
        #expect(SearchView.json([]) == "[]")
    }
}

@Suite struct TagsViewTests {
    let tags = [
        TagUse(name: "work", count: 1234, last: Fixture.saturday),
        TagUse(name: "sea-side", count: 3, last: Fixture.saturday.adding(days: -30)),
    ]

    @Test func mostUsedFirstInColumns() {
        #expect(
            TagsView.text(tags, appearance: unicode, width: 80)
                == ["#work      1,234  last 2026-11-21", "#sea-side      3  last 2026-10-22"])
        #expect(TagsView.text(tags, appearance: colour, width: 80)[0] == "#work      1,234  " + dim("last 2026-11-21"))
        #expect(
            TagsView.json(tags)
                == #"[{"tag": "work", "count": 1234, "last": "2026-11-21"}, {"tag": "sea-side", "count": 3, "last": "2026-10-22"}]"#
        )
    }
}

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
        #expect(
            NoteHistoryView.json(history).hasSuffix(
                #"{"time": "2026-11-21T10:06:00+00:00", "change": "deleted", "text": null, "undid": null}], "text": null}"#))
    }
}
