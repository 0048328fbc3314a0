import Foundation
import Testing

/// A search index emptied outside daybook, met at a terminal: search offers to rebuild it.
@Suite struct SearchIndexTerminalTests {
    @Test func searchOffersToRebuildAnEmptiedIndex() throws {
        let home = try Home()
        try home.script("note walked by the sea #sea\nmood 4 a slow walk\n")
        _ = try home.sql("DELETE FROM search_index")
        let t = try Terminal(home, arguments: ["--journal", home.journal, "search", "walk"])
        try t.expect("The search index is empty, though the journal has notes, so no words can be\nfound.\n")
        try t.prompt("Rebuild the search index now? (y/N) ")
        t.type("y" + Terminal.enter)
        try t.expect("the search index was rebuilt")
        try t.expect("walked by the sea #sea")
        try t.expect("a slow walk")
        #expect(try t.waitForExit() == 0)
        #expect(try home.sql("SELECT count(*) FROM search_index") == "2")
    }
}
