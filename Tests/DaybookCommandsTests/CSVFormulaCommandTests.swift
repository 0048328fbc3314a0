import Foundation
import Testing

/// A CSV that a spreadsheet opens never runs a cell as a formula, and import reads the export
/// back to the same text.
@Suite struct CSVFormulaCommandTests {
    static let texts = [
        #"=HYPERLINK("http://x.example","y")"#, "+1 to that", "-- tired", "@home", "'=already quoted", "''+two", "-5",
        "'plain", "a = b",
    ]

    @Test func theExportWritesFormulasAsTextAndImportReadsThemBack() throws {
        let d = try InProcess()
        for text in Self.texts { #expect(try d.run(["note", text]).status == 0) }
        #expect(try d.run(["mood", "3", "=cmd|' /C calc'!A0"]).status == 0)
        let file = d.directory + "/a.csv"
        #expect(try d.run(["export", file]).status == 0)
        let rows = String(decoding: try #require(FileManager.default.contents(atPath: file)), as: UTF8.self)
            .components(separatedBy: "\r\n")
        let cells = rows.filter { $0.hasPrefix("note,") || $0.hasPrefix("mood,") }.map {
            $0.split(separator: ",", omittingEmptySubsequences: false)[6...].joined(separator: ",")
        }
        #expect(
            cells == [
                "'=cmd|' /C calc'!A0,,,,,,,,,,,,,,", #""'=HYPERLINK(""http://x.example"",""y"")",,,,,,,,,,,,,,"#,
                "'+1 to that,,,,,,,,,,,,,,", "'-- tired,,,,,,,,,,,,,,", "'@home,,,,,,,,,,,,,,", "''=already quoted,,,,,,,,,,,,,,",
                "'''+two,,,,,,,,,,,,,,", "-5,,,,,,,,,,,,,,", "'plain,,,,,,,,,,,,,,", "a = b,,,,,,,,,,,,,,",
            ])
        let fresh = try InProcess()
        let i = try fresh.run(["import", file])
        #expect(i.status == 0, "\(i.stderr)")
        #expect(
            try fresh.sql("SELECT group_concat(text, char(10)) FROM (SELECT text FROM note ORDER BY id)")
                == Self.texts.joined(separator: "\n"))
        #expect(try fresh.sql("SELECT note FROM mood") == "=cmd|' /C calc'!A0")
    }

    @Test func weekCSVWritesFormulasAsText() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "=1+1"]).status == 0)
        #expect(try d.run(["mood", "4", "@SUM(A1)"]).status == 0)
        let csv = try d.run(["week", "--days", "1", "--csv"])
        #expect(csv.status == 0)
        #expect(
            csv.stdout
                == "date,weekday,mood,mood_label,goals_met,goals_total,tags,mood_note,notes\n2026-11-21,saturday,4,good,0,0,,'@SUM(A1),'=1+1\n"
        )
    }
}
