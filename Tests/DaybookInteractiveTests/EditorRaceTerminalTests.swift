import DaybookProcessSupport
import Foundation
import Testing

/// `edit` in the editor while another session changes the same note or mood: what the other
/// session wrote stays, and what was written in the editor is kept in a private file.
@Suite struct EditorRaceTerminalTests {
    /// A note n1 and a mood, today.
    func home() throws -> Home {
        let home = try Home()
        home.environment["TMPDIR"] = home.directory
        try home.script("note call Ana about Sunday\nmood 4 walked by the sea\n")
        return home
    }

    /// An editor that first runs `daybook ARGUMENTS` on the same journal, as another session
    /// would while the editor is open, then saves `text`.
    func editor(_ home: Home, running arguments: String, saving text: String) throws -> String {
        let path = home.directory + "/editor"
        try writeExecutable(
            """
            #!/bin/sh
            '\(Home.binary)' --journal '\(home.journal)' \(arguments) < /dev/null > "$HOME/other.out" 2>&1
            printf '\(text)\\n' > "$1"

            """, to: path)
        return path
    }

    /// The one file the refused text was kept in, and what it holds.
    func kept(_ home: Home) throws -> String? {
        let names = try FileManager.default.contentsOfDirectory(atPath: home.directory).filter {
            $0.hasPrefix("daybook-unsaved-")
        }
        guard names.count == 1 else { return nil }
        return try String(contentsOfFile: home.directory + "/" + names[0], encoding: .utf8)
    }

    @Test func aNoteEditedMeanwhileIsNotOverwritten() throws {
        let home = try home()
        home.environment["VISUAL"] = try editor(home, running: "edit n1 call Ana about Monday", saving: "mine")
        let t = try Terminal(home, arguments: ["edit", "n1"])
        try t.expect(
            "error: note n1 was changed in another session while the editor was open; nothing was written; what you wrote is kept in \(home.directory)/daybook-unsaved-",
            timeout: 30)
        #expect(try t.waitForExit() == 1)
        #expect(try String(contentsOfFile: home.directory + "/other.out", encoding: .utf8).hasPrefix("edited n1"))
        #expect(try home.sql("SELECT text FROM note WHERE removed_by IS NULL") == "call Ana about Monday")
        #expect(try kept(home) == "mine\n")
    }

    @Test func aNoteDeletedMeanwhileStaysDeleted() throws {
        let home = try home()
        home.environment["VISUAL"] = try editor(home, running: "delete n1 --yes", saving: "mine")
        let t = try Terminal(home, arguments: ["edit", "n1"])
        try t.expect(
            "error: note n1 was deleted while the editor was open; nothing was written; what you wrote is kept in \(home.directory)/daybook-unsaved-",
            timeout: 30)
        #expect(try t.waitForExit() == 1)
        #expect(try home.sql("SELECT count(*) FROM note WHERE removed_by IS NULL") == "0")
        #expect(try kept(home) == "mine\n")
    }

    @Test func aMoodChangedMeanwhileIsNotOverwritten() throws {
        let home = try home()
        home.environment["VISUAL"] = try editor(home, running: "edit mood 2 rain all day", saving: "5 mine")
        let t = try Terminal(home, arguments: ["edit", "mood"])
        try t.expect(
            "error: the mood of today was changed or deleted in another session while the editor was open; nothing was written; what you wrote is kept in \(home.directory)/daybook-unsaved-",
            timeout: 30)
        #expect(try t.waitForExit() == 1)
        #expect(try home.sql("SELECT rating, note FROM mood WHERE removed_by IS NULL") == "2|rain all day")
        #expect(try kept(home) == "5 mine\n")
    }

    /// Without another session, the editor's text is written as before.
    @Test func anEditAloneIsWritten() throws {
        let home = try home()
        home.environment["VISUAL"] = try editor(home, running: "show", saving: "call Ana about Saturday")
        let t = try Terminal(home, arguments: ["edit", "n1"])
        try t.expect("edited n1, the note of today", timeout: 30)
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT text FROM note WHERE removed_by IS NULL") == "call Ana about Saturday")
        #expect(try kept(home) == nil)
    }
}
