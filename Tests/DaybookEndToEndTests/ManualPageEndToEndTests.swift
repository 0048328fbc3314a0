import Foundation
import Testing

/// The manual page as the binary prints it, and its examples as they run.
@Suite struct ManualPageEndToEndTests {
    let page: String

    init() throws {
        page = try String(contentsOfFile: Daybook.packageRoot + "/man/daybook.1", encoding: .utf8)
    }

    /// The page comes from a developer's tool beside the binary, not from daybook itself.
    @Test func theManualToolPrintsTheCommittedPage() throws {
        let d = try Daybook()
        let tool = URL(fileURLWithPath: Daybook.binary).deletingLastPathComponent().appendingPathComponent("daybook-man").path
        let r = try d.execute(tool, [], input: Data())
        #expect(r.status == 0)
        #expect(r.stderr == "")
        if r.stdout != page { Issue.record("man/daybook.1 differs from what daybook-man prints: run make man") }
        // daybook has no such entry point: `__man` is an unknown command, and writes nothing.
        let hidden = try d.run(["__man"], journalFlag: false)
        #expect(hidden.status == 64)
        #expect(hidden.stdout == "")
        #expect(!FileManager.default.fileExists(atPath: d.journal))
    }

    /// What a line of a literal display prints as: the page's escapes undone.
    static func unescape(_ line: Substring) -> String {
        var out = ""
        var rest = line[...]
        while let slash = rest.firstIndex(of: "\\") {
            out += rest[..<slash]
            rest = rest[rest.index(after: slash)...]
            if rest.hasPrefix("e") {
                out += "\\"
                rest = rest.dropFirst()
            } else if rest.hasPrefix("&") {
                rest = rest.dropFirst()
            } else if rest.hasPrefix("(dq") {
                out += "\""
                rest = rest.dropFirst(3)
            } else if rest.hasPrefix("[u"), let close = rest.firstIndex(of: "]"),
                let value = UInt32(rest[rest.index(rest.startIndex, offsetBy: 2)..<close], radix: 16),
                let scalar = Unicode.Scalar(value)
            {
                out.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: close)...]
            } else {
                Issue.record("unexpected escape in a display: \(line)")
                return out
            }
        }
        return out + rest
    }

    /// Every display of EXAMPLES is run in /bin/sh, on one journal, with the binary on PATH:
    /// each `$ ` line is a command, the lines after it what it prints, and `$ cat FILE` shows
    /// a file, which is written first.
    @Test func examplesRunAsWritten() throws {
        guard let start = page.range(of: "\n.Sh EXAMPLES\n"),
            let end = page.range(of: "\n.Sh ", range: start.upperBound..<page.endIndex)
        else {
            Issue.record("the page has no EXAMPLES")
            return
        }
        var steps: [(command: String, shown: [String])] = []
        var inDisplay = false
        for line in page[start.upperBound..<end.lowerBound].split(separator: "\n") {
            if line.hasPrefix(".Bd -literal") {
                inDisplay = true
            } else if line == ".Ed" {
                inDisplay = false
            } else if inDisplay {
                let text = Self.unescape(line)
                if text.hasPrefix("$ ") {
                    steps.append((String(text.dropFirst(2)), []))
                } else if !steps.isEmpty {
                    steps[steps.count - 1].shown.append(text)
                }
            }
        }
        #expect(steps.count >= 8)
        let d = try Daybook()
        d.now = "2026-11-21T21:40"
        var environment = d.childEnvironment
        environment["PATH"] = URL(fileURLWithPath: Daybook.binary).deletingLastPathComponent().path + ":"
            + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["DAYBOOK_JOURNAL"] = d.journal
        for (command, shown) in steps {
            if command.hasPrefix("cat ") {
                let file = d.directory + "/" + command.dropFirst(4)
                try (shown.joined(separator: "\n") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
                continue
            }
            let r = try d.execute("/bin/sh", ["-c", "cd \"$D\" && " + command], environment: environment)
            #expect(r.status == 0, "\(command)")
            #expect(r.stdout + r.stderr == shown.map { $0 + "\n" }.joined(), "\(command)")
        }
        // The script, all or nothing, wrote what the commands before it had.
        #expect(try d.sql("SELECT count(*) FROM note WHERE removed_by IS NULL") == "1")
        #expect(try d.sql("SELECT shown FROM daily WHERE attribute = 'coffee'") == "1")
    }
}
