import DaybookCore
import DaybookViews
import Testing

/// `import daylio`'s `--moods` in words: the core says what is wrong with a map, or which
/// labels need a rating (`ImportError`'s facts); `ProblemText` names the option.
@Suite struct MoodMapWordsTests {
    static let header = "full_date,date,weekday,time,mood,activities,note_title,note\n"

    @Test func unratedLabelsAreCountedAndTheMapToGiveIsFilledIn() throws {
        let text = Self.header + """
            2021-05-12,12 May,Wednesday,18:52,Good,"work","",""
            2021-05-12,12 May,Wednesday,15:40,Medium,"work","",""
            2021-05-11,11 May,Tuesday,20:01,Medium,"","",""
            2021-05-10,10 May,Monday,10:31,Not so good,"","",""
            2021-05-09,9 May,Sunday,07:31,Awful,"","",""

            """
        do {
            _ = try DaylioReader.read(text)
            Issue.record("custom labels were read without a map")
        } catch {
            #expect(
                ProblemText.importError(error)
                    == "2 mood labels have no rating: Medium (2 rows), Not so good (1 row); rate each 1 to 5 and import again with --moods 'Good=4,Awful=1,Medium=?,Not so good=?'"
            )
            // With a map given, its ratings fill the map to give.
            let given = try DaylioMoods(map: "Medium=3")
            #expect(
                ProblemText.unratedMoods(error, moods: given, separator: ", ")
                    == "2 mood labels have no rating: Medium (2 rows), Not so good (1 row); rate each 1 to 5 and import again with --moods 'Good=4, Medium=3, Awful=1, Not so good=?'"
            )
        }
    }

    @Test func theMapToGiveQuotesForTheShell() {
        #expect(
            ProblemText.moodsSuggestion(.defaults, for: ["It's ok", "meh", "rad"]) == "--moods 'rad=5,meh=3,It'\\''s ok=?'")
        let labels = ["good", "Meh, tired", "=)", "Say \"hi\""]
        #expect(
            ProblemText.moodsSuggestion(.defaults, for: labels)
                == "--moods 'good=4,\"Meh, tired\"=?,\"=)\"=?,\"Say \"\"hi\"\"\"=?'")
    }

    @Test(arguments: [
        (
            #""Meh, tired=2"#,
            #"--moods has '"Meh, tired=2' with no closing quote; a label with a comma, = or " is written in double quotes, such as --moods '"Meh, tired"=2'"#
        ),
        (
            #""Meh" tired=2,rad=5"#,
            #"--moods has '"Meh" tired=2', text after a quoted label; a label with a comma, = or " is written in double quotes, such as --moods '"Meh, tired"=2'"#
        ),
        (
            #""Meh, tired""#,
            "--moods gives 'Meh, tired' no rating; write label=rating pairs, such as --moods 'Good=4,Medium=3,Not so good=2'"
        ),
        (
            "\"\" =3",
            "--moods has a rating with no label; write label=rating pairs, such as --moods 'Good=4,Medium=3,Not so good=2'"
        ),
    ])
    func badQuotedLabels(_ map: String, _ message: String) {
        do {
            _ = try DaylioMoods(map: map)
            Issue.record("read: \(map)")
        } catch {
            #expect(ProblemText.importError(error) == message)
        }
    }

    @Test(arguments: [
        (
            "Medium",
            "--moods gives 'Medium' no rating; write label=rating pairs, such as --moods 'Good=4,Medium=3,Not so good=2'"
        ),
        (
            "=3",
            "--moods has a rating with no label; write label=rating pairs, such as --moods 'Good=4,Medium=3,Not so good=2'"
        ),
        ("Medium=?", "--moods gives 'Medium' no rating; a mood is rated 1 to 5 (terrible, bad, okay, good, great)"),
        ("Medium=", "--moods gives 'Medium' no rating; a mood is rated 1 to 5 (terrible, bad, okay, good, great)"),
        ("Medium=7", "--moods gives 'Medium' '7'; a mood is rated 1 to 5 (terrible, bad, okay, good, great)"),
        ("Medium=3,medium=4", "--moods rates 'medium' twice, 3 and 4; give each label one rating"),
    ])
    func badMoodMaps(_ map: String, _ message: String) {
        do {
            _ = try DaylioMoods(map: map)
            Issue.record("read: \(map)")
        } catch {
            #expect(ProblemText.importError(error) == message)
        }
    }
}
