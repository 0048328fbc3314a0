import Foundation

// The journals that the suites of commands in process and their halves on the binary both
// build, and what they read back from them.

extension JournalRunner {
    /// A journal with every kind of data: moods (one overwritten), notes with commas, quotes,
    /// line breaks, a tab, a carriage return, bidirectional and zero-width characters and an
    /// emoji sequence, a note undone (a gap in the ids), values of every type (times of day,
    /// durations, percentages, yes/no, decimals), tracked attributes, built-ins tracked again
    /// (one the same, so that only the order changes), goal history (changed, ended) and settings.
    public static func fullJournal() throws -> Self {
        let d = try Self()
        let script = """
            track pages count unit pages group productivity
            track focus percentage
            track meditated yesno
            track mood_energy decimal average
            track steps count sum unit paces
            track water count sum unit glasses group food
            mood 2 rough start --on 2026-11-19
            mood 3 better, "much" better #better --on 2026-11-19
            mood 4 walked by the sea #outdoors
            note "call Ana, about \\"Sunday\\" #friends"
            note to be undone
            undo
            note "bidi \u{202E}evil\u{202C} text, zero\u{200B}width and 👩\u{200D}💻 #work"
            note "tab\tinside" --on 2026-11-20
            log steps 9120 sleep 7h20m bedtime 23:40 weight 72.45
            log steps 1000 bedtime 00:30 --on 2026-11-20
            log steps 1000 --on 2026-11-20
            log pages 12 focus 85% meditated yes mood_energy 3.333 --on 2026-11-20
            log productive 1:45 water 8 sleep 7.333h --on 2026-11-18
            goal steps 8000 --on 2026-11-01
            goal steps 10000 weekly --on 2026-11-15
            goal sleep 7h..9h
            goal bedtime 23:00..00:30 --on 2026-11-10
            goal bedtime off --on 2026-11-20
            set color never
            set history-notes off

            """
        let r = try d.run([], input: script, journalFlag: true)
        guard r.status == 0 else { throw FixtureFailure("\(r.stderr)") }
        // Notes of several lines come in through one-shot commands (argv keeps line breaks).
        for note in [
            "two lines,\nthe second with \"quotes\", and a comma #multi", "a carriage\r\nreturn and a lone\rone",
            "\n\nblank lines around\n\n",
        ] {
            let n = try d.run(["note", note, "--on", "2026-11-18"], input: "", journalFlag: true)
            guard n.status == 0 else { throw FixtureFailure("\(n.stderr)") }
        }
        return d
    }

    /// A journal of two days: Friday's weight, Saturday's mood, note, values and goals.
    public static func twoDayJournal() throws -> Self {
        let d = try Self()
        d.now = "2026-11-21T21:40"
        let script = """
            mood 4 walked by the sea #outdoors
            log steps 9120 sleep 7h20m bedtime 01:05 coffee 3
            note call Ana about Sunday #friends
            log weight 72.4 --on yesterday
            goal steps at least 10000
            goal sleep 7h..9h weekly
            goal bedtime 23:00..00:30
            goal coffee at most 2
            """
        let r = try d.run([], input: script + "\n", journalFlag: true)
        guard r.status == 0 else { throw FixtureFailure("\(r.stderr)") }
        return d
    }
}

/// Reading back what the dashboards print.
public enum DashboardText {
    /// The JSON value of `text`.
    public static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    /// Each line's width in columns, colour sequences left out (the journals here hold no wide text).
    public static func columns(_ line: Substring) -> Int {
        var count = 0
        var escape = false
        for scalar in line.unicodeScalars {
            if scalar == "\u{1B}" {
                escape = true
            } else if escape {
                if scalar == "m" { escape = false }
            } else {
                count += 1
            }
        }
        return count
    }
}
