import Foundation
import Testing

/// The file `export` writes, on the real binary: it is made private (0600) whatever the umask
/// the process inherits, and an existing one is replaced only with --force, private too.
@Suite struct ImportExportEndToEndTests {
    /// A journal with every kind of data: moods (one overwritten), notes with commas, quotes,
    /// line breaks, a tab, a carriage return, bidirectional and zero-width characters and an
    /// emoji sequence, a note undone (a gap in the ids), values of every type (times of day,
    /// durations, percentages, yes/no, decimals), tracked attributes, built-ins tracked again
    /// (one the same, so that only the order changes), goal history (changed, ended) and settings.
    func fullJournal() throws -> Daybook {
        let d = try Daybook()
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
        let r = try d.run(input: script)
        #expect(r.status == 0, "\(r.stderr)")
        // Notes of several lines come in through one-shot commands (argv keeps line breaks).
        for note in [
            "two lines,\nthe second with \"quotes\", and a comma #multi", "a carriage\r\nreturn and a lone\rone",
            "\n\nblank lines around\n\n",
        ] {
            let n = try d.run(["note", note, "--on", "2026-11-18"])
            #expect(n.status == 0, "\(n.stderr)")
        }
        return d
    }

    // MARK: The export file

    @Test func anExistingFileIsNeverOverwrittenWithoutForce() throws {
        let d = try fullJournal()
        let path = d.directory + "/out.json"
        try "precious".write(toFile: path, atomically: false, encoding: .utf8)
        let r = try d.run(["export", path])
        #expect(r.status == 1)
        #expect(r.stderr == "error: \(path) exists; give --force to overwrite it. Nothing was written\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        chmod(path, 0o644)
        let f = try d.run(["export", path, "--force"])
        #expect(f.status == 0, "\(f.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("{\n  \"format\": \"daybook\""))
        #expect(try mode(path) == 0o600)
        // A folder is refused.
        let folder = try d.run(["export", d.directory, "--force"])
        #expect(folder.status == 1)
        #expect(folder.stderr.contains("is a folder"))
    }

    @Test func theFileIsCreatedPrivate() throws {
        let d = try fullJournal()
        let path = d.directory + "/new.csv"
        // Whatever the umask: the test process's is inherited.
        let old = umask(0)
        defer { umask(old) }
        #expect(try d.run(["export", path]).status == 0)
        #expect(try mode(path) == 0o600)
    }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }
}
