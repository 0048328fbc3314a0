import Foundation
import Testing

@Suite struct ExampleTests {
    @Test func firstWeek() throws {
        let d = try Daybook()
        // Wide enough for whole notes in the week's table.
        d.environment = ["COLUMNS": "200"]
        let script = try String(contentsOfFile: Daybook.packageRoot + "/Examples/first-week.daybook", encoding: .utf8)
        let r = try d.run(input: script)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        // Weekday names mean the most recent such day: on Saturday 21 November, "sun" is the 15th.
        #expect(
            r.stdout.hasPrefix(
                """
                7 days to Saturday 21 November 2026
                day         mood      steps  exercise   sleep  bedtime      water  coffee  note

                """))
        #expect(r.stdout.contains("\nSun 15 Nov  4 good    5,500            8h 30m    22:50                     quiet day, read a lot #reading\n"))
        #expect(r.stdout.contains("\nMon 16 Nov  3 okay    4,300            6h 50m    23:55             3 cups  slow start, rain all day\n"))
        #expect(r.stdout.contains("\nWed 18 Nov  2 bad     3,800            5h 45m    00:40             4 cups  deadline day #work\n"))
        #expect(try d.sql("SELECT count(*) FROM mood") == "7")
        #expect(try d.sql("SELECT sum(value) FROM day_value WHERE attribute = 'steps'") == "54800.0")
    }

    @Test func trackReading() throws {
        let d = try Daybook()
        let script = try String(contentsOfFile: Daybook.packageRoot + "/Examples/track-reading.daybook", encoding: .utf8)
        let r = try d.run(input: script)
        #expect(r.status == 0)
        #expect(r.stderr == "")
        #expect(
            r.stdout == """
                Saturday 21 November 2026
                  09:30      finished The Left Hand of Darkness #reading · n1
                  pages      42
                  meditated  yes
                  tags       #reading

                """)
    }
}
