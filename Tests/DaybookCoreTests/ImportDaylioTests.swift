import DaybookCore
import DaybookStore
import Testing

@Suite struct ImportDaylioTests {
    func day(_ iso: String) -> Day { Day.parseISO(iso)! }

    func read(_ fixture: String, moods: String? = nil) throws -> ImportedJournal {
        try DaylioReader.read(Fixture.bytes(fixture), moods: moods.map { try DaylioMoods(map: $0) } ?? .defaults)
    }

    /// Every entry's note text holds its tags as daybook reads them.
    func expectTagsInNotes(_ journal: ImportedJournal, sourceLocation: SourceLocation = #_sourceLocation) {
        for entry in journal.days.flatMap(\.entries) {
            let found = Set(extractTags(entry.noteText))
            for tag in entry.tags {
                #expect(found.contains(tag.tag), "line \(entry.line): #\(tag.tag)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func newerHeaderEnglishTwelveHourNewestFirst() throws {
        let journal = try read("daylio-en.csv")
        #expect(journal.source == .daylio)
        #expect(journal.days.map(\.day.iso) == ["2023-12-14", "2023-12-15", "2023-12-16", "2023-12-17"])
        #expect(journal.entryCount == 7)

        // Several entries on one day, one after midnight, in the order of their time.
        let sunday = journal.days[3]
        #expect(sunday.entries.map(\.timeText) == ["00:19", "13:08", "23:54"])
        #expect(sunday.entries.map(\.moodLabel) == ["meh", "good", "rad"])
        #expect(sunday.entries.map(\.rating) == [3, 4, 5])
        #expect(sunday.mood == 4)
        #expect(journal.days.map(\.mood) == [5, 1, 3, 4])

        // A quote inside a note; activities with spaces, brackets, punctuation and an emoji.
        let late = sunday.entries[2]
        #expect(late.line == 2)
        #expect(late.title == "Long day")
        #expect(late.text == "We said \"never again\", then did it again.")
        #expect(late.tags.map(\.name) == ["friends", "movies / tv", "Sleep (8h+)", "K.O.", "💪"])
        #expect(late.tags.map(\.tag) == ["friends", "movies-tv", "sleep-8h", "k-o", "flexed-biceps"])
        #expect(
            late.noteText == """
                Long day
                We said "never again", then did it again.
                #friends #movies-tv (movies / tv) #sleep-8h (Sleep (8h+)) #k-o (K.O.) #flexed-biceps (💪)
                """)

        // A short row: its missing note is empty, and the entry, a mood alone, has no text.
        #expect(sunday.entries[0].text == "")
        #expect(sunday.entries[0].noteText == "")
        #expect(sunday.entries[0].rating == 3)
        let lastRow = journal.days[0].entries[0]
        #expect(lastRow.line == 11)
        #expect(lastRow.tags.isEmpty && lastRow.title.isEmpty && lastRow.text.isEmpty)
        #expect(lastRow.noteText == "")
        #expect(journal.emptyEntries == 0)

        // A note of many lines, with a blank line; activities with extra spaces.
        let saturday = journal.days[2]
        #expect(saturday.entries.map(\.timeText) == ["07:45", "21:24"])
        let evening = saturday.entries[1]
        #expect(evening.line == 5)
        #expect(evening.text == "First line.\nSecond line, after a break.\n\nA paragraph after a blank line.")
        #expect(evening.tags.map(\.tag) == ["bad-sleep", "stressed-frustrated", "cook"])
        #expect(evening.tags[1].name == "stressed / frustrated")
        // <br> and entities, as newer Daylio versions write notes.
        let morning = saturday.entries[0]
        #expect(morning.line == 9)
        #expect(morning.text == "Tea & toast\nthen the bus – late again")
        #expect(morning.noteText == "Breakfast\nTea & toast\nthen the bus – late again\n#work")
        // An activity named twice in a row is kept once.
        #expect(journal.days[1].entries[0].tags.map(\.tag) == ["work"])
        #expect(
            journal.tags == [
                "bad-sleep", "cook", "flexed-biceps", "friends", "k-o", "movies-tv", "shopping", "sleep-8h",
                "stressed-frustrated", "walk", "work",
            ])
        expectTagsInNotes(journal)
    }

    @Test func olderHeaderYearAndDate() throws {
        let journal = try read("daylio-old-en.csv")
        #expect(journal.days.map(\.day.iso) == ["2017-05-17", "2017-12-31", "2018-01-01", "2018-05-17", "2018-05-18"])
        let entries = journal.days.flatMap(\.entries)
        #expect(entries.map(\.timeText) == ["12:30", "23:59", "07:05", "22:21", "23:54"])
        #expect(entries.map(\.rating) == [2, 1, 4, 3, 5])
        #expect(entries[1].text == "Last of the year")
        #expect(entries[4].tags.map(\.tag) == ["clean", "cook", "music"])
        #expect(entries[3].tags.map(\.name) == ["cook", "stressed"])
        #expect(entries.map(\.line) == [6, 5, 4, 3, 2])
        expectTagsInNotes(journal)
    }

    @Test func polishMonthNamesCRLFAndDefaultLabels() throws {
        // Daylio's Polish labels are known without a map.
        let journal = try read("daylio-pl.csv")
        #expect(try read("daylio-pl.csv", moods: "super=5,dobrze=4,tak sobie=3,źle=2,okropnie=1") == journal)
        #expect(journal.days.map(\.day.iso) == ["2020-05-01", "2020-12-31", "2021-02-02", "2021-09-07"])
        #expect(journal.days.map(\.mood) == [1, 4, 2, 4])
        let september = journal.days[3].entries
        #expect(september.map(\.timeText) == ["08:10", "21:05"])
        #expect(september.map(\.rating) == [3, 5])
        #expect(journal.days[1].entries[0].text == "Sylwester, \"szampan\"")
        #expect(journal.days[1].entries[0].tags.map(\.tag) == ["rodzina", "przyjaciele"])
        #expect(journal.days[2].entries[0].text == "Zła noc")
        expectTagsInNotes(journal)
    }

    @Test func russianMonthNamesAndByteOrderMark() throws {
        let journal = try read("daylio-ru.csv")
        #expect(journal.days.map(\.day.iso) == ["2021-01-01", "2021-12-31", "2022-02-22", "2022-09-07"])
        #expect(journal.days.flatMap(\.entries).map(\.timeText) == ["00:05", "23:00", "07:15", "19:30"])
        #expect(journal.days[2].entries[0].text == "Заметка, с запятой")
        #expect(journal.days[3].entries[0].tags.map(\.tag) == ["работа", "спорт"])
        #expect(journal.days[3].entries[0].noteText == "#работа #спорт")
        expectTagsInNotes(journal)
    }

    @Test func germanExportWithScales() throws {
        let journal = try read("daylio-de.csv", moods: "Super=5,Gut=4,Ok=3,Schlecht=2,Lausig=1")
        #expect(journal.days.map(\.day.iso) == ["2024-02-17", "2024-03-02", "2024-03-03"])
        let sunday = journal.days[2].entries[0]
        #expect(
            sunday.scales == [ImportedScale(name: "Energie", value: "4"), ImportedScale(name: "Stress", value: "2")])
        #expect(sunday.tags.map(\.tag) == ["lesen", "yoga", "zu-hause"])
        #expect(
            sunday.noteText == """
                Mit Oma gebacken.
                Abends ein Spaziergang.
                #lesen #yoga #zu-hause
                Energie: 4 · Stress: 2
                """)
        #expect(journal.days[0].entries[0].noteText == "Kurze Nacht\n#müde")
        #expect(journal.days.map(\.mood) == [2, 3, 5])
        expectTagsInNotes(journal)
    }

    @Test func unknownLabelsAreCountedAndASuggestionIsGiven() throws {
        do {
            _ = try read("daylio-custom-moods.csv")
            Issue.record("custom labels were read without a map")
        } catch let error as ImportError {
            #expect(error.unknownMoods.map(\.label) == ["Medium", "Not so good"])
            #expect(error.unknownMoods.map(\.count) == [2, 1])
            // The facts; the views word them with the map to give (MoodMapWordsTests).
            #expect(error.reason == .unratedMoods)
            #expect(error.moodLabels == ["Good", "Medium", "Not so good", "Awful"])
        }
        let journal = try read("daylio-custom-moods.csv", moods: "Good=4,Medium=3,Not so good=2,Bad=2,Awful=1")
        #expect(journal.days.map(\.mood) == [1, 2, 3, 4])
        #expect(journal.days[3].entries.map(\.moodLabel) == ["Medium", "Good"])
    }

    @Test func aSpreadsheetSavedItWithSemicolons() throws {
        let journal = try read("daylio-semicolon.csv")
        #expect(journal.entryCount == 1)
        let entry = journal.days[0].entries[0]
        #expect(entry.day.iso == "2022-06-01")
        #expect(entry.text == "Une note; avec un point-virgule")
        #expect(entry.tags.map(\.tag) == ["lecture", "vélo"])
    }

    @Test func thirtyEntriesOnOneDay() throws {
        let journal = try read("daylio-busy-day.csv")
        #expect(journal.days.count == 1)
        let entries = journal.days[0].entries
        #expect(entries.count == 30)
        #expect(entries.map(\.text) == (1...30).map { "Entry number \($0)" })
        #expect(entries.first?.timeText == "08:00")
        #expect(entries.last?.timeText == "22:01")
        #expect(entries.map(\.minuteOfDay) == entries.map(\.minuteOfDay).sorted())
        #expect(journal.days[0].mood == 3)
    }

    @Test func entriesAtTheSameTimeKeepTheirOrder() throws {
        let newestFirst = """
            full_date,date,weekday,time,mood,activities,note_title,note
            2024-01-02,x,x,10:00,good,,,third
            2024-01-02,x,x,10:00,good,,,second
            2024-01-01,x,x,10:00,good,,,first
            """
        #expect(try DaylioReader.read(newestFirst).days.flatMap(\.entries).map(\.text) == ["first", "second", "third"])
        let oldestFirst = """
            full_date,date,weekday,time,mood,activities,note_title,note
            2024-01-01,x,x,10:00,good,,,first
            2024-01-02,x,x,10:00,good,,,second
            2024-01-02,x,x,10:00,good,,,third
            """
        #expect(try DaylioReader.read(oldestFirst).days.flatMap(\.entries).map(\.text) == ["first", "second", "third"])
    }

    @Test func columnsAreFoundByName() throws {
        let text = "mood,full_date,time,activities\nrad,2026-03-05,20:00,work\n"
        let entry = try DaylioReader.read(text).days[0].entries[0]
        #expect(entry.day.iso == "2026-03-05" && entry.timeText == "20:00" && entry.rating == 5)
        #expect(entry.tags.map(\.tag) == ["work"])
    }

    static let header = "full_date,date,weekday,time,mood,activities,note_title,note\n"

    @Test(arguments: [
        ("", "the file is empty; a Daylio export starts with a line of column names"),
        (
            "date,flow\n2026-01-01,light\n",
            "line 1: this is not a Daylio export: its first line should name the columns full_date (or year and date), time and mood; it is 'date,flow'"
        ),
        (
            "weekday,time,mood\nMonday,10:00,rad\n",
            "line 1: this Daylio export has no full_date column, nor year and date columns; the date is missing"
        ),
        (
            ImportDaylioTests.header + "2023-02-30,x,x,10:00,rad\n",
            "line 2: full_date '2023-02-30' is not a date; Daylio writes YYYY-MM-DD"
        ),
        (
            header + "2023-02-03,x,x,10:00,rad\n2023-02-02,x,x,25:00,rad\n",
            "line 3: time '25:00' is not a time of day; daybook reads a time such as 21:35, 9:35 pm or 9:35 p.m."
        ),
        (
            ImportDaylioTests.header + "2023-02-03,x,x,13:00 pm,rad\n",
            "line 2: time '13:00 pm' is not a time of day; daybook reads a time such as 21:35, 9:35 pm or 9:35 p.m."
        ),
        (
            ImportDaylioTests.header + "2023-02-03,x,x,,rad\n",
            "line 2: the time is missing; Daylio writes a time such as 21:35, 9:35 pm or 9:35 p.m."
        ),
        (ImportDaylioTests.header + "2023-02-03,x,x,10:00\n", "line 2: the mood is missing"),
        (
            header + "2023-02-03,x,x,10:00,rad,work,,a note, with a comma\n",
            "line 2: the row has 9 fields where the first line names 8 columns; a field that holds a comma must be in quotes"
        ),
        (
            ImportDaylioTests.header + "2023-02-03,x,x,10:00,rad,,,\"open\n\n",
            "line 2: a quoted field that starts here has no closing quote"
        ),
        (
            "year,date,weekday,time,mood\n2019,7 Smarch,x,10:00,rad\n",
            "line 2: date '7 Smarch' is not a day and a month; daybook reads a day and a month name, such as 7 September, September 7 or 7 września"
        ),
        (
            "year,date,weekday,time,mood\n2019,29 February,x,10:00,rad\n",
            "line 2: date '29 February' does not exist in 2019"
        ),
        ("year,date,weekday,time,mood\n19,29 May,x,10:00,rad\n", "line 2: year '19' is not a year"),
        (
            "year,date,weekday,time,mood\n2019,,x,10:00,rad\n",
            "line 2: the date is missing: the row has no full_date, nor year and date"
        ),
    ])
    func badFilesNameTheLine(_ text: String, _ message: String) {
        do {
            _ = try DaylioReader.read(text)
            Issue.record("read without an error")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func trailingEmptyFieldsAndBlankLinesAreFine() throws {
        let text = Self.header + "2023-02-03,x,x,10:00,rad,,,,,\n\n  \n2023-02-04,x,x,10:00,bad\n"
        #expect(try DaylioReader.read(text).entryCount == 2)
    }

    @Test func moodMaps() throws {
        let moods = try DaylioMoods(map: " Good = 4 , Medium=okay,Not so good=2,bad=2 ,Awful=1,")
        #expect(moods.rating(for: "medium") == 3)
        #expect(moods.rating(for: "NOT SO GOOD") == 2)
        #expect(moods.rating(for: "rad") == 5)  // the defaults stay
        #expect(moods.rating(for: "Great") == nil)
        #expect(try DaylioMoods(map: "rad=3").rating(for: "Rad") == 3)
        #expect(DaylioMoods.defaults.rating(for: " Meh ") == 3)
    }

    @Test func labelsWithCommasEqualsSignsAndQuotesAreWrittenInQuotes() throws {
        #expect(DaylioMoods.written("Meh, tired") == "\"Meh, tired\"")
        #expect(DaylioMoods.written("Say \"hi\"") == "\"Say \"\"hi\"\"\"")
        #expect(DaylioMoods.written("good") == "good")
        let moods = try DaylioMoods(map: #"good=4, "Meh, tired"=2 , "=)" = 5,"Say ""hi"""=okay"#)
        #expect(moods.rating(for: "meh, tired") == 2)
        #expect(moods.rating(for: "=)") == 5)
        #expect(moods.rating(for: #"Say "hi""#) == 3)
        let journal = try read("daylio-odd-labels.csv", moods: #""Meh, tired"=2,"=)"=5,"Say ""hi"""=3"#)
        #expect(journal.days.map(\.mood) == [3, 5, 2, 4])
    }

    /// A map that cannot be read throws the facts of what is wrong with it; the views word
    /// them with the option's name (MoodMapWordsTests).
    @Test(arguments: [
        (#""Meh, tired=2"#, ImportError.MoodMapProblem.unclosedQuote(#""Meh, tired=2"#)),
        (#""Meh" tired=2,rad=5"#, .textAfterQuotedLabel(#""Meh" tired=2"#)),
        (#""Meh, tired""#, .noRating(label: "Meh, tired")),
        ("\"\" =3", .noLabel),
        ("Medium", .noRating(label: "Medium")),
        ("=3", .noLabel),
        ("Medium=?", .notARating(label: "Medium", value: "?")),
        ("Medium=", .notARating(label: "Medium", value: "")),
        ("Medium=7", .notARating(label: "Medium", value: "7")),
        ("Medium=3,medium=4", .ratedTwice(label: "medium", first: 3, second: 4)),
    ])
    func badMoodMaps(_ map: String, _ problem: ImportError.MoodMapProblem) {
        #expect(throws: ImportError(line: nil, .moodMap(problem))) { try DaylioMoods(map: map) }
    }

    @Test func meanRoundsHalfUp() {
        #expect(ImportedDay.mean([4, 5]) == 5)
        #expect(ImportedDay.mean([3, 4]) == 4)
        #expect(ImportedDay.mean([1, 2]) == 2)
        #expect(ImportedDay.mean([2, 3, 3]) == 3)
        #expect(ImportedDay.mean([1, 1, 2]) == 1)
        #expect(ImportedDay.mean([1, 1, 2, 2, 2, 2]) == 2)
        #expect(ImportedDay.mean([5]) == 5)
        #expect(ImportedDay.mean([]) == nil)
    }

    @Test func notesDecodeBreaksAndEntities() throws {
        let text =
            Self.header
            + "2023-02-03,x,x,10:00,rad,,\"A &lt;b&gt; title\",\"eins<br>zwei<BR />drei&#x21; &quot;x&quot; &unknown; A & B\r\nvier\"\n"
        let entry = try DaylioReader.read(text).days[0].entries[0]
        #expect(entry.title == "A <b> title")
        #expect(entry.text == "eins\nzwei\ndrei! \"x\" &unknown; A & B\nvier")
    }

    /// Newer versions write rich text: styling is dropped, blocks stand on lines of their own,
    /// and list items read `- item`; a `<` that starts no such tag stays.
    @Test func richTextReadsAsPlainText() throws {
        let note =
            "<p>A <b>good</b> day, <i>really</i> <span style=\"\"color:red\"\">red</span></p>"
            + "<p>Done:</p><ul><li>walk</li><li><u>call</u> Ana</li></ul><ol><li>read</li></ol>after <3 & a<b"
        let text = Self.header + "2023-02-03,x,x,10:00,rad,,\"<B>Title</B>\",\"\(note)\"\n"
        let entry = try DaylioReader.read(text).days[0].entries[0]
        #expect(entry.title == "Title")
        #expect(entry.text == "A good day, really red\nDone:\n- walk\n- call Ana\n- read\nafter <3 & a<b")
    }
}
