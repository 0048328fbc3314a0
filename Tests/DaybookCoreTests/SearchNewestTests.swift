import Testing

@testable import DaybookCore
@testable import DaybookStore

/// A search with a limit reads only the newest matches (`Journal.newestRows`); what it finds
/// is exactly the first hits of the same search without a limit, however the journal was
/// written: notes on the newest days written first, old days written last, mood notes, tags.
@Suite struct SearchNewestTests {
    /// More notes that say "walk" than `Journal.fewMatches`, so that the rows are walked by day.
    static func journal(_ dir: TempDir) throws -> Journal {
        let journal = try openJournal(dir)
        let today = Day(year: 2026, month: 11, day: 21)!
        try journal.beginBatch()
        // Written first, on the newest days: the lowest ids.
        try journal.addNote(day: today, text: "walk first of all #sea")
        try journal.addNote(day: today, text: "rare word here")
        _ = try journal.setMood(day: today, rating: 4, note: "walk by the sea #sea")
        // Then years of history, oldest last, so that ids run against days.
        let total = Journal.fewMatches + 600
        for index in 0..<total {
            let day = Day(ordinal: today.ordinal - 1 - index / 3)
            let text = index % 5 == 0 ? "quiet day \(index)" : "walk \(index)" + (index % 7 == 0 ? " #sea" : "")
            try journal.addNote(day: day, text: text, at: index % 2 == 0 ? (index * 37) % 1440 : nil)
            if index % 3 == 0 { _ = try journal.setMood(day: day, rating: 1 + index % 5, note: "walked \(index) #sea") }
        }
        try journal.addNote(day: Day(ordinal: today.ordinal - 400), text: "rare again")
        try journal.commitBatch()
        return journal
    }

    @Test func theNewestHitsAreThoseOfTheWholeSearch() throws {
        let dir = try TempDir()
        let journal = try Self.journal(dir)
        let today = Day(year: 2026, month: 11, day: 21)!
        let queries = [
            SearchQuery(words: ["walk"]), SearchQuery(tags: ["sea"]), SearchQuery(words: ["walk"], tags: ["sea"]),
            SearchQuery(words: ["rare"]), SearchQuery(), SearchQuery(words: ["nothing"]),
            SearchQuery(words: ["walk"], from: Day(ordinal: today.ordinal - 900), through: Day(ordinal: today.ordinal - 30)),
            SearchQuery(tags: ["sea"], through: Day(ordinal: today.ordinal - 1)), SearchQuery(words: ["quiet", "day"]),
        ]
        for query in queries {
            let all = try journal.search(query).hits
            for limit in [1, 3, 10, 200] {
                var limited = query
                limited.limit = limit
                let (hits, more) = try journal.search(limited)
                #expect(hits == Array(all.prefix(limit)), "\(query) -n \(limit)")
                #expect(more == (all.count > limit), "\(query) -n \(limit)")
            }
        }
        #expect(try journal.search(SearchQuery(words: ["walk"])).hits.count > Journal.fewMatches)
    }
}
