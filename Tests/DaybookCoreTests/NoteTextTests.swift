import Foundation
import Testing

@testable import DaybookCore
@testable import DaybookStore

/// No way in writes a note without text, which an export could not bring back.
@Suite struct NoteTextTests {
    @Test func aNoteOfSpacesIsRefused() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let day = saturday.day
        for text in ["", " ", "\n\t", "\u{3000}", "\u{00A0}"] {
            #expect(throws: JournalError.self) { try journal.addNote(day: day, text: text) }
        }
        try journal.addNote(day: day, text: "walked")
        let id = NoteID(1)
        #expect(throws: JournalError.self) { try journal.editNote(id, text: "\u{3000}") }
        #expect(try journal.note(id)?.text == "walked")
        #expect(try journal.exportData(from: nil, through: nil).notes.map(\.text) == ["walked"])
    }
}
