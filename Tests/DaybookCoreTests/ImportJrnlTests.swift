import DaybookCore
import DaybookStore
import Testing

@Suite struct ImportJrnlTests {
    func read(_ fixture: String, options: JrnlReader.Options = .init()) throws -> ImportedJournal {
        try JrnlReader.read(Fixture.bytes(fixture), options: options)
    }

    func expectTagsInNotes(_ journal: ImportedJournal, sourceLocation: SourceLocation = #_sourceLocation) {
        for entry in journal.days.flatMap(\.entries) {
            let found = Set(extractTags(entry.noteText))
            for tag in entry.tags {
                #expect(found.contains(tag.tag), "line \(entry.line): #\(tag.tag)", sourceLocation: sourceLocation)
            }
        }
    }

    @Test func plainTextWithTheNewerDefaultTimeFormat() throws {
        let journal = try read("jrnl-default.txt")
        #expect(journal.source == .jrnl)
        #expect(journal.days.map(\.day.iso) == ["2020-08-29", "2020-08-31", "2020-09-24"])
        let entries = journal.days.flatMap(\.entries)
        #expect(entries.map(\.timeText) == ["11:11", "14:32", "00:14"])
        #expect(entries.map(\.line) == [1, 8, 13])
        #expect(entries.map(\.rating) == [nil, nil, nil])
        #expect(journal.days.map(\.mood) == [nil, nil, nil])

        let first = entries[0]
        #expect(first.title == "Entry the first.")
        #expect(
            first.text == """
                Lorem @ipsum dolor sit amet, with @Tom and #WorldDomination.
                A second line of the same paragraph.

                [1] A line that starts with a bracket is body text.
                """)
        #expect(first.tags.map(\.name) == ["@ipsum", "@Tom", "#WorldDomination"])
        #expect(first.tags.map(\.tag) == ["ipsum", "tom", "worlddomination"])
        #expect(!first.starred)
        #expect(
            first.noteText == """
                Entry the first.
                Lorem #ipsum dolor sit amet, with #Tom and #WorldDomination.
                A second line of the same paragraph.

                [1] A line that starts with a bracket is body text.
                """)

        let second = entries[1]
        #expect(second.title == "A second entry in what I hope to be a long series.")
        #expect(second.starred)
        #expect(second.tags.map(\.tag) == ["tagtwo", "work-home", "starred"])
        #expect(
            second.noteText == """
                A second entry in what I hope to be a long series.
                Mauris tempus vitae neque vel viverra. #tagtwo all by its lonesome, and @work/home too.
                Emoji stay: 💯 🎶
                #work-home (@work/home) #starred
                """)

        #expect(entries[2].title == "Just after midnight")
        #expect(entries[2].text == "")
        #expect(entries[2].noteText == "Just after midnight")
        expectTagsInNotes(journal)
    }

    @Test func plainTextWithTheOlderTimeFormatAndCRLF() throws {
        let journal = try read("jrnl-classic.txt")
        #expect(journal.days.map(\.day.iso) == ["2013-06-09", "2013-06-10"])
        let sunday = journal.days[0].entries
        #expect(sunday.map(\.timeText) == ["15:39", "21:05"])
        #expect(sunday[0].title == "Multiple line entry.")
        #expect(
            sunday[0].text
                == "This is the first line.\nThis line doesn't have any ending punctuation\n\nThere is a blank line above this."
        )
        #expect(sunday[1].title == "Evening. Second entry of the day with @family.")
        #expect(sunday[1].noteText == "Evening. Second entry of the day with #family.")
        let morning = journal.days[1].entries[0]
        #expect(morning.starred && morning.title == "Morning" && morning.text.isEmpty)
        #expect(morning.noteText == "Morning\n#starred")
        expectTagsInNotes(journal)
    }

    @Test func jrnlOneWithoutBrackets() throws {
        let journal = try read("jrnl-1x.txt")
        let entries = journal.days.flatMap(\.entries)
        #expect(entries.map(\.day.iso) == ["2010-06-10", "2013-06-10", "2019-08-03"])
        #expect(entries.map(\.timeText) == ["15:00", "15:40", "12:55"])
        #expect(entries[0].title == "A life without chocolate is like a bad analogy.")
        #expect(entries[1].title == "He said \"[this] is the best time to be alive\".")
        #expect(entries[1].text.hasSuffix("quis est ac dignissim. @ipsum"))
        #expect(entries[1].tags.map(\.tag) == ["ipsum"])
        #expect(entries[2].title == "Some chat log or something")
        #expect(entries[2].text == "Suspendisse potenti.")
        expectTagsInNotes(journal)
    }

    @Test func theJSONExport() throws {
        let journal = try read("jrnl-export.json")
        let entries = journal.days.flatMap(\.entries)
        #expect(entries.map(\.day.iso) == ["2020-08-29", "2020-08-31", "2020-08-31"])
        #expect(entries.map(\.timeText) == ["11:11", "09:00", "14:32"])
        #expect(entries.map(\.line) == [8, 30, 19])
        #expect(
            entries[0].text
                == "Lorem @ipsum dolor sit amet, with @Tom.\n\nA second paragraph, with \"quotes\" and café.")
        #expect(entries[0].tags.map(\.name) == ["@ipsum", "@Tom"])
        #expect(entries[0].tags.map(\.tag) == ["ipsum", "tom"])
        #expect(
            entries[0].noteText
                == "Entry the first.\nLorem #ipsum dolor sit amet, with #Tom.\n\nA second paragraph, with \"quotes\" and café."
        )
        #expect(entries[1].noteText == "No tags, no body")
        #expect(entries[2].starred)
        #expect(entries[2].tags.map(\.tag) == ["work-home", "starred"])
        #expect(entries[2].noteText == "A starred entry.\nFrom home: @work/home\n#work-home (@work/home) #starred")
        expectTagsInNotes(journal)
    }

    @Test func aTimeFormatOfTheJournalsOwn() throws {
        let text = """
            10.06.2010 15:00 A life without chocolate is like a bad analogy.

            [03.08.2019 12:55] Some chat log or something

            Suspendisse potenti.
            """
        let journal = try JrnlReader.read(text, options: .init(timeFormat: "%d.%m.%Y %H:%M"))
        #expect(
            journal.days.flatMap(\.entries).map { "\($0.day.iso) \($0.timeText)" } == [
                "2010-06-10 15:00", "2019-08-03 12:55",
            ])
        let named = try JrnlReader.read(
            "[Sat 29 Aug 2020, 11:11 AM] Title\nbody\n", options: .init(timeFormat: "%a %d %b %Y, %I:%M %p"))
        #expect(named.days[0].day.iso == "2020-08-29" && named.days[0].entries[0].timeText == "11:11")
        #expect(throws: ImportError.self) { try JrnlReader.read("x", options: .init(timeFormat: "%Y-%j")) }
    }

    @Test func otherTagSymbols() throws {
        let journal = try JrnlReader.read(
            "[2020-01-01 10:00] Title\nwith +plus and @at\n", options: .init(tagSymbols: "+"))
        let entry = journal.days[0].entries[0]
        #expect(entry.tags.map(\.tag) == ["plus"])
        #expect(entry.noteText == "Title\nwith #plus and @at")
    }

    @Test func bracketedFormsDaybookReads() throws {
        let text = """
            [2020-01-01 10:00] a
            [2020-01-02 10:00:30] b
            [2020-01-03 10:00 PM] c
            [2020-01-04 10:00:30 am] d
            [2020-01-05 10:00PM] e
            [2020-01-06T10:00] f
            [2020-01-07] g
            [2020-01-08 12:00:00 AM] h
            """
        let entries = try JrnlReader.read(text).days.flatMap(\.entries)
        #expect(entries.map(\.title) == ["a", "b", "c", "d", "e", "f", "g", "h"])
        #expect(
            entries.map(\.timeText) == ["10:00", "10:00:30", "22:00", "10:00:30", "22:00", "10:00", "09:00", "00:00"])
    }

    @Test(arguments: [
        (
            "Dear diary,\n[2020-01-01 10:00] Title\n",
            "line 1: a jrnl journal starts with an entry's date and time, such as [2020-08-29 11:11] Title; this line is 'Dear diary,'"
        ),
        (
            "[2019-07-18 14:23] The first entry\nbody\n\n[2019-07 14:23] The third entry\n",
            "line 4: [2019-07 14:23] starts an entry but is not a date and time daybook reads, such as [2020-08-29 11:11] or [2020-08-29 11:11:00 AM]; give jrnl's timeformat if the journal has another"
        ),
        (
            "[2019-02-30 10:00] No such day\n",
            "line 1: [2019-02-30 10:00] starts an entry but is not a date and time daybook reads, such as [2020-08-29 11:11] or [2020-08-29 11:11:00 AM]; give jrnl's timeformat if the journal has another"
        ),
        ("{\"entries\": [{\"title\": \"x\"}]}", "line 1: the entry has no \"date\""),
        (
            "{\"entries\": [\n  {\"date\": \"2020-13-01\", \"time\": \"10:00\"}\n]}",
            "line 2: \"date\" is '2020-13-01', not a date written YYYY-MM-DD"
        ),
        (
            "{\"entries\": [\n  {\"date\": \"2020-12-01\",\n   \"time\": \"noon\"}\n]}",
            "line 3: \"time\" is 'noon', not a time written HH:MM"
        ),
        ("{\"entries\": [{\"date\": \"2020-12-01\", \"tags\": \"@a\"}]}", "line 1: \"tags\" is a string, not a list"),
        (
            "{\"entries\": [{\"date\": \"2020-12-01\", \"starred\": \"yes\"}]}",
            "line 1: \"starred\" is a string, not true or false"
        ),
        ("{\"tags\": {}}", "line 1: this JSON has no \"entries\"; jrnl's export holds its entries there"),
        ("{\"entries\": [\n  {\"date\": \"2020-12-01\"},\n]}", "line 3: expected a JSON value"),
        ("{\"entries\": [1]}", "line 1: an entry is a number; each entry of jrnl's export is an object"),
    ])
    func badFilesNameTheLine(_ text: String, _ message: String) {
        do {
            _ = try JrnlReader.read(text)
            Issue.record("read without an error")
        } catch {
            #expect(error.description == message)
        }
    }

    @Test func textThatIsNotUTF8() {
        let latin1: [UInt8] = Array("[2020-01-01 10:00] Title\r\nbody\r\n".utf8) + [0x63, 0x61, 0x66, 0xE9]
        #expect(throws: ImportError(line: 3, "the text is not UTF-8; save the file as UTF-8 and import it again")) {
            try JrnlReader.read(latin1)
        }
        let json: [UInt8] = Array("{\"entries\": [\n{\"title\": \"caf".utf8) + [0xE9] + Array("\"}]}".utf8)
        #expect(throws: ImportError(line: 2, "the text is not UTF-8; save the file as UTF-8 and import it again")) {
            try JrnlReader.read(json)
        }
    }

    @Test func emptyJournals() throws {
        #expect(try JrnlReader.read("").days.isEmpty)
        #expect(try JrnlReader.read("\n\n  \n").days.isEmpty)
        #expect(try JrnlReader.read("{\"tags\": {}, \"entries\": []}").days.isEmpty)
        #expect(try JrnlReader.read("[]").days.isEmpty)
    }
}
