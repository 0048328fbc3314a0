import DaybookCore
import DaybookViews
import Testing

/// The words for the core's refusals, from their facts.
@Suite struct ProblemTextTests {
    static let resting = Attribute(
        name: "resting_hr", type: .count, aggregation: .min, unit: "bpm", group: "health",
        range: GoalRange(min: 20, max: 250))
    static let sleep = Attribute(
        name: "sleep", type: .duration, aggregation: .sum, unit: "", group: "sleep", range: GoalRange(min: 0, max: 1440))

    @Test func anImplausibleValueAndHowToForceIt() {
        let typed = ImplausibleValue(attribute: Self.resting, value: 1, range: GoalRange(min: 20, max: 250))
        #expect(ProblemText.reason(typed) == "resting_hr: 1 bpm is outside its plausible range, 20..250 bpm")
        #expect(
            ProblemText.line(for: typed, unwritten: "nothing was written")
                == "resting_hr: 1 bpm is outside its plausible range, 20..250 bpm; add --force to log it anyway")
        let total = ImplausibleValue(attribute: Self.sleep, value: 1800, range: GoalRange(min: 0, max: 1440), added: 600)
        #expect(
            ProblemText.implausible(total)
                == "sleep: 10h more makes 30h for the day, outside its plausible range, 0m..24h; add --force to log it anyway")
    }

    @Test func aTotalThatDoesNotFit() {
        #expect(
            ProblemText.line(for: JournalError(.dailyPeriod), unwritten: nil)
                == "--total is for weekly and monthly goals: a daily goal judges the day's value; nothing was changed")
        let problem = TotalProblem.doesNotAddUp(attribute: "bedtime", period: .weekly, why: "times of day do not add up")
        #expect(
            ProblemText.total(problem)
                == "--total does not fit bedtime: times of day do not add up; without --total a weekly goal judges the daily mean. Nothing was changed")
    }

    @Test func aJournalMovedAwaySaysWhatWasLostAndHowToGoOn() {
        let deleted = JournalError(moved: "/j.sqlite3", .deleted)
        #expect(
            ProblemText.line(for: deleted, unwritten: "nothing was written")
                == "the journal /j.sqlite3 was deleted while daybook had it open; nothing was written. Type 'reopen' to go on at /j.sqlite3: the first write then creates a new journal there")
        #expect(
            ProblemText.line(for: JournalError(moved: "/j.sqlite3", .replaced), unwritten: nil)
                == "the journal /j.sqlite3 was replaced by another file while daybook had it open. Type 'reopen' to go on at /j.sqlite3: later commands then use the file now there")
        #expect(ProblemText.line(for: JournalError("no such note"), unwritten: nil) == nil)
    }

    @Test func notesMoodsAndPathsThatAreNotThere() {
        #expect(ProblemText.noNote(NoteID(3), .neverWritten) == "there is no note n3; show and search list the notes with their ids")
        #expect(
            ProblemText.journal(.noNote(NoteID(3), .deleted), unwritten: nil)
                == "note n3 was deleted; undo brings it back, and show --history n3 shows its text")
        #expect(
            ProblemText.journal(.noMoodToEdit(Day(year: 2026, month: 11, day: 21)!), unwritten: nil)
                == "there is no mood on 2026-11-21 to edit; rate the day with mood RATING")
        #expect(
            ProblemText.journal(.notAFile(path: "/tmp", kind: nil), unwritten: nil)
                == "journal path /tmp is a directory; give the path of a file with --journal")
        #expect(
            ProblemText.journal(.notAJournal(path: "/x.db"), unwritten: nil)
                == "/x.db is a SQLite database but not a daybook journal; it was left untouched. Give another path with --journal")
    }

    @Test func aLogLineThatCannotBeRead() {
        #expect(
            ProblemText.phrase(PhraseError(.noValue))
                == "log needs a value; e.g. log slept 7h, walked 9k steps, 3 coffees, or log steps 8200")
        #expect(
            ProblemText.phrase(PhraseError(.unknownWord("Sandwiches", guess: nil, newName: "sandwiches")))
                == "'Sandwiches' is not a tracked attribute, unit or verb log knows; write like slept 7h, walked 9k steps, 3 coffees, or log ATTR VALUE; to track it: track sandwiches count")
        #expect(
            ProblemText.phrase(PhraseError(.unknownWord("cofees", guess: "coffees", newName: nil)))
                == "'cofees' is not a tracked attribute, unit or verb log knows; did you mean 'coffees'? write like slept 7h, walked 9k steps, 3 coffees, or log ATTR VALUE")
        #expect(ProblemText.phrase(PhraseError("plain")) == "plain")
    }

    @Test func aFileOfAnotherKindNamesTheCommandThatReadsIt() {
        #expect(
            ProblemText.importError(ImportError(line: 1, .jrnlJournal(expected: "daybook's export")))
                == "line 1: this is a jrnl journal, not daybook's export; import it with: import jrnl FILE")
        #expect(
            ProblemText.importError(ImportError(line: 3, .daylioCSV(expected: "a jrnl journal")))
                == "line 3: this is Daylio's CSV export, not a jrnl journal; import it with: import daylio FILE")
        #expect(
            ProblemText.importError(ImportError(line: nil, .sqliteDatabase))
                == "this is an SQLite database, not a text file; import reads daybook's JSON or CSV export, or Daylio's or jrnl's (import daylio FILE, import jrnl FILE). A daybook journal is read by exporting it: daybook --journal FILE export journal.json")
        #expect(
            ProblemText.importError(ImportError(line: 1, .markdownExport))
                == "line 1: this is daybook's Markdown export, which is for reading and is not read back; export the journal as JSON or CSV (export journal.json) and import that")
        #expect(ProblemText.importError(ImportError(line: 2, "plain")) == "line 2: plain")
    }

    @Test func aValueThatCannotBeStoredSaysWhereWhatAndWhy() {
        let infinite = ImpossibleValue(table: "entry", field: "value", attribute: "steps", value: .infinity, why: .notFinite)
        #expect(
            ProblemText.line(for: infinite, unwritten: nil)
                == "entry.value of steps: inf cannot be stored; it must be a number from -1,000,000,000,000 to 1,000,000,000,000. Nothing was written")
        let long = ImpossibleValue(table: "entry", field: "value", attribute: "exercise", value: 1441, why: .longerThanADay)
        #expect(
            ProblemText.impossible(long)
                == "entry.value of exercise: 1441 cannot be stored; it must be a duration from 0 to 24h (1440 minutes). Nothing was written")
        let mood = ImpossibleValue(table: "mood", field: "rating", attribute: nil, value: 9, why: .notAMood)
        #expect(ProblemText.impossible(mood) == "mood.rating: 9 cannot be stored; it must be a mood from 1 to 5. Nothing was written")
    }

    @Test func aDamagedValueHasOneWordingInEveryView() {
        #expect(Words.damagedValue == "damaged value")
        let note = ExportView.damagedNote([.init(day: Day(year: 2026, month: 11, day: 20)!, attribute: "steps")])
        #expect(note == "left out 1 damaged value (not a number daybook can use): steps on 2026-11-20")
    }
}
