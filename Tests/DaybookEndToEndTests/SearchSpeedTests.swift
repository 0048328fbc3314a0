import Foundation
import Testing

/// A search with a limit reads the newest matches only: on 400,000 notes, the newest two hits
/// of a word in a third of them take milliseconds, not the time of reading every match.
@Suite struct SearchSpeedTests {
    @Test func aFewNewestHitsCostLittleOnALargeJournal() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "first"]).status == 0)
        let made = try d.execute(
            "/usr/bin/sqlite3",
            [
                d.journal,
                """
                BEGIN;
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 400000)
                INSERT INTO note (day, text, recorded_at, added_by)
                SELECT date('2026-11-20', '-' || ((400000 - i) / 100) || ' days'),
                    CASE i % 3 WHEN 0 THEN 'lorem ipsum #walk ' ELSE 'quiet ' END || i,
                    date('2026-11-20', '-' || ((400000 - i) / 100) || ' days') || 'T12:00:00+00:00', 1
                FROM n;
                COMMIT;
                """,
            ])
        #expect(made.status == 0, "\(made.stderr)")
        func milliseconds(_ arguments: [String]) throws -> (Int, String) {
            var best = Int.max
            var output = ""
            for _ in 0..<3 {
                let start = DispatchTime.now().uptimeNanoseconds
                let r = try d.run(arguments)
                best = min(best, Int((DispatchTime.now().uptimeNanoseconds - start) / 1_000_000))
                output = r.stdout
            }
            return (best, output)
        }
        let (few, shown) = try milliseconds(["search", "lorem", "-n", "2"])
        #expect(shown == "2026-11-20 12:00  n400000  lorem ipsum #walk 399999\n2026-11-20 12:00  n399997  lorem ipsum #walk 399996\n")
        // Reading and sorting every match took 300 ms and more, even in a release build.
        #expect(few < 150, "search lorem -n 2 took \(few) ms")
    }
}
