import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookShell
import DaybookViews
import Foundation
import Testing

/// A real journal in a temporary folder, with the clock pinned to Saturday 21 November 2026, 09:30.
final class TempJournal {
    let directory: String
    let journal: Journal
    let context: Context

    init(table: CommandTable = .standard) throws {
        directory = FileManager.default.temporaryDirectory.path + "/daybook-unit-" + UUID().uuidString
        let journal = try Journal(path: directory + "/journal.sqlite3") {
            LocalTime(day: Day(year: 2026, month: 11, day: 21)!, minuteOfDay: 9 * 60 + 30)
        }
        self.journal = journal
        context = Context(
            table: table, out: Output(fd: 1), err: Output(fd: 2), style: Style(enabled: false), chatty: false
        ) { journal }
    }

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    func day(_ iso: String) -> Day { Day.parseISO(iso)! }

    func log(_ name: String, _ text: String, on iso: String) throws {
        let attribute = journal.attribute(named: name)!
        try journal.log(day: day(iso), [(attribute, try attribute.type.parse(text))])
    }
}

@Suite struct CompletionTests {
    let store: TempJournal
    let completer: Completer

    init() throws {
        store = try TempJournal()
        completer = Completer(table: .standard)
    }

    func complete(_ line: String, cursor: Int? = nil, table: CommandTable = .standard) -> Completion {
        Completer(table: table).complete(
            line, cursor: cursor ?? line.unicodeScalars.count, source: JournalCompletionSource(context: store.context))
    }

    @Test func commandNames() {
        let all = complete("")
        #expect(all.texts == CommandTable.standard.commands.map(\.name))
        #expect(all.candidates.allSatisfy { $0.detail != nil })
        guard case .list(let lines) = all.action(repeated: false) else {
            Issue.record("an empty line lists the commands")
            return
        }
        // In a column after the longest name, calendar.
        #expect(lines.contains("mood      rate the day from 1 to 5, with a note"))

        let mo = complete("mo")
        #expect(mo.texts == ["mood"])
        #expect(mo.start == 0)
        #expect(mo.action(repeated: false) == .insert("mood ", replacing: 2))
        #expect(complete("s").texts == ["show", "source", "set", "search", "status", "sync"])
        #expect(complete("ex").texts == ["export", "exit"])
        #expect(complete("help lo").texts == ["log", "lock"])
        #expect(complete("help lo").start == 5)
    }

    @Test func unknownCommandSaysSo() {
        let c = complete("moodz 4 ")
        #expect(c.candidates.isEmpty)
        #expect(c.hint == "unknown command 'moodz'; did you mean 'mood'? Type 'help' for the list")
        #expect(c.action(repeated: false) == .list([c.hint!]))
    }

    @Test func attributesInEveryPairOfLog() throws {
        #expect(complete("log ste").texts == ["steps"])
        #expect(complete("log steps 8200 sl").texts == ["sleep"])
        #expect(complete("log steps 8200 sl").start == 15)
        #expect(complete("log steps 8200 --on yesterday sl").texts == ["sleep"])
        #expect(complete("log steps 8200 --f").texts == ["--force"])
        #expect(Set(complete("log s").texts) == ["steps", "stand_hours", "sleep"])
        try store.journal.track(
            Attribute(name: "sleep_quality", type: .count, aggregation: .average, unit: "", group: "sleep"))
        let sle = complete("log sle")
        #expect(sle.texts == ["sleep", "sleep_quality"])
        #expect(sle.action(repeated: false) == .insert("sleep", replacing: 3))
        let sleep = complete("log sleep")
        guard case .list(let lines) = sleep.action(repeated: true, width: 80) else {
            Issue.record("the second TAB lists")
            return
        }
        #expect(lines == ["sleep          sleep_quality"])
    }

    /// `chart` draws an attribute or the mood: TAB offers the mood first, then the attributes;
    /// `log`, which takes an attribute alone, does not offer the mood.
    @Test func chartOffersTheMoodFirst() {
        let all = complete("chart ").texts
        #expect(all.first == "mood")
        #expect(all.contains("steps") && all.contains("sleep"))
        #expect(complete("chart mo").texts == ["mood"])
        #expect(complete("chart ste").texts == ["steps"])
        #expect(!complete("log ").texts.contains("mood"))
    }

    @Test func completesOnlyUpToTheCursor() {
        let line = "log ste 8200"
        let c = complete(line, cursor: 7)
        #expect(c.texts == ["steps"])
        #expect(c.action(repeated: false) == .insert("steps ", replacing: 3))
    }

    /// In a line of phrases, the word after a value is what the value is of: an attribute's
    /// name, its plural, a noun or its unit, each a word `log` reads there.
    @Test func phrasesCompleteWhatAValueIsOf() throws {
        #expect(complete("log 3 coff").texts == ["coffee", "coffees"])
        #expect(complete("log 3 coffees, 2 gla").texts == ["glass", "glasses"])
        #expect(complete("log slept 7h, 9k ste").texts == ["steps", "step"])
        #expect(complete("log 72 kg").texts == ["kg"])
        #expect(complete("log 3 zz").texts.isEmpty)
        // Only what the value fits: 45m is exercise, 3 is not.
        #expect(complete("log 45m work").texts == ["workout", "workouts"])
        #expect(complete("log 3 work").texts.isEmpty)
        #expect(complete("log 3 coff").hint?.hasPrefix("what 3 is of: ") == true)
        // Every word offered after a value reads as a phrase.
        let journal = try store.context.journal
        for value in ["3", "7h", "72.5", "23:40", "9k"] {
            let candidates = complete("log \(value) ").candidates
            #expect(!candidates.isEmpty, "\(value)")
            for candidate in candidates {
                let read = try Phrase.read([value, candidate.text], attributes: journal.attributes, isDate: { _ in false })
                #expect(read.values.map(\.attribute.name) == [candidate.detail ?? candidate.text], "\(value) \(candidate.text)")
            }
        }
        // Pairs of attribute and value complete as before.
        #expect(complete("log steps 3 coff").texts == ["coffee"])
    }

    @Test func valueHintsAndTheUsualValue() throws {
        let none = complete("log steps ")
        #expect(none.hint == "steps: a count, e.g. 8200, 8,200 or 8.2k")
        #expect(none.candidates.isEmpty)
        #expect(none.action(repeated: false) == .list(["steps: a count, e.g. 8200, 8,200 or 8.2k"]))
        #expect(complete("log weight ").hint == "weight: a number, in kg, e.g. 72.5")
        // Each attribute's own example, not the steps' for every count.
        #expect(complete("log water ").hint == "water: a count, in glasses, e.g. 8")
        #expect(complete("log active_energy ").hint == "active_energy: a count, in kcal, e.g. 450")
        #expect(complete("log distance ").hint == "distance: a number, in km, e.g. 5.2")

        // Saturdays before 21 November: 7h, 8h and 7h30m; a Friday of 4h does not count.
        try store.log("sleep", "7h", on: "2026-11-14")
        try store.log("sleep", "8h", on: "2026-11-07")
        try store.log("sleep", "7h30m", on: "2026-10-31")
        try store.log("sleep", "4h", on: "2026-11-20")
        let sleep = complete("log steps 8000 sleep ")
        #expect(sleep.texts == ["7h30m"])
        #expect(
            sleep.hint
                == "sleep: a duration, e.g. 7h30m, 7h, 45m, 7:30 or 7.5h; usually 7h 30m, from 3 Saturdays (TAB again to fill it in)"
        )
        // Wider than the terminal, the hint wraps at a space, its later lines indented.
        #expect(
            sleep.action(repeated: false)
                == .list([
                    "sleep: a duration, e.g. 7h30m, 7h, 45m, 7:30 or 7.5h; usually 7h 30m, from 3",
                    "  Saturdays (TAB again to fill it in)",
                ]))
        #expect(sleep.action(repeated: false, width: 200) == .list([sleep.hint!]))
        #expect(sleep.action(repeated: true) == .insert("7h30m ", replacing: 0))
        // A typed start that does not fit the usual value offers nothing but the hint.
        #expect(complete("log sleep 6").candidates.isEmpty)

        // The weekday follows --on, even after the cursor: one or two Fridays before are not
        // a habit...
        try store.log("sleep", "5h", on: "2026-11-13")
        #expect(complete("log sleep  --on yesterday", cursor: 10).texts == [])
        try store.log("sleep", "4h", on: "2026-11-06")
        #expect(complete("log sleep  --on yesterday", cursor: 10).texts == [])
        // ...three are.
        try store.log("sleep", "4h30m", on: "2026-10-30")
        #expect(complete("log sleep  --on yesterday", cursor: 10).texts == ["4h30m"])
        #expect(complete("log sleep ").texts == ["7h30m"])
    }

    @Test func yesNoValuesOfferYesAndNo() throws {
        try store.journal.track(
            Attribute(name: "meditated", type: .yesno, aggregation: .last, unit: "", group: "health"))
        #expect(complete("log meditated ").texts == ["yes", "no"])
        #expect(complete("log meditated n").texts == ["no"])
    }

    @Test func datesAfterDayShowWeekAndOn() {
        #expect(complete("day y").texts == ["yesterday"])
        #expect(complete("day y").candidates[0].detail == "Fri 20 Nov")
        #expect(complete("show ").texts == Day.dateWords)
        #expect(complete("week mon").texts == ["monday"])
        #expect(complete("mood 3 --on th").texts == ["thursday"])
        #expect(complete("mood 3 --on th").candidates[0].detail == "Thu 19 Nov")
        #expect(complete("show la").texts == ["last"])
        #expect(complete("show la").candidates[0].detail == "last monday: Mon 16 Nov")
        #expect(complete("log steps 5 --on=y").texts == [])
    }

    /// A date of several words completes its next word, wherever a date is read: the argument
    /// of `show`, `week` or `day`, `--on`, `search --from`, and a date after `log`'s last value.
    @Test func theNextWordOfADate() throws {
        #expect(complete("show last ").texts == Day.weekdayNames)
        #expect(complete("show last ").candidates.map(\.detail) == [
            "Mon 16 Nov", "Tue 17 Nov", "Wed 18 Nov", "Thu 19 Nov", "Fri 20 Nov", "Sat 14 Nov", "Sun 15 Nov",
        ])
        let last = complete("week last mo")
        #expect(last.texts == ["monday"])
        #expect(last.action(repeated: false) == .insert("monday ", replacing: 2))
        #expect(complete("day last fr").texts == ["friday"])
        #expect(complete("mood 3 --on last fr").candidates.map(\.detail) == ["Fri 20 Nov"])
        #expect(complete("search --from last s").texts == ["saturday", "sunday"])
        #expect(complete("search walk --to last su").texts == ["sunday"])
        #expect(complete("log steps 8000 last tu").texts == ["tuesday"])
        #expect(complete("log steps 8000 sleep 7h last ").texts == Day.weekdayNames)
        // Numbers: days or weeks ago, or a day of a month.
        #expect(complete("show 3 da").candidates == [CompletionCandidate("days", detail: "3 days ago: Wed 18 Nov")])
        #expect(complete("show a w").candidates == [CompletionCandidate("week", detail: "a week ago: Sat 14 Nov")])
        #expect(complete("show 1 w").texts == ["week"])
        #expect(complete("show 21 n").candidates == [CompletionCandidate("nov", detail: "Sat 21 Nov")])
        #expect(complete("show 45 ").texts == ["days", "weeks"])
        #expect(complete("note x --on 2 weeks ").candidates == [CompletionCandidate("ago", detail: "Sat 7 Nov")])
        // The day before yesterday, a word at a time.
        #expect(
            complete("show the ").candidates == [
                CompletionCandidate("day", detail: "the day before yesterday: Thu 19 Nov")
            ])
        #expect(complete("mood 3 --on the day b").texts == ["before"])
        #expect(complete("log steps 8000 day ").candidates == [
            CompletionCandidate("before", detail: "day before yesterday: Thu 19 Nov")
        ])
        #expect(complete("show day before ").candidates == [CompletionCandidate("yesterday", detail: "Thu 19 Nov")])
        // A month: its day is a number, not listed.
        let month = complete("show nov ")
        #expect(month.texts == [])
        #expect(month.hint == "DATE: a day of the month after 'nov', like nov 21")
        #expect(complete("show last xyz").hint == "DATE: 'last' goes on with monday, tuesday, wednesday...")
        // A whole date takes no more words: `show` has nothing after it.
        #expect(complete("show last monday ").texts.allSatisfy { $0.hasPrefix("-") })
    }

    /// Completion reads a day the line names by the `day-order` setting: the usual value it
    /// offers is that day's weekday's.
    @Test func theDayOfTheLineFollowsTheDayOrder() throws {
        try store.log("sleep", "5h", on: "2026-11-13")
        try store.log("sleep", "4h", on: "2026-11-06")
        try store.log("sleep", "4h30m", on: "2026-10-30")  // Fridays: usually 4h30m
        #expect(complete("log sleep  --on 20/11", cursor: 10).texts == ["4h30m"])
        try store.journal.setSetting("day-order", "month-day")
        store.context.forgetSettings()
        #expect(complete("log sleep  --on 11/20", cursor: 10).texts == ["4h30m"])
        #expect(complete("log sleep  --on 20/11", cursor: 10).texts != ["4h30m"])
    }

    /// An answer of free text (the check-in's note) is all text: only a #tag completes.
    @Test func tagsInFreeText() throws {
        try store.journal.addNote(day: store.day("2026-11-10"), text: "#outdoors by the sea")
        let source = JournalCompletionSource(context: store.context)
        let tag = completer.completeFreeText("log a walk #ou", cursor: 14, source: source)
        #expect(tag.texts == ["#outdoors"])
        #expect(tag.start == 11)
        #expect(tag.action(repeated: false) == .insert("#outdoors ", replacing: 3))
        // Words that at the prompt would be a command or an attribute are text here.
        for line in ["log", "log st", "4 calm", ""] {
            let none = completer.completeFreeText(line, cursor: line.unicodeScalars.count, source: source)
            #expect(none.candidates.isEmpty && none.hint == nil, "\(line)")
        }
        #expect(completer.completeFreeText("#zz", cursor: 3, source: source).hint == "no tags in the journal start with #zz")
    }

    @Test func tagsInsideMoodAndNoteText() throws {
        try store.journal.addNote(day: store.day("2026-11-10"), text: "#outdoors by the sea")
        try store.journal.addNote(day: store.day("2026-11-11"), text: "#outdoors again #outings")
        try store.journal.setMood(day: store.day("2026-11-12"), rating: 4, note: "#Work")
        let ou = complete("mood 4 walked #ou")
        #expect(ou.texts == ["#outdoors", "#outings"])  // most used first
        #expect(ou.start == 14)
        #expect(ou.typed == "#ou")
        #expect(ou.action(repeated: false) == .insert("#out", replacing: 3))
        #expect(complete("note \"a quoted note #outi").texts == ["#outings"])
        #expect(complete("note \"a quoted note #outi").start == 20)
        #expect(complete("note lunch #W").texts == ["#work"])
        #expect(complete("note #").texts.count == 3)
        let none = complete("note #zzz")
        #expect(none.candidates.isEmpty)
        #expect(none.hint == "no tags in the journal start with #zzz")
        #expect(complete("note lunch wi").hint == "TEXT: the note; #tags tag the day")
    }

    @Test func optionsByName() {
        #expect(complete("note --").texts == ["--on", "--at"])
        #expect(complete("mood 4 nice day -").texts == ["--on"])
        #expect(complete("mood 4 --on today -").texts == [])
        #expect(complete("show --j").texts == ["--json"])
    }

    @Test func ratingsWithTheirWords() {
        let empty = complete("mood ")
        #expect(empty.texts == ["1", "2", "3", "4", "5"])
        #expect(empty.candidates.map(\.detail) == Mood.labels)
        #expect(complete("mood g").texts == ["good", "great"])
        #expect(complete("mood gr").texts == ["great"])
    }

    @Test func trackTypesAggregationsAndKeywordOptions() {
        #expect(complete("track pages ").texts == ["count", "decimal", "percentage", "duration", "time", "yesno"])
        #expect(complete("track pages d").texts == ["decimal", "duration"])
        #expect(complete("track pages count ").texts == ["sum", "average", "min", "max", "last", "unit", "group", "range"])
        #expect(complete("track pages count group a").texts == ["activity"])
        #expect(complete("track pages count unit ").hint?.hasPrefix("the unit shown after values") == true)
        #expect(complete("track pages count unit pages g").texts == ["group"])
        #expect(complete("track pages count range ").hint?.hasPrefix("the values it can plausibly take") == true)
        #expect(complete("track ste").texts == ["steps"])
        // A known attribute changes without its type: its keywords come at once.
        #expect(complete("track steps ").texts == ["count", "decimal", "percentage", "duration", "time", "yesno", "unit", "group", "range"])
        #expect(complete("track steps r").texts == ["range"])
    }

    @Test func settingsAndTheirValues() {
        #expect(
            complete("set ").texts == [
                "day-start", "history-notes", "color", "day-order", "sync-folder", "device-name", "unlock-minutes",
            ])
        #expect(complete("set h").texts == ["history-notes"])
        #expect(complete("set history-notes ").texts == ["on", "off"])
        #expect(complete("set color n").texts == ["never"])
        #expect(complete("set day-start ").hint == "day-start: a time from 00:00 to 12:00, like 04:00 (default 00:00)")
        #expect(complete("set colour ").hint?.hasPrefix("unknown setting 'colour'") == true)
    }

    @Test func pathsForSource() throws {
        let folder = store.directory + "/scripts"
        try FileManager.default.createDirectory(atPath: folder + "/sub dir", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/first-week.daybook", contents: Data())
        let c = complete("source \(folder)/f")
        #expect(c.texts == ["\(folder)/first-week.daybook"])
        let d = complete("source \(folder)/s")
        #expect(d.texts == ["\(folder)/sub\\ dir/"])
        #expect(d.action(repeated: false) == .insert("\(folder)/sub\\ dir/", replacing: folder.count + 2))
        // `import [SOURCE] FILE`: the first word is the program or the file.
        #expect(complete("import \(folder)/f").texts == ["\(folder)/first-week.daybook"])
        #expect(complete("import j").texts == ["jrnl"])
        #expect(complete("import jrnl \(folder)/f").texts == ["\(folder)/first-week.daybook"])
    }

    /// A command declared elsewhere with `.range` and `.choice` arguments completes from its
    /// argument kinds alone, with no code that knows its name.
    /// The real table, and a made-up command whose argument is a choice.
    static let goalTable = CommandTable(
        commands: CommandTable.standard.commands + [
            CommandSpec(
                name: "remind", summary: "", discussion: "",
                arguments: [Argument("WHEN", .choice(["morning", "evening", "never"]), help: "when")]
            ) { _, _ in .done }
        ],
        globalOptions: [])

    @Test func rangesArePrefilledFromTheUsualValue() throws {
        try store.log("steps", "8000", on: "2026-11-14")
        try store.log("steps", "8800", on: "2026-11-07")
        try store.log("steps", "8400", on: "2026-10-31")
        let c = complete("goal steps ", table: Self.goalTable)
        #expect(
            c.texts == ["7600..9200", ">= 8400", "<= 8400", "between 7600 and 9200", "at least 8400", "at most 8400"])
        #expect(c.hint?.hasPrefix("RANGE, usual 8,400 steps from 3 Saturdays: >= 8000, at least 8000") == true)
        // The range spans words: completion replaces it from its first word.
        let at = complete("goal steps at", table: Self.goalTable)
        #expect(at.action(repeated: false) == .insert("at ", replacing: 2))
        let least = complete("goal steps at l", table: Self.goalTable)
        #expect(least.start == 11)
        #expect(least.action(repeated: false) == .insert("at least 8400 ", replacing: 4))
        // Without a usual value, forms that suit the type and the unit.
        #expect(complete("goal sleep b", table: Self.goalTable).texts == ["between 7h and 9h"])
        #expect(complete("goal bedtime 2", table: Self.goalTable).texts == ["22:00..23:30"])
        #expect(
            complete("goal bedtime ", table: Self.goalTable).texts
                == ["22:00..23:30", "<= 23:30", "between 22:00 and 23:30", "at most 23:30"])
        #expect(complete("goal water ", table: Self.goalTable).texts == [">= 8", "6..10", "at least 8", "between 6 and 10"])
        #expect(complete("goal water at", table: Self.goalTable).texts == ["at least 8"])
        // Once the range is whole, the periods.
        #expect(complete("goal steps 8000 ", table: Self.goalTable).texts == ["daily", "weekly", "monthly"])
        #expect(complete("goal steps at least 8000 w", table: Self.goalTable).texts == ["weekly"])
        #expect(complete("goal sleep 7h..9h weekly --", table: Self.goalTable).texts == ["--on", "--total"])
        #expect(complete("remind e", table: Self.goalTable).texts == ["evening"])
        #expect(complete("goal st", table: Self.goalTable).texts == ["steps", "stand_hours"])
    }

    /// The hint after `goal ATTR ` gives examples of the attribute's own type and unit, not of
    /// every type: a bedtime's are times of day, sleep's durations.
    @Test func rangeHintsGiveExamplesThatFitTheAttribute() throws {
        try store.log("bedtime", "23:34", on: "2026-11-14")
        try store.log("bedtime", "23:34", on: "2026-11-07")
        try store.log("bedtime", "23:34", on: "2026-10-31")
        try store.log("steps", "8000", on: "2026-11-14")
        try store.log("steps", "8800", on: "2026-11-07")
        try store.log("steps", "8400", on: "2026-10-31")
        let cases = [
            (
                "goal bedtime ",
                "RANGE, usual 23:34 from 3 Saturdays: 22:00..23:30, between 22:00 and 23:30, <= 23:30 or at most 23:30; or off to end the goal"
            ),
            ("goal sleep ", "RANGE: 7h..9h, between 7h and 9h, >= 7h, at least 7h, <= 9h or at most 9h; or off to end the goal"),
            ("goal sleep 7", "RANGE: 7h..9h, between 7h and 9h, >= 7h, at least 7h, <= 9h or at most 9h; or off to end the goal"),
            (
                "goal steps ",
                "RANGE, usual 8,400 steps from 3 Saturdays: >= 8000, at least 8000, 6000..10000 or between 6000 and 10000; or off to end the goal"
            ),
            ("goal coffee ", "RANGE: <= 2, at most 2, 1..3 or between 1 and 3; or off to end the goal"),
        ]
        for (line, hint) in cases {
            #expect(complete(line, table: Self.goalTable).hint == hint, "\(line)")
        }
        // An attribute that is not known: the forms of every type.
        #expect(complete("goal nosuch ", table: Self.goalTable).hint?.hasPrefix("RANGE: " + GoalRange.acceptedForms) == true)
    }

    @Test func withoutAJournalCommandsStillComplete() {
        let c = Completer(table: .standard).complete("lo", cursor: 2, source: NoJournal())
        #expect(c.texts == ["log", "lock"])
        #expect(Completer(table: .standard).complete("log s", cursor: 5, source: NoJournal()).texts == [])
    }

    @Test func layoutInColumnsDownThenAcross() {
        let names = ["alpha", "beta", "gamma", "delta", "epsilon"].map { CompletionCandidate($0) }
        #expect(Completion.layout(names, width: 30) == ["alpha    delta    gamma", "beta     epsilon"])
    }
}
