import Foundation
import Testing

/// Insights where a person meets them on a terminal: the `insights` command at the window's
/// width, the end of a check-in, and the shell's greeting.
@Suite struct InsightsTerminalTests {
    /// 8,000 steps on each of the 8 days a week apart before `day`.
    func weeksOfSteps(before day: String) -> String {
        let start = ISO8601DateFormatter()
        start.formatOptions = [.withFullDate]
        let date = start.date(from: day)!
        return (1...8).map {
            "log steps 8000 --on " + start.string(from: date.addingTimeInterval(-7 * 86400 * Double($0)))
        }
        .joined(separator: "\n") + "\n"
    }

    /// The lines the program wrote, escape sequences taken out.
    func lines(_ t: Terminal) -> [Substring] { t.text.split(separator: "\n", omittingEmptySubsequences: false) }

    @Test func insightsWrapToTheWindowWithAHangingIndent() throws {
        let home = try Home()
        // Yesterday, a whole day: its steps are compared with the usual Friday.
        try home.script(
            weeksOfSteps(before: "2026-11-20") + "log steps 9120 --on 2026-11-20\nmood 4 --on 2026-11-20\n")
        let t = try Terminal(home, arguments: ["--journal", home.journal, "insights", "yesterday"], columns: 40)
        try t.expect("Insights for Friday 20 November")
        #expect(try t.waitForExit() == 0)
        let shown = lines(t).map { $0.replacingOccurrences(of: "\r", with: "") }
        #expect(shown.allSatisfy { $0.count <= 40 }, "\(shown)")
        #expect(shown.contains("  9,120 steps, 14% more than your usual"), "\(shown)")
        #expect(shown.contains("    Friday (8,000 steps, from 8"), "\(shown)")
        #expect(shown.contains("    Fridays)."), "\(shown)")
    }

    @Test func aCheckInEndsWithTheTopThreeInsightsForItsDay() throws {
        let home = try Home()
        try home.script(weeksOfSteps(before: "2026-11-21"))
        let t = try Terminal(home)
        try t.prompt()
        t.type("checkin" + Terminal.enter)
        try t.prompt("How was today, 1 to 5? ")
        t.type("4" + Terminal.enter)
        try t.prompt("Anything you want to note? ")
        t.type(Terminal.enter)
        try t.expect("How many steps did you walk? (usually 8,000 steps, from 8 Saturdays; TAB fills\nit in, Enter skips)\n")
        try t.prompt("> ")
        t.type("9120" + Terminal.enter)
        try t.expect("Done. Here is today:")
        try t.expect("steps   9,120\n\nInsights for Saturday 21 November 2026\n")
        let insights = try t.expect("daybook Sat 21 Nov> ")
        try t.waitForRawMode()
        // The insights, each starting at the margin, wrapped to the terminal's 80 columns. At
        // 9:30 the day's steps are so far: neither compared with the usual Saturday nor a record.
        let body = insights.split(separator: "\n").dropLast()
        #expect(body.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.count == 2, "\(body)")
        #expect(body.allSatisfy { $0.count <= 80 })
        #expect(body.first == "  Not enough history yet for a usual Saturday of mood: no Saturdays yet, 3 more")
        #expect(body.contains("  9,120 steps so far."), "\(body)")
        #expect(body.contains("    needed."), "\(body)")
        #expect(!body.contains { $0.contains("record") || $0.contains("than your usual") }, "\(body)")
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }

    /// A check-in with nothing to compare yet still ends with what it can say: that history
    /// is missing.
    @Test func aFirstCheckInSaysWhatIsMissing() throws {
        let home = try Home()
        let t = try Terminal(home, arguments: ["checkin"])
        try t.prompt("How was today, 1 to 5? ")
        t.type("3" + Terminal.enter)
        try t.prompt("Anything you want to note? ")
        t.type(Terminal.enter)
        try t.expect("Done. Here is today:")
        try t.expect("Insights for Saturday 21 November 2026\n")
        try t.expect("  Not enough history yet for a usual Saturday of mood: no Saturdays yet, 3 more")
        #expect(try t.waitForExit() == 0)
    }

    @Test func theShellGreetsWithYesterdayAndItsTopInsight() throws {
        let home = try Home()
        home.now = "2026-11-21T19:30"
        try home.script(weeksOfSteps(before: "2026-11-20") + "mood 4 --on yesterday\nlog steps 9120 --on yesterday\n")
        let t = try Terminal(home)
        let start = try t.expect("daybook Sat 21 Nov> ")
        try t.waitForRawMode()
        let shown = start.split(separator: "\n")
        #expect(shown.count == 4, "\(shown)")
        #expect(shown[0].hasPrefix("daybook ") && shown[0].hasSuffix(": try 'checkin' or 'help'; TAB completes, Ctrl-D leaves."))
        #expect(shown[1] == "Good evening. Yesterday: mood 4, 9,120 steps. You haven't checked in today.")
        #expect(shown[2] == "Most steps on record: 9,120 (9 days logged).")
        // Once checked in, the shell says no more about it.
        t.type("mood 3" + Terminal.enter)
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        home.now = "2026-11-21T08:10"
        let u = try Terminal(home)
        let again = try u.expect("daybook Sat 21 Nov> ")
        #expect(again.split(separator: "\n")[1] == "Good morning. Yesterday: mood 4, 9,120 steps.", "\(again)")
        u.type(Terminal.ctrlD)
        #expect(try u.waitForExit() == 0)
    }

    /// A new journal has nothing to say: the banner, then the prompt.
    @Test func aNewJournalIsNotGreeted() throws {
        let home = try Home()
        let t = try Terminal(home)
        let start = try t.expect("daybook Sat 21 Nov> ")
        try t.waitForRawMode()
        let shown = start.split(separator: "\n")
        // The banner, the word that the journal was made, and the prompt: no greeting.
        #expect(shown.count == 3, "\(shown)")
        #expect(shown[0].hasPrefix("daybook ") && shown[0].hasSuffix(": try 'checkin' or 'help'; TAB completes, Ctrl-D leaves."))
        #expect(shown[1].hasPrefix("a new journal was created at "), "\(shown)")
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }

    /// Nothing of the greeting in a one-shot command on a terminal, nor in a script on a pipe.
    @Test func noGreetingOutsideTheShell() throws {
        let home = try Home()
        try home.script("mood 4 --on yesterday\nlog steps 9120 --on yesterday\n")
        let t = try Terminal(home, arguments: ["--journal", home.journal, "show", "yesterday"])
        try t.expect("steps")
        #expect(try t.waitForExit() == 0)
        #expect(!t.text.contains("Good "), "\(t.text)")
        #expect(!t.text.contains("checked in"))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: Home.binary)
        process.arguments = ["--journal", home.journal]
        process.environment = home.processEnvironment
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data("show\n".utf8))
        try input.fileHandleForWriting.close()
        let out = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let err = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(out == "Saturday 21 November 2026\n  nothing recorded\n")
        #expect(err == "")
    }
}
