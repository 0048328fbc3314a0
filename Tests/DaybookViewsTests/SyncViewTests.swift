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
        ignored.ignored = [SyncUnread("0123abcd/000000000002.daybook-sync", .damaged("it is cut off"))]
        #expect(SyncView.ignored(ignored, width: 80) == ["not read: 0123abcd/000000000002.daybook-sync: it is cut off"])
    }

    /// Names that came from another device (a file's name, a device's name, a field) are shown
    /// escaped, as note text is: no escape code or right-to-left override reaches the terminal.
    @Test func namesFromTheFolderAreEscaped() {
        var report = SyncReport()
        report.ignored = [SyncUnread("abc/\u{1B}]0;owned\u{07}x", .notASyncFileName)]
        report.refused = [
            SyncRefusedRecord(
                device: "evil\u{202E}pc", file: "abc/000000000001.daybook-sync", table: "mood", field: "rating",
                value: "9\u{1B}[31m")
        ]
        report.applied = [.init(device: "name\u{1B}[2J", changes: 2, files: 1)]
        report.deletesUndone = [
            SyncDeleteLost(subject: .mood(day), deletedOn: "a\u{1B}[1m", editedOn: "b")
        ]
        let lines = SyncView.lines(report, width: 200) + SyncView.ignored(report, width: 200)
        for line in lines {
            #expect(!line.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x202E }, "\(line)")
        }
        #expect(lines.contains { $0.contains("not applied: a mood record from evil") && $0.contains("its rating") })
        #expect(lines.contains { $0.contains("deleted on a") && $0.contains("kept by an edit on b") })
    }

    /// Every refusal is one line that names the way on, and the join code's problems too.
    @Test func refusalsAreWorded() {
        let reasons: [SyncRefused.Reason] = [
            .folderEncrypted(keyID: "0011223344556677"), .folderHasNewKey(folder: "aa", mine: "bb"),
            .codeForOtherFolder(code: "aa", folder: "bb"), .alreadyEncrypted(keyID: "aa"), .notEncrypted,
            .key(.damaged(path: "/k")), .key(.readableByOthers(path: "/k")), .keyChangeDryRun,
            .folderIsLink("/f/x\u{1B}"),
        ]
        for reason in reasons {
            let text = SyncText.refused(reason)
            #expect(!text.contains("\n") && !text.unicodeScalars.contains { $0.value == 0x1B })
            #expect(text.hasSuffix("Nothing was written"), "\(text)")
        }
        #expect(SyncText.refused(.folderEncrypted(keyID: "0011223344556677")).contains("sync --join"))
        #expect(SyncText.code(.mistyped).contains("mistyped"))
        #expect(
            SyncText.refused(.newerFormat(path: "/f/a/000000000001.daybook-sync", version: 3, known: 2))
                == "/f/a/000000000001.daybook-sync was written by a newer daybook (sync format 3; this one reads up to 2); update daybook here. Nothing was written or applied"
        )
        #expect(
            SyncText.refused(.copiedJournal(path: "/f/a/000000000001.daybook-sync", writer: "a"))
                == "/f/a/000000000001.daybook-sync was written by a, a copy of this journal with the same device id; give this one its own with sync --new-device. Nothing was written or applied"
        )
        #expect(
            SyncText.refused(.folderIsFile("/f/a file"))
                == "the sync folder /f/a file is a file, not a folder; give the folder your sync tool shares. Nothing was written"
        )
    }
}
