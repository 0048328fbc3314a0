import Foundation
import Testing

/// `import health` on the real binary: peak memory does not grow with the number of records.
/// Two exports of the same days, one with eight times the samples (a Watch and an iPhone
/// counting steps every minute, overlapping, and a Watch's stages of sleep a minute long,
/// against every eight minutes), peak within a small bound of each other: the samples spill to
/// disk, and the overlap rule and the nights hold a slice of them at a time.
@Suite struct HealthImportMemoryTests {
    static let days = 90

    /// An export of `days` days of steps from a Watch and an iPhone, a sample every `minutes`
    /// minutes from each (the iPhone's half a minute after the Watch's, 50 seconds long), and
    /// nights of sleep from the Watch, a stage of 50 seconds every `minutes` minutes.
    static func export(every minutes: Int) -> String {
        var text = HealthImportEndToEndTests.header
        text.reserveCapacity(Self.days * 1440 / minutes * 2 * 200)
        // The days' dates, from the day before the first: a stamp is its day's and the time.
        let first = 1_780_000_000 - 1_780_000_000 % 86_400
        let dates: [String] = (-1...Self.days).map { day in
            let parts = Calendar(identifier: .gregorian).dateComponents(
                in: TimeZone(identifier: "UTC")!, from: Date(timeIntervalSince1970: TimeInterval(first + day * 86_400)))
            return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        }
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        func stamp(_ seconds: Int) -> String {
            let day = (seconds + 86_400) / 86_400
            let time = (seconds + 86_400) % 86_400
            return "\(dates[day]) \(two(time / 3600)):\(two(time / 60 % 60)):\(two(time % 60)) +0000"
        }
        func record(_ type: String, _ source: String, _ start: Int, _ end: Int, _ value: String, unit: String = "") {
            text +=
                " <Record type=\"\(type)\" sourceName=\"\(source)\"\(unit.isEmpty ? "" : " unit=\"\(unit)\"") startDate=\"\(stamp(start))\" endDate=\"\(stamp(end))\" value=\"\(value)\"/>\n"
        }
        let watch = HealthImportEndToEndTests.watch
        let phone = HealthImportEndToEndTests.phone
        for day in 0..<Self.days {
            let midnight = day * 86_400
            for minute in stride(from: 0, to: 1440, by: minutes) {
                let start = midnight + minute * 60
                record("HKQuantityTypeIdentifierStepCount", watch, start, start + 60, "80", unit: "count")
                record("HKQuantityTypeIdentifierStepCount", phone, start + 30, start + 80, "70", unit: "count")
            }
            for minute in stride(from: 0, to: 480, by: minutes) {
                let start = midnight - 3600 + minute * 60
                record(
                    "HKCategoryTypeIdentifierSleepAnalysis", watch, start, start + 50, "HKCategoryValueSleepAnalysisAsleepCore")
            }
        }
        return text + "</HealthData>\n"
    }

    /// Peak RSS in KiB of `import health` of `export` into a new journal, as `/usr/bin/time`
    /// reports it, and what the import said.
    func peakKiB(_ export: String, _ name: String) throws -> (kib: Int, said: String) {
        let d = try Daybook()
        let path = d.directory + "/" + name
        try export.write(toFile: path, atomically: false, encoding: .utf8)
        let r = try d.execute("/usr/bin/time", ["-f", "peak %M", Daybook.binary, "--journal", d.journal, "import", "health", path])
        #expect(r.status == 0, "\(r.stderr)")
        let line = r.stderr.split(separator: "\n").last { $0.hasPrefix("peak ") } ?? ""
        return (Int(line.dropFirst(5)) ?? -1, r.stdout)
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/time")))
    func peakMemoryDoesNotGrowWithTheRecords() throws {
        let sparse = try peakKiB(Self.export(every: 8), "sparse.xml")
        let dense = try peakKiB(Self.export(every: 1), "dense.xml")
        #expect(sparse.kib > 0 && dense.kib > 0)
        // Both wrote the same days: steps, sleep, bedtime and wake time on each of them.
        for said in [sparse.said, dense.said] {
            #expect(said.contains("\(4 * Self.days) values on \(Self.days) days"), "\(said)")
            #expect(!said.contains("not read"), "\(said)")
        }
        // 302,400 records against 37,800. Held all at once, the lower-ranked samples, the
        // higher-ranked ones they meet and the nights' stages took 1.6 MiB more (debug build),
        // held a slice at a time 0.2 MiB.
        #expect(dense.kib - sparse.kib < 768, "peak \(sparse.kib) KiB for 37,800 records, \(dense.kib) KiB for 302,400")
    }
}
