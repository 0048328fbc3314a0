@testable import DaybookCore
import DaybookViews
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Every line of every view fits its width, counted in terminal columns by the C library, for
/// every width from 20 to 200, in colour and not, in Unicode and in ASCII.
@Suite struct EveryViewFitsTests {
    @Test func everyLineFitsEveryWidthFrom20To200() {
        var failures = 0
        for appearance in Dashboard.appearances {
            for width in 20...200 {
                for (name, lines) in Dashboard.views(appearance, width) {
                    for line in lines where terminalColumns(line) > width || terminalColumns(line) < 0 {
                        failures += 1
                        if failures < 10 {
                            Issue.record("\(name) at \(width) (\(appearance.colour ? "colour" : "plain")): \(terminalColumns(line)) columns: \(line)")
                        }
                    }
                }
            }
        }
        #expect(failures == 0)
    }

    /// A note holding a window title, a screen clear or a right-to-left override is shown
    /// escaped by every view that shows notes, and in its CSV and JSON.
    @Test func escapesInNotesAreShownEscapedInEveryView() {
        var record = DayRecord(day: Dashboard.saturday)
        record.mood = (3, Dashboard.hostile)
        record.notes = [DayRecord.Note(recordedAt: "2026-11-21T09:12:00+00:00", text: Dashboard.hostile)]
        let summary = TodaySummary(record: record, items: [])
        let shown = "set title ␛]0;pwned␇ clear ␛[2J flip <U+202E>txet"
        for appearance in Dashboard.appearances {
            let views = [
                ("today", TodayView.text(summary, insights: [Dashboard.hostile], appearance: appearance, width: 200)),
                ("week", WeekView.text([record], appearance: appearance, width: 200)),
                ("show", DayView.text(record, appearance: appearance, width: 200)),
            ]
            for (name, lines) in views {
                let text = lines.joined(separator: "\n")
                #expect(onlyColourEscapes(text), "\(name): \(text)")
                #expect(text.contains(shown), "\(name): \(text)")
            }
        }
        let csv = WeekView.csv([record]).joined(separator: "\n")
        #expect(onlyColourEscapes(csv.replacingNewlines()))
        #expect(csv.contains(shown))
        for json in [TodayView.json(summary, insights: [Dashboard.hostile]), WeekView.json([record])] {
            #expect(onlyColourEscapes(json))
            #expect(json.contains(#"set title \u001b]0;pwned\u0007 clear \u001b[2J flip \u202etxet"#))
        }
        // At every width, cut or not, no view lets an escape through.
        for width in 20...120 {
            for (_, lines) in Dashboard.views(Appearance(colour: true, unicode: true), width) {
                #expect(onlyColourEscapes(lines.joined()))
            }
        }
    }
}

extension String {
    func replacingNewlines() -> String { split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ") }
}
