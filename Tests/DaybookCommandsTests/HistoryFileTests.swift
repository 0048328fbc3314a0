import DaybookCommandLine
import DaybookCommands
import DaybookCore
import DaybookStore
import DaybookShell
import DaybookViews
import Foundation
import Testing

@Suite struct HistoryFileTests {
    func temporaryPath() -> String {
        FileManager.default.temporaryDirectory.path + "/daybook-history-" + UUID().uuidString + "/state/history"
    }

    @Test func encodingRoundTrips() {
        for line in [
            "mood 4 walked by the sea", "note \"first\nsecond\"", "back\\slash", "tab\there", "café ☕", "\u{1B}[2J",
        ] {
            let encoded = HistoryFile.encode(line)
            #expect(!encoded.contains(" ") && !encoded.contains("\n") && !encoded.contains("\u{1B}"))
            #expect(HistoryFile.decode(Array(encoded.utf8)) == line)
        }
        #expect(HistoryFile.encode("mood 4 ok") == "mood\\0404\\040ok")
        // Forms that libedit's own strvis writes.
        #expect(HistoryFile.decode(Array("a\\^Ib\\sc\\M-C\\M-)".utf8)) == "a\tb cé")
    }

    @Test func appendsSkipsBlanksAndRepeatsAndCutsBack() throws {
        let path = temporaryPath()
        let history = HistoryFile(path: path, limit: 3)
        #expect(history.load() == [])
        for line in ["one", "one", "  ", "two", "three"] { history.append(line) }
        #expect(HistoryFile(path: path, limit: 3).load() == ["one", "two", "three"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        let folder = try FileManager.default.attributesOfItem(atPath: (path as NSString).deletingLastPathComponent)
        #expect(folder[.posixPermissions] as? Int == 0o700)
        // Another shell appends meanwhile; the next start keeps the newest three.
        let other = HistoryFile(path: path, limit: 3)
        _ = other.load()
        other.append("four")
        history.append("five")
        #expect(HistoryFile(path: path, limit: 3).load() == ["three", "four", "five"])
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == "_HiStOrY_V2_\nthree\nfour\nfive\n")
    }

    @Test func aFolderThatCannotBeMadeIsReportedOnce() {
        let history = HistoryFile(path: "/proc/daybook-cannot/history")
        var messages: [String] = []
        history.onError = { messages.append($0) }
        history.append("one")
        history.append("two")
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("history is not kept: ") == true)
    }

    @Test func privacyKeepsCommandsWithoutTheirNotes() {
        let table = CommandTable.standard
        #expect(HistoryPrivacy.redact("mood 4 walked by the sea #outdoors", table: table) == "mood 4")
        #expect(
            HistoryPrivacy.redact("mood 4 walked --on yesterday by the sea", table: table) == "mood 4 --on yesterday")
        #expect(HistoryPrivacy.redact("mood good", table: table) == "mood good")
        #expect(HistoryPrivacy.redact("note lunch with Ana", table: table) == nil)
        #expect(HistoryPrivacy.redact("note \"two\nlines\" --on=yesterday", table: table) == nil)
        #expect(HistoryPrivacy.redact("log steps 8200 sleep 7h30m", table: table) == "log steps 8200 sleep 7h30m")
        #expect(HistoryPrivacy.redact("log sleep \"7h 30m\"", table: table) == "log sleep \"7h 30m\"")
        #expect(HistoryPrivacy.redact("moood 4 a secret", table: table) == nil)
        #expect(HistoryPrivacy.redact("mood 4 \"unclosed", table: table) == nil)
        // A note typed without its rating: its first word is note text too.
        #expect(HistoryPrivacy.redact("mood divorce papers signed today", table: table) == "mood")
        #expect(HistoryPrivacy.redact("mood secret --on yesterday", table: table) == "mood --on yesterday")
        #expect(HistoryPrivacy.redact("edit n12 new words", table: table) == "edit n12")
        #expect(HistoryPrivacy.redact("edit mood", table: table) == "edit mood")
        #expect(HistoryPrivacy.redact("edit private words here", table: table) == "edit")
    }
}
