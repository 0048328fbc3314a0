import Foundation
import Testing

@Suite struct SessionTests {
    @Test func dayChangesWhereLaterCommandsWrite() throws {
        let d = try Daybook()
        let r = try d.run(input: "day yesterday\nmood 2\nshow\nday\nmood 5\n")
        #expect(r.status == 0)
        #expect(r.stdout == "Friday 20 November 2026\n  mood    2 bad\n")
        #expect(try d.sql("SELECT group_concat(day || '=' || rating, ' ') FROM mood WHERE removed_by IS NULL ORDER BY day")
            == "2026-11-20=2 2026-11-21=5")
    }

    @Test func sourceRunsAnotherFileAndReportsItsLines() throws {
        let d = try Daybook()
        let inner = d.directory + "/inner.daybook"
        try "note from inner\n\nmood 9\n".write(toFile: inner, atomically: true, encoding: .utf8)
        let r = try d.run(input: "note before\nsource \(inner)\nnote after\nsource /nonexistent/file\n")
        #expect(r.status == 1)
        #expect(
            r.stderr == "\(inner):3: error: mood is rated 1 to 5 (terrible, bad, okay, good, great); got 9\n"
                + "<stdin>:4: error: cannot read /nonexistent/file: No such file or directory\n")
        #expect(try d.sql("SELECT group_concat(text, ',') FROM note") == "before,from inner,after")
    }

    /// `daybook source FILE`, like `source` in the shell, runs the file as a script: its reads
    /// print, its writes confirm nothing, its errors name their line, and one line ends it.
    @Test func sourceAsOneCommandSaysOnlyErrorsAndASummary() throws {
        let d = try Daybook()
        let file = d.directory + "/f.daybook"
        try "note one\n# skipped\n\nmood 9\nlog steps 8200\nmood 7\nshow\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let r = try d.run(["source", file])
        #expect(r.status == 1)
        #expect(
            r.stderr == "\(file):4: error: mood is rated 1 to 5 (terrible, bad, okay, good, great); got 9\n"
                + "\(file):6: error: mood is rated 1 to 5 (terrible, bad, okay, good, great); got 7\n"
                + "\(file): 2 lines failed; the other 3 ran\n")
        #expect(r.stdout.contains("steps"))
        let clean = d.directory + "/clean.daybook"
        try "note two\n".write(toFile: clean, atomically: true, encoding: .utf8)
        let ok = try d.run(["source", clean])
        #expect(ok.status == 0)
        #expect(ok.stderr == "\(clean): 1 line ran\n")
        #expect(try d.sql("SELECT group_concat(text, ',') FROM note") == "one,two")
        // Only the outer file is summed up; a file it sources reports its errors alone.
        let outer = d.directory + "/outer.daybook"
        try "source \(file)\nnote three\n".write(toFile: outer, atomically: true, encoding: .utf8)
        let nested = try d.run(["source", outer])
        #expect(nested.stderr.hasSuffix("\n\(outer): 2 lines failed; the other 5 ran\n"))
        #expect(nested.stderr.components(separatedBy: "\n").count == 4)
    }

    @Test func atomicScriptsApplyAllOrNothing() throws {
        let d = try Daybook()
        let failing = try d.run(["--atomic"], input: "note one\nnote two\nmood 9\n")
        #expect(failing.status == 1)
        #expect(failing.stderr.hasSuffix("daybook: 1 line failed; with --atomic nothing was written\n"))
        #expect(!FileManager.default.fileExists(atPath: d.journal), "nothing written, not even a journal")
        let ok = try d.run(["--atomic"], input: "note one\nnote two\n")
        #expect(ok.status == 0)
        #expect(try d.sql("SELECT count(*) FROM note") == "2")
    }

    @Test func quitEndsAScript() throws {
        let d = try Daybook()
        #expect(try d.run(input: "note a\nquit\nnote b\n").status == 0)
        #expect(try d.sql("SELECT count(*) FROM note") == "1")
    }
}
