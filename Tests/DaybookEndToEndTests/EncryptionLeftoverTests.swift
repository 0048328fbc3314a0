import DaybookProcessSupport
import Foundation
import Testing

/// The new file of a conversion (`encrypt`, `decrypt`, a new passphrase) exists only while that
/// conversion holds a lock on the journal (flock). An opening of the journal that finds one and
/// can take the lock removes it: after a killed `decrypt` it is a plain copy of an encrypted
/// journal. Held by another, the lock keeps both the file and a second conversion away.
@Suite(.serialized) struct EncryptionLeftoverTests {
    func journal() throws -> Daybook {
        let d = try Daybook()
        #expect(try d.run(["note", "quillwort by the pond"]).status == 0)
        return d
    }

    func size(_ path: String) -> Int? { (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int }

    /// A new file and its rollback journal as a killed conversion leaves them.
    func leaveNewFile(_ d: Daybook) throws -> String {
        let newFile = d.journal + ".daybook-new"
        try Data("SQLite format 3\0quillwort copy".utf8).write(to: URL(fileURLWithPath: newFile))
        try Data("rollback".utf8).write(to: URL(fileURLWithPath: newFile + "-journal"))
        return newFile
    }

    @Test func anOpeningRemovesTheNewFileOfAKilledConversion() throws {
        let d = try journal()
        let newFile = try leaveNewFile(d)
        let r = try d.run(["search", "quillwort"])
        #expect(r.status == 0 && r.stdout.contains("quillwort by the pond"), "\(r.stdout)\(r.stderr)")
        #expect(size(newFile) == nil && size(newFile + "-journal") == nil)
        #expect(r.stderr.isEmpty, "\(r.stderr)")
    }

    /// `flock(1)` holds the journal's lock as a running conversion does: an opening leaves the
    /// new file alone, and a second conversion refuses in one line, changing nothing.
    @Test(.enabled(if: Installed.program("/usr/bin/flock"), "needs flock (util-linux)"))
    func whileAConversionHoldsTheLockNothingTouchesItsFile() throws {
        let d = try journal()
        let newFile = try leaveNewFile(d)
        d.environment["DAYBOOK_PASSPHRASE_COMMAND"] = "printf '%s\\n' 'leftover passphrase'"
        let before = try Data(contentsOf: URL(fileURLWithPath: d.journal))
        let script = """
            flock -x "$J" sleep 3 &
            holder=$!
            for i in $(seq 1 100); do
                flock -n -x "$J" true || break
                sleep 0.02
            done
            "$DAYBOOK" --journal "$J" search quillwort > "$D/search.txt" 2>&1
            echo "search $?"
            "$DAYBOOK" --journal "$J" encrypt > "$D/encrypt.txt" 2>&1
            echo "encrypt $?"
            [ -e "$J.daybook-new" ] && echo "new file kept"
            kill $holder 2>/dev/null
            wait
            """
        let r = try d.execute("/bin/sh", ["-c", script])
        #expect(r.stdout.contains("search 0"), "\(r.stdout)\(r.stderr)")
        #expect(r.stdout.contains("new file kept"), "\(r.stdout)")
        #expect(r.stdout.contains("encrypt 1"), "\(r.stdout)")
        let refused = try String(contentsOfFile: d.directory + "/encrypt.txt", encoding: .utf8)
        #expect(
            refused
                == "error: journal \(d.journal) is being converted by another daybook (encrypted, decrypted or given a new passphrase); nothing was changed\n"
        )
        #expect(try Data(contentsOf: URL(fileURLWithPath: d.journal)) == before)
        #expect(try String(contentsOfFile: newFile, encoding: .utf8) == "SQLite format 3\0quillwort copy")
        // Once the lock is free, the next opening removes it.
        #expect(try d.run(["today"]).status == 0)
        #expect(size(newFile) == nil)
    }
}
