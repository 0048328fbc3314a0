import Foundation
import Testing

/// The rules of `ArchitectureRules`, on the real tree and on a small tree that breaks each one
/// once, so that the check is seen to fail.
@Suite struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    /// What breaks a rule today and is kept on purpose or not yet moved, by rule and file (any
    /// line of it), each with its reason. An entry that no longer matches anything fails the
    /// test too, so that the list only shrinks. Empty: every rule holds everywhere.
    static let allowed: [(rule: ArchitectureRules.Rule, path: String, reason: String)] = []

    @Test func theTreeKeepsTheRules() throws {
        let found = try ArchitectureRules.check(root: Self.root)
        var used = Set<Int>()
        for violation in found {
            if let index = Self.allowed.firstIndex(where: { $0.rule == violation.rule && $0.path == violation.path }) {
                used.insert(index)
                continue
            }
            Issue.record("\(violation)")
        }
        for (index, entry) in Self.allowed.enumerated() where !used.contains(index) {
            Issue.record("allowed, but nothing breaks the rule any more: [\(entry.rule.rawValue)] \(entry.path); remove it from the list")
        }
        // The check read the tree: the core, the views and the tests are there.
        let files = try ArchitectureRules.files(root: Self.root).map(\.path)
        #expect(files.contains("Sources/DaybookStore/Journal.swift"))
        #expect(files.contains("Sources/DaybookCore/Day.swift"))
        #expect(files.contains("Sources/DaybookViews/Columns.swift"))
        #expect(files.contains("Tests/DaybookCommandsTests/ArchitectureTests.swift"))
    }

    /// A small tree on disk: one file that keeps every rule where each is allowed, and one file
    /// for each rule that breaks it once, at a known line.
    @Test func eachRuleFiresOnceOnPurpose() throws {
        let tree = FileManager.default.temporaryDirectory.appendingPathComponent("architecture-" + UUID().uuidString).path
        defer { try? FileManager.default.removeItem(atPath: tree) }
        func write(_ path: String, _ text: String) throws {
            let url = URL(fileURLWithPath: tree + "/" + path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        // Kept: SQL (a comment inside it too) in the store and in the probes, the store importing the domain, an escape code in the views, isatty in
        // the shell and the context, words about flags in comments, a flag outside the core, a
        // storage control that is not public, a closure that returns no String.
        try write(
            "Sources/DaybookStore/Store.swift",
            """
            import CSQLite
            import DaybookCore
            // Says --moods in a comment, and sync --new-device /* here too */.
            let sql = "SELECT id FROM note -- the newest first\\nORDER BY id"
            let other = "UPDATE note SET text = ? WHERE id = ?"
            func beginBatch() {}
            package func limitPageCache(kibibytes: Int) {}
            public func rows(_ each: (Int) -> Void) {}
            let said = "\\(count) notes, one per line"
            """)
        try write(
            "Sources/DaybookProbes/Probes.swift",
            "import CSQLite\npackage final class BaselineQuery {}\nlet sql = \"SELECT name FROM tag\"\n")
        try write("Sources/DaybookViews/Paint.swift", "let bold = \"\\u{1B}[1m\"\n")
        try write("Sources/DaybookShell/Tty.swift", "let t = isatty(0) == 1\n")
        try write("Commands/Context/Facts.swift", "let t = isatty(1) == 1\n")
        try write("Commands/Import.swift", "let hint = \"give --moods\" // select the rows from the file\n")
        try write("Tests/Big.swift", String(repeating: "let x = 1\n", count: ArchitectureRules.maximumLines))
        #expect(try ArchitectureRules.check(root: tree) == [])

        // Broken: each rule once, on line 2 of its file.
        let broken: [(ArchitectureRules.Rule, String, String)] = [
            (.sql, "Commands/Show.swift", "let sql = \"SELECT day FROM mood\""),
            (.sql, "Sources/DaybookShell/Raw.swift", "_ = sqlite3_exec(db, nil, nil, nil, nil)"),
            (.sql, "Sources/DaybookCore/Rules.swift", "import CSQLite"),
            (.escape, "Commands/Week.swift", "let red = \"\\u{1b}[31m\""),
            (.isatty, "Commands/ImportHealth.swift", "let shown = isatty(2) == 1"),
            (.flag, "Sources/DaybookStore/Sync.swift", "let advice = \"give this one its own with sync --new-device\""),
            (.flag, "Sources/DaybookCore/Moods.swift", "let advice = \"\\(x) such as --moods 'Good=4'\""),
            (.view, "Sources/DaybookCore/Uses.swift", "import DaybookViews"),
            (.view, "Sources/DaybookCore/Reads.swift", "import DaybookStore"),
            (.view, "Sources/DaybookStore/Uses.swift", "import DaybookCommands"),
            (.view, "Sources/DaybookCore/Describe.swift", "public func apply(describe: (Summary) -> String) {}"),
            (.storage, "Sources/DaybookStore/Journal+Batch.swift", "    public func rollbackBatch() {}"),
            (.storage, "Sources/DaybookCore/Probe.swift", "public final class SearchIndexProbe {"),
            (.storage, "Sources/DaybookStore/Probe.swift", "package final class BaselineQuery {"),
        ]
        for (_, path, line) in broken { try write(path, "// line 1\n" + line + "\n") }
        try write("Sources/DaybookCore/Long.swift", String(repeating: "let x = 1\n", count: ArchitectureRules.maximumLines + 1))
        let found = try ArchitectureRules.check(root: tree)
        var expected = broken.map { rule, path, _ in "\(path):2:\(rule.rawValue)" }
        expected.append("Sources/DaybookCore/Long.swift:451:size")
        #expect(found.map { "\($0.path):\($0.line):\($0.rule.rawValue)" }.sorted() == expected.sorted())
        #expect(Set(found.map(\.rule)) == Set(ArchitectureRules.Rule.allCases))
        // Each says its file and line.
        for violation in found { #expect(violation.description.hasPrefix("\(violation.path):\(violation.line): [")) }
    }
}
