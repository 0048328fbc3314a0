import Foundation
import Testing

extension EnvironmentTests {
    /// A user who owns the folder makes the journal read-only, reads it, and makes it writable
    /// again: writes work at once. SQLite makes the `-shm` it reads through with the journal's
    /// mode (0400), which used to leave every later write failing with "attempt to write a
    /// readonly database". Run as `nobody` when the tests run as root.
    @Test func aJournalMadeWritableAgainTakesWrites() throws {
        let d = try Daybook()
        #expect(try d.run(["note", "before"]).status == 0)
        if Daybook.isRoot {
            chown(d.directory, 65534, 65534)
            chown(d.journal, 65534, 65534)
        }
        let user = Self.asOtherUser
        let read = try d.shell(user + #"chmod 400 "$J" && "# + user + #""$DAYBOOK" --journal "$J" show"#)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout.contains("before"))
        for sidecar in [d.journal + "-shm", d.journal + "-wal"] where FileManager.default.fileExists(atPath: sidecar) {
            #expect(Daybook.mode(sidecar) == 0o600, "\(sidecar) is left without its owner's right to write")
        }
        let write = try d.shell(user + #"chmod 600 "$J" && "# + user + #""$DAYBOOK" --journal "$J" note after"#)
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stderr == "noted for today\n")

        // A 0400 `-shm` left behind by an earlier daybook is given back to its owner too.
        let again = try d.shell(
            user + #"sh -c 'touch "$J-shm" && chmod 400 "$J-shm"' && "# + user + #""$DAYBOOK" --journal "$J" note again"#)
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try d.sql("SELECT group_concat(text, ',') FROM note") == "before,after,again")
    }
}
