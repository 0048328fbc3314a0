import DaybookCore
import DaybookViews
import Testing

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
