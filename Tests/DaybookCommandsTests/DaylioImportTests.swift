import Foundation
import Testing

/// Daylio's files imported: mood labels, how they are rated and shown.
@Suite struct DaylioImportTests {
    static let fixtures = InProcess.packageRoot + "/Tests/DaybookCoreTests/Fixtures/"

    /// A label with a comma, a leading `=` or a quote is suggested in double quotes, and the
    /// suggestion, filled in, imports.
    @Test func theSuggestionForAnyLabelImportsWhenFilledIn() throws {
        let d = try InProcess()
        let file = Self.fixtures + "daylio-odd-labels.csv"
        let r = try d.run(["import", "daylio", file])
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "error: \(file): 3 mood labels have no rating: \"Meh, tired\" (1 row), \"=)\" (1 row), \"Say \"\"hi\"\"\" (1 row); rate each 1 to 5 and import again with --moods 'good=4, \"Meh, tired\"=?, \"=)\"=?, \"Say \"\"hi\"\"\"=?'; nothing was written\n"
        )
        let map = #"good=4, "Meh, tired"=2, "=)"=5, "Say ""hi"""=3"#
        let filled = try d.run(["import", "daylio", file, "--moods", map])
        #expect(filled.status == 0, "\(filled.stderr)")
        #expect(try d.sql("SELECT group_concat(rating, ',') FROM (SELECT rating FROM mood ORDER BY day)") == "3,5,2,4")
    }

    func write(_ text: String, _ name: String, in d: InProcess) throws -> String {
        let path = d.directory + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    /// The labels are the day's mood, not the notes' text: an entry of a mood alone is no
    /// note, and `week` and `show` read the mood as a mood.
    @Test func labelsAreTheMoodNotText() throws {
        let d = try InProcess()
        let path = try write(
            "full_date,date,weekday,time,mood,activities,note_title,note\n"
                + "2026-11-20,20 November,Friday,21:00,good,\"\",\"\",\"\"\n"
                + "2026-11-20,20 November,Friday,08:00,rad,\"work\",\"\",\"\"\n"
                + "2026-11-20,20 November,Friday,07:00,meh,\"\",\"\",\"\"\n", "w.csv", in: d)
        let r = try d.run(["import", "daylio", path])
        #expect(r.stderr == "imported 1 day, 1 entry, 1 tag, 0 conflicts\n")
        #expect(try d.run(["week"]).stdout.contains("Fri 20 Nov  4 good  #work\n"))
        #expect(try d.run(["show", "2026-11-20"]).stdout.contains("  mood    4 good\n  08:00   #work · n1\n"))
        #expect(try d.sql("SELECT group_concat(text, '|') FROM note") == "#work")
    }

    /// Daylio's default labels in Polish, German and Russian need no --moods.
    @Test func defaultLabelsInOtherLanguagesNeedNoMap() throws {
        let d = try InProcess()
        let path = try write(
            "full_date,date,weekday,time,mood,activities,note_title,note\n"
                + "2026-11-20,20 listopada,piątek,21:00,wspaniale,\"\",\"\",\"\"\n"
                + "2026-11-19,19 listopada,czwartek,21:00,tak sobie,\"\",\"\",\"\"\n"
                + "2026-11-18,18 listopada,środa,21:00,Lausig,\"\",\"\",\"\"\n"
                + "2026-11-17,17 listopada,wtorek,21:00,плохо,\"\",\"\",\"\"\n", "pl.csv", in: d)
        let r = try d.run(["import", "daylio", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try d.sql("SELECT group_concat(rating, ',') FROM (SELECT rating FROM mood ORDER BY day)") == "2,1,3,5")
    }

    /// A jrnl journal given to import daylio, or a Daylio export to import jrnl, names the
    /// command that reads it.
    @Test func theWrongReaderNamesTheRightOne() throws {
        let d = try InProcess()
        let jrnl = try write("[2020-08-29 11:11] Title. Body @tag\n", "j.txt", in: d)
        let r = try d.run(["import", "daylio", jrnl])
        #expect(
            r.stderr
                == "error: \(jrnl): line 1: this is a jrnl journal, not a Daylio export; import it with: import jrnl FILE; nothing was written\n"
        )
        let json = Self.fixtures + "jrnl-export.json"
        #expect(
            try d.run(["import", "daylio", json]).stderr
                == "error: \(json): line 1: this is a jrnl journal, not a Daylio export; import it with: import jrnl FILE; nothing was written\n"
        )
        let daylio = Self.fixtures + "daylio-en.csv"
        #expect(
            try d.run(["import", "jrnl", daylio]).stderr
                == "error: \(daylio): line 1: this is Daylio's CSV export, not a jrnl journal; import it with: import daylio FILE; nothing was written\n"
        )
    }
}
