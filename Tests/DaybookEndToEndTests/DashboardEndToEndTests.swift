import DaybookTestSupport
import Foundation
import Testing

/// `today`, `week`, `calendar` and `goals` in the locale and colour the environment asks for, and
/// `--demo`, on the real binary.
@Suite struct DashboardEndToEndTests {
    @Test func glyphsFollowTheLocaleAndColourTheTerminalConventions() throws {
        let d = try Daybook.twoDayJournal()
        for command in [["today"], ["week"], ["calendar"], ["goals"]] {
            d.environment = ["LANG": "C", "LC_ALL": "C"]
            let ascii = try d.run(command).stdout
            let allASCII = ascii.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(allASCII, "\(command): \(ascii)")
            d.environment = ["LC_ALL": "en_GB.UTF-8"]
            #expect(!(try d.run(command).stdout.unicodeScalars.allSatisfy(\.isASCII)), "\(command)")
            // On a pipe, no colour unless asked for; NO_COLOR beats the setting, --color beats NO_COLOR.
            d.environment = [:]
            #expect(!(try d.run(command).stdout.contains("\u{1B}")), "\(command)")
            #expect(try d.run(["--color", "always"] + command).stdout.contains("\u{1B}["), "\(command)")
            d.environment = ["NO_COLOR": "1"]
            #expect(try d.run(["set", "color", "always"]).status == 0)
            #expect(!(try d.run(command).stdout.contains("\u{1B}")), "\(command)")
            #expect(try d.run(["--color", "always"] + command).stdout.contains("\u{1B}["), "\(command)")
            #expect(try d.run(["set", "color", "auto"]).status == 0)
        }
    }

    @Test func everyViewOfTheDemoFitsItsWidth() throws {
        let d = try Daybook()
        d.now = "2026-11-21T22:30"
        for width in [20, 33, 40, 57, 80, 101, 120, 160, 200] {
            d.environment = ["COLUMNS": String(width)]
            for command in [["today"], ["week"], ["week", "--days", "90"], ["calendar"], ["goals"], ["show"], ["help"], ["help", "week"]] {
                let r = try d.run(["--demo", "--color", "always"] + command, journalFlag: false)
                #expect(r.status == 0)
                for line in r.stdout.split(separator: "\n") where DashboardText.columns(line) > width {
                    Issue.record("\(command) at \(width): \(DashboardText.columns(line)) columns: \(line)")
                }
            }
        }
    }

    @Test func theDemoNeverOpensTheRealJournalAndLeavesNothingBehind() throws {
        let d = try Daybook()
        d.now = "2026-11-21T22:30"
        let real = d.directory + "/real.sqlite3"
        let temporary = d.directory + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        d.environment = ["DAYBOOK_JOURNAL": real, "TMPDIR": temporary]
        let r = try d.run(["--demo", "today"], journalFlag: false)
        #expect(r.status == 0)
        #expect(
            r.stderr
                == "daybook --demo: twelve weeks of example data in a temporary journal, thrown away on exit; your journal is not opened\n"
        )
        #expect(r.stdout.contains("╭─ Mood "))
        #expect(!FileManager.default.fileExists(atPath: real))
        #expect(!FileManager.default.fileExists(atPath: d.directory + "/.local"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
        // The same every time for the same day; writes go to the demo and are gone with it.
        #expect(try d.run(["--demo", "today"], journalFlag: false).stdout == r.stdout)
        #expect(try d.run(["--demo", "mood", "1", "gone"], journalFlag: false).status == 0)
        #expect(try d.run(["--demo", "today"], journalFlag: false).stdout == r.stdout)
        // A script on a pipe, too.
        let script = try d.run(["--demo"], input: "week --days 84 --json\n", journalFlag: false)
        let week = try #require(try DashboardText.json(script.stdout) as? [String: [[String: Any]]])
        #expect(week["days"]?.count == 84)
        #expect(week["days"]!.filter { ($0["mood"] as? [String: Any]) != nil }.count >= 70)
        #expect(!FileManager.default.fileExists(atPath: real))
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary) == [])
        // --journal with --demo is a usage error.
        let both = try d.run(["--demo", "today"])
        #expect(both.status == 64)
        #expect(both.stderr.hasPrefix("daybook: --demo opens a journal of its own; leave out --journal\n"))
    }

    /// The demo holds what it promises: twelve weeks ending today, goals with a history, tagged
    /// notes, a few empty days, and moods that go with sleep and with #outdoors.
    @Test func theDemoHasLinksWorthFinding() throws {
        let d = try Daybook()
        d.now = "2026-11-21T22:30"
        let csv = try d.run(["--demo", "week", "--days", "84", "--csv"], journalFlag: false).stdout
        // A row per day (a field of several notes runs over lines: those lines are not rows).
        let rows = csv.split(separator: "\n").dropFirst().filter { $0.hasPrefix("2026-") }
            .map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        let header = csv.split(separator: "\n")[0].split(separator: ",")
        let mood = header.firstIndex(of: "mood")!
        let sleep = header.firstIndex(of: "sleep")!
        let tags = header.firstIndex(of: "tags")!
        let steps = header.firstIndex(of: "steps")!
        #expect(rows.count == 84)
        #expect(rows.filter { $0[mood].isEmpty && $0[steps].isEmpty }.count == 4)
        let pairs = rows.compactMap { row -> (Double, Double)? in
            guard let m = Double(row[mood]), let s = Double(row[sleep]) else { return nil }
            return (m, s)
        }
        let mx = pairs.map(\.0).reduce(0, +) / Double(pairs.count)
        let my = pairs.map(\.1).reduce(0, +) / Double(pairs.count)
        let cov = pairs.map { ($0.0 - mx) * ($0.1 - my) }.reduce(0, +)
        let r = cov / (pairs.map { ($0.0 - mx) * ($0.0 - mx) }.reduce(0, +) * pairs.map { ($0.1 - my) * ($0.1 - my) }.reduce(0, +)).squareRoot()
        #expect(r > 0.4, "mood ~ sleep: r = \(r)")
        let outdoors = rows.filter { $0[tags].split(separator: " ").contains("outdoors") }.compactMap { Double($0[mood]) }
        let indoors = rows.filter { !$0[tags].split(separator: " ").contains("outdoors") }.compactMap { Double($0[mood]) }
        let difference = outdoors.reduce(0, +) / Double(outdoors.count) - indoors.reduce(0, +) / Double(indoors.count)
        #expect(outdoors.count >= 10 && difference >= 0.5, "mood ~ #outdoors: \(difference) over \(outdoors.count) days")
        let goals = try #require(try DashboardText.json(try d.run(["--demo", "goals", "--json"], journalFlag: false).stdout) as? [[String: Any]])
        #expect(goals.count >= 6)
        #expect(try d.run(["--demo", "goals", "2026-09-01", "--json"], journalFlag: false).stdout.contains(#""min": 8000"#))
        #expect(try d.run(["--demo", "goals", "--json"], journalFlag: false).stdout.contains(#""min": 9000"#))
    }
}
