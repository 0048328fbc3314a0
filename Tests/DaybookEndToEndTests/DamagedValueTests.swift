import Foundation
import Testing

/// Values that cannot be true, on the real binary: a health export's infinite or absurd value is
/// not read, values keep their double precision, and a journal that already holds a damaged
/// value (an older daybook's infinity, or a value written by hand with `sqlite3`) is still read
/// by every command, which shows the value as damaged and never crashes.
@Suite struct DamagedValueTests {
    typealias H = HealthImportEndToEndTests

    static let day = "2026-11-20 09:00:00 +0000", dayEnd = "2026-11-20 10:00:00 +0000"

    /// What each read command gives on `d`: it must end on its own (not by a signal, which
    /// `Process` reports as the signal's number: 4 for SIGILL, 5 for SIGTRAP).
    static let reads: [[String]] = [
        ["show", "2026-11-20"], ["show", "2026-11-20", "--json"], ["today", "2026-11-20"], ["today", "2026-11-20", "--json"],
        ["week", "2026-11-20"], ["week", "2026-11-20", "--json"], ["week", "2026-11-20", "--csv"],
        ["week", "--days", "30"], ["review", "week"], ["review", "month"], ["review", "year"],
        ["review", "month", "--json"], ["goals"], ["goals", "2026-11-20"], ["insights"], ["insights", "--all"],
        ["calendar"], ["calendar", "--attribute", "steps"], ["calendar", "2026", "--csv"], ["search", "walk"],
        ["export", "--format", "json"], ["export", "--format", "csv"], ["export", "--format", "markdown"],
        ["status"], ["tags"],
    ]

    @Test func anAppleHealthValueThatCannotBeTrueIsNotReadAndTheRestKeepTheirPrecision() throws {
        let d = try Daybook()
        let export =
            H.header
            + H.record("AppleExerciseTime", H.watch, "min", Self.day, Self.dayEnd, "1e308")
            + H.record("DistanceWalkingRunning", H.watch, "mi", Self.day, Self.dayEnd, "1e308")
            + H.record("StepCount", H.watch, "count", Self.day, Self.dayEnd, "1e308")
            + H.record("StepCount", H.phone, "count", Self.day, Self.dayEnd, "1e308")
            + H.record("StepCount", H.watch, "count", "2026-11-20 11:00:00 +0000", "2026-11-20 12:00:00 +0000", "-40")
            + H.record("StepCount", H.watch, "count", "2026-11-19 11:00:00 +0000", "2026-11-19 12:00:00 +0000", "4000")
            + H.record("DistanceWalkingRunning", H.watch, "km", "2026-11-19 11:00:00 +0000", "2026-11-19 12:00:00 +0000", "88.23378186623255")
            + H.record("BodyMass", H.phone, "kg", "2026-11-19 07:00:00 +0000", "2026-11-19 07:00:00 +0000", "45.3")
            + "</HealthData>\n"
        let said = try importHealth(d, export)
        #expect(said.contains("not read: steps with a value that cannot be true (3)"), "\(said)")
        #expect(said.contains("exercise with a value that cannot be true (1)"), "\(said)")
        #expect(said.contains("distance with a value that cannot be true (1)"), "\(said)")
        // Nothing of 2026-11-20 is stored; the values of 2026-11-19 are stored as the file has them.
        #expect(try d.sql("SELECT count(*) FROM entry WHERE day = '2026-11-20'") == "0")
        #expect(try d.sql("SELECT count(*) FROM entry WHERE abs(value) > 1e12") == "0")
        #expect(try d.sql("SELECT value = 88.23378186623255 FROM entry WHERE attribute = 'distance'") == "1")
        #expect(try d.sql("SELECT value = 45.3 FROM entry WHERE attribute = 'weight'") == "1")
        for arguments in Self.reads {
            let read = try d.run(arguments)
            #expect(read.status == 0, "\(arguments): \(read.status) \(read.stderr)")
        }
    }

    @Test func aHealthCSVAndALoggedValueKeepTheirDoublePrecision() throws {
        let d = try Daybook()
        let csv = "date,distance,weight\n2026-11-19,88.23378186623255,45.3\n"
        let path = d.directory + "/values.csv"
        try csv.write(toFile: path, atomically: false, encoding: .utf8)
        let result = try d.run([
                "import", "csv", path, "--date", "date", "--map", "distance=distance", "--map", "weight=weight",
                "--unit", "distance=km", "--unit", "weight=kg",
            ])
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        #expect(try d.sql("SELECT value = 88.23378186623255 FROM entry WHERE attribute = 'distance'") == "1")
        #expect(try d.sql("SELECT value = 45.3 FROM entry WHERE attribute = 'weight'") == "1")
        try d.run(["log", "distance", "88.23378186623255", "--on", "2026-11-18"])
        #expect(try d.sql("SELECT value = 88.23378186623255 FROM entry WHERE day = '2026-11-18'") == "1")
    }

    /// What sqlite3 says on standard error for `query` on the journal.
    /// Imports `export` as an export.xml; what the import printed, its white space folded.
    func importHealth(_ d: Daybook, _ export: String) throws -> String {
        let path = d.directory + "/export.xml"
        try export.write(toFile: path, atomically: false, encoding: .utf8)
        let result = try d.run(["import", "health", path])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    func sqlite(_ d: Daybook, _ query: String) throws -> String {
        try d.execute("/usr/bin/sqlite3", [d.journal, query]).stderr
    }

    @Test func googleFitAndDaybooksOwnExportKeepDoublePrecision() throws {
        let d = try Daybook()
        let fit = "Date,Distance (m),Average weight (kg),Step count\n2026-11-19,88233.78186623255,45.3,4000\n"
        let path = d.directory + "/Daily activity metrics.csv"
        try fit.write(toFile: path, atomically: false, encoding: .utf8)
        let imported = try d.run(["import", "googlefit", path])
        #expect(imported.status == 0, "\(imported.stdout) \(imported.stderr)")
        // Google Fit's distance is read to the metre (its documented resolution), its weight as read.
        #expect(try d.sql("SELECT value = 88.234 FROM entry WHERE attribute = 'distance'") == "1")
        #expect(try d.sql("SELECT value = 45.3 FROM entry WHERE attribute = 'weight'") == "1")
        // Through daybook's own export and back, in JSON and in CSV.
        try d.run(["log", "distance", "88.23378186623255", "weight", "45.3", "--on", "2026-11-18"])
        for format in ["json", "csv"] {
            let file = d.directory + "/journal." + format
            #expect(try d.run(["export", file]).status == 0)
            let other = try Daybook()
            let back = try other.run(["import", file])
            #expect(back.status == 0, "\(back.stderr)")
            #expect(try other.sql("SELECT value = 88.23378186623255 FROM entry WHERE day = '2026-11-18' AND attribute = 'distance'") == "1")
            #expect(try other.sql("SELECT value = 45.3 FROM entry WHERE day = '2026-11-18' AND attribute = 'weight'") == "1")
        }
    }

    @Test func aHealthDayTotalThatCannotBeTrueIsNotWritten() throws {
        let d = try Daybook()
        // Two workouts of 800 minutes, each possible, make 1,600 minutes of exercise in a day.
        let export =
            H.header
            + H.record("AppleExerciseTime", H.watch, "min", "2026-11-20 00:10:00 +0000", "2026-11-20 13:30:00 +0000", "800")
            + H.record("AppleExerciseTime", H.watch, "min", "2026-11-20 13:30:00 +0000", "2026-11-20 23:50:00 +0000", "800")
            + H.record("AppleExerciseTime", H.watch, "min", "2026-11-19 10:00:00 +0000", "2026-11-19 11:00:00 +0000", "45")
            + "</HealthData>\n"
        let said = try importHealth(d, export)
        #expect(said.contains("not read: 1 day value that cannot be true (exercise on 2026-11-20)"), "\(said)")
        #expect(try d.sql("SELECT day || ' ' || value FROM entry") == "2026-11-19 45.0")
    }

    @Test func theJournalRefusesInSQLAValueThatCannotBeTrue() throws {
        let d = try Daybook()
        try d.run(["log", "steps", "9000", "--on", "2026-11-20"])
        for value in ["9e999", "-9e999", "1e13", "-5", "'abc'", "x'00ff'"] {
            let out = try sqlite(d,
                "INSERT INTO entry (attribute, day, value, recorded_at, added_by) VALUES ('steps', '2026-11-20', \(value), 'x', 1);")
            #expect(out.contains("entry.value cannot be true for its attribute"), "\(value): \(out)")
        }
        let exercise = try sqlite(d,
            "INSERT INTO entry (attribute, day, value, recorded_at, added_by) VALUES ('exercise', '2026-11-20', 1441, 'x', 1);")
        #expect(exercise.contains("cannot be true"), "\(exercise)")
        let goal = try sqlite(d,
            "INSERT INTO goal (attribute, since, period, min, added_by) VALUES ('steps', '2026-11-20', 'daily', 9e999, 1);")
        #expect(goal.contains("goal.min"), "\(goal)")
        #expect(try d.sql("SELECT count(*) FROM entry") == "1")
    }

    /// Every read command, `delete` and `undo` on a journal whose value of a day was made
    /// damaged by hand, for each kind of damage.
    @Test(arguments: [
        "9e999", "-9e999", "1e308", "-1e308", "-5", "NULL", "'abc'", "'huge'", "x'00ff00'",
    ])
    func aDamagedStoredValueIsShownAsDamagedAndCrashesNothing(_ damage: String) throws {
        let d = try Daybook()
        for line in [
            ["log", "steps", "9000", "--on", "2026-11-20"], ["log", "steps", "500", "--on", "2026-11-20"],
            ["log", "steps", "7000", "--on", "2026-11-19"], ["log", "sleep", "7h", "--on", "2026-11-20"],
            ["mood", "4", "walked", "--on", "2026-11-20"], ["note", "walk by the sea", "--on", "2026-11-20"],
            ["goal", "steps", ">= 8000", "daily"], ["goal", "sleep", "7h..9h", "weekly"],
        ] {
            let r = try d.run(line)
            #expect(r.status == 0, "\(line): \(r.stderr)")
        }
        let value = damage == "'huge'" ? "'x' || hex(zeroblob(100000))" : damage
        // What an older daybook (or sqlite3 by hand) could leave: the entries and the day's
        // value both damaged, and a goal's bound too. Inserts are refused by the journal's
        // triggers, updates are not; NOT NULL and CHECK constraints are set aside to do it.
        // The schema edit takes effect on the next connection.
        let unchecked = try d.sql(
            """
            PRAGMA writable_schema = 1;
            UPDATE sqlite_schema SET sql = replace(sql, 'value       REAL NOT NULL', 'value       REAL') WHERE name IN ('entry', 'day_value');
            """)
        #expect(unchecked == "")
        let out = try d.sql(
            """
            PRAGMA ignore_check_constraints = 1;
            UPDATE entry SET value = \(value) WHERE day = '2026-11-20' AND attribute = 'steps' AND id = (SELECT min(id) FROM entry WHERE attribute = 'steps');
            UPDATE day_value SET value = \(value) WHERE day = '2026-11-20' AND attribute = 'steps';
            UPDATE goal SET max = \(value) WHERE attribute = 'sleep';
            """)
        #expect(out == "", "\(out)")
        let show = try d.run(["show", "2026-11-20"])
        #expect(show.status == 0, "\(show.stderr)")
        if damage != "-5" {
            #expect(show.stdout.contains("  steps   damaged value\n"), "\(show.stdout)")
        }
        for arguments in Self.reads {
            let read = try d.run(arguments)
            #expect(read.status == 0, "\(damage) \(arguments): \(read.status) \(read.stderr)")
        }
        let export = try d.run(["export", "--format", "json"])
        if damage != "-5" {
            #expect(export.stderr.contains("left out 1 damaged value"), "\(export.stderr)")
        }
        try d.run(["log", "steps", "100", "--on", "2026-11-20"])
        let deleted = try d.run(["delete", "steps", "--on", "2026-11-20", "--yes"])
        #expect(deleted.status == 0, "\(damage): \(deleted.stderr)")
        let undo = try d.run(["undo"])
        #expect(undo.status == 0, "\(damage): \(undo.stderr)")
        for arguments in [["show", "2026-11-20"], ["week", "2026-11-20"], ["review", "month"]] {
            let read = try d.run(arguments)
            #expect(read.status == 0, "\(damage) \(arguments) after undo: \(read.status) \(read.stderr)")
        }
    }
}
