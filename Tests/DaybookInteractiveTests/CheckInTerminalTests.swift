import Foundation
import Testing

/// The guided check-in, answered through a real terminal.
@Suite struct CheckInTerminalTests {
    /// Sleep on the three Saturdays before (7h, 8h and 7h30m: usually 7h 30m), steps on Thursday.
    func homeWithRecentValues() throws -> Home {
        let home = try Home()
        try home.script(
            "log sleep 7h --on 2026-11-14\nlog sleep 8h --on 2026-11-07\nlog sleep 7h30m --on 2026-10-31\n"
                + "log steps 9000 --on 2026-11-19\n"
                + "log weight 70 --on 2026-10-01\n")
        return home
    }

    /// At 40 columns, a question wider than the terminal comes on lines of its own, wrapped at
    /// spaces, and the answer is typed after "> "; one that fits stays the prompt.
    @Test func aNarrowTerminalWrapsTheQuestions() throws {
        let home = try homeWithRecentValues()
        let t = try Terminal(home, columns: 40)
        try t.expect("daybook Sat 21 Nov> ")
        try t.waitForRawMode()
        t.type("checkin" + Terminal.enter)
        try t.expect("Checking in for Saturday 21 November\n2026. Answers are saved as you go;\nCtrl-C stops.\n")
        try t.prompt("How was today, 1 to 5? ")
        t.type("4" + Terminal.enter)
        try t.expect("Anything you want to note? (#tags\nwelcome, Enter to skip)\n")
        try t.prompt("> ")
        t.type("a long walk along the river #outdoors" + Terminal.enter)
        try t.expect("How many steps did you walk? (e.g. 8,200\nsteps; Enter skips)\n")
        try t.prompt("> ")
        t.type("9k" + Terminal.enter)
        try t.expect("How long did you sleep? (usually 7h 30m,\nfrom 3 Saturdays; TAB fills it in, Enter\nskips)\n")
        try t.prompt("> ")
        // TAB fills the usual value in, as it is shown; Enter takes what is on the line.
        t.type(Terminal.tab)
        try t.expect("> 7h 30m")
        t.type(Terminal.enter)
        try t.expect("Done. Here is today:")
        try t.expect("daybook Sat 21 Nov> ")
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        // The note answer is the mood's note, which had none.
        #expect(try home.sql("SELECT rating, note FROM mood WHERE removed_by IS NULL") == "4|a long walk along the river #outdoors")
        #expect(try home.sql("SELECT count(*) FROM note") == "0")
        #expect(
            try home.sql("SELECT attribute, value FROM day_value WHERE day = '2026-11-21' ORDER BY attribute")
                == "sleep|450.0\nsteps|9000.0")
    }

    /// - skips the mood and the note as it skips a value: nothing is written for them.
    @Test func aDashSkipsEveryQuestion() throws {
        let home = try homeWithRecentValues()
        let t = try Terminal(home)
        try t.prompt()
        t.type("checkin" + Terminal.enter)
        try t.prompt("How was today, 1 to 5? ")
        t.type("-" + Terminal.enter)
        try t.prompt("Anything you want to note? (#tags welcome, Enter to skip) ")
        t.type("-" + Terminal.enter)
        try t.expect("How many steps did you walk?")
        t.type("-" + Terminal.enter)
        try t.expect("How long did you sleep?")
        t.type("-" + Terminal.enter)
        try t.expect("Nothing new for today. Here it is:")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT count(*) FROM mood WHERE day = '2026-11-21'") == "0")
        #expect(try home.sql("SELECT count(*) FROM note") == "0")
        #expect(try home.sql("SELECT count(*) FROM day_value WHERE day = '2026-11-21'") == "0")
    }

    @Test func fullCheckInWithOneBadAnswer() throws {
        let home = try homeWithRecentValues()
        let t = try Terminal(home)
        try t.prompt()
        t.type("checkin" + Terminal.enter)
        try t.prompt("How was today, 1 to 5? ")
        t.type("7" + Terminal.enter)
        // Wrapped at a space to the terminal's 80 columns.
        try t.expect("'7' is not a mood; answer 1 to 5, or a word: terrible, bad, okay, good, great.\nEnter skips.")
        try t.prompt("How was today, 1 to 5? ")
        // Words that are not a rating may be a note: the answer does not name them.
        t.type("secret words" + Terminal.enter)
        try t.expect("That is not a mood; answer 1 to 5, or a word: terrible, bad, okay, good, great.\nEnter skips.")
        try t.prompt("How was today, 1 to 5? ")
        t.type("good" + Terminal.enter)
        try t.prompt("Anything you want to note? (#tags welcome, Enter to skip) ")
        t.type("walked by the sea #sea" + Terminal.enter)
        // Steps and sleep were logged in the last 14 days; weight was not.
        try t.prompt("How many steps did you walk? (e.g. 8,200 steps; Enter skips) ")
        t.type("8.2k" + Terminal.enter)
        // Wider than the 80 columns with the days the usual value rests on: lines of its own.
        try t.expect("How long did you sleep? (usually 7h 30m, from 3 Saturdays; TAB fills it in,\nEnter skips)\n")
        try t.prompt("> ")
        // Enter skips a question that has a usual value too: nothing is written for sleep.
        t.type(Terminal.enter)
        try t.expect("Done. Here is today:")
        try t.expect("mood    4 good")
        try t.expect("walked by the sea #sea")
        try t.expect("steps   8,200")
        try t.prompt()
        #expect(!t.text.contains("sleep   7h 30m"))
        #expect(!t.text.contains("What did you weigh"))
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        // The note answer was written as the mood's note, a second change: the first mood row
        // is kept in the history, replaced.
        #expect(try home.sql("SELECT rating FROM mood WHERE day = '2026-11-21' AND removed_by IS NULL") == "4")
        #expect(try home.sql("SELECT note FROM mood WHERE day = '2026-11-21' AND removed_by IS NULL") == "walked by the sea #sea")
        #expect(try home.sql("SELECT count(*) FROM note WHERE day = '2026-11-21'") == "0")
        #expect(try home.sql("SELECT name FROM tag WHERE mood_id IS NOT NULL AND removed_by IS NULL") == "sea")
        #expect(
            try home.sql("SELECT attribute, value FROM day_value WHERE day = '2026-11-21' ORDER BY attribute")
                == "steps|8200.0")
        // Each answer is its own change, written as it was given.
        #expect(try home.sql("SELECT command FROM change WHERE id > 6 ORDER BY id") == "mood\nmood\nlog")
    }

    @Test func checkInInterruptedHalfwayKeepsTheAnswers() throws {
        let home = try homeWithRecentValues()
        let t = try Terminal(home)
        try t.prompt()
        t.type("checkin" + Terminal.enter)
        try t.prompt("How was today, 1 to 5? ")
        t.type("3" + Terminal.enter)
        try t.prompt("Anything you want to note? (#tags welcome, Enter to skip) ")
        t.type(Terminal.enter)
        try t.prompt("How many steps did you walk? ")
        t.type("12" + Terminal.ctrlC)
        try t.expect("Check-in stopped; kept what you answered: mood.")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT rating FROM mood") == "3")
        #expect(try home.sql("SELECT count(*) FROM note") == "0")
        #expect(try home.sql("SELECT count(*) FROM entry WHERE day = '2026-11-21'") == "0")
    }

    /// Attributes with a goal in force are asked about even when nothing was logged lately.
    @Test func attributesWithGoalsAreAskedAbout() throws {
        let home = try Home()
        try home.script("mood 4\ngoal water at least 8\ngoal coffee at most 2 --on 2026-11-01\ngoal coffee off\n")
        let t = try Terminal(home)
        try t.prompt()
        t.type("checkin" + Terminal.enter)
        try t.prompt("How was today, 1 to 5? (now 4 good; Enter keeps it) ")
        t.type(Terminal.enter)
        try t.prompt("Anything you want to note? ")
        t.type(Terminal.enter)
        try t.prompt("How many glasses of water did you drink? (e.g. 8 glasses; Enter skips) ")
        t.type("6 glasses" + Terminal.enter)
        try t.expect("Done. Here is today:")
        try t.prompt()
        #expect(!t.text.contains("coffee"))  // its goal was removed
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT attribute, value FROM day_value") == "water|6.0")
    }

    @Test func checkInFromAOneShotCommandInATerminal() throws {
        let home = try Home()
        let t = try Terminal(home, arguments: ["checkin", "--on", "yesterday"])
        try t.prompt("How was yesterday, 1 to 5? ")
        t.type("5 a fine day #sun" + Terminal.enter)
        try t.prompt("Anything you want to note? ")
        t.type(Terminal.enter)
        try t.expect("Done. Here is yesterday:")
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT day, rating, note FROM mood") == "2026-11-20|5|a fine day #sun")
        #expect(try home.sql("SELECT name FROM tag") == "sun")
    }

    /// The note question, and the note after a mood's rating, are free text: TAB completes the
    /// #tags used before, as at the prompt, and nothing else.
    @Test func tagsCompleteInTheNoteAnswers() throws {
        let home = try Home()
        try home.script("note by the sea #outdoors --on 2026-11-10\nnote #seaside again --on 2026-11-12\n")
        let t = try Terminal(home)
        try t.prompt()
        t.type("checkin" + Terminal.enter)
        try t.prompt("How was today, 1 to 5? ")
        t.type("4 calm #outd" + Terminal.tab)
        try t.expect("oors ")
        t.type(Terminal.enter)
        try t.prompt("Anything you want to note? (#tags welcome, Enter to skip) ")
        t.type("long walk" + Terminal.tab)  // not a tag: nothing is added
        t.type(" #sea" + Terminal.tab)
        try t.expect("side ")
        t.type("and more" + Terminal.enter)
        try t.expect("Done. Here is today:")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT rating, note FROM mood") == "4|calm #outdoors")
        #expect(try home.sql("SELECT text FROM note WHERE day = '2026-11-21'") == "long walk #seaside and more")
    }

    /// `daybook checkin` run from a terminal completes tags in its answers too.
    @Test func tagsCompleteInAOneShotCheckIn() throws {
        let home = try Home()
        try home.script("note by the sea #outdoors --on 2026-11-10\n")
        let t = try Terminal(home, arguments: ["checkin"])
        try t.prompt("How was today, 1 to 5? ")
        t.type("3" + Terminal.enter)
        try t.prompt("Anything you want to note? ")
        t.type("out #ou" + Terminal.tab)
        try t.expect("tdoors ")
        t.type(Terminal.enter)
        try t.expect("Done. Here is today:")
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT note FROM mood WHERE day = '2026-11-21' AND removed_by IS NULL") == "out #outdoors")
    }
}
