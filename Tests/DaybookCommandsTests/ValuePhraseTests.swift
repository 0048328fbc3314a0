import Foundation
import Testing

/// Values as people type them in `log`, and a date after the last value.
/// The clock is pinned to Saturday 2026-11-21.
@Suite struct ValuePhraseTests {
    @Test func durationsCountsAndUnitsInWords() throws {
        let cases: [([String], String)] = [
            (["sleep", "7", "hours", "30", "minutes"], "logged sleep 7h 30m for today"),
            (["sleep", "7", "hours"], "logged sleep 7h for today"),
            (["sleep", "7", "and", "a", "half", "hours"], "logged sleep 7h 30m for today"),
            (["sleep", "90", "minutes"], "logged sleep 1h 30m for today"),
            (["sleep", "1h30"], "logged sleep 1h 30m for today"),
            (["sleep", "7h30"], "logged sleep 7h 30m for today"),
            (["sleep", "7 hours 30 minutes"], "logged sleep 7h 30m for today"),
            (["steps", "9k"], "logged steps 9,000 for today"),
            (["coffee", "2", "cups"], "logged coffee 2 cups for today"),
            (["coffee", "1", "cup"], "logged coffee 1 cup for today"),
            (["water", "3", "glasses", "weight", "72.5", "kg"], "logged water 3 glasses, weight 72.5 kg for today"),
            (["weight", "72.9kg"], "logged weight 72.9 kg for today"),
            (["weight", "72.9kg", "coffee", "2cups"], "logged weight 72.9 kg, coffee 2 cups for today"),
            (["heart_rate", "60bpm", "distance", "5.2km"], "logged heart_rate 60 bpm, distance 5.2 km for today"),
            (["weighed", "72.9kg"], "logged weight 72.9 kg for today"),
            (["72.9kg,", "2cups", "of", "coffee"], "logged weight 72.9 kg, coffee 2 cups for today"),
            (
                ["sleep", "7", "and", "a", "half", "hours", "steps", "9k", "coffee", "3"],
                "logged sleep 7h 30m, steps 9,000, coffee 3 cups for today"
            ),
        ]
        // Each on a journal of its own: on one, the sleep would add up past a day.
        for (words, shown) in cases {
            let r = try InProcess().run(["log"] + words)
            #expect(r.status == 0, "\(words): \(r.stderr)")
            #expect(r.stderr == shown + "\n", "\(words)")
        }
    }

    /// Pounds, stones and miles, as people type them, are converted to the attribute's own
    /// kilograms and kilometres, to a hundredth; `last night` is today, the day the night
    /// ended. A unit that converts to no attribute's own is still refused, naming it.
    @Test func poundsStonesMilesAndLastNight() throws {
        let cases: [([String], String, String)] = [
            (["weight", "160", "lb"], "logged weight 72.57 kg for today", "weight|72.57"),
            (["weight", "160lbs"], "logged weight 72.57 kg for today", "weight|72.57"),
            (["weight", "11", "stone"], "logged weight 69.85 kg for today", "weight|69.85"),
            (["weighed", "160", "pounds"], "logged weight 72.57 kg for today", "weight|72.57"),
            (["walked", "5", "miles"], "logged distance 8.05 km for today", "distance|8.05"),
            (["distance", "3", "mi"], "logged distance 4.83 km for today", "distance|4.83"),
            (["ran", "2.5miles"], "logged distance 4.02 km for today", "distance|4.02"),
            (["sleep", "7h20", "last", "night"], "logged sleep 7h 20m for today", "sleep|440.0"),
            (["slept", "7h20", "last", "night"], "logged sleep 7h 20m for today", "sleep|440.0"),
        ]
        for (words, shown, stored) in cases {
            let d = try InProcess()
            let r = try d.run(["log"] + words)
            #expect(r.status == 0, "\(words): \(r.stderr)")
            #expect(r.stderr == shown + "\n", "\(words)")
            #expect(try d.sql("SELECT attribute || '|' || value FROM day_value WHERE day = '2026-11-21'") == stored, "\(words)")
        }
        // A unit of another attribute is refused, and names the word it could not read.
        let d = try InProcess()
        #expect(try d.run(["log", "steps", "100"]).status == 0)
        let miles = try d.run(["log", "weight", "160", "miles"])
        #expect(miles.status != 0)
        #expect(miles.stderr.contains("'miles'"), "\(miles.stderr)")
        #expect(!miles.stderr.contains("after"), "\(miles.stderr)")
        let furlongs = try d.run(["log", "walked", "5", "furlongs"])
        #expect(furlongs.status != 0)
        #expect(furlongs.stderr.contains("'furlongs'"), "\(furlongs.stderr)")
        #expect(try d.sql("SELECT count(*) FROM day_value") == "1")
    }

    @Test func aDateAfterTheLastValueIsTheDay() throws {
        let d = try InProcess()
        let cases: [([String], String)] = [
            (["steps", "8000", "yesterday"], "logged steps 8,000 for yesterday"),
            (["steps", "100", "last", "monday"], "logged steps 100 for Mon 16 Nov"),
            (["sleep", "7h", "3", "days", "ago"], "logged sleep 7h for Wed 18 Nov"),
            (["sleep", "7", "hours", "yesterday"], "logged sleep 7h for yesterday"),
            (["steps", "5", "sleep", "6h", "nov", "12"], "logged steps 5, sleep 6h for Thu 12 Nov"),
            (["steps", "6", "2026-11-01"], "logged steps 6 for Sun 1 Nov"),
        ]
        for (words, shown) in cases {
            let r = try d.run(["log"] + words)
            #expect(r.status == 0, "\(words): \(r.stderr)")
            #expect(r.stderr == shown + "\n", "\(words)")
        }
        // The shell reads the same line.
        let shell = try d.run(input: "log steps 7 a week ago\n")
        #expect(shell.status == 0, "\(shell.stderr)")
        #expect(try d.sql("SELECT day FROM entry WHERE value = 7") == "2026-11-14")
    }

    @Test func inNotesAndMoodsADateWordIsText() throws {
        let d = try InProcess()
        #expect(try d.run(["mood", "4", "better", "than", "yesterday"]).status == 0)
        #expect(try d.run(["note", "ran", "3", "days", "ago"]).status == 0)
        #expect(try d.sql("SELECT day || ' ' || note FROM mood") == "2026-11-21 better than yesterday")
        #expect(try d.sql("SELECT day || ' ' || text FROM note") == "2026-11-21 ran 3 days ago")
    }

    @Test func refusalsAreOneLineAndWriteNothing() throws {
        let d = try InProcess()
        let cases: [([String], String)] = [
            (["sleep", "7"], "error: sleep: '7' is not a duration; use 7h30m, 7h, 45m, 7:30 or 7.5h"),
            (["sleep", "7", "hours", "61"], "error: sleep: '7 hours 61' is not a duration; use 7h30m, 7h, 45m, 7:30 or 7.5h"),
            (["sleep", "7", "and", "a", "half"], "error: sleep: '7 and a half' is not a duration; use 7h30m, 7h, 45m, 7:30 or 7.5h"),
            (
                ["water", "2", "cups"],
                "error: water: 'cups' is not a unit of water; water is in glasses: give a count like 8200"
            ),
            (
                ["steps", "8000", "sleep"],
                "error: log needs VALUE after sleep; usage: log ATTR VALUE [ATTR VALUE]..."
            ),
            (
                ["steps", "8000", "yesterday", "--on", "today"],
                "error: the day is given twice, --on today and yesterday; give it once"
            ),
            (
                ["steps", "8000", "yesterday", "sleep", "7h"],
                "error: too many arguments for log ('sleep'); usage: log ATTR VALUE [ATTR VALUE]..."
            ),
            (
                ["steps", "8000", "last", "mondy"],
                "error: 'mondy' is not a date; use today, yesterday, a weekday (monday or mon), last monday, 3 days ago, a week ago, 21 nov, nov 21, 21/11, or YYYY-MM-DD"
            ),
        ]
        for (words, message) in cases {
            let r = try d.run(["log"] + words)
            #expect(r.status != 0, "\(words)")
            #expect(r.stderr == message + "\n", "\(words)")
        }
        #expect(!FileManager.default.fileExists(atPath: d.journal), "nothing written, not even a journal")
    }
}
