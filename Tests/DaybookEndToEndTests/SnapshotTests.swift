import Foundation
import Testing

/// The dashboard views of the demo journal, through the real binary, against checked-in text
/// files in `Tests/Snapshots`: at 40, 80 and 120 columns, with and without colour, in UTF-8 and
/// in ASCII. A test fails when its file is stale; `DAYBOOK_UPDATE_SNAPSHOTS=1 swift test
/// --filter SnapshotTests` rewrites them (then read the diff).
@Suite struct SnapshotTests {
    static let folder = Daybook.packageRoot + "/Tests/Snapshots"
    static let update = ProcessInfo.processInfo.environment["DAYBOOK_UPDATE_SNAPSHOTS"] == "1"
    /// Late enough on the demo's last day for all of its entries.
    static let now = "2026-11-21T22:30"

    struct Variant: CustomStringConvertible, Sendable {
        let command: [String]
        let locale: String
        let colour: Bool

        var name: String {
            command.joined(separator: "-") + (locale == "C" ? ".ascii" : ".utf8") + (colour ? ".colour" : ".plain")
        }
        var description: String { name }
    }

    static let variants: [Variant] = [["today"], ["week"], ["calendar"], ["goals"], ["review", "month"]].flatMap { command in
        ["C.UTF-8", "C"].flatMap { locale in [false, true].map { Variant(command: command, locale: locale, colour: $0) } }
    }

    /// The output of every width, one after the other under a heading that says how it was run.
    static func render(_ variant: Variant) throws -> String {
        let d = try Daybook()
        d.now = now
        var text = ""
        for width in [40, 80, 120] {
            d.environment = ["COLUMNS": String(width), "LC_ALL": variant.locale, "LANG": variant.locale]
            let flags = ["--demo", "--color", variant.colour ? "always" : "never"]
            let r = try d.run(flags + variant.command, journalFlag: false)
            #expect(r.status == 0, "\(variant) at \(width): \(r.stderr)")
            text += "=== daybook \((flags + variant.command).joined(separator: " ")) (COLUMNS=\(width) LC_ALL=\(variant.locale))\n"
            text += r.stdout
        }
        return text
    }

    @Test(arguments: variants) func snapshot(_ variant: Variant) throws {
        let text = try Self.render(variant)
        let path = Self.folder + "/" + variant.name + ".txt"
        if Self.update {
            try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        guard let stored = try? String(contentsOfFile: path, encoding: .utf8) else {
            Issue.record("no snapshot \(path); run DAYBOOK_UPDATE_SNAPSHOTS=1 swift test --filter SnapshotTests")
            return
        }
        if stored != text {
            let a = stored.split(separator: "\n", omittingEmptySubsequences: false)
            let b = text.split(separator: "\n", omittingEmptySubsequences: false)
            let first = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            Issue.record(
                """
                snapshot \(variant.name) is stale from line \(first + 1):
                  stored: \(first < a.count ? String(a[first]) : "(end)")
                  now:    \(first < b.count ? String(b[first]) : "(end)")
                run DAYBOOK_UPDATE_SNAPSHOTS=1 swift test --filter SnapshotTests to rewrite it, and read the diff
                """)
        }
    }

    /// Every snapshot file belongs to a variant: none is left behind when one goes.
    @Test func noStraySnapshots() throws {
        let names = Set(Self.variants.map { $0.name + ".txt" })
        let files = (try? FileManager.default.contentsOfDirectory(atPath: Self.folder)) ?? []
        for file in files where file.hasSuffix(".txt") {
            #expect(names.contains(file), "\(file) belongs to no snapshot test")
        }
    }
}
