import Foundation
import Testing

/// `track` alone lists the attributes with their ranges, `track NAME` shows one, and
/// `track NAME range R` changes one without naming its type.
@Suite struct TrackListTests {
    @Test func trackAloneListsEveryAttribute() throws {
        let d = try InProcess()
        let missing = try d.run(["track"])
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: no journal at \(d.journal) yet; the first write creates it\n")
        #expect(!FileManager.default.fileExists(atPath: d.journal))

        #expect(try d.run(["track", "pages", "count", "unit", "pages", "group", "productivity"]).status == 0)
        let list = try d.columns(100).run(["track"])
        #expect(list.status == 0)
        #expect(list.stderr == "")
        let lines = list.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "name           type            unit     group         plausible range")
        #expect(lines.contains("steps          count, sum      steps    activity      0..200,000 steps"))
        #expect(lines.contains("bedtime        time, last               sleep"))
        #expect(lines.contains("resting_hr     count, min      bpm      health        20..250 bpm"))
        #expect(lines.last == "pages          count, sum      pages    productivity")
        // One line per attribute of the journal, after the headings.
        #expect(try String(lines.count - 1) == d.sql("SELECT count(*) FROM attribute WHERE removed_by IS NULL"))
    }

    @Test func aNarrowScreenGetsOneParagraphEach() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "first"]).status == 0)
        let list = try d.columns(40).run(["track"])
        #expect(list.status == 0)
        let lines = list.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(Array(lines.prefix(3)) == ["steps", "  count, sum, unit steps, group", "  activity, range 0..200,000 steps"])
        #expect(list.stdout.contains("bedtime\n  time, last, group sleep, any value\n"))
    }

    @Test func trackNameShowsOneAndChangesItWithoutItsType() throws {
        let d = try InProcess()
        #expect(try d.run(["note", "first"]).status == 0)
        let one = try d.columns(100).run(["track", "resting_hr"])
        #expect(one.stdout == "name        type        unit  group   plausible range\nresting_hr  count, min  bpm   health  20..250 bpm\n")
        let changes = try d.sql("SELECT count(*) FROM change")

        let changed = try d.run(["track", "resting_hr", "range", "30..200"])
        #expect(changed.status == 0)
        #expect(changed.stderr == "updated resting_hr: count, min, in bpm, group health, range 30..200 bpm\n")
        #expect(try d.sql("SELECT type || ' ' || aggregation || ' ' || range_min || ' ' || range_max FROM attribute WHERE name = 'resting_hr' AND removed_by IS NULL") == "count min 30.0 200.0")

        let unknown = try d.run(["track", "pages"])
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr
                == "error: no attribute 'pages' yet; to track it, name its type: track pages TYPE, with TYPE count, decimal, percentage, duration, time or yesno\n")
        let unnamed = try d.run(["track", "range", "1..2"])
        #expect(unnamed.status == 1)
        #expect(unnamed.stderr == "error: track needs NAME before unit, group or range; usage: track NAME [TYPE] ...\n")
        // Only the range change was written.
        #expect(try d.sql("SELECT count(*) FROM change") == String(Int(changes)! + 1))
    }
}

extension InProcess {
    /// The same journal, with COLUMNS set for the runs that follow.
    fileprivate func columns(_ width: Int) -> InProcess {
        environment["COLUMNS"] = String(width)
        return self
    }
}
