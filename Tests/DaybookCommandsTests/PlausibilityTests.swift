import DaybookTestSupport
import Foundation
import Testing

/// Values far outside what an attribute can be are refused with its plausible range, and
/// nothing is written; `--force` writes them; `track ... range` sets and removes ranges. The
/// clock is pinned to Saturday 2026-11-21.
@Suite struct PlausibilityTests {
    func entries(_ d: InProcess) throws -> String {
        try d.sql("SELECT count(*) FROM entry") + " entries, " + d.sql("SELECT count(*) FROM change") + " changes"
    }

    @Test func eachRefusalHasItsLineAndWritesNothing() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "first"]).status == 0)  // creates the journal
        let before = try entries(d)
        let cases: [([String], String)] = [
            (["resting_hr", "1"], "resting_hr: 1 bpm is outside its plausible range, 20..250 bpm"),
            (["resting_hr", "251"], "resting_hr: 251 bpm is outside its plausible range, 20..250 bpm"),
            (["heart_rate", "301"], "heart_rate: 301 bpm is outside its plausible range, 20..300 bpm"),
            (["weight", "0"], "weight: 0 kg is outside its plausible range, 1..650 kg"),
            (["weight", "700", "kg"], "weight: 700 kg is outside its plausible range, 1..650 kg"),
            (["water", "500"], "water: 500 glasses is outside its plausible range, 0..100 glasses"),
            (["coffee", "101", "cups"], "coffee: 101 cups is outside its plausible range, 0..100 cups"),
            (["steps", "250k"], "steps: 250,000 steps is outside its plausible range, 0..200,000 steps"),
            (["distance", "2001"], "distance: 2001 km is outside its plausible range, 0..2000 km"),
            (["active_energy", "25000"], "active_energy: 25,000 kcal is outside its plausible range, 0..20,000 kcal"),
            (["stand_hours", "25"], "stand_hours: 25 h is outside its plausible range, 0..24 h"),
            // A whole line goes when one of its values is refused, wherever it stands.
            (["steps", "8000", "weight", "0", "sleep", "7h"], "weight: 0 kg is outside its plausible range, 1..650 kg"),
            (["sleep", "7h", "resting_hr", "1", "yesterday"], "resting_hr: 1 bpm is outside its plausible range, 20..250 bpm"),
        ]
        for (words, line) in cases {
            let r = try d.run(["log"] + words)
            #expect(r.status == 1, "\(words)")
            #expect(r.stderr == "error: " + line + "; add --force to log it anyway\n", "\(words)")
            #expect(r.stdout == "")
        }
        #expect(try entries(d) == before)
        // The bounds themselves are plausible.
        let edges = try d.run(["log", "resting_hr", "20", "weight", "650", "water", "0", "steps", "200000"])
        #expect(edges.status == 0, "\(edges.stderr)")
        #expect(try d.sql("SELECT count(*) FROM entry") == "4")
    }

    /// The day's total after aggregation is checked too, and a value that adds to what the day
    /// holds says the new total.
    @Test func theDaysTotalIsCheckedAndShown() throws {
        let d = try InProcess()
        let force = "; add --force to log it anyway\n"
        #expect(try d.run(["log", "sleep", "20h"]).stderr == "logged sleep 20h for today\n")
        let sleep = try d.run(["log", "sleep", "10h"])
        #expect(sleep.status == 1)
        #expect(sleep.stderr == "error: sleep: 10h more makes 30h for the day, outside its plausible range, 0m..24h" + force)
        #expect(try d.run(["log", "steps", "150000"]).stderr == "logged steps 150,000 for today\n")
        let steps = try d.run(["log", "steps", "150000"])
        #expect(
            steps.stderr
                == "error: steps: 150,000 steps more makes 300,000 steps for the day, outside its plausible range, 0..200,000 steps"
                + force)
        // Values of one line add up too.
        let line = try d.run(["log", "steps", "8000", "coffee", "60", "coffee", "50", "--on", "yesterday"])
        #expect(line.stderr == "error: coffee: 110 cups is outside its plausible range, 0..100 cups" + force)
        #expect(try d.sql("SELECT group_concat(attribute || ' ' || value, ', ') FROM entry") == "sleep 1200.0, steps 150000.0")
        #expect(try d.sql("SELECT value FROM day_value WHERE attribute = 'sleep'") == "1200.0")
        // The same phrase line twice: the second says the day's total.
        let other = try InProcess()
        #expect(try other.run(["log", "slept", "7h30m"]).stderr == "logged sleep 7h 30m for today\n")
        #expect(try other.run(["log", "slept", "7h30m"]).stderr == "logged sleep 7h 30m for today (15h today)\n")
        let two = try other.run(["log", "steps", "5000", "coffee", "2", "--on", "yesterday"])
        #expect(two.stderr == "logged steps 5,000, coffee 2 cups for yesterday\n")
        let more = try other.run(["log", "steps", "2000", "coffee", "1", "weight", "72", "--on", "yesterday"])
        #expect(more.stderr == "logged steps 2,000, coffee 1 cup, weight 72 kg for yesterday (steps 7,000, coffee 3 cups that day)\n")
        // Forced, the total is written, and said.
        #expect(try other.run(["log", "sleep", "10h", "--force"]).stderr == "logged sleep 10h for today (25h today)\n")
        #expect(try other.sql("SELECT value FROM day_value WHERE attribute = 'sleep'") == "1500.0")
    }

    @Test func aScriptLineIsRefusedWholeAndTheRestRuns() throws {
        let d = try InProcess()
        let r = try d.run(input: "log steps 8000\nlog sleep 7h weight 0\nlog water 3\n")
        #expect(r.status == 1)
        #expect(
            r.stderr
                == "<stdin>:2: error: weight: 0 kg is outside its plausible range, 1..650 kg; add --force to log it anyway\n")
        #expect(try d.sql("SELECT group_concat(attribute || '=' || value, ',') FROM entry") == "steps=8000.0,water=3.0")
        // --atomic: the refused line takes the whole script with it.
        let atomic = try InProcess()
        let a = try atomic.run(["--atomic"], input: "log steps 8000\nlog resting_hr 1\n")
        #expect(a.status == 1)
        #expect(a.stderr.contains("resting_hr: 1 bpm is outside its plausible range, 20..250 bpm"))
        #expect(!FileManager.default.fileExists(atPath: atomic.journal), "nothing written, not even a journal")
    }

    @Test func forceWritesItAnyway() throws {
        let d = try InProcess()
        let r = try d.run(["log", "resting_hr", "1", "water", "500", "--force"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "logged resting_hr 1 bpm, water 500 glasses for today\n")
        #expect(
            try d.sql("SELECT group_concat(attribute || '=' || value, ',') FROM day_value ORDER BY attribute")
                == "resting_hr=1.0,water=500.0")
        // In a script, and before the values.
        let s = try d.run(input: "log --force weight 0 --on yesterday\n")
        #expect(s.status == 0, "\(s.stderr)")
        #expect(try d.sql("SELECT day || ' ' || value FROM entry WHERE attribute = 'weight'") == "2026-11-20 0.0")
        // undo takes a forced value back, and brings nothing into question.
        #expect(try d.run(["undo"]).stderr == "undid: log weight 0 for 2026-11-20 (made in another session at 09:30)\n")
        #expect(try d.sql("SELECT count(*) FROM entry WHERE removed_by IS NULL") == "2")
        // --force is only for writing values: a value a type cannot hold stays refused.
        let beyond = try d.run(["log", "sleep", "25h", "--force"])
        #expect(beyond.status == 1)
        #expect(beyond.stderr == "error: sleep: '25h' is longer than a day; durations go up to 24h\n")
    }

    @Test func trackSetsChangesAndRemovesRanges() throws {
        let d = try InProcess()
        // A tracked attribute: none until one is set.
        #expect(try d.run(["track", "pages", "count"]).stderr == "tracking pages: count, sum, group other\n")
        #expect(try d.run(["log", "pages", "5000"]).status == 0)
        let set = try d.run(["track", "pages", "count", "unit", "pages", "range", "0..2000"])
        #expect(set.stderr == "updated pages: count, sum, in pages, group other, range 0..2,000 pages\n")
        let over = try d.run(["log", "pages", "2001"])
        #expect(over.status == 1)
        #expect(
            over.stderr == "error: pages: 2,001 pages is outside its plausible range, 0..2,000 pages; add --force to log it anyway\n")
        // Today holds 5,000 from before the range, and its total is checked too.
        let total = try d.run(["log", "pages", "2000"])
        #expect(
            total.stderr
                == "error: pages: 2,000 pages more makes 7,000 pages for the day, outside its plausible range, 0..2,000 pages; add --force to log it anyway\n")
        #expect(try d.run(["log", "pages", "2000", "--on", "yesterday"]).status == 0)
        #expect(try d.sql("SELECT range_min || '..' || range_max FROM attribute WHERE name = 'pages' AND removed_by IS NULL") == "0.0..2000.0")

        // A built-in: its aggregation stays when AGG is left out.
        let hr = try d.run(["track", "resting_hr", "count", "range", "30..200"])
        #expect(hr.stderr == "updated resting_hr: count, min, in bpm, group health, range 30..200 bpm\n")
        #expect(try d.run(["log", "resting_hr", "25"]).stderr.hasPrefix("error: resting_hr: 25 bpm is outside its plausible range, 30..200 bpm"))
        #expect(try d.run(["log", "resting_hr", "210"]).status == 1)
        #expect(try d.run(["log", "resting_hr", "200"]).status == 0)

        // Open ends; a time of day, also across midnight.
        #expect(try d.run(["track", "sleep", "duration", "range", "3h.."]).stderr == "updated sleep: duration, sum, group sleep, range >= 3h\n")
        #expect(try d.run(["log", "sleep", "2h"]).stderr == "error: sleep: 2h is outside its plausible range, >= 3h; add --force to log it anyway\n")
        #expect(try d.run(["track", "wake_time", "time", "range", "05:00..11:00"]).status == 0)
        #expect(try d.run(["log", "wake_time", "4am"]).stderr == "error: wake_time: 04:00 is outside its plausible range, 05:00..11:00; add --force to log it anyway\n")
        #expect(try d.run(["log", "wake_time", "6:30"]).status == 0)
        #expect(try d.run(["track", "bedtime", "time", "range", "18:00..04:00"]).status == 0)
        #expect(try d.run(["log", "bedtime", "14:00"]).status == 1)
        #expect(try d.run(["log", "bedtime", "00:30"]).status == 0)

        // Removed: any value of the type again.
        #expect(try d.run(["track", "pages", "count", "range", "off"]).stderr == "updated pages: count, sum, in pages, group other, no range\n")
        #expect(try d.run(["log", "pages", "9000"]).status == 0)
        #expect(try d.sql("SELECT count(*) FROM attribute WHERE name = 'pages' AND removed_by IS NULL AND range_min IS NULL AND range_max IS NULL") == "1")

        // Another unit drops the range, and says so; the same unit keeps it.
        #expect(try d.run(["track", "steps", "count", "group", "health"]).stderr == "updated steps: count, sum, in steps, group health, range 0..200,000 steps\n")
        #expect(
            try d.run(["track", "weight", "decimal", "unit", "lb"]).stderr
                == "updated weight: decimal, last, in lb, group health, no range now (1..650 kg was in its old unit; set one with range LOW..HIGH)\n")
        #expect(try d.run(["log", "weight", "0"]).status == 0)

        // undo brings the earlier range back.
        #expect(try d.run(["undo"]).status == 0)
        #expect(try d.run(["undo"]).status == 0)
        #expect(try d.run(["log", "weight", "0"]).stderr.hasPrefix("error: weight: 0 kg is outside its plausible range, 1..650 kg"))
    }

    @Test func badRangesAreRefusedWithOneLine() throws {
        let d = try InProcess()
        #expect(try d.run(["track", "pages", "count"]).status == 0)
        let cases: [([String], String)] = [
            (["pages", "count", "range", "5"], "pages: '5' is not a range; use LOW..HIGH, LOW.. or ..HIGH (like 0..2000, 20.. or 05:00..11:00), or off"),
            (["pages", "count", "range", "50..5"], "pages: the lower bound 50 is above the upper bound 5; write the smaller first: 5..50"),
            (["pages", "count", "range", "0..7h"], "pages: '7h' is a duration, but pages is a count; use a range like >= 8000, at most 2, 50..80 or between 50 and 80"),
            (["pages", "count", "range", ".."], "pages: '..' is not a range; use LOW..HIGH, LOW.. or ..HIGH (like 0..2000, 20.. or 05:00..11:00), or off"),
            (["meditated", "yesno", "range", "0..1"], "meditated: yes or no is all a yes/no attribute can be; it takes no range, only off"),
            (["wake_time", "time", "range", "05:00..05:00"], "wake_time: 05:00..05:00 is an empty window; give two different times, like 22:00..23:30"),
        ]
        let before = try d.sql("SELECT count(*) FROM attribute") + " " + d.sql("SELECT count(*) FROM change")
        for (words, line) in cases {
            let r = try d.run(["track"] + words)
            #expect(r.status == 1, "\(words)")
            #expect(r.stderr == "error: " + line + "\n", "\(words)")
        }
        #expect(try d.sql("SELECT count(*) FROM attribute") + " " + d.sql("SELECT count(*) FROM change") == before)
    }

    @Test func theRangeSurvivesReopeningAndTheShellReadsIt() throws {
        let d = try InProcess()
        let r = try d.run(input: "track pages count range 0..2000\nlog pages 3000\nlog pages 3000 --force\n")
        #expect(
            r.stderr == "<stdin>:2: error: pages: 3,000 is outside its plausible range, 0..2,000; add --force to log it anyway\n")
        // A new process opens the file afresh, and so does the shell's reopen.
        #expect(try d.run(["log", "pages", "2001"]).status == 1)
        let again = try d.run(input: "reopen\nlog pages 2001\n")
        #expect(again.stderr.contains("<stdin>:2: error: pages: 2,001 is outside its plausible range, 0..2,000"), "\(again.stderr)")
        #expect(try d.sql("SELECT group_concat(value, ',') FROM entry") == "3000.0")
    }

    /// A journal made before ranges (schema 4) gets them for the built-ins it holds as they
    /// were made, and none for a built-in tracked again in another unit.
    @Test func aJournalFromBeforeRangesIsMigrated() throws {
        let d = try InProcess()
        #expect(try d.run(["log", "weight", "72", "water", "3"]).status == 0)
        #expect(try d.run(["track", "water", "count", "unit", "ml"]).status == 0)
        #expect(try d.run(["track", "pages", "count", "range", "0..10"]).status == 0)
        // Back to schema 4: the attribute table without its ranges, and without the goal
        // streaks and totals of schema 6, the removed tags' index of 7 and the values' sources of 8.
        let schema4 = SyncSchemaRollback.sql + """
            DROP INDEX tag_removed;
            DROP TRIGGER day_value_goal_insert; DROP TRIGGER day_value_goal_update; DROP TRIGGER day_value_goal_delete;
            DROP TRIGGER goal_goal_insert; DROP TRIGGER goal_goal_update; DROP TRIGGER goal_goal_delete;
            DROP TABLE goal_streak; DROP TABLE goal_dirty; ALTER TABLE goal DROP COLUMN total;
            ALTER TABLE attribute DROP COLUMN range_min; ALTER TABLE attribute DROP COLUMN range_max;
            DROP INDEX entry_source; ALTER TABLE entry DROP COLUMN source; ALTER TABLE entry DROP COLUMN file;
            PRAGMA user_version = 4
            """
        #expect(try d.sql(schema4) == "")
        #expect(try d.sql("PRAGMA user_version") == "4")
        let refused = try d.run(["log", "weight", "0"])
        #expect(refused.status == 1)
        #expect(refused.stderr == "error: weight: 0 kg is outside its plausible range, 1..650 kg; add --force to log it anyway\n")
        #expect(try d.sql("PRAGMA user_version") == "12")
        #expect(
            try d.sql(
                "SELECT name || ' ' || coalesce(range_min, '-') || '..' || coalesce(range_max, '-') FROM attribute WHERE removed_by IS NULL AND name IN ('weight', 'water', 'pages', 'bedtime', 'sleep') ORDER BY name"
            ) == "bedtime -..-\npages -..-\nsleep 0.0..1440.0\nwater -..-\nweight 1.0..650.0")
        // Values written before are untouched, and the ml water takes any count.
        #expect(try d.sql("SELECT group_concat(attribute || '=' || value, ',') FROM entry") == "weight=72.0,water=3.0")
        #expect(try d.run(["log", "water", "750"]).status == 0)
        // undo of the retrack brings back the glasses, with the built-in range.
        #expect(try d.run(["undo"]).status == 0)
        #expect(try d.run(["undo"]).status == 0)
        #expect(try d.run(["undo"]).status == 0)
        #expect(try d.run(["log", "water", "750"]).stderr.hasPrefix("error: water: 750 glasses is outside its plausible range, 0..100 glasses"))
    }

    /// An import writes values as its file has them: they are the person's own. It says how
    /// many lie outside their ranges.
    @Test func importKeepsImplausibleValuesAndSaysSo() throws {
        let d = try InProcess()
        #expect(try d.run(["log", "weight", "0", "water", "500", "steps", "8000", "--force"]).status == 0)
        let file = d.directory + "/export.json"
        #expect(try d.run(["export", file]).status == 0)
        let fresh = try InProcess()
        let dry = try fresh.run(["import", file, "--dry-run"])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(
            dry.stdout.hasPrefix(
                "would import 1 day, 3 entries, 0 tags, 0 conflicts; 2 values outside their attributes' plausible range, kept as in the file\n"
            ))
        let i = try fresh.run(["import", file])
        #expect(i.status == 0, "\(i.stderr)")
        #expect(
            i.stderr
                == "imported 1 day, 3 entries, 0 tags, 0 conflicts; 2 values outside their attributes' plausible range, kept as in the file\n")
        #expect(
            try fresh.sql("SELECT group_concat(attribute || '=' || value, ',') FROM entry")
                == "weight=0.0,water=500.0,steps=8000.0")
        // undo takes the import back, never refusing.
        #expect(try fresh.run(["undo"]).status == 0)
        #expect(try fresh.sql("SELECT count(*) FROM entry WHERE removed_by IS NULL") == "0")
    }
}
