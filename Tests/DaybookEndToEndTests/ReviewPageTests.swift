import Foundation
import Testing

/// `review --html FILE` through the real binary: one self-contained page, its notes escaped.
@Suite struct ReviewPageTests {
    static let hostile = #"</svg><script>alert("x")</script> & <img src=x onerror=alert(1)>"#

    func journal() throws -> Daybook {
        let d = try Daybook()
        d.now = "2026-11-21T21:00"
        var lines: [String] = []
        for day in 1...31 {
            let date = String(format: "2026-10-%02d", day)
            lines.append("log steps \(5000 + day * 100) bedtime 23:\(String(format: "%02d", day % 60)) --on \(date)")
            lines.append(day == 13 ? "mood 1 '\(Self.hostile)' --on \(date)" : "mood \(2 + day % 4) fine --on \(date)")
        }
        let r = try d.run(input: lines.joined(separator: "\n") + "\n")
        #expect(r.status == 0, "\(r.stderr)")
        return d
    }

    @Test func aPageOfItsOwn() throws {
        let d = try journal()
        let path = d.directory + "/october.html"
        let r = try d.run(["review", "month", "2026-10", "--html", path])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "")
        let html = try String(contentsOfFile: path, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        // Nothing from outside the file, and no script.
        for outside in ["<script", " src=\"", " href=\"", "url(", "@import", "<link", "http:", "https:", "<img", "<iframe", "<object"] {
            #expect(!html.lowercased().contains(outside), "\(outside)")
        }
        // The note shows as text.
        #expect(html.contains("&lt;/svg&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
        // A chart each for the mood, steps and bedtime, and the review's own sentences.
        #expect(html.components(separatedBy: "<svg class=\"chart\"").count - 1 == 3)
        #expect(html.components(separatedBy: "</svg>").count - 1 == 3)
        let text = try d.run(["review", "month", "2026-10"]).stdout.split(separator: "\n").map(String.init)
        for heading in ["Check-ins", "Mood"] {
            let sentence = try #require(text.firstIndex(of: heading).map { text[$0 + 1].trimmingCharacters(in: .whitespaces) })
            #expect(html.contains("<p>" + sentence + "</p>"), "\(sentence)")
        }
        // The file is not written over without --force.
        let again = try d.run(["review", "month", "2026-10", "--html", path])
        #expect(again.status != 0)
        #expect(again.stderr.contains("--force"))
        // A FIFO or a folder where the page goes is named as review's, not export's.
        let fifo = d.directory + "/page-fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        let onFifo = try d.run(["review", "month", "2026-10", "--html", fifo])
        #expect(onFifo.status != 0)
        #expect(onFifo.stderr.contains("review --html writes to a file"), "\(onFifo.stderr)")
        #expect(!onFifo.stderr.contains("export"))
        let onFolder = try d.run(["review", "month", "2026-10", "--html", d.directory])
        #expect(onFolder.stderr.contains("give the path of a file to write to") && !onFolder.stderr.contains("export"))
    }
}
