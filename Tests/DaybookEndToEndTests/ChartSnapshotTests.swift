import Foundation
import Testing

/// The charts of the demo journal, through the real binary, against checked-in text files in
/// `Tests/Snapshots/charts`: at 40, 80 and 132 columns, with and without colour, in UTF-8
/// (braille) and in ASCII. `DAYBOOK_UPDATE_SNAPSHOTS=1 swift test --filter ChartSnapshotTests`
/// rewrites them (then read the diff).
@Suite struct ChartSnapshotTests {
    static let folder = Daybook.packageRoot + "/Tests/Snapshots/charts"

    static let variants: [SnapshotTests.Variant] = [
        ["chart", "steps", "12", "weeks"], ["chart", "bedtime", "12", "weeks", "--by", "week"],
        ["chart", "mood", "12", "weeks"], ["chart", "sleep", "mood"],
    ].flatMap { command in
        ["C.UTF-8", "C"].flatMap { locale in [false, true].map { SnapshotTests.Variant(command: command, locale: locale, colour: $0) } }
    }

    static func render(_ variant: SnapshotTests.Variant) throws -> String {
        let d = try Daybook()
        d.now = SnapshotTests.now
        var text = ""
        for width in [40, 80, 132] {
            d.environment = ["COLUMNS": String(width), "LC_ALL": variant.locale, "LANG": variant.locale]
            let flags = ["--demo", "--color", variant.colour ? "always" : "never"]
            let r = try d.run(flags + variant.command, journalFlag: false)
            #expect(r.status == 0, "\(variant) at \(width): \(r.stderr)")
            text += "=== daybook \((flags + variant.command).joined(separator: " ")) (COLUMNS=\(width) LC_ALL=\(variant.locale))\n"
            text += r.stdout
        }
        return text
    }

    @Test(arguments: variants) func snapshot(_ variant: SnapshotTests.Variant) throws {
        let text = try Self.render(variant)
        let path = Self.folder + "/" + variant.name + ".txt"
        if SnapshotTests.update {
            try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        let stored = try #require(
            try? String(contentsOfFile: path, encoding: .utf8),
            "no snapshot \(path); run DAYBOOK_UPDATE_SNAPSHOTS=1 swift test --filter ChartSnapshotTests")
        let a = stored.split(separator: "\n", omittingEmptySubsequences: false)
        let b = text.split(separator: "\n", omittingEmptySubsequences: false)
        let first = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        #expect(
            stored == text,
            """
            snapshot \(variant.name) is stale from line \(first + 1):
              stored: \(first < a.count ? String(a[first]) : "(end)")
              now:    \(first < b.count ? String(b[first]) : "(end)")
            """)
    }

    /// Every snapshot file belongs to a variant.
    @Test func noStraySnapshots() throws {
        let names = Set(Self.variants.map { $0.name + ".txt" })
        for file in (try? FileManager.default.contentsOfDirectory(atPath: Self.folder)) ?? [] {
            #expect(names.contains(file), "\(file) belongs to no chart snapshot")
        }
    }
}
