import Foundation
import Testing

/// The check-in's value questions read answers as `log` reads phrases, through a real terminal.
@Suite struct CheckInPhraseTerminalTests {
    /// Sleep and steps were logged in the last 14 days, so the check-in asks about both.
    func home() throws -> Home {
        let home = try Home()
        try home.script("log sleep 7h --on 2026-11-14\nlog steps 9000 --on 2026-11-19\n")
        return home
    }

    func startCheckIn(_ home: Home) throws -> Terminal {
        let t = try Terminal(home)
        try t.checkInPastMoodAndNote()
        return t
    }

    @Test func answersInPhrasesWithRefusalsAskedAgain() throws {
        let home = try home()
        let t = try startCheckIn(home)
        let steps = "How many steps did you walk? (e.g. 8,200 steps; Enter skips) "
        try t.prompt(steps)
        t.type("danced 9k" + Terminal.enter)
        try t.expect(
            "'danced' is not part of an answer about steps; answer with a count, like 8200\n(or - to skip)")
        try t.prompt(steps)
        t.type("slept 9k" + Terminal.enter)
        try t.expect("'slept' is not about steps; answer with a count, like 8200 (or - to skip)")
        try t.prompt(steps)
        t.type("9k steps" + Terminal.enter)
        let sleep = "How long did you sleep? (e.g. 7h 30m; Enter skips) "
        try t.prompt(sleep)
        t.type("walked 7h" + Terminal.enter)
        try t.expect("'walked' is not about sleep; answer with a duration, like 7h30m or 7 and a half\nhours (or - to skip)")
        try t.prompt(sleep)
        t.type("7 and a half" + Terminal.enter)
        try t.expect("'7 and a half' is not a duration; use 7h30m, 7h, 45m, 7:30 or 7.5h (or - to\nskip)")
        try t.prompt(sleep)
        t.type("slept 7 and a half hours" + Terminal.enter)
        try t.expect("Done. Here is today:")
        try t.expect("steps   9,000")
        try t.expect("sleep   7h 30m")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(
            try home.sql("SELECT attribute, value FROM day_value WHERE day = '2026-11-21' ORDER BY attribute")
                == "sleep|450.0\nsteps|9000.0")
        // The refused answers wrote nothing: one change for each answer taken.
        #expect(try home.sql("SELECT count(*) FROM change WHERE command = 'log' AND id > 3") == "2")
    }

    @Test func shortFormsOfEachQuestion() throws {
        let cases: [(steps: String, sleep: String, stored: String)] = [
            ("9k", "7 and a half hours", "sleep|450.0\nsteps|9000.0"),
            ("walked 9k steps", "slept 7h30", "sleep|450.0\nsteps|9000.0"),
            ("9,000 steps", "slept for 7 hours and 30 minutes", "sleep|450.0\nsteps|9000.0"),
        ]
        for (stepsAnswer, sleepAnswer, stored) in cases {
            let home = try home()
            let t = try startCheckIn(home)
            try t.prompt("How many steps did you walk? ")
            t.type(stepsAnswer + Terminal.enter)
            try t.prompt("How long did you sleep? ")
            t.type(sleepAnswer + Terminal.enter)
            try t.expect("Done. Here is today:")
            try t.prompt()
            t.type(Terminal.ctrlD)
            #expect(try t.waitForExit() == 0)
            #expect(
                try home.sql("SELECT attribute, value FROM day_value WHERE day = '2026-11-21' ORDER BY attribute")
                    == stored, "\(stepsAnswer), \(sleepAnswer)")
        }
    }
}

extension Terminal {
    /// At the shell's prompt: starts `checkin` and skips its mood and note questions, so that
    /// the value questions come next.
    func checkInPastMoodAndNote() throws {
        try prompt()
        type("checkin" + Terminal.enter)
        try prompt("How was today, 1 to 5? ")
        type(Terminal.enter)
        try prompt("Anything you want to note? (#tags welcome, Enter to skip) ")
        type(Terminal.enter)
    }
}
