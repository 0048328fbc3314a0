import DaybookProcessSupport
import Foundation
import Testing

/// `review year --html FILE` opened in a real browser, headless Chromium (Debian's `chromium`):
/// the page asks for nothing outside the file, its charts are laid out as SVG, and a note that
/// holds markup stays text. Skipped, never passed, where Chromium is missing (`make test`
/// installs it).
@Suite(.enabled(if: Installed.chromium, "needs chromium")) struct ReviewPageBrowserTests {
    /// Chromium's own background requests (updates, accounts) carry no page's origin; a
    /// request the page makes carries the file's, `file://`, as its network isolation key.
    static func pageRequests(netLog path: String) throws -> [String] {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let events = try #require(log["events"] as? [[String: Any]])
        var urls: Set<String> = []
        for event in events {
            guard let params = event["params"] as? [String: Any], let url = params["url"] as? String,
                let key = params["network_isolation_key"] as? String, key.hasPrefix("file://")
            else { continue }
            urls.insert(url)
        }
        return urls.sorted()
    }

    /// Runs headless Chromium on `page` with a profile of its own, its network log in `netLog`.
    static func chromium(_ d: Daybook, _ arguments: [String], page: String, netLog: String) throws -> RunResult {
        let flags = [
            "90", "/usr/bin/chromium", "--headless", "--no-sandbox", "--user-data-dir=\(d.directory)/chromium-profile",
            "--no-first-run", "--disable-gpu", "--log-net-log=\(netLog)", "--window-size=900,2400",
        ]
        let r = try d.execute("/usr/bin/timeout", flags + arguments + ["file://" + page])
        #expect(r.status == 0, "chromium: \(r.stderr.suffix(2000))")
        return r
    }

    @Test func aYearPageInABrowser() throws {
        let d = try Daybook()
        d.now = "2026-11-21T21:00"
        var lines: [String] = []
        var day = DateComponents(calendar: Calendar(identifier: .gregorian), year: 2025, month: 1, day: 1).date!
        var n = 0
        while n < 365 {
            let iso = ISO8601DateFormatter.string(from: day, timeZone: TimeZone(identifier: "UTC")!, formatOptions: [.withFullDate])
            lines.append("log steps \(6000 + (n * 37) % 5000) weight \(70 + Double(n % 9) / 2) --on \(iso)")
            lines.append(n == 100 ? "mood 1 '\(ReviewPageTests.hostile)' --on \(iso)" : "mood \(2 + n % 4) fine --on \(iso)")
            day = day.addingTimeInterval(86_400)
            n += 1
        }
        let written = try d.run(input: lines.joined(separator: "\n") + "\n")
        #expect(written.status == 0, "\(written.stderr)")
        let page = d.directory + "/2025.html"
        let r = try d.run(["review", "year", "2025", "--html", page])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let charts = html.components(separatedBy: "<svg class=\"chart\"").count - 1
        #expect(charts == 3)  // the mood, steps and weight

        // Loaded as it is: nothing asked for outside the file, the note text, no script.
        let netLog = d.directory + "/page.netlog.json"
        let dom = try Self.chromium(d, ["--dump-dom"], page: page, netLog: netLog).stdout
        #expect(try Self.pageRequests(netLog: netLog) == [])
        #expect(dom.contains("<svg class=\"chart\""))
        #expect(!dom.lowercased().contains("<script"))
        #expect(dom.contains("&lt;/svg&gt;&lt;script&gt;alert(\"x\")&lt;/script&gt;"), "the note, as text")
        #expect(dom.contains("Review: 2025"))

        // Drawn: a copy of the page with a script of the test's that writes, for each chart,
        // the size the browser laid it out at and how many of its shapes have an extent.
        let probe = d.directory + "/2025-probe.html"
        let script = """
            <script>
            const out = [...document.querySelectorAll('svg.chart')].map(svg => {
              const box = svg.getBoundingClientRect();
              const drawn = [...svg.querySelectorAll('path, polyline, line, circle, rect')]
                .filter(s => { const b = s.getBBox(); return b.width > 0 || b.height > 0; }).length;
              return Math.round(box.width) + 'x' + Math.round(box.height) + ':' + drawn;
            });
            document.body.setAttribute('data-charts', out.join(' '));
            </script>
            """
        try html.replacingOccurrences(of: "</body>", with: script + "</body>").write(
            toFile: probe, atomically: true, encoding: .utf8)
        let probed = try Self.chromium(d, ["--dump-dom"], page: probe, netLog: d.directory + "/probe.netlog.json").stdout
        let attribute = try #require(probed.range(of: #"data-charts="[^"]*""#, options: .regularExpression))
        let sizes = probed[attribute].dropFirst("data-charts=\"".count).dropLast().split(separator: " ")
        #expect(sizes.count == charts, "\(sizes)")
        for size in sizes {
            let parts = size.split(whereSeparator: { $0 == "x" || $0 == ":" }).compactMap { Int($0) }
            #expect(parts.count == 3 && parts[0] >= 200 && parts[1] >= 50 && parts[2] >= 2, "chart laid out as \(size)")
        }

        // A screenshot is taken and is an image.
        let shot = d.directory + "/2025.png"
        _ = try Self.chromium(d, ["--screenshot=\(shot)"], page: page, netLog: d.directory + "/shot.netlog.json")
        let png = try Data(contentsOf: URL(fileURLWithPath: shot))
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]) && png.count > 10_000)
    }

    /// The check of requests sees a page's request when there is one: the same browser on a
    /// page with an image from elsewhere lists it.
    @Test func theRequestCheckSeesARequest() throws {
        let d = try Daybook()
        let page = d.directory + "/outside.html"
        try "<!DOCTYPE html><html><body><img src=\"http://192.0.2.1/x.png\"><p>x</p></body></html>".write(
            toFile: page, atomically: true, encoding: .utf8)
        let netLog = d.directory + "/outside.netlog.json"
        _ = try Self.chromium(d, ["--dump-dom"], page: page, netLog: netLog)
        #expect(try Self.pageRequests(netLog: netLog) == ["http://192.0.2.1/x.png"])
    }
}
