import DaybookViews
import Testing

@testable import DaybookCore

@Suite struct SyncViewTests {
    let day = Day(year: 2026, month: 11, day: 21)!

    func report(conflicts: Int = 1, renumbered: Int = 1, dryRun: Bool = false) -> SyncReport {
        var report = SyncReport()
        report.sent = 12
        report.applied = [.init(device: "laptop", changes: 40, files: 2), .init(device: "phone", changes: 0, files: 1)]
        report.conflicts = (0..<conflicts).map { index in
            SyncConflict(
                subject: .mood(day.adding(days: -index)), kept: "4", keptFrom: "desktop", otherFrom: "laptop",
                tie: false)
        }
        report.renumbered = (0..<renumbered).map {
            .init(device: "laptop", there: 12 + Int64($0), here: 15 + Int64($0))
        }
        report.dryRun = dryRun
        return report
    }

    @Test func theReportReadsAsOneSentence() {
        #expect(
            SyncView.lines(report(), width: 200) == [
                "sent 12 changes; applied 40 from laptop; 1 conflict (mood on 21 Nov: kept 4 from desktop, written later)",
                "note n12 from laptop is n15 here",
            ])
        #expect(
            SyncView.lines(report(conflicts: 0, renumbered: 0, dryRun: true), width: 200)
                == ["would send 12 changes; would apply 40 from laptop"])
        #expect(SyncView.lines(SyncReport(), width: 80) == ["nothing to send; nothing new from other devices"])
    }

    @Test func eachKindOfConflictIsNamed() {
        var r = SyncReport()
        r.conflicts = [
            SyncConflict(subject: .note(12, day), kept: nil, keptFrom: "a", otherFrom: "b", tie: true),
            SyncConflict(subject: .attribute("pages"), kept: nil, keptFrom: "a", otherFrom: "b", tie: false),
            SyncConflict(subject: .setting("day-start"), kept: "04:00", keptFrom: "a", otherFrom: "b", tie: false),
            SyncConflict(subject: .goal("steps", day), kept: nil, keptFrom: "a", otherFrom: "b", tie: false),
        ]
        #expect(
            SyncView.lines(r, width: 400) == [
                "nothing to send; nothing new from other devices; 4 conflicts (note n12 on 21 Nov: kept the change from a, written at the same time, decided by device id; the definition of pages: kept the change from a, written later; setting day-start: kept 04:00 from a, written later; goal steps from 21 Nov: kept the change from a, written later)"
            ])
    }

    /// Many conflicts and renumbered notes are counted beyond the first few, and every line
    /// fits every width.
    @Test func itFitsEveryWidth() {
        let many = report(conflicts: 30, renumbered: 30)
        for width in 40...200 {
            let lines = SyncView.lines(many, width: width) + SyncView.ignored(many, width: width)
            #expect(lines.allSatisfy { Columns.width($0) <= width }, "width \(width)")
        }
        let lines = SyncView.lines(many, width: 80)
        #expect(lines.joined(separator: " ").contains("and 25 more)"))
        #expect(lines.last == "and 25 more notes have other ids here")
        var ignored = SyncReport()
        ignored.ignored = ["0123abcd/000000000002.daybook-sync: it is cut off"]
        #expect(SyncView.ignored(ignored, width: 80) == ["not read: 0123abcd/000000000002.daybook-sync: it is cut off"])
    }
}
