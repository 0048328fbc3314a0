import Testing

@testable import DaybookCore
@testable import DaybookStore

/// `Journal.tags(prefix:)` feeds tab completion: live tags only, most used first, then by name.
@Suite struct TagCompletionTests {
    @Test func removedTagsDoNotCountAndVanishWhenNoneIsLeft() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        let day = saturday.day
        try journal.addNote(day: day, text: "#run #read")
        try journal.addNote(day: day.adding(days: -1), text: "#read")
        try journal.addNote(day: day.adding(days: -2), text: "#run #rain")
        try journal.addNote(day: day.adding(days: -3), text: "#run")
        #expect(try journal.tags(prefix: "r") == ["run", "read", "rain"])
        _ = try journal.undo()  // the last note: one #run fewer, a tie with #read, broken by name
        #expect(try journal.tags(prefix: "r") == ["read", "run", "rain"])
        _ = try journal.undo()  // #rain had one use: it is gone
        #expect(try journal.tags(prefix: "r") == ["read", "run"])
        #expect(try journal.tags(prefix: "ra") == [])
    }

    @Test func aMoodReplacedTakesItsTagsAlong() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.setMood(day: saturday.day, rating: 4, note: "#sunny walk")
        try journal.setMood(day: saturday.day, rating: 2, note: "#storm after all")
        #expect(try journal.tags(prefix: "") == ["storm"])
    }

    @Test func prefixIsCaseBlindAndTakesAnyCharacterLiterally() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        try journal.addNote(day: saturday.day, text: "#Café #cafe_bar #caf%e #über")
        #expect(try journal.tags(prefix: "CAF") == ["caf", "cafe_bar", "café"])
        #expect(try journal.tags(prefix: "cafe_") == ["cafe_bar"])
        #expect(try journal.tags(prefix: "caf%") == [])
        #expect(try journal.tags(prefix: "Ü") == ["über"])
        #expect(try journal.tags(prefix: "zz") == [])
    }

    @Test func limitKeepsTheMostUsed() throws {
        let dir = try TempDir()
        let journal = try openJournal(dir)
        for n in 0..<5 {
            let tags = (0...n).map { "#t\($0)" }.joined(separator: " ")
            try journal.addNote(day: saturday.day.adding(days: -n), text: tags)
        }
        #expect(try journal.tags(prefix: "t", limit: 2) == ["t0", "t1"])
        #expect(try journal.tags(prefix: "", limit: 50).count == 5)
    }
}
