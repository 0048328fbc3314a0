import DaybookTestSupport
import Foundation
import Testing

/// The file `export` writes, on the real binary: it is made private (0600) whatever the umask
/// the process inherits, and an existing one is replaced only with --force, private too.
@Suite struct ImportExportEndToEndTests {
    // MARK: The export file

    @Test func anExistingFileIsNeverOverwrittenWithoutForce() throws {
        let d = try Daybook.fullJournal()
        let path = d.directory + "/out.json"
        try "precious".write(toFile: path, atomically: false, encoding: .utf8)
        let r = try d.run(["export", path])
        #expect(r.status == 1)
        #expect(r.stderr == "error: \(path) exists; give --force to overwrite it. Nothing was written\n")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "precious")
        chmod(path, 0o644)
        let f = try d.run(["export", path, "--force"])
        #expect(f.status == 0, "\(f.stderr)")
        #expect(try String(contentsOfFile: path, encoding: .utf8).hasPrefix("{\n  \"format\": \"daybook\""))
        #expect(try mode(path) == 0o600)
        // A folder is refused.
        let folder = try d.run(["export", d.directory, "--force"])
        #expect(folder.status == 1)
        #expect(folder.stderr.contains("is a folder"))
    }

    @Test func theFileIsCreatedPrivate() throws {
        let d = try Daybook.fullJournal()
        let path = d.directory + "/new.csv"
        // Whatever the umask: the test process's is inherited.
        let old = umask(0)
        defer { umask(old) }
        #expect(try d.run(["export", path]).status == 0)
        #expect(try mode(path) == 0o600)
    }

    func mode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
    }
}
