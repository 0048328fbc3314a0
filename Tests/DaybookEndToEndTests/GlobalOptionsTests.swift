import Foundation
import Testing

/// The program's own options after the command, by their long names, as the command's own
/// options are read anywhere on the line: `daybook today --journal J`.
@Suite struct GlobalOptionsTests {
    @Test func theJournalAfterTheCommandIsTheOneRead() throws {
        let d = try Daybook()
        #expect(try d.run(["mood", "4", "calm day"]).status == 0)
        let before = try d.run(["--journal", d.journal, "today"], journalFlag: false)
        let after = try d.run(["today", "--journal", d.journal], journalFlag: false)
        #expect(after.status == 0, "\(after.stderr)")
        #expect(after.stderr == "")
        #expect(after.stdout == before.stdout)
        #expect(after.stdout.contains("calm day"))
        let inline = try d.run(["today", "--journal=\(d.journal)"], journalFlag: false)
        #expect(inline.stdout == before.stdout)
    }

    @Test func aWriteGoesToTheJournalNamedAfterTheCommand() throws {
        let d = try Daybook()
        let other = d.directory + "/other.sqlite3"
        let r = try d.run(["note", "walked", "by", "the", "river", "--journal", other, "--on", "yesterday"], journalFlag: false)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr == "noted for yesterday\n", "\(r.stderr)")
        let notes = try d.execute(Daybook.binary, ["--journal", other, "show", "yesterday", "--json"])
        #expect(notes.stdout.contains(#""text": "walked by the river""#), "\(notes.stdout)")
        // Nothing went to the default journal.
        #expect(!FileManager.default.fileExists(atPath: d.directory + "/.local/share/daybook/journal.sqlite3"))
    }

    @Test func colourAfterTheCommand() throws {
        let d = try Daybook()
        #expect(try d.run(["mood", "4", "--on", "2026-11-10"]).status == 0)
        let never = try d.run(["calendar", "2026-11", "--color", "never"])
        #expect(never.status == 0, "\(never.stderr)")
        #expect(never.stdout == (try d.run(["--color", "never", "calendar", "2026-11"])).stdout)
        #expect(!never.stdout.contains("\u{1B}["))
        let always = try d.run(["calendar", "2026-11", "--color", "always"])
        #expect(always.stdout == (try d.run(["--color", "always", "calendar", "2026-11"])).stdout)
        #expect(always.stdout.contains("\u{1B}["))
    }

    /// Refused as they are before the command, in one line, and nothing is written.
    @Test func refusedAfterTheCommandAsBefore() throws {
        let d = try Daybook()
        let bad = try d.run(["mood", "4", "--color", "sometimes"])
        let badBefore = try d.run(["--color", "sometimes", "mood", "4"])
        #expect(bad.status == 64)
        #expect(bad.stderr == badBefore.stderr)
        #expect(bad.stderr.hasPrefix("daybook: --color takes auto, always or never; got sometimes\n"), "\(bad.stderr)")
        let missing = try d.run(["mood", "4", "--journal"], journalFlag: false)
        #expect(missing.status == 64)
        #expect(
            missing.stderr == "daybook: --journal needs a PATH\nTry 'daybook --help' for the options and commands.\n",
            "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: d.journal))
        // A command's unknown option is still refused, naming the command's options.
        let unknown = try d.run(["undo", "--jurnal", "x"])
        #expect(unknown.status == 64)
        #expect(unknown.stderr.contains("unknown option --jurnal for undo"), "\(unknown.stderr)")
        // A mode of the program with a command is refused as before.
        let modes = try d.run(["today", "--command", "show"])
        #expect(modes.status == 64)
        #expect(modes.stderr.hasPrefix("daybook: give one of: a COMMAND, -c COMMAND, or -f FILE\n"))
    }

    /// `--` ends the program's options: after it, a note keeps `--journal` as its text; and a
    /// short option after the command (`-c`) is a word of the note.
    @Test func afterTheEndOfOptionsTheWordsAreTheCommands() throws {
        let d = try Daybook()
        #expect(try d.run(["--", "note", "try", "--journal", "x"]).status == 0)
        #expect(try d.run(["note", "a", "-c", "b"]).status == 0)
        #expect(try d.sql("SELECT group_concat(text, '|') FROM note") == "try --journal x|a -c b")
        #expect(!FileManager.default.fileExists(atPath: d.directory + "/x"))
    }

    @Test func completionOffersAndReadsThemAfterTheCommand() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "walked #outdoors"]).status == 0)
        let names = try d.execute(Daybook.binary, ["__complete", "--", "today", "--jo"])
        #expect(names.stdout.hasPrefix("--journal\t"), "\(names.stdout)")
        let colours = try d.execute(Daybook.binary, ["__complete", "--", "calendar", "--color", "n"])
        #expect(colours.stdout.hasPrefix("never"), "\(colours.stdout)")
        // The journal named after the command is the one whose tags complete.
        let tags = try d.execute(Daybook.binary, ["__complete", "--", "note", "--journal", d.journal, "by", "#ou"])
        #expect(tags.stdout.hasPrefix("#outdoors"), "\(tags.stdout)")
    }
}
