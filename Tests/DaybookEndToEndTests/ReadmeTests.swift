import Foundation
import Testing

/// The README must stay true: its sample session is run, and its command list checked.
@Suite struct ReadmeTests {
    let readme: String

    init() throws {
        readme = try String(contentsOfFile: Daybook.packageRoot + "/README.md", encoding: .utf8)
    }

    /// Splits a shell command line the simple way: spaces, single and double quotes.
    func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character? = nil
        var inWord = false
        for ch in line {
            if let q = quote {
                if ch == q { quote = nil } else { current.append(ch) }
            } else if ch == "'" || ch == "\"" {
                quote = ch
                inWord = true
            } else if ch == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(ch)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    @Test func sampleSessionRunsAsWritten() throws {
        guard let start = readme.range(of: "```console\n"),
            let end = readme.range(of: "```", range: start.upperBound..<readme.endIndex)
        else {
            Issue.record("the README has no console session")
            return
        }
        let block = readme[start.upperBound..<end.lowerBound]
        var steps: [(command: String, expected: String)] = []
        // The block ends with a newline: the last split piece is empty and not a line.
        for line in block.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            if line.hasPrefix("$ ") {
                steps.append((String(line.dropFirst(2)), ""))
            } else if !steps.isEmpty {
                steps[steps.count - 1].expected += line + "\n"
            }
        }
        #expect(steps.count >= 5)
        let d = try Daybook()
        d.now = "2026-11-21T21:40"
        for (command, expected) in steps {
            var words = shellWords(command)
            #expect(words.first == "daybook")
            words.removeFirst()
            let r = try d.run(words)
            #expect(r.status == 0, "\(command)")
            #expect(r.stdout + r.stderr == expected, "\(command)")
        }
    }

    @Test func everyCommandIsListed() throws {
        let help = try Daybook().run(["help"]).stdout
        for line in help.split(separator: "\n") where line.hasPrefix("  ") {
            let name = line.split(separator: " ").first!
            #expect(readme.contains("| `\(name)"), "README lacks \(name)")
        }
    }
}
