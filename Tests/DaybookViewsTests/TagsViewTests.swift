import DaybookCore
import DaybookViews
import Testing

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
