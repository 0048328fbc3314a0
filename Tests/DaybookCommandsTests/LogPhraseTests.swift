import Foundation
import Testing

/// `log` in phrases over the attribute catalogue. The clock is pinned to
/// Saturday 2026-11-21.
@Suite struct LogPhraseTests {
    /// Each line, what `log` says it understood, and what the journal then holds.
    @Test func everyPhraseForm() throws {
        let cases: [(String, String, String)] = [
            (
                "slept 7 and a half hours, walked 9k steps, 3 coffees",
                "logged sleep 7h 30m, steps 9,000, coffee 3 cups for today",
                "coffee|3.0\nsleep|450.0\nsteps|9000.0"
            ),
            ("drank 3 glasses of water", "logged water 3 glasses for today", "water|3.0"),
            ("weighed 72 kg", "logged weight 72 kg for today", "weight|72.0"),
            ("ran 5 km", "logged distance 5 km for today", "distance|5.0"),
            ("ran for 30 minutes", "logged exercise 30m for today", "exercise|30.0"),
            ("walked 5 km", "logged distance 5 km for today", "distance|5.0"),
            ("walked 9k", "logged steps 9,000 for today", "steps|9000.0"),
            ("meditated 10 minutes", "logged mindful 10m for today", "mindful|10.0"),
            ("2 cups of coffee", "logged coffee 2 cups for today", "coffee|2.0"),
            ("3 coffees", "logged coffee 3 cups for today", "coffee|3.0"),
            ("had 2 coffees and 8 glasses of water", "logged coffee 2 cups, water 8 glasses for today", "coffee|2.0\nwater|8.0"),
            ("had a coffee and a glass of water", "logged coffee 1 cup, water 1 glass for today", "coffee|1.0\nwater|1.0"),
            ("slept 7h, a coffee", "logged sleep 7h, coffee 1 cup for today", "coffee|1.0\nsleep|420.0"),
            ("72.5 kg", "logged weight 72.5 kg for today", "weight|72.5"),
            ("stood 10 hours", "logged stand_hours 10 h for today", "stand_hours|10.0"),
            ("burned 450 kcal", "logged active_energy 450 kcal for today", "active_energy|450.0"),
            ("worked 6 hours", "logged productive 6h for today", "productive|360.0"),
            ("worked out 45 min", "logged exercise 45m for today", "exercise|45.0"),
            ("resting heart rate 58, heart rate 70", "logged resting_hr 58 bpm, heart_rate 70 bpm for today", "heart_rate|70.0\nresting_hr|58.0"),
            ("woke up at 7am, went to bed at 23:40", "logged wake_time 07:00, bedtime 23:40 for today", "bedtime|1420.0\nwake_time|420.0"),
            ("slept 7 hours and 30 minutes", "logged sleep 7h 30m for today", "sleep|450.0"),
            ("slept 7h30 and 3 coffees", "logged sleep 7h 30m, coffee 3 cups for today", "coffee|3.0\nsleep|450.0"),
            ("slept 7 hours 3 coffees", "logged sleep 7h, coffee 3 cups for today", "coffee|3.0\nsleep|420.0"),
            ("slept 7h.", "logged sleep 7h for today", "sleep|420.0"),
            ("Slept 7h, Walked 9K Steps", "logged sleep 7h, steps 9,000 for today", "sleep|420.0\nsteps|9000.0"),
            // Pairs and phrases mix; a name after a value is its own (`9k steps`).
            ("steps 9k steps", "logged steps 9,000 for today", "steps|9000.0"),
            ("coffee 3 coffees", "logged coffee 3 cups for today", "coffee|3.0"),
            ("sleep 7h, 2 coffees", "logged sleep 7h, coffee 2 cups for today", "coffee|2.0\nsleep|420.0"),
            ("steps 8000 steps 900", "logged steps 8,000, steps 900 for today (8,900 today)", "steps|8900.0"),
        ]
        for (line, shown, stored) in cases {
            let d = try InProcess()
            let r = try d.run(["log"] + line.split(separator: " ").map(String.init))
            #expect(r.status == 0, "\(line): \(r.stderr)")
            #expect(r.stderr == shown + "\n", "\(line)")
            #expect(try d.sql("SELECT attribute, value FROM day_value WHERE day = '2026-11-21' ORDER BY attribute") == stored, "\(line)")
        }
    }

    /// A tracked attribute is placed by its name, its plural and its unit.
    @Test func trackedAttributesByNamePluralAndUnit() throws {
        let d = try InProcess()
        #expect(try d.run(["track", "pages", "count", "unit", "pages"]).status == 0)
        #expect(try d.run(["track", "pushup", "count"]).status == 0)
        #expect(try d.run(["track", "screen_time", "duration"]).status == 0)
        let r = try d.run(["log", "read", "30", "pages,", "did", "20", "pushups,", "screen", "time", "2h"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "logged pages 30, pushup 20, screen_time 2h for today\n")
        #expect(
            try d.sql("SELECT attribute, value FROM day_value ORDER BY attribute")
                == "pages|30.0\npushup|20.0\nscreen_time|120.0")
    }

    /// A tracked attribute's own name names it, even where a built-in's noun is the same word
    /// (`energy` for active_energy, `wakeup` for wake_time): no value passes to the built-in.
    @Test func anAttributesOwnNameWinsOverABuiltInsNoun() throws {
        let d = try InProcess()
        #expect(try d.run(["track", "energy", "decimal"]).status == 0)
        #expect(try d.run(["track", "wakeup", "time"]).status == 0)
        for line in [["energy", "9", "energy", "4"], ["energy", "9,", "energy", "4"], ["wakeup", "06:00", "wakeup", "07:00"]] {
            let r = try d.run(["log"] + line)
            #expect(r.status == 0, "\(line): \(r.stderr)")
        }
        #expect(
            try d.sql("SELECT attribute, group_concat(value) FROM entry GROUP BY attribute ORDER BY attribute")
                == "energy|9.0,4.0,9.0,4.0\nwakeup|360.0,420.0")
        // The built-in is still named by its verb and its unit.
        #expect(try d.run(["log", "burned", "450", "kcal"]).stderr == "logged active_energy 450 kcal for today\n")
    }

    /// A date at the end is the day of the whole line.
    @Test func aDateAtTheEndIsTheDayOfTheLine() throws {
        let cases: [([String], String, String)] = [
            (["slept", "7h,", "3", "coffees", "yesterday"], "logged sleep 7h, coffee 3 cups for yesterday", "2026-11-20"),
            (["walked", "9k", "steps", "3", "days", "ago"], "logged steps 9,000 for Wed 18 Nov", "2026-11-18"),
            (["slept", "7h,", "2", "coffees", "a", "week", "ago"], "logged sleep 7h, coffee 2 cups for Sat 14 Nov", "2026-11-14"),
            (["3", "coffees", "last", "monday"], "logged coffee 3 cups for Mon 16 Nov", "2026-11-16"),
            (["walked", "9k", "steps", "nov", "12"], "logged steps 9,000 for Thu 12 Nov", "2026-11-12"),
            (["slept", "7h", "--on", "yesterday"], "logged sleep 7h for yesterday", "2026-11-20"),
            (["slept", "7h", "and", "walked", "9k", "steps", "--on", "2026-11-01"], "logged sleep 7h, steps 9,000 for Sun 1 Nov", "2026-11-01"),
            // The fix: the 3 is the date's, not the minutes of the sleep.
            (["sleep", "7", "hours", "3", "days", "ago"], "logged sleep 7h for Wed 18 Nov", "2026-11-18"),
        ]
        for (words, shown, day) in cases {
            let d = try InProcess()
            let r = try d.run(["log"] + words)
            #expect(r.status == 0, "\(words): \(r.stderr)")
            #expect(r.stderr == shown + "\n", "\(words)")
            #expect(try d.sql("SELECT DISTINCT day FROM entry") == day, "\(words)")
        }
    }

    /// The way the refusal of a new thing counted says to track it works.
    @Test func aNewThingCountedIsTrackedAsTheRefusalSays() throws {
        let d = try InProcess()
        var r = try d.run(["log", "3", "sandwiches"])
        #expect(r.status == 1)
        #expect(r.stderr.hasSuffix("; to track it: track sandwiches count\n"), "\(r.stderr)")
        r = try d.run(["track", "sandwiches", "count"])
        #expect(r.status == 0, "\(r.stderr)")
        r = try d.run(["log", "3", "sandwiches"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try d.sql("SELECT attribute, value FROM entry") == "sandwiches|3.0")
    }

    /// A unit has the plural it has, and a symbol none: `kges` is no unit, and no guess.
    @Test func noMadeUpPluralsOfUnits() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "start"]).status == 0)  // creates the journal
        let write = "write like slept 7h, walked 9k steps, 3 coffees, or log ATTR VALUE"
        let cases: [([String], String)] = [
            (["read", "30", "pages"], "error: 'pages' is not a tracked attribute, unit or verb log knows; \(write); to track it: track pages count"),
            (["3", "kges"], "error: 'kges' is not a tracked attribute, unit or verb log knows; \(write); to track it: track kges count"),
            (["3", "kgs"], "error: 'kgs' is not a tracked attribute, unit or verb log knows; did you mean 'kg'? \(write)"),
        ]
        for (words, message) in cases {
            let r = try d.run(["log"] + words)
            #expect(r.status == 1, "\(words)")
            #expect(r.stderr == message + "\n", "\(words)")
        }
        #expect(try d.sql("SELECT count(*) FROM entry") == "0")
        #expect(try d.run(["log", "3", "kg,", "2", "cup", "of", "coffee,", "1", "glass", "of", "water"]).stderr == "logged weight 3 kg, coffee 2 cups, water 1 glass for today\n")
    }

    /// A word that cannot be placed is refused in one line naming it, and nothing is written.
    @Test func refusalsNameTheWordAndWriteNothing() throws {
        let d = try InProcess()
        let cases: [([String], String)] = [
            (
                ["slept", "7h,", "danced", "2h"],
                "error: 'danced' is not a tracked attribute, unit or verb log knows; write like slept 7h, walked 9k steps, 3 coffees, or log ATTR VALUE"
            ),
            (
                ["slept", "7h,", "slpet", "2h"],
                "error: 'slpet' is not a tracked attribute, unit or verb log knows; did you mean 'slept'? write like slept 7h, walked 9k steps, 3 coffees, or log ATTR VALUE"
            ),
            (["3", "coffees,", "slept"], "error: 'slept' has no value; give one, like slept 7h30m"),
            (["3"], "error: '3' names no attribute; say what it is, like 3 coffees, slept 7h or coffee 3"),
            (["slept", "7h,", "4"], "error: '4' names no attribute; say what it is, like 3 coffees, slept 7h or coffee 3"),
            (["drank", "2", "cups", "of", "water"], "error: 'cups' is not a unit of water; water is in glasses"),
            (
                ["slept", "5", "km"],
                "error: 'km' is not a unit of sleep; sleep is a duration, like 7h30m"
            ),
            (
                ["slept", "7h,", "3", "sandwiches"],
                "error: 'sandwiches' is not a tracked attribute, unit or verb log knows; write like slept 7h, walked 9k steps, 3 coffees, or log ATTR VALUE; to track it: track sandwiches count"
            ),
            (["3", "coffees", "and", "a"], "error: 'a' is not a tracked attribute, unit or verb log knows; write like slept 7h, walked 9k steps, 3 coffees, or log ATTR VALUE"),
            (["ran", "5", "km", "steps"], "error: 'steps' is not a unit of distance; distance is in km"),
            (
                ["2", "coffee", "water"],
                "error: 'water' does not go with 'coffee': 'coffee' is coffee, 'water' is water; give each value its own words, like 2 cups of coffee, 3 glasses of water"
            ),
            (["drank", "3"], "error: 'drank 3' could be water or coffee; say which, like drank 3 glasses of water"),
            (["slept", "7,", "3", "coffees"], "error: sleep: '7' is not a duration; use 7h30m, 7h, 45m, 7:30 or 7.5h"),
            (["slept", "7h", "yesterday", "--on", "today"], "error: the day is given twice, --on today and yesterday; give it once"),
            (
                ["slept", "7h", "last", "mondy"],
                "error: 'mondy' is not a date; use today, yesterday, a weekday (monday or mon), last monday, 3 days ago, a week ago, 21 nov, nov 21, 21/11, or YYYY-MM-DD"
            ),
            // The pairs keep their own refusals.
            (["stepz", "8000"], "error: unknown attribute 'stepz'; did you mean 'steps'? Or, to track a new one: track stepz TYPE (count, decimal, percentage, duration, time or yesno)"),
            (["water", "2", "cups"], "error: water: 'cups' is not a unit of water; water is in glasses: give a count like 8200"),
        ]
        for (words, message) in cases {
            let r = try d.run(["log"] + words)
            #expect(r.status != 0, "\(words)")
            #expect(r.stderr == message + "\n", "\(words)")
        }
        #expect(!FileManager.default.fileExists(atPath: d.journal), "nothing written, not even a journal")
    }

    /// All the values of a line are one change: one `undo` reverts the line.
    @Test func oneChangeAndOneUndoForTheWholeLine() throws {
        let d = try InProcess()
        #expect(try d.run(["log", "steps", "100"]).status == 0)
        let r = try d.run(["log", "slept", "7", "and", "a", "half", "hours,", "walked", "9k", "steps,", "3", "coffees"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try d.sql("SELECT count(DISTINCT added_by) FROM entry WHERE attribute <> 'steps' OR value = 9000") == "1")
        #expect(try d.sql("SELECT count(*) FROM change WHERE command = 'log'") == "2")
        let undo = try d.run(["undo"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stderr == "undid: log sleep 7h 30m, steps 9,000, coffee 3 for 2026-11-21\n")
        #expect(try d.sql("SELECT attribute, value FROM entry WHERE removed_by IS NULL") == "steps|100.0")
        #expect(try d.sql("SELECT attribute, value FROM day_value") == "steps|100.0")
    }

    /// A script and the shell read the same phrases; a refused line writes nothing of itself.
    @Test func inAScript() throws {
        let d = try InProcess()
        let r = try d.run(input: "log slept 7h, 3 coffees yesterday\nlog walked 9k steps, danced 2h\nlog drank 3 glasses of water\n")
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "<stdin>:2: error: 'danced' is not a tracked attribute, unit or verb log knows; write like slept 7h, walked 9k steps, 3 coffees, or log ATTR VALUE\n"
        )
        #expect(
            try d.sql("SELECT day, attribute, value FROM entry ORDER BY id")
                == "2026-11-20|sleep|420.0\n2026-11-20|coffee|3.0\n2026-11-21|water|3.0")
    }

    /// A whole phrase in one quoted word reads the same.
    @Test func quotedPhrase() throws {
        let d = try InProcess()
        let r = try d.run(["log", "slept 7h, 2 coffees"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "logged sleep 7h, coffee 2 cups for today\n")
    }
}
