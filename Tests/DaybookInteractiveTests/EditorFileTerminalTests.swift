import DaybookProcessSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What `edit` reads back once the editor exits: the file daybook made, or the one an editor
/// that saves by renaming put in its place; never what a link, a FIFO or a device gives.
@Suite struct EditorFileTerminalTests {
    /// A note n1, and a file of someone else's text beside the journal.
    func home() throws -> Home {
        let home = try Home()
        home.environment["TMPDIR"] = home.directory
        try home.script("note call Ana about Sunday\n")
        try "secret text\n".write(toFile: home.directory + "/secret", atomically: false, encoding: .utf8)
        return home
    }

    /// Runs `edit n1` with an editor that does `action` to its file ($1), waits for `expected`
    /// on the terminal, and returns the exit status.
    func edit(_ home: Home, _ action: String, expecting expected: String) throws -> Int32 {
        let editor = home.directory + "/editor"
        try writeExecutable("#!/bin/sh\n\(action)\n", to: editor)
        home.environment["VISUAL"] = editor
        let t = try Terminal(home, arguments: ["edit", "n1"])
        // The editor is a shell script: under a full test run's load it starts slowly.
        try t.expect(expected, timeout: 30)
        return try t.waitForExit(timeout: 30)
    }

    @Test func aLinkPutInThePlaceOfTheFileIsNotRead() throws {
        let home = try home()
        let status = try edit(
            home, "rm \"$1\"; ln -s \"$HOME/secret\" \"$1\"",
            expecting: ".txt was replaced by a symbolic link; it was not read, and nothing was changed")
        #expect(status == 1)
        #expect(try home.sql("SELECT text FROM note WHERE removed_by IS NULL") == "call Ana about Sunday")
        #expect(try String(contentsOfFile: home.directory + "/secret", encoding: .utf8) == "secret text\n")
    }

    @Test func aFIFOPutInThePlaceOfTheFileIsNotRead() throws {
        let home = try home()
        let status = try edit(
            home, "rm \"$1\"; mkfifo \"$1\"",
            expecting: ".txt was replaced by a FIFO (named pipe); it was not read, and nothing was changed")
        #expect(status == 1)
        #expect(try home.sql("SELECT text FROM note WHERE removed_by IS NULL") == "call Ana about Sunday")
    }

    /// Root can make a device node (/dev/zero's numbers) where the file was; others skip it.
    @Test(.enabled(if: Installed.root, "needs root"))
    func aDevicePutInThePlaceOfTheFileIsNotRead() throws {
        let home = try home()
        let status = try edit(
            home, "rm \"$1\"; mknod \"$1\" c 1 5",
            expecting: ".txt was replaced by a device; it was not read, and nothing was changed")
        #expect(status == 1)
        #expect(try home.sql("SELECT text FROM note WHERE removed_by IS NULL") == "call Ana about Sunday")
    }

    @Test func aHardLinkToAnotherFileIsNotRead() throws {
        let home = try home()
        let status = try edit(
            home, "rm \"$1\"; ln \"$HOME/secret\" \"$1\"",
            expecting: ".txt was replaced by a file linked from elsewhere or of another user; it was not read")
        #expect(status == 1)
        #expect(try home.sql("SELECT text FROM note WHERE removed_by IS NULL") == "call Ana about Sunday")
    }

    /// An editor that writes a new file and renames it over the old one is read as before.
    @Test func aFileSavedByRenamingIsRead() throws {
        let home = try home()
        let status = try edit(
            home, "printf 'call Ana about Monday\\n' > \"$1.new\"; mv \"$1.new\" \"$1\"", expecting: "edited n1")
        #expect(status == 0)
        #expect(try home.sql("SELECT text FROM note WHERE removed_by IS NULL") == "call Ana about Monday")
    }
}
