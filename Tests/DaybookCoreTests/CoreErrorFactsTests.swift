import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// The core's refusals carry their facts, for the views to word; none of them names an
/// option or a command.
@Suite struct CoreErrorFactsTests {
    @Test func anImplausibleValueCarriesWhatWasRefused() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let resting = try #require(journal.attribute(named: "resting_hr"))
        do {
            try journal.log(day: saturday.day, [(resting, 1)])
            Issue.record("a resting heart rate of 1 was logged")
        } catch let error as ImplausibleValue {
            #expect(error.attribute.name == "resting_hr")
            #expect(error.value == 1)
            #expect(error.range == GoalRange(min: 20, max: 250))
            #expect(error.added == nil)
        }
        let sleep = try #require(journal.attribute(named: "sleep"))
        try journal.log(day: saturday.day, [(sleep, 20 * 60)])
        do {
            try journal.log(day: saturday.day, [(sleep, 10 * 60)])
            Issue.record("a day of 30h of sleep was logged")
        } catch let error as ImplausibleValue {
            #expect(error.value == Double(1800))
            #expect(error.added == Double(600))
        }
    }

    @Test func aGoalOnATotalThatCannotBeSetSaysWhy() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let bedtime = try #require(journal.attribute(named: "bedtime"))
        let steps = try #require(journal.attribute(named: "steps"))
        for (attribute, period, expected) in [
            (steps, GoalPeriod.daily, TotalProblem.dailyPeriod),
            (bedtime, .weekly, .doesNotAddUp(attribute: "bedtime", period: .weekly, why: "times of day do not add up")),
        ] {
            do {
                try journal.setGoal(attribute, range: GoalRange(min: 1, max: nil), period: period, total: true, from: saturday.day)
                Issue.record("a goal on the total of \(attribute.name) was set")
            } catch let error as JournalError {
                #expect(error.reason == .total(expected))
                #expect(!error.description.contains("--"))
            }
        }
    }

    /// A journal whose file went away says so by its facts, and what became of the file.
    @Test func aMovedJournalSaysWhatBecameOfIt() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        #expect(journal.whereabouts() == nil)
        try FileManager.default.removeItem(atPath: journal.path)
        #expect(journal.whereabouts() == .deleted)
        do {
            try journal.addNote(day: saturday.day, text: "lost")
            Issue.record("a note was written to a deleted journal")
        } catch let error as JournalError {
            #expect(error.journalMoved)
            #expect(error.reason == .moved(path: journal.path, .deleted))
            #expect(!error.description.contains("reopen"))
        }
    }

    /// A plausible range typed as a goal's bare forms is refused in a range's words: the
    /// refusal says it is about goals, and is not read for the word.
    @Test func rangeRefusalsAboutGoalsSaySo() {
        #expect(throws: GoalRangeError.self) { try GoalRange.parse("", type: .count) }
        do {
            _ = try GoalRange.parse("", type: .count)
        } catch {
            #expect(error.aboutGoals)
        }
        do {
            _ = try GoalRange.parse("9..2", type: .count)
        } catch {
            #expect(!error.aboutGoals)
        }
        do {
            _ = try GoalRange.parsePlausible("10pm", type: .time, unit: "", name: "bedtime")
            Issue.record("a bare time read as a plausible range")
        } catch {
            #expect(error.description == "bedtime: '10pm' is not a range; use \(GoalRange.plausibleForms)")
        }
    }

    @Test func aMissingNoteOrMoodAndAPathThatIsNoJournalSayWhich() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        #expect(try journal.whyNotLive(NoteID(7)) == .neverWritten)
        try journal.addNote(day: saturday.day, text: "gone soon")
        let id = NoteID(1)
        #expect(try journal.whyNotLive(id) == nil)
        try journal.deleteNote(id)
        #expect(try journal.whyNotLive(id) == .deleted)
        do {
            try journal.deleteNote(id)
            Issue.record("a deleted note was deleted again")
        } catch let error as JournalError {
            #expect(error.reason == .noNote(id, .deleted))
        }
        do {
            try journal.editMood(day: saturday.day, rating: 3, note: "")
            Issue.record("a mood that is not there was edited")
        } catch let error as JournalError {
            #expect(error.reason == .noMoodToEdit(saturday.day))
            #expect(!error.description.contains("mood RATING"))
        }
        do {
            _ = try Journal(path: dir.path, clock: { saturday })
            Issue.record("a folder opened as a journal")
        } catch let error as JournalError {
            #expect(error.reason == .notAFile(path: dir.path, kind: nil))
            #expect(!error.description.contains("--journal"))
        }
    }

    @Test func aPhraseThatCannotBeReadSaysWhichWord() {
        let attributes = BuiltInAttributes.attributes
        for (words, expected) in [
            ([String](), PhraseError.Reason.noValue),
            (["3", "sandwiches"], .unknownWord("sandwiches", guess: nil, newName: "sandwiches")),
            (["3", "cofees"], .unknownWord("cofees", guess: "coffees", newName: nil)),
        ] {
            do {
                _ = try Phrase.read(words, attributes: attributes) { _ in false }
                Issue.record("\(words) was read")
            } catch {
                #expect(error.reason == expected)
                #expect(!error.description.contains("log ") && !error.description.contains("track "))
            }
        }
    }

    /// A file of another kind says what it is; which command reads it is the views' to say.
    @Test func aFileOfAnotherKindSaysWhatItIs() {
        let cases: [(() throws(ImportError) -> Void, ImportError.Reason)] = [
            ({ () throws(ImportError) in _ = try DaybookExportReader.read("[2020-08-29 11:11] Entry\n") }, .jrnlJournal(expected: "daybook's export")),
            ({ () throws(ImportError) in _ = try DaybookExportReader.read(#"{"entries": []}"#) }, .jrnlJSON),
            ({ () throws(ImportError) in _ = try DaybookExportReader.read("full_date,date,weekday,time,mood\n") }, .daylioCSV(expected: "daybook's")),
            ({ () throws(ImportError) in _ = try DaybookExportReader.read("# Journal\n") }, .markdownExport),
            ({ () throws(ImportError) in _ = try DaybookExportReader.read(Array("SQLite format 3".utf8) + [0, 1, 2]) }, .sqliteDatabase),
            ({ () throws(ImportError) in _ = try JrnlReader.read("full_date,date,weekday,time,mood\n") }, .daylioCSV(expected: "a jrnl journal")),
        ]
        for (read, expected) in cases {
            do {
                try read()
                Issue.record("read as what it is not: \(expected)")
            } catch {
                #expect(error.reason == expected)
                #expect(!error.message.contains("import ") && !error.message.contains("--"), "\(error.message)")
            }
        }
    }
}
