import Foundation
import Testing

/// `make install` and `make uninstall`, into a temporary DESTDIR.
@Suite struct InstallTests {
    static let completions = [
        ("Completions/daybook.bash", "share/bash-completion/completions/daybook"),
        ("Completions/_daybook", "share/zsh/site-functions/_daybook"),
        ("Completions/daybook.fish", "share/fish/vendor_completions.d/daybook.fish"),
    ]

    func make(_ d: Daybook, _ arguments: [String]) throws -> RunResult {
        try d.execute("/usr/bin/make", ["--no-print-directory", "-C", Daybook.packageRoot] + arguments)
    }

    /// Files under `folder`, with their modes.
    func files(under folder: String) -> [String: Int] {
        var found: [String: Int] = [:]
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return found }
        for case let path as String in walker {
            let full = folder + "/" + path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue else { continue }
            let attributes = try? FileManager.default.attributesOfItem(atPath: full)
            found[path] = (attributes?[.posixPermissions] as? NSNumber)?.intValue ?? -1
        }
        return found
    }

    /// The debug binary stands in for the release one (`BINARY=`), which takes minutes to build.
    @Test func installPutsEachFileInPlaceAndUninstallRemovesThem() throws {
        let d = try Daybook()
        let stage = d.directory + "/stage"
        let prefix = "/usr/local"
        let common = ["DESTDIR=" + stage, "PREFIX=" + prefix]
        let installed = try make(d, ["install", "BINARY=" + Daybook.binary] + common)
        #expect(installed.status == 0, "\(installed.stderr)")

        var expected = ["usr/local/bin/daybook": 0o755, "usr/local/share/man/man1/daybook.1": 0o644]
        for (source, target) in Self.completions
        where FileManager.default.fileExists(atPath: Daybook.packageRoot + "/" + source) {
            expected["usr/local/" + target] = 0o644
        }
        #expect(files(under: stage) == expected)
        #expect(
            FileManager.default.contentsEqual(
                atPath: stage + "/usr/local/share/man/man1/daybook.1", andPath: Daybook.packageRoot + "/man/daybook.1"))

        let version = try d.execute(stage + "/usr/local/bin/daybook", ["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("daybook "))
        let note = try d.execute(stage + "/usr/local/bin/daybook", ["--journal", d.journal, "note", "installed"])
        #expect(note.status == 0, "\(note.stderr)")

        // Something else in the same folders stays.
        try "other".write(toFile: stage + "/usr/local/bin/other", atomically: true, encoding: .utf8)
        let removed = try make(d, ["uninstall"] + common)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(Array(files(under: stage).keys) == ["usr/local/bin/other"])
        // Twice is harmless.
        #expect(try make(d, ["uninstall"] + common).status == 0)
    }

    @Test func installWithoutBinaryBuildsTheRelease() throws {
        // A dry run: what make would do, without doing it.
        let d = try Daybook()
        let plan = try make(d, ["-n", "install", "DESTDIR=" + d.directory + "/stage"])
        #expect(plan.status == 0)
        #expect(plan.stdout.contains("build -c release --static-swift-stdlib"))
        #expect(plan.stdout.contains("install -m 0755 .build/release/daybook " + d.directory + "/stage/usr/local/bin/daybook"))
    }
}
