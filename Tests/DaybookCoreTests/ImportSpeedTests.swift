import DaybookCore
import DaybookStore
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A Daylio export of 100,000 rows (about 12 MB) parses in well under a second in a release
/// build. A debug build is many times slower, so there it is only read, not timed. The time
/// asserted is the CPU time of the reading thread, which other processes on a busy machine do
/// not add to.
@Suite struct ImportSpeedTests {
    static func daylioExport(rows: Int) -> [UInt8] {
        var text = "\u{FEFF}full_date,date,weekday,time,mood,activities,note_title,note\n"
        text.reserveCapacity(rows * 110)
        let moods = ["rad", "good", "meh", "bad", "awful"]
        let activities = ["\"work | friends | bad sleep\"", "\"movies / tv | Sleep (8h+)\"", "\"\"", "walk"]
        let months = [
            "January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
            "November", "December",
        ]
        var day = Day(year: 2026, month: 11, day: 21)!
        for row in 0..<rows {
            if row % 3 == 0 { day = day.adding(days: -1) }
            let c = day.components
            let hour = 23 - (row % 3) * 7
            let time = "\(hour % 12 == 0 ? 12 : hour % 12):\(row % 6)\(row % 10) \(hour < 12 ? "am" : "pm")"
            let note =
                row % 7 == 0
                ? "\"A longer note, with a comma and \"\"quotes\"\",\nand a second line of text.\""
                : "\"Row \(row): nothing much happened today, which is fine.\""
            text +=
                "\(day.iso),\(c.day) \(months[c.month - 1]),Saturday,\(time),\(moods[row % 5]),\(activities[row % 4]),\"\",\(note)\n"
        }
        return Array(text.utf8)
    }

    @Test func aHundredThousandDaylioRows() throws {
        let bytes = Self.daylioExport(rows: 100_000)
        #expect(bytes.count > 9_000_000)
        let clock = ContinuousClock()
        var journal: ImportedJournal? = nil
        let cpuBefore = Self.threadCPUTime()
        let elapsed = try clock.measure { journal = try DaylioReader.read(bytes) }
        let cpu = Self.threadCPUTime() - cpuBefore
        #expect(journal?.entryCount == 100_000)
        #expect(journal?.days.count == 33_334)
        #expect(journal?.tags == ["bad-sleep", "friends", "movies-tv", "sleep-8h", "walk", "work"])
        print("100,000 Daylio rows, \(bytes.count) bytes: \(elapsed), \(cpu) of CPU")
        #if !DEBUG
            #expect(cpu < .milliseconds(500))
        #endif
    }

    static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
}
