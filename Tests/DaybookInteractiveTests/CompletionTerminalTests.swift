import DaybookProcessSupport
import Foundation
import Testing

/// TAB on a real terminal: what it inserts is what then runs.
@Suite struct CompletionTerminalTests {
    @Test func tabCompletesACommand() throws {
        let home = try Home()
        let t = try Terminal(home)
        try t.prompt()
        t.type("mo" + Terminal.tab)
        try t.expect("od ")  // libedit redraws only what was inserted
        t.type("4 calm" + Terminal.enter)
        try t.expect("mood 4 (good) for today")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT rating, note FROM mood") == "4|calm")
    }

    @Test func tabCompletesAttributesInEveryPairOfLog() throws {
        let home = try Home()
        let t = try Terminal(home)
        try t.prompt()
        t.type("log ste" + Terminal.tab)
        try t.expect("ps ")
        t.type("8200 sl" + Terminal.tab)
        try t.expect("eep ")
        t.type("7h30m" + Terminal.enter)
        try t.expect("logged steps 8,200, sleep 7h 30m for today")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT attribute, value FROM entry ORDER BY id") == "steps|8200.0\nsleep|450.0")
    }

    /// `chart A` then TAB: the second attribute, then the period's words, and the chart that
    /// runs is the pair over that period.
    @Test func tabCompletesChartsSecondAttributeAndPeriod() throws {
        let home = try Home()
        try home.script("log steps 8000 sleep 7h --on 2026-10-12\n")
        let t = try Terminal(home)
        try t.prompt()
        t.type("chart steps sl" + Terminal.tab)
        try t.expect("eep ")
        t.type("last m" + Terminal.tab)
        try t.expect("onth ")
        t.type("--json" + Terminal.enter)
        try t.expect(#"{"x": "steps", "y": "sleep", "lag": 0, "from": "2026-10-01", "through": "2026-10-31""#)
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }

    @Test func tabCompletesATagInsideANote() throws {
        let home = try Home()
        try home.script(
            "note by the sea #outdoors --on 2026-11-10\nnote #outings planned --on 2026-11-11\nnote #outdoors again --on 2026-11-12\n"
        )
        let t = try Terminal(home)
        try t.prompt()
        t.type("mood 4 \"long walk #outd" + Terminal.tab)
        try t.expect("oors ")
        t.type("and more\"" + Terminal.enter)
        try t.expect("mood 4 (good) for today")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT note FROM mood") == "long walk #outdoors and more")
        #expect(try home.sql("SELECT count(*) FROM tag WHERE name = 'outdoors'") == "3")
    }

    /// A tag completed before a space already typed takes no second space: the cursor moves
    /// over the one there, and typing goes on after it.
    @Test func aWordCompletedBeforeASpaceTakesNoSecondOne() throws {
        let home = try Home()
        try home.script("note #family dinner --on 2026-11-10\n")
        let t = try Terminal(home)
        try t.prompt()
        // Ctrl-B five times: the cursor back before " then".
        t.type("note #fa then" + String(repeating: "\u{02}", count: 5) + Terminal.tab)
        usleep(200_000)
        t.type("at home " + Terminal.enter)
        try t.expect("noted for today")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT text FROM note ORDER BY id DESC LIMIT 1") == "#family at home then")
    }

    @Test func doubleTabListsThePossibilities() throws {
        let home = try Home()
        try home.script("track sleep_quality count\n")
        let t = try Terminal(home)
        try t.prompt()
        // The first TAB goes as far as the matches agree...
        t.type("log sle" + Terminal.tab)
        try t.expect("ep")
        // ...the second lists them, libedit style, and the line is drawn again under the list.
        t.type(Terminal.tab)
        let listing = try t.expect("sleep_quality")
        #expect(listing.split(separator: "\n").last?.split(separator: " ") == ["sleep", "sleep_quality"])
        try t.expect("daybook Sat 21 Nov> log sleep")
        t.type(Terminal.ctrlU + Terminal.tab)
        // On an empty line, TAB lists the commands with what each does, in a column after the
        // longest name (calendar).
        let commands = try t.expect("checkin   a guided check-in")
        #expect(commands.contains("\nmood      rate the day from 1 to 5, with a note\n"))
        #expect(commands.contains("\nlog       record values"))
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }

    @Test func valueHintThenUsualValue() throws {
        let home = try Home()
        // Saturdays before 21 November 2026: 8000, 8800 and 8400, so the usual is 8400.
        try home.script(
            "log steps 8000 --on 2026-11-14\nlog steps 8800 --on 2026-11-07\nlog steps 8400 --on 2026-10-31\n"
                + "log steps 300 --on 2026-11-20\n")
        let t = try Terminal(home)
        try t.prompt()
        t.type("log steps " + Terminal.tab)
        // Wrapped at a space to the terminal's 80 columns, not cut by it mid-word.
        try t.expect("steps: a count, e.g. 8200, 8,200 or 8.2k; usually 8,400 steps, from 3 Saturdays\n  (TAB again to fill it in)\n")
        try t.prompt("daybook Sat 21 Nov> log steps ")
        t.type(Terminal.tab)
        try t.expect("8400 ")
        t.type(Terminal.enter)
        try t.expect("logged steps 8,400 for today")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }

    /// The TAB that completes an attribute's name does not count as the first of two for its
    /// value: the hint comes first, as when the space is typed.
    @Test func valueHintAfterACompletedName() throws {
        let home = try Home()
        // Saturdays before 21 November 2026: 2 cups each.
        try home.script("log coffee 2 --on 2026-11-14\nlog coffee 2 --on 2026-11-07\nlog coffee 2 --on 2026-10-31\n")
        let t = try Terminal(home)
        try t.prompt()
        t.type("log coff" + Terminal.tab)
        try t.expect("ee ")
        t.type(Terminal.tab)
        try t.expect("coffee: a count, in cups, e.g. 2; usually 2 cups, from 3 Saturdays (TAB again to\n  fill it in)\n")
        try t.prompt("daybook Sat 21 Nov> log coffee ")
        t.type(Terminal.tab)
        try t.expect("2 ")
        t.type(Terminal.enter)
        try t.expect("logged coffee 2 cups for today")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT count(*) FROM entry WHERE attribute = 'coffee'") == "4")
    }

    @Test func dateWordsAfterDayAndOn() throws {
        let home = try Home()
        let t = try Terminal(home)
        try t.prompt()
        t.type("mood 3 --on yes" + Terminal.tab)
        try t.expect("terday ")
        t.type(Terminal.enter)
        try t.expect("mood 3 (okay) for yesterday")
        try t.prompt()
        t.type(Terminal.ctrlD)
        #expect(try t.waitForExit() == 0)
    }

    /// In fish, a word that starts with `#` is a comment unless escaped: the completion script
    /// offers `#outdoors` and fish itself inserts it escaped (`\#outdoors`), so the tag reaches
    /// daybook. Typed and completed in a real fish on a terminal (`make test` installs fish).
    @Test(.enabled(if: Installed.fish, "needs fish"))
    func fishInsertsATagEscaped() throws {
        let fish = "/usr/bin/fish"
        let home = try Home()
        try home.script("note by the sea #outdoors --on 2026-11-10\n")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let bin = URL(fileURLWithPath: Home.binary).deletingLastPathComponent().path
        home.environment["PATH"] = bin + ":/usr/bin:/bin"
        home.environment["DAYBOOK_JOURNAL"] = home.journal
        let setup = "source '\(root)/Completions/daybook.fish'; function fish_prompt; echo 'fish> '; end"
        let t = try Terminal(home, executable: fish, argv0: [fish, "--no-config", "-i", "-C", setup])
        try t.prompt("fish> ")
        t.type("daybook note walked \\#ou" + Terminal.tab)
        try t.expect("\\#outdoors ")
        t.type(Terminal.enter)
        try t.expect("noted for today, tagged #outdoors")
        try t.prompt("fish> ")
        t.type("exit" + Terminal.enter)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT text FROM note WHERE day = '2026-11-21'") == "walked #outdoors")
    }

    /// In bash too a word that starts with `#` is a comment: `mood 4 dinner with #fr` TAB must
    /// insert `\#friends`, or the tag and the words after it are lost. Typed and completed in a
    /// real interactive bash on a terminal (its own `complete`; bash-completion is not needed).
    @Test func bashInsertsATagEscaped() throws {
        let bash = "/usr/bin/bash"
        guard FileManager.default.isExecutableFile(atPath: bash) else {
            Issue.record("\(bash) is missing")
            return
        }
        let home = try Home()
        try home.script("note supper #friends --on 2026-11-10\n")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
        let bin = URL(fileURLWithPath: Home.binary).deletingLastPathComponent().path
        home.environment["PATH"] = bin + ":/usr/bin:/bin"
        home.environment["DAYBOOK_JOURNAL"] = home.journal
        home.environment["PS1"] = "bash> "
        let rc = home.directory + "/bashrc"
        try "source '\(root)/Completions/daybook.bash'\nPS1='bash> '\n".write(toFile: rc, atomically: true, encoding: .utf8)
        let t = try Terminal(home, executable: bash, argv0: [bash, "--noprofile", "--rcfile", rc, "-i"])
        try t.prompt("bash> ")
        t.type("daybook mood 4 dinner with #fr" + Terminal.tab)
        try t.expect("\\#friends ")
        t.type("and more" + Terminal.enter)
        try t.expect("mood 4 (good) for today")
        try t.prompt("bash> ")
        t.type("exit" + Terminal.enter)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT note FROM mood WHERE day = '2026-11-21'") == "dinner with #friends and more")
    }
}
