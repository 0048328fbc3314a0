import DaybookFuzzing
import Foundation
import Testing

/// Replays the fuzz target's seed corpus and every input that ever made it crash
/// (`Fuzz/Regressions`, one file per crash), through the same checks, in the normal test run.
/// One test at a time: the checks share one in-memory search index, as the fuzz target does.
@Suite(.serialized) struct FuzzCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz")

    static func inputs(_ folder: String) throws -> [URL] {
        let url = root.appendingPathComponent(folder)
        return try FileManager.default.contentsOfDirectory(at: url, includingPropertiesForKeys: nil)
            .filter { !$0.lastPathComponent.hasPrefix(".") && $0.lastPathComponent != "README.md" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    @Test func seedCorpus() throws {
        let files = try Self.inputs("Corpus")
        #expect(files.count >= 30)
        for file in files { InputChecks.check(Array(try Data(contentsOf: file))) }
    }

    @Test func everyCrashFoundSoFar() throws {
        let files = try Self.inputs("Regressions")
        for file in files { InputChecks.check(Array(try Data(contentsOf: file))) }
    }
}
